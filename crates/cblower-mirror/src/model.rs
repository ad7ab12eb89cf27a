//! The language-neutral model of the CPU side: every generated struct with
//! its fields at exact byte offsets, explicit padding included. Built from a
//! [`BufferLayout`]'s tree; the emitters only print it.

use std::collections::HashMap;

use cblower_layout::{
    BufferLayout, FieldNode, MatrixOrder, MatrixStorage, Node, NodeKind, Padding, PaddingReason,
    Scalar, ScalarClass, Ty,
};

use crate::math::{math_matrix, math_vector, MathTy};
use crate::{CpuScalar, Lang, MathTypes, MirrorError};

/// A CPU type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CTy {
    Scalar(CpuScalar),
    /// Elements laid end to end (the element's size is its stride).
    Array(Box<CTy>, u64),
    /// An HLSL vector (or a matrix's stored row or column) of scalars.
    Vector(CpuScalar, u8),
    /// A generated struct (index into [`Model::structs`]).
    Struct(usize),
    /// A math library type (Rust `--types glam|mint`).
    Math(MathTy),
}

/// How a field maps back to the HLSL value it holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HSeg {
    /// Padding bytes.
    Pad(PaddingReason),
    /// An HLSL member: `.name`.
    Member(String),
    /// The last element of an HLSL array split off its padded elements:
    /// `.name[index]` (`name` empty inside a nested array).
    Element(String, u64),
    /// The value of a padded array element (the wrapper struct's `value`),
    /// or the head of a split nested array: no HLSL path of its own.
    Transparent,
    /// Stored vector `index` of a matrix: a column when column-major.
    MatVec { index: u8, col_major: bool },
    /// clang-22's flat matrix: `rows * cols` scalars in storage order.
    FlatMat { rows: u8, cols: u8, col_major: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct GField {
    pub name: String,
    pub cty: CTy,
    /// Offset from the start of the struct.
    pub offset: u64,
    pub size: u64,
    pub hlsl: HSeg,
    pub comment: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Role {
    Buffer,
    Hlsl,
    Wrapper,
    Matrix,
    Split,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct GStruct {
    /// Name before sanitising, prefixing and de-duplication.
    pub hint: String,
    pub role: Role,
    pub fields: Vec<GField>,
    pub size: u64,
    /// True when the fields' natural alignment would not give these offsets
    /// (or this size): the struct is packed (alignment 1).
    pub packed: bool,
    /// The CPU alignment (1 when packed).
    pub align: u64,
    pub doc: String,
}

/// Every struct generated for a set of buffers, children before parents.
pub(crate) struct Model {
    pub lang: Lang,
    pub types: MathTypes,
    pub structs: Vec<GStruct>,
    dedup: HashMap<GStruct, usize>,
}

struct Conv {
    cty: CTy,
    size: u64,
    note: Option<String>,
}

/// `row c1` or `rows c1-c3` for bytes `offset..offset+size`.
pub(crate) fn rows(offset: u64, size: u64) -> String {
    let first = offset / 16;
    let last = (offset + size.max(1) - 1) / 16;
    if first == last {
        format!("row c{first}")
    } else {
        format!("rows c{first}-c{last}")
    }
}

/// `float a[3]`, `row_major float4x4 m`, `Light lights[2][4]`.
pub(crate) fn hlsl_decl(ty: &Ty, name: &str) -> String {
    let mut dims = String::new();
    let mut t = ty;
    while let Ty::Array { elem, len, .. } = t {
        dims.push_str(&format!("[{len}]"));
        t = elem;
    }
    format!("{t} {name}{dims}")
}

pub(crate) fn cpu_scalar(s: Scalar, size: u64) -> Result<CpuScalar, MirrorError> {
    let signed = matches!(
        s,
        Scalar::Int | Scalar::Int16 | Scalar::Int64 | Scalar::Min16Int | Scalar::Min12Int
    );
    let c = match (s.class(), size, signed) {
        (ScalarClass::Float, 2, _) => CpuScalar::F16,
        (ScalarClass::Float, 4, _) => CpuScalar::F32,
        (ScalarClass::Float, 8, _) => CpuScalar::F64,
        (_, 2, true) => CpuScalar::I16,
        (_, 4, true) => CpuScalar::I32,
        (_, 8, true) => CpuScalar::I64,
        (ScalarClass::Int | ScalarClass::Bool, 2, false) => CpuScalar::U16,
        (ScalarClass::Int | ScalarClass::Bool, 4, false) => CpuScalar::U32,
        (ScalarClass::Int | ScalarClass::Bool, 8, false) => CpuScalar::U64,
        _ => {
            return Err(MirrorError::UnsupportedScalar {
                scalar: s.hlsl_name(),
                size,
            })
        }
    };
    Ok(c)
}

fn reason_at(padding: &[Padding], abs: u64, len: u64, default: PaddingReason) -> PaddingReason {
    padding
        .iter()
        .find(|p| p.offset.get() <= abs && abs < p.end().get())
        .or_else(|| {
            padding
                .iter()
                .find(|p| p.offset.get() >= abs && p.offset.get() < abs + len)
        })
        .map(|p| p.reason)
        .unwrap_or(default)
}

impl Model {
    pub(crate) fn new(lang: Lang, types: MathTypes) -> Model {
        Model {
            lang,
            types,
            structs: Vec::new(),
            dedup: HashMap::new(),
        }
    }

    pub(crate) fn align_of(&self, t: &CTy) -> u64 {
        match t {
            CTy::Scalar(s) => s.size(),
            CTy::Array(e, _) => self.align_of(e),
            CTy::Vector(s, _) => s.size(),
            CTy::Struct(id) => self.structs[*id].align,
            CTy::Math(m) => m.align,
        }
    }

    /// A readable name part for a type (`float3`, `Light`).
    pub(crate) fn hint_of(&self, t: &CTy) -> String {
        match t {
            CTy::Scalar(s) => s.hlsl_like().to_owned(),
            CTy::Array(e, n) => match &**e {
                CTy::Scalar(s) => format!("{}{n}", s.hlsl_like()),
                other => format!("{}_x{n}", self.hint_of(other)),
            },
            CTy::Vector(s, n) => format!("{}{n}", s.hlsl_like()),
            CTy::Struct(id) => self.structs[*id].hint.clone(),
            CTy::Math(m) => m.short.clone(),
        }
    }

    fn register(&mut self, mut s: GStruct) -> usize {
        let mut max_align = 1;
        let mut natural = true;
        for f in &s.fields {
            let a = self.align_of(&f.cty);
            if f.offset % a != 0 {
                natural = false;
            }
            max_align = max_align.max(a);
        }
        if s.size % max_align != 0 {
            natural = false;
        }
        s.packed = !natural;
        s.align = if natural { max_align } else { 1 };
        if let Some(&id) = self.dedup.get(&s) {
            return id;
        }
        let id = self.structs.len();
        self.dedup.insert(s.clone(), id);
        self.structs.push(s);
        id
    }

    /// The root struct of one buffer.
    pub(crate) fn buffer(&mut self, layout: &BufferLayout) -> Result<usize, MirrorError> {
        let root = layout.root();
        let padding = match &root.kind {
            NodeKind::Struct { padding, .. } => padding.clone(),
            _ => Vec::new(),
        };
        let size = layout.size().get();
        let doc = format!(
            "HLSL buffer `{}`: {size} bytes under the {} rules.",
            layout.name,
            layout.rules.name()
        );
        let hint = layout.name.trim_start_matches('$').to_owned();
        self.struct_from_fields(
            hint,
            Role::Buffer,
            layout.fields(),
            0,
            size,
            &padding,
            doc,
            &layout.name,
            self.types != MathTypes::Plain,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn struct_from_fields(
        &mut self,
        hint: String,
        role: Role,
        fields: &[FieldNode],
        base: u64,
        size: u64,
        padding: &[Padding],
        doc: String,
        owner: &str,
        simd: bool,
    ) -> Result<usize, MirrorError> {
        let built = self.fields(fields, base, size, padding, simd, owner)?;
        let id = self.register(GStruct {
            hint: hint.clone(),
            role,
            fields: built,
            size,
            packed: false,
            align: 1,
            doc: doc.clone(),
        });
        if !self.structs[id].packed || !simd {
            return Ok(id);
        }
        // A math type of a larger alignment than its scalars' made the
        // struct unnatural; build it again with plain arrays for those.
        let built = self.fields(fields, base, size, padding, false, owner)?;
        Ok(self.register(GStruct {
            hint,
            role,
            fields: built,
            size,
            packed: false,
            align: 1,
            doc,
        }))
    }

    fn pad_field(&self, offset: u64, size: u64, reason: PaddingReason) -> GField {
        GField {
            name: String::new(),
            cty: CTy::Array(Box::new(CTy::Scalar(CpuScalar::U8)), size),
            offset,
            size,
            hlsl: HSeg::Pad(reason),
            comment: format!(
                "padding ({}): bytes {offset}..{}",
                reason.label(),
                offset + size
            ),
        }
    }

    fn fields(
        &mut self,
        fields: &[FieldNode],
        base: u64,
        size: u64,
        padding: &[Padding],
        simd: bool,
        owner: &str,
    ) -> Result<Vec<GField>, MirrorError> {
        let stored: Vec<&FieldNode> = fields.iter().filter(|f| f.node.size.get() > 0).collect();
        let mut out = Vec::new();
        let mut cursor = 0u64;
        for (i, f) in stored.iter().enumerate() {
            let rel = f.node.offset.get().saturating_sub(base);
            if rel < cursor {
                return Err(MirrorError::Overlap {
                    owner: owner.to_owned(),
                    member: f.name.to_string(),
                    offset: rel,
                    previous_end: cursor,
                });
            }
            if rel > cursor {
                let reason = reason_at(
                    padding,
                    base + cursor,
                    rel - cursor,
                    PaddingReason::Alignment,
                );
                out.push(self.pad_field(cursor, rel - cursor, reason));
            }
            let next = stored
                .get(i + 1)
                .map(|n| n.node.offset.get().saturating_sub(base))
                .unwrap_or(size);
            let room = next.saturating_sub(rel).max(f.node.size.get());
            let decl = hlsl_decl(&f.ty, &f.name);
            if let NodeKind::Array {
                count,
                stride,
                element,
                ..
            } = &f.node.kind
            {
                let stride = stride.get();
                let full = count.checked_mul(stride).unwrap_or(u64::MAX);
                if *count > 1 && full > room {
                    // The last element has no padding after it and the next
                    // member sits there: the padded elements and the last one.
                    let w = self.element_type(element, stride, simd)?;
                    let head = (count - 1) * stride;
                    out.push(GField {
                        name: f.name.to_string(),
                        cty: CTy::Array(Box::new(w.cty), count - 1),
                        offset: rel,
                        size: head,
                        hlsl: HSeg::Member(f.name.to_string()),
                        comment: format!(
                            "HLSL `{decl}`, elements 0-{}: offset {rel}, stride {stride}, {}{}",
                            count - 2,
                            rows(rel, head),
                            note_suffix(&w.note)
                        ),
                    });
                    let last = self.value(element, room - head, simd)?;
                    out.push(GField {
                        name: format!("{}_last", f.name),
                        cty: last.cty,
                        offset: rel + head,
                        size: last.size,
                        hlsl: HSeg::Element(f.name.to_string(), count - 1),
                        comment: format!(
                            "HLSL `{decl}`, element {}: offset {}, {}{}",
                            count - 1,
                            rel + head,
                            rows(rel + head, last.size),
                            note_suffix(&last.note)
                        ),
                    });
                    cursor = rel + head + last.size;
                    continue;
                }
            }
            let c = self.value(&f.node, room, simd)?;
            out.push(GField {
                name: f.name.to_string(),
                cty: c.cty,
                offset: rel,
                size: c.size,
                hlsl: HSeg::Member(f.name.to_string()),
                comment: format!(
                    "HLSL `{decl}`: offset {rel}, {}{}",
                    rows(rel, f.node.size.get()),
                    note_suffix(&c.note)
                ),
            });
            cursor = rel + c.size;
        }
        if cursor > size {
            return Err(MirrorError::PastEnd {
                owner: owner.to_owned(),
                end: cursor,
                size,
            });
        }
        if cursor < size {
            let reason = reason_at(padding, base + cursor, size - cursor, PaddingReason::Tail);
            out.push(self.pad_field(cursor, size - cursor, reason));
        }
        name_padding(&mut out);
        Ok(out)
    }

    /// An array element type of exactly `stride` bytes: the element itself,
    /// or a wrapper struct holding it and the padding up to the stride.
    fn element_type(
        &mut self,
        element: &Node,
        stride: u64,
        simd: bool,
    ) -> Result<Conv, MirrorError> {
        let w = self.element_type_once(element, stride, simd)?;
        if simd && self.holds_packed(&w.cty) {
            // A packed struct cannot hold glam's 16-byte-aligned types.
            return self.element_type_once(element, stride, false);
        }
        Ok(w)
    }

    /// Whether `t` is (an array of) a packed struct.
    fn holds_packed(&self, t: &CTy) -> bool {
        match t {
            CTy::Struct(id) => self.structs[*id].packed,
            CTy::Array(e, _) => self.holds_packed(e),
            _ => false,
        }
    }

    fn element_type_once(
        &mut self,
        element: &Node,
        stride: u64,
        simd: bool,
    ) -> Result<Conv, MirrorError> {
        let e = self.value(element, stride, simd)?;
        if e.size == stride {
            return Ok(e);
        }
        let mut fields = vec![GField {
            name: "value".to_owned(),
            cty: e.cty.clone(),
            offset: 0,
            size: e.size,
            hlsl: HSeg::Transparent,
            comment: format!("the element: {} bytes{}", e.size, note_suffix(&e.note)),
        }];
        fields.push(self.pad_field(e.size, stride - e.size, PaddingReason::ArrayElement));
        name_padding(&mut fields);
        let hint = format!("Padded_{}_{stride}", self.hint_of(&e.cty));
        let id = self.register(GStruct {
            hint,
            role: Role::Wrapper,
            fields,
            size: stride,
            packed: false,
            align: 1,
            doc: format!(
                "One array element padded to its {stride}-byte stride (the GPU starts each element at a multiple of {stride})."
            ),
        });
        Ok(Conv {
            cty: CTy::Struct(id),
            size: stride,
            note: e.note,
        })
    }

    /// The CPU type of a laid-out value, `node.size..=room` bytes long
    /// (arrays take the padding after their last element when it is free).
    fn value(&mut self, node: &Node, room: u64, simd: bool) -> Result<Conv, MirrorError> {
        let c = self.value_once(node, room, simd)?;
        if simd && self.holds_packed(&c.cty) {
            return self.value_once(node, room, false);
        }
        Ok(c)
    }

    fn value_once(&mut self, node: &Node, room: u64, simd: bool) -> Result<Conv, MirrorError> {
        let size = node.size.get();
        match &node.kind {
            NodeKind::Scalar(s) => {
                let c = cpu_scalar(*s, size)?;
                Ok(Conv {
                    cty: CTy::Scalar(c),
                    size,
                    note: bool_note(*s).or_else(|| self.half_note(c)),
                })
            }
            NodeKind::Vector { scalar, len } => {
                let c = cpu_scalar(*scalar, size / u64::from((*len).max(1)))?;
                if let Some(m) = math_vector(self.types, *scalar, c, *len, simd) {
                    if m.size == size {
                        return Ok(Conv {
                            cty: CTy::Math(m),
                            size,
                            note: None,
                        });
                    }
                }
                let note = self.plain_note(*scalar, &format!("{}{len}", scalar.hlsl_name()));
                Ok(Conv {
                    cty: CTy::Vector(c, *len),
                    size,
                    note: note
                        .or_else(|| bool_note(*scalar))
                        .or_else(|| self.half_note(c)),
                })
            }
            NodeKind::Matrix {
                scalar,
                rows: r,
                cols,
                order,
                repr,
                storage,
            } => self.matrix(node, *scalar, *r, *cols, *order, repr, storage, simd),
            NodeKind::Array {
                count,
                stride,
                element,
                ..
            } => {
                let stride = stride.get();
                if *count == 1 {
                    let e = self.value(element, room, simd)?;
                    return Ok(Conv {
                        size: e.size,
                        cty: CTy::Array(Box::new(e.cty), 1),
                        note: e.note,
                    });
                }
                let w = self.element_type(element, stride, simd)?;
                let full = count.checked_mul(stride).unwrap_or(u64::MAX);
                if full <= room {
                    return Ok(Conv {
                        cty: CTy::Array(Box::new(w.cty), *count),
                        size: full,
                        note: w.note,
                    });
                }
                // Nested array whose last element is not padded: a struct
                // of the padded elements and the last one.
                let head = (count - 1) * stride;
                let last = self.value(element, room - head, simd)?;
                let fields = vec![
                    GField {
                        name: "head".to_owned(),
                        cty: CTy::Array(Box::new(w.cty.clone()), count - 1),
                        offset: 0,
                        size: head,
                        hlsl: HSeg::Transparent,
                        comment: format!("elements 0-{}, stride {stride}", count - 2),
                    },
                    GField {
                        name: "last".to_owned(),
                        cty: last.cty.clone(),
                        offset: head,
                        size: last.size,
                        hlsl: HSeg::Element(String::new(), count - 1),
                        comment: format!("element {}: no padding after it", count - 1),
                    },
                ];
                let total = head + last.size;
                let hint = format!("Split_{}_x{count}", self.hint_of(&last.cty));
                let id = self.register(GStruct {
                    hint,
                    role: Role::Split,
                    fields,
                    size: total,
                    packed: false,
                    align: 1,
                    doc: format!(
                        "An array of {count} elements with a {stride}-byte stride whose last element is not padded ({total} bytes)."
                    ),
                });
                Ok(Conv {
                    cty: CTy::Struct(id),
                    size: total,
                    note: w.note,
                })
            }
            NodeKind::Struct {
                name,
                fields,
                padding,
                ..
            } => {
                let doc = format!("HLSL struct `{name}`: {size} bytes.");
                let id = self.struct_from_fields(
                    name.to_string(),
                    Role::Hlsl,
                    fields,
                    node.offset.get(),
                    size,
                    padding,
                    doc,
                    name,
                    simd,
                )?;
                Ok(Conv {
                    cty: CTy::Struct(id),
                    size,
                    note: None,
                })
            }
        }
    }

    fn half_note(&self, c: CpuScalar) -> Option<String> {
        (c == CpuScalar::F16 && self.lang == Lang::Rust)
            .then(|| "half: the IEEE binary16 bits (half::f16::to_bits)".to_owned())
    }

    fn plain_note(&self, scalar: Scalar, what: &str) -> Option<String> {
        let lib = match self.types {
            MathTypes::Plain => return None,
            MathTypes::Glam => "glam",
            MathTypes::Mint => "mint",
        };
        let _ = scalar;
        Some(format!(
            "no {lib} type has the size and alignment of this `{what}` here: plain array"
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn matrix(
        &mut self,
        node: &Node,
        scalar: Scalar,
        r: u8,
        cols: u8,
        order: MatrixOrder,
        repr: &MatrixStorage,
        storage: &Node,
        simd: bool,
    ) -> Result<Conv, MirrorError> {
        let size = node.size.get();
        let col_major = order == MatrixOrder::ColumnMajor;
        let (vectors, vlen) = if col_major { (cols, r) } else { (r, cols) };
        let hlsl_name = format!("{}{r}x{cols}", scalar.hlsl_name());
        let base = node.offset.get();
        let mut fields = Vec::new();
        match repr {
            MatrixStorage::Flat => {
                fields.push(flat_field("m", scalar, r, cols, col_major, size)?);
            }
            MatrixStorage::Vectors if !matches!(storage.kind, NodeKind::Array { .. }) => {
                // One stored vector holds every element (one column, or
                // one-element vectors packed end to end).
                let name = if vectors == 1 {
                    format!("{}0", if col_major { 'c' } else { 'r' })
                } else {
                    "m".to_owned()
                };
                fields.push(flat_field(&name, scalar, r, cols, col_major, size)?);
            }
            MatrixStorage::Vectors => {
                let vecs: Vec<Node> = match &storage.kind {
                    NodeKind::Array { count, .. } => {
                        (0..*count).filter_map(|i| storage.element(i)).collect()
                    }
                    _ => Vec::new(),
                };
                let elem_size = vecs
                    .first()
                    .map(|v| v.size.get() / u64::from(vlen.max(1)))
                    .unwrap_or(4);
                let c = cpu_scalar(scalar, elem_size)?;
                if vecs.len() == usize::from(vectors) {
                    let stride = vecs
                        .get(1)
                        .map(|v| v.offset.get() - vecs[0].offset.get())
                        .unwrap_or(vecs[0].size.get());
                    if let Some(m) = math_matrix(
                        self.types, scalar, c, r, cols, col_major, stride, size, simd,
                    ) {
                        let note = (!col_major && self.types == MathTypes::Glam).then(|| {
                            format!(
                                "glam matrices are column-major: the axes of this {} hold the HLSL rows (its transpose)",
                                m.short
                            )
                        });
                        return Ok(Conv {
                            cty: CTy::Math(m),
                            size,
                            note,
                        });
                    }
                }
                let tag = if col_major { 'c' } else { 'r' };
                let mut cursor = 0;
                for (i, v) in vecs.iter().enumerate() {
                    let rel = v.offset.get() - base;
                    if rel > cursor {
                        fields.push(self.pad_field(
                            cursor,
                            rel - cursor,
                            PaddingReason::ArrayElement,
                        ));
                    }
                    let vsize = v.size.get();
                    let n = vsize / elem_size.max(1);
                    fields.push(GField {
                        name: format!("{tag}{i}"),
                        cty: CTy::Vector(c, n as u8),
                        offset: rel,
                        size: vsize,
                        hlsl: HSeg::MatVec {
                            index: i as u8,
                            col_major,
                        },
                        comment: format!(
                            "{} {i}: offset {rel}",
                            if col_major { "column" } else { "row" }
                        ),
                    });
                    cursor = rel + vsize;
                }
                if cursor < size {
                    fields.push(self.pad_field(cursor, size - cursor, PaddingReason::Tail));
                }
                name_padding(&mut fields);
            }
        }
        let hint = format!("{hlsl_name}_{}", if col_major { "cols" } else { "rows" });
        let id = self.register(GStruct {
            hint,
            role: Role::Matrix,
            fields,
            size,
            packed: false,
            align: 1,
            doc: format!(
                "HLSL `{}{hlsl_name}` as stored: {vectors} {} of {vlen}, {size} bytes.",
                if col_major {
                    "column_major "
                } else {
                    "row_major "
                },
                if col_major { "columns" } else { "rows" }
            ),
        });
        let note = self.types.ne(&MathTypes::Plain).then(|| {
            format!(
                "no {} type has the size and alignment of this matrix here: struct of its stored vectors",
                self.types.name()
            )
        });
        Ok(Conv {
            cty: CTy::Struct(id),
            size,
            note,
        })
    }
}

/// A matrix whose elements lie end to end in storage order.
fn flat_field(
    name: &str,
    scalar: Scalar,
    r: u8,
    cols: u8,
    col_major: bool,
    size: u64,
) -> Result<GField, MirrorError> {
    let n = u64::from(r) * u64::from(cols);
    let c = cpu_scalar(scalar, size / n.max(1))?;
    let order = if col_major { "column" } else { "row" };
    Ok(GField {
        name: name.to_owned(),
        cty: CTy::Array(Box::new(CTy::Scalar(c)), n),
        offset: 0,
        size,
        hlsl: HSeg::FlatMat {
            rows: r,
            cols,
            col_major,
        },
        comment: format!("{n} elements end to end, {order} after {order}"),
    })
}

fn bool_note(s: Scalar) -> Option<String> {
    (s == Scalar::Bool).then(|| "bool: a 32-bit integer, 0 or 1".to_owned())
}

fn note_suffix(note: &Option<String>) -> String {
    match note {
        Some(n) => format!("; {n}"),
        None => String::new(),
    }
}

/// Names the padding fields `_pad0`, `_pad1`, ... in order, skipping names
/// a member already uses.
fn name_padding(fields: &mut [GField]) {
    let taken: Vec<String> = fields
        .iter()
        .filter(|f| !matches!(f.hlsl, HSeg::Pad(_)))
        .map(|f| f.name.clone())
        .collect();
    let mut n = 0;
    for f in fields.iter_mut() {
        if matches!(f.hlsl, HSeg::Pad(_)) && f.name.is_empty() {
            let mut name = format!("_pad{n}");
            while taken.contains(&name) {
                name.push('_');
            }
            f.name = name;
            n += 1;
        }
    }
}

/// One scalar element of a buffer as the CPU struct holds it.
pub(crate) fn walk(
    model: &Model,
    t: &CTy,
    hlsl: &mut String,
    place: &mut String,
    names: &dyn Fn(usize, usize) -> String,
    out: &mut dyn FnMut(&str, &str, CpuScalar),
) {
    match t {
        CTy::Scalar(s) => out(hlsl, place, *s),
        CTy::Array(e, n) => {
            for i in 0..*n {
                let (hl, pl) = (hlsl.len(), place.len());
                hlsl.push_str(&format!("[{i}]"));
                place.push_str(&format!("[{i}]"));
                walk(model, e, hlsl, place, names, out);
                hlsl.truncate(hl);
                place.truncate(pl);
            }
        }
        CTy::Vector(s, n) => {
            for i in 0..*n {
                out(&format!("{hlsl}[{i}]"), &format!("{place}[{i}]"), *s);
            }
        }
        CTy::Math(m) => {
            for (cpu, h, s) in &m.comps {
                out(&format!("{hlsl}{h}"), &format!("{place}{cpu}"), *s);
            }
        }
        CTy::Struct(id) => {
            for (fi, f) in model.structs[*id].fields.iter().enumerate() {
                let (hl, pl) = (hlsl.len(), place.len());
                place.push('.');
                place.push_str(&names(*id, fi));
                match &f.hlsl {
                    HSeg::Pad(_) => {}
                    HSeg::Member(n) => {
                        hlsl.push('.');
                        hlsl.push_str(n);
                        walk(model, &f.cty, hlsl, place, names, out);
                    }
                    HSeg::Element(n, i) => {
                        if !n.is_empty() {
                            hlsl.push('.');
                            hlsl.push_str(n);
                        }
                        hlsl.push_str(&format!("[{i}]"));
                        walk(model, &f.cty, hlsl, place, names, out);
                    }
                    HSeg::Transparent => walk(model, &f.cty, hlsl, place, names, out),
                    HSeg::MatVec { index, col_major } => {
                        let mut k = 0u32;
                        walk(
                            model,
                            &f.cty,
                            &mut String::new(),
                            place,
                            names,
                            &mut |_, p, s| {
                                let (row, col) = if *col_major {
                                    (k, u32::from(*index))
                                } else {
                                    (u32::from(*index), k)
                                };
                                out(&format!("{hlsl}[{row}][{col}]"), p, s);
                                k += 1;
                            },
                        );
                    }
                    HSeg::FlatMat {
                        rows,
                        cols,
                        col_major,
                    } => {
                        let mut k = 0u32;
                        walk(
                            model,
                            &f.cty,
                            &mut String::new(),
                            place,
                            names,
                            &mut |_, p, s| {
                                let (row, col) = if *col_major {
                                    (k % u32::from(*rows), k / u32::from(*rows))
                                } else {
                                    (k / u32::from(*cols), k % u32::from(*cols))
                                };
                                out(&format!("{hlsl}[{row}][{col}]"), p, s);
                                k += 1;
                            },
                        );
                    }
                }
                hlsl.truncate(hl);
                place.truncate(pl);
            }
        }
    }
}
