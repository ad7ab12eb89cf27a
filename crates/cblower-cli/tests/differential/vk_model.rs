//! An independent model of DXC's Vulkan buffer layouts, written from DXC's
//! SPIR-V back end (its alignment-and-size calculator and the struct
//! lowering that places buffer members) and sharing nothing with cblower's
//! layout engine or with the D3D packer next to it.
//!
//! Every type has an alignment and a size that do not depend on where it
//! sits. A member goes at the next multiple of its alignment; under the
//! relaxed rules (and DXC's FXC-compatible one) a vector whose component is
//! at most 4 bytes only needs its component's alignment, unless it then
//! straddles a 16-byte boundary improperly, when it goes to the next
//! multiple of 16. `[[vk::offset]]` and `packoffset` replace the running
//! offset under every rule.

use super::dxc_packer::{round_up, Leaf, PackedMember};
use super::model::{Buffer, BufferKind, Case, Scalar, Storage, Ty, VkGlobal};

/// DXC's `-fvk-use-*-layout` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VkFlag {
    /// No flag: relaxed std140 for constant buffers, relaxed std430 for
    /// texture buffers.
    Default,
    /// `-fvk-use-gl-layout`: std140 / std430.
    Gl,
    /// `-fvk-use-scalar-layout`.
    Scalar,
    /// `-fvk-use-dx-layout`: DXC's FXC-compatible rule for both.
    Dx,
}

impl VkFlag {
    /// The `cblower emit-llvm` flag (DXC's spelling with two dashes).
    pub fn cblower_arg(self) -> Option<&'static str> {
        match self {
            VkFlag::Default => None,
            VkFlag::Gl => Some("--fvk-use-gl-layout"),
            VkFlag::Scalar => Some("--fvk-use-scalar-layout"),
            VkFlag::Dx => Some("--fvk-use-dx-layout"),
        }
    }

    /// A short name for scratch files and messages.
    pub fn tag(self) -> &'static str {
        match self {
            VkFlag::Default => "-vk-default",
            VkFlag::Gl => "-vk-gl",
            VkFlag::Scalar => "-vk-scalar",
            VkFlag::Dx => "-vk-dx",
        }
    }

    /// The rule DXC uses for a buffer of `kind` (`$Globals` is a cbuffer).
    pub fn rule(self, kind: BufferKind) -> Rule {
        match (self, kind) {
            (VkFlag::Default, BufferKind::CBuffer) => Rule::RelaxedStd140,
            (VkFlag::Default, BufferKind::TBuffer) => Rule::RelaxedStd430,
            (VkFlag::Gl, BufferKind::CBuffer) => Rule::Std140,
            (VkFlag::Gl, BufferKind::TBuffer) => Rule::Std430,
            (VkFlag::Scalar, _) => Rule::Scalar,
            (VkFlag::Dx, _) => Rule::FxcCTBuffer,
        }
    }
}

/// DXC's SPIR-V layout rules for buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Std140,
    Std430,
    RelaxedStd140,
    RelaxedStd430,
    Scalar,
    FxcCTBuffer,
    /// DXC's FXC structured-buffer rule (push-constant blocks under
    /// `-fvk-use-dx-layout`): vectors, matrices and arrays align to their
    /// component and are as big as their components, a struct aligns to its
    /// largest member and its size is rounded to that; members go at the
    /// next multiple of their alignment (no relaxed vector rule).
    FxcSBuffer,
}

impl Rule {
    /// Arrays and structs align to at least 16.
    fn rounds_aggregates(self) -> bool {
        matches!(self, Rule::Std140 | Rule::RelaxedStd140 | Rule::FxcCTBuffer)
    }

    /// Vector members may sit at a multiple of their component.
    fn relaxed(self) -> bool {
        matches!(
            self,
            Rule::RelaxedStd140 | Rule::RelaxedStd430 | Rule::FxcCTBuffer
        )
    }
}

/// A type's (alignment, size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlignSize {
    pub align: u64,
    pub size: u64,
}

/// How DXC's SPIR-V back end sees a type.
enum Shape<'a> {
    /// A scalar, a one-component vector or a 1x1 matrix.
    Scalar(Scalar),
    /// A vector of 2..4 components, or a matrix with exactly one row or
    /// one column.
    Vector(Scalar, u64),
    /// A matrix with more than one row and more than one column (rows,
    /// columns); column-major, so stored as `columns` vectors of `rows`.
    Matrix(Scalar, u64, u64),
    Array(&'a Ty, u64),
    Struct(usize),
    /// Not stored (resources, empty structs).
    Nothing,
}

fn shape(ty: &Ty) -> Shape<'_> {
    shape_for(ty, false)
}

/// [`shape`] under a rule: DXC's FXC rule looks at matrices before it asks
/// whether a type is a vector, so a column-major `1xC` matrix with `C > 1`
/// is a matrix of `C` one-component columns there, each on a row of its
/// own (a vector under every other rule).
fn shape_for(ty: &Ty, fxc: bool) -> Shape<'_> {
    match ty {
        Ty::Matrix(s, 1, c) if fxc && *c > 1 => Shape::Matrix(*s, 1, u64::from(*c)),
        Ty::Scalar(s) | Ty::Bitfield(s, _) => Shape::Scalar(*s),
        Ty::Vector(s, 1) | Ty::Matrix(s, 1, 1) => Shape::Scalar(*s),
        Ty::Vector(s, n) => Shape::Vector(*s, u64::from(*n)),
        Ty::Matrix(s, 1, n) | Ty::Matrix(s, n, 1) => Shape::Vector(*s, u64::from(*n)),
        Ty::Matrix(s, r, c) => Shape::Matrix(*s, u64::from(*r), u64::from(*c)),
        Ty::Array(elem, n) => Shape::Array(elem, u64::from(*n)),
        Ty::Struct(i) => Shape::Struct(*i),
        Ty::Empty | Ty::Resource | Ty::Res(_) => Shape::Nothing,
    }
}

/// One field of a struct as DXC lowers it: the base struct first, as a
/// field of its own, then the declared fields (bitfields with their width).
struct FieldDecl {
    ty: Ty,
    bitfield: Option<(Scalar, u32)>,
    /// `[[vk::offset(N)]]` (on bitfields only in the generated files).
    vk_offset: Option<u64>,
}

fn struct_fields(case: &Case, index: usize) -> Vec<FieldDecl> {
    let def = &case.structs[index];
    let mut fields = Vec::new();
    if let Some(base) = def.base {
        fields.push(FieldDecl {
            ty: Ty::Struct(base),
            bitfield: None,
            vk_offset: None,
        });
    }
    for (name, ty) in &def.fields {
        if case.is_filtered(ty) {
            continue;
        }
        let bitfield = match ty {
            Ty::Bitfield(s, w) => Some((*s, *w)),
            _ => None,
        };
        fields.push(FieldDecl {
            ty: ty.clone(),
            bitfield,
            vk_offset: def.vk_offset(name),
        });
    }
    fields
}

pub struct Model<'c> {
    pub case: &'c Case,
    pub rule: Rule,
}

impl Model<'_> {
    fn scalar(&self, s: Scalar) -> u64 {
        s.size(self.case.native16)
    }

    fn shape<'t>(&self, ty: &'t Ty) -> Shape<'t> {
        shape_for(ty, self.rule == Rule::FxcCTBuffer)
    }

    /// DXC's alignment and size of `ty` under the rule.
    pub fn align_size(&self, ty: &Ty) -> AlignSize {
        let rule = self.rule;
        match self.shape(ty) {
            Shape::Scalar(s) => AlignSize {
                align: self.scalar(s),
                size: self.scalar(s),
            },
            Shape::Vector(s, n) => {
                let c = self.scalar(s);
                let align = match rule {
                    Rule::Scalar | Rule::FxcCTBuffer | Rule::FxcSBuffer => c,
                    _ => c * if n == 3 { 4 } else { n },
                };
                AlignSize { align, size: n * c }
            }
            Shape::Matrix(s, rows, cols) => {
                let c = self.scalar(s);
                let (align, _, size) = self.matrix(c, rows, cols);
                AlignSize { align, size }
            }
            Shape::Array(elem, n) => {
                let e = self.align_size(elem);
                let (align, _, size) = self.array(e, n);
                AlignSize { align, size }
            }
            Shape::Struct(index) => {
                let (align, size, _) = self.struct_layout(index);
                AlignSize { align, size }
            }
            Shape::Nothing => AlignSize { align: 1, size: 0 },
        }
    }

    /// (alignment, column stride, size) of a column-major matrix of
    /// `cols` columns of `rows` components of `c` bytes.
    fn matrix(&self, c: u64, rows: u64, cols: u64) -> (u64, u64, u64) {
        let vec4 = if rows == 3 { 4 } else { rows };
        match self.rule {
            Rule::Scalar | Rule::FxcSBuffer => (c, rows * c, rows * cols * c),
            Rule::FxcCTBuffer => {
                // FXC's matrices: columns on 16-byte rows, the last one
                // not padded.
                let align = round_up(c * vec4, 16);
                (align, align, 16 * (cols - 1) + rows * c)
            }
            rule => {
                let mut align = c * vec4;
                if rule.rounds_aggregates() {
                    align = round_up(align, 16);
                }
                (align, align, cols * align)
            }
        }
    }

    /// (alignment, stride, size) of an array of `n` elements.
    fn array(&self, e: AlignSize, n: u64) -> (u64, u64, u64) {
        if matches!(self.rule, Rule::Scalar | Rule::FxcSBuffer) {
            return (e.align, e.size, e.size * n);
        }
        let align = if self.rule.rounds_aggregates() {
            round_up(e.align, 16)
        } else {
            e.align
        };
        if self.rule == Rule::FxcCTBuffer {
            let stride = round_up(e.size, align);
            let size = if n == 0 { 0 } else { e.size + stride * (n - 1) };
            return (align, stride, size);
        }
        let stride = round_up(e.size, align);
        (align, stride, round_up(stride * n, align))
    }

    /// Where a member of type `ty` goes when the previous one ended at
    /// `cursor` (without explicit offsets).
    fn place(&self, ty: &Ty, cursor: u64) -> u64 {
        let AlignSize { align, size } = self.align_size(ty);
        let vector = match shape(ty) {
            Shape::Vector(s, _) => Some(self.scalar(s)),
            _ => None,
        };
        match vector {
            Some(component) if self.rule.relaxed() => {
                let align = if component <= 4 { component } else { align };
                let at = round_up(cursor, align);
                let improper = if size <= 16 {
                    at / 16 != (at + size - 1) / 16
                } else {
                    !at.is_multiple_of(16)
                };
                if improper {
                    round_up(at, 16)
                } else {
                    at
                }
            }
            _ => round_up(cursor, align),
        }
    }

    /// Whether an explicit offset obeys the block layout rule SPIR-V's
    /// validator checks the module against (DXC places `packoffset` and
    /// `vk::offset` without looking, and then runs the validator): the
    /// type's alignment, or under the relaxed rules, for a vector of
    /// components of at most 4 bytes, the component's alignment without an
    /// improper straddle. DXC tells the validator to skip the block layout
    /// check under the scalar and the FXC rules: any offset stands there.
    pub fn valid_offset(&self, ty: &Ty, at: u64) -> bool {
        if matches!(
            self.rule,
            Rule::FxcCTBuffer | Rule::FxcSBuffer | Rule::Scalar
        ) {
            return true;
        }
        let relaxed_vector = matches!(
            shape(ty),
            Shape::Vector(s, _) if self.rule.relaxed() && self.scalar(s) <= 4
        );
        if relaxed_vector {
            self.place(ty, at) == at
        } else {
            at.is_multiple_of(self.align_size(ty).align)
        }
    }

    /// (alignment, size, fields at their offsets) of a struct. A run of
    /// bitfields of the *same* SPIR-V type shares one scalar while it fits
    /// (a `bool` in a buffer is a 32-bit `uint` there). A field with
    /// `[[vk::offset(N)]]` sits at N whatever came before: DXC settles an
    /// explicit offset before it looks at merging, so such a bitfield never
    /// joins the open unit; it opens one at N, and the fields after it
    /// follow from its end.
    fn struct_layout(&self, index: usize) -> (u64, u64, Vec<(u64, Ty)>) {
        let mut max_align = 1;
        let mut size = 0;
        let mut placed = Vec::new();
        // (type, next free bit) of the bitfield run being filled.
        let mut run: Option<(Scalar, u64)> = None;
        let lowered = |s: Scalar| match s {
            Scalar::Bool => Scalar::Uint,
            other => other,
        };
        for field in struct_fields(self.case, index) {
            let info = self.align_size(&field.ty);
            let merged = match (run, field.bitfield) {
                (Some((s, next)), Some((t, w)))
                    if field.vk_offset.is_none()
                        && lowered(s) == lowered(t)
                        && next + u64::from(w) <= 8 * info.size =>
                {
                    run = Some((s, next + u64::from(w)));
                    true
                }
                _ => false,
            };
            max_align = max_align.max(info.align);
            if merged {
                continue;
            }
            let at = field
                .vk_offset
                .unwrap_or_else(|| self.place(&field.ty, size));
            placed.push((at, field.ty.clone()));
            size = at + info.size;
            run = field.bitfield.map(|(s, w)| (s, u64::from(w)));
        }
        if self.rule == Rule::Scalar {
            return (max_align, size, placed);
        }
        if self.rule.rounds_aggregates() {
            max_align = round_up(max_align, 16);
        }
        if self.rule != Rule::FxcCTBuffer {
            size = round_up(size, max_align);
        }
        (max_align, size, placed)
    }

    /// Whether `ty` holds a matrix whose FXC size (`16 * (columns - 1)` plus
    /// a column) is smaller than its columns take (64-bit components, 3 or
    /// 4 rows, more than one column): whatever follows overlaps it.
    pub fn overlapping_matrix(&self, ty: &Ty) -> bool {
        match shape(ty) {
            Shape::Matrix(s, rows, _) => self.scalar(s) == 8 && rows >= 3,
            Shape::Array(elem, _) => self.overlapping_matrix(elem),
            Shape::Struct(index) => struct_fields(self.case, index)
                .iter()
                .any(|f| self.overlapping_matrix(&f.ty)),
            _ => false,
        }
    }

    /// (alignment, size, field offsets) of struct `index` (a base struct is
    /// its first field).
    pub fn struct_offsets(&self, index: usize) -> (u64, u64, Vec<u64>) {
        let (align, size, placed) = self.struct_layout(index);
        (align, size, placed.iter().map(|(at, _)| *at).collect())
    }

    /// The scalar components of `ty` placed at `offset`.
    pub fn leaves(&self, ty: &Ty, offset: u64, out: &mut Vec<Leaf>) {
        match self.shape(ty) {
            Shape::Scalar(s) => out.push(Leaf {
                offset,
                size: self.scalar(s),
            }),
            Shape::Vector(s, n) => {
                let c = self.scalar(s);
                for i in 0..n {
                    out.push(Leaf {
                        offset: offset + i * c,
                        size: c,
                    });
                }
            }
            Shape::Matrix(s, rows, cols) => {
                let c = self.scalar(s);
                let (_, stride, _) = self.matrix(c, rows, cols);
                for col in 0..cols {
                    for row in 0..rows {
                        out.push(Leaf {
                            offset: offset + col * stride + row * c,
                            size: c,
                        });
                    }
                }
            }
            Shape::Array(elem, n) => {
                let (_, stride, _) = self.array(self.align_size(elem), n);
                for i in 0..n {
                    self.leaves(elem, offset + i * stride, out);
                }
            }
            Shape::Struct(index) => {
                for (at, field) in self.struct_layout(index).2 {
                    self.leaves(&field, offset + at, out);
                }
            }
            Shape::Nothing => {}
        }
    }
}

/// Every stored member of `buffer` with DXC's offset and components under
/// `flag` on SPIR-V, in declaration order; `Err` with DXC's complaint when
/// a `packoffset` lies before the end of the previous member.
pub fn pack_buffer_vk(
    case: &Case,
    buffer: &Buffer,
    flag: VkFlag,
) -> Result<Vec<PackedMember>, String> {
    let model = Model {
        case,
        rule: flag.rule(buffer.kind),
    };
    let mut cursor = 0;
    let mut packed = Vec::new();
    for member in &buffer.members {
        if member.storage != Storage::Stored || case.is_filtered(&member.ty) {
            continue;
        }
        if model.rule == Rule::FxcCTBuffer && model.overlapping_matrix(&member.ty) {
            return Err(format!(
                "{} holds a 64-bit matrix of 3- or 4-component columns, which DXC's FXC rule sizes as if its columns were 16 bytes apart",
                member.name
            ));
        }
        let size = model.align_size(&member.ty).size;
        let offset = match member.vk_offset.or(member.packoffset) {
            Some(at) if member.vk_offset.is_none() && at < cursor => {
                return Err(format!(
                    "packoffset of {} at {at} lies before the previous member's end {cursor}",
                    member.name
                ))
            }
            Some(at) if !model.valid_offset(&member.ty, at) => {
                return Err(format!(
                    "explicit offset {at} of {} breaks the block layout rules",
                    member.name
                ))
            }
            Some(at) => at,
            None => model.place(&member.ty, cursor),
        };
        cursor = offset + size;
        let mut leaves = Vec::new();
        model.leaves(&member.ty, offset, &mut leaves);
        let name = match member.vk_global {
            Some(VkGlobal::SpecConstant(_)) => format!("_ZL{}{}", member.name.len(), member.name),
            _ => member.name.clone(),
        };
        packed.push(PackedMember {
            name,
            offset,
            leaves,
        });
    }
    Ok(packed)
}
