//! clang-22's cbuffer layout, reproduced bug for bug.
//!
//! clang 22 does not implement the HLSL packing rules directly. It converts
//! each member to an LLVM type and places it with the target data layout:
//!
//! * size = the type's size in bits / 8, alignment = its ABI alignment;
//! * arrays, structs (and matrices, which clang 22 stores as a flat
//!   `[R*C x T]` array) and any member that would cross a 16-byte row get their
//!   alignment rounded up to a multiple of 16 (so a 32-byte alignment stays 32);
//! * a member goes at the next multiple of that alignment, or exactly at its
//!   `packoffset`; the gap becomes a padding element;
//! * an array whose element size is not a multiple of 16 becomes
//!   `<{ [N-1 x <{ E, pad }>], E }>`; otherwise (or with fewer than two
//!   elements) a plain `[N x E]`.
//!
//! Because vector alignments come from the data layout, this differs from DXC
//! for 2-component 32-bit vectors (aligned to 8), 2/4-component 16-bit vectors,
//! 4-component 64-bit vectors (aligned to 32), matrices (no per-vector
//! padding), and on SPIR-V every 3-component vector (aligned like 4). On SPIR-V
//! the LLVM *alloc* size of a 3-component vector also exceeds the size clang
//! assumed, so a struct's LLVM size grows by the difference
//! ([`PaddingReason::AllocSizeExcess`]).
//!
//! Offsets reported here are the ones clang intended (its own arithmetic).

use std::cell::RefCell;
use std::sync::Arc;

use crate::engine::{
    checked_end, stored_fields_iter, type_key, MemberOrder, Placed, SharedTypes, TypeCache, TypeKey,
};
use crate::error::LayoutError;
use crate::layout::{
    FieldNode, LayoutBuilder, MatrixStorage, Node, NodeKind, Padding, PaddingReason,
};
use crate::rules::{Clang22Target, LayoutOptions};
use crate::ty::{Field, Placement, Scalar, Ty};
use crate::units::{Alignment, Size};

/// Lays out a buffer's (already filtered and ordered) members as
/// placements. clang places every value relative to its own start, so each
/// distinct member type is laid out once at offset 0 and every member of
/// that type is an exact shifted copy (the end is checked before anything is
/// shifted); no member needs a layout of its own.
pub(crate) fn place_members(
    members: &MemberOrder<'_>,
    target: Clang22Target,
    opts: LayoutOptions,
) -> Result<Placed, LayoutError> {
    let cx = Cx {
        target,
        opts,
        structs: RefCell::default(),
    };
    let mut out = LayoutBuilder::with_capacity(members.max_len());
    let mut known: SharedTypes<(usize, ClangFacts)> = SharedTypes::default();
    let mut cur: u64 = 0;
    let mut excess: u64 = 0;
    let mut padding = Vec::new();
    let mut prev: Option<(&Arc<str>, u64, u64)> = None;
    let mut last: Option<(usize, &Arc<str>)> = None;
    for (member, field) in members.iter() {
        let fname = &field.name;
        let key = TypeKey::of(&field.ty);
        let (id, facts) = match key.and_then(|k| known.get(&k)) {
            Some(&hit) => hit,
            None => {
                let t = cx.lay_out(&field.ty, member, fname)?;
                let facts = t.facts();
                let id = out.add_type(&field.ty, t.node);
                if let Some(key) = key {
                    known.insert(key, (id, facts));
                }
                (id, facts)
            }
        };
        let (next, reason) = cx.offset_for(cur, &facts, field, true, prev, member)?;
        if next > cur {
            padding.push(Padding {
                offset: Size::bytes(cur),
                size: Size::bytes(next - cur),
                reason,
            });
        }
        let end = checked_end(Size::bytes(next), Size::bytes(facts.size), member, fname)?;
        excess += facts.alloc - facts.size;
        prev = Some((fname, next, cx.overlap_end(field, true, next, end.get())));
        last = Some((member, fname));
        out.place(member, fname, Size::bytes(next), id);
        cur = end.get();
    }
    // The LLVM struct (with the alloc-size excess) must fit too, though the
    // buffer is reported with clang's size (the end of the last member).
    if let (None, Some((member, name))) = (cur.checked_add(excess), last) {
        return Err(LayoutError::SizeOverflow {
            member,
            name: name.clone(),
        });
    }
    Ok(Placed {
        builder: out,
        size: Size::bytes(cur),
        align: Alignment::SIXTEEN,
        padding,
    })
}

/// Lays out a buffer's (already filtered and ordered) members as one tree
/// (the reference for [`place_members`]).
pub(crate) fn layout_members(
    name: &Arc<str>,
    members: &MemberOrder<'_>,
    target: Clang22Target,
    opts: LayoutOptions,
) -> Result<(Node, Vec<usize>), LayoutError> {
    let cx = Cx {
        target,
        opts,
        structs: RefCell::default(),
    };
    let mut member_index = Vec::with_capacity(members.max_len());
    let fields = members
        .iter()
        .inspect(|&(index, _)| member_index.push(index));
    let laid = cx.layout_struct(name.clone(), fields, members.max_len(), false, true)?;
    let mut root = laid.node;
    // The buffer itself is reported with clang's size (end of the last member).
    root.size = Size::bytes(laid.clang_end);
    if let NodeKind::Struct { padding, .. } = &mut root.kind {
        padding.retain(|p| p.reason != PaddingReason::AllocSizeExcess);
    }
    Ok((root, member_index))
}

struct Cx {
    target: Clang22Target,
    opts: LayoutOptions,
    /// Each struct type's layout (at offset 0), computed once per buffer:
    /// clang places a struct's fields relative to its start, so every
    /// instance is a copy. Failed layouts are not kept, so an error is
    /// recomputed for (and reported against) the member that hits it.
    structs: RefCell<TypeCache<Node>>,
}

/// A type as clang-22 sees it: its LLVM size, ABI alignment and alloc size,
/// and whether it is an LLVM aggregate. `node` is laid out at offset 0.
struct ClangTy {
    node: Node,
    size: u64,
    align: u64,
    alloc: u64,
    aggregate: bool,
}

/// The numbers of a [`ClangTy`] placement needs (without its node).
#[derive(Clone, Copy)]
struct ClangFacts {
    size: u64,
    align: u64,
    alloc: u64,
    aggregate: bool,
    /// The alignment Sema requires of a `packoffset`: a scalar's size, a
    /// vector's component size, 1 for anything else.
    elem_align: u64,
}

impl ClangTy {
    fn facts(&self) -> ClangFacts {
        ClangFacts {
            size: self.size,
            align: self.align,
            alloc: self.alloc,
            aggregate: self.aggregate,
            elem_align: match &self.node.kind {
                NodeKind::Scalar(_) => self.size,
                NodeKind::Vector { len, .. } => self.size / *len as u64,
                _ => 1,
            },
        }
    }
}

struct LaidStruct {
    node: Node,
    /// clang's running offset after the last member.
    clang_end: u64,
}

fn round_up(v: u64, align: u64) -> Option<u64> {
    v.checked_add(align - 1).map(|x| x / align * align)
}

impl Cx {
    /// ABI alignment of `<len x elem>` under the target's data layout string.
    fn vector_align(&self, elem_bytes: u64, len: u8) -> u64 {
        let bits = elem_bytes * 8 * len as u64;
        let explicit = match self.target {
            // "v48:16:16-v96:32:32-v192:64:64"
            Clang22Target::Dxil => match bits {
                48 => Some(2),
                96 => Some(4),
                192 => Some(8),
                _ => None,
            },
            // "v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
            Clang22Target::SpirV => match bits {
                16 => Some(2),
                24 | 32 => Some(4),
                48 => Some(8),
                96 => Some(16),
                192 | 256 => Some(32),
                512 => Some(64),
                1024 => Some(128),
                _ => None,
            },
        };
        // LLVM's default for vectors the string does not mention: the size
        // rounded up to a power of two.
        explicit.unwrap_or_else(|| bits.next_power_of_two() / 8)
    }

    /// The LLVM scalar clang-22 stores for an HLSL scalar.
    fn scalar_bytes(&self, s: Scalar, member: usize, name: &Arc<str>) -> Result<u64, LayoutError> {
        if s.is_min_precision() {
            return Err(LayoutError::UnsupportedByClang22 {
                member,
                name: name.clone(),
                ty: s.hlsl_name().to_owned(),
            });
        }
        if s.requires_native_16bit() && !self.opts.types.native_16bit {
            return Err(LayoutError::Requires16BitTypes {
                member,
                name: name.clone(),
                ty: s.hlsl_name().to_owned(),
            });
        }
        Ok(s.size(self.opts.types).get())
    }

    fn lay_out(&self, ty: &Ty, member: usize, name: &Arc<str>) -> Result<ClangTy, LayoutError> {
        match ty {
            Ty::Scalar(s) => {
                let b = self.scalar_bytes(*s, member, name)?;
                Ok(ClangTy {
                    node: leaf(NodeKind::Scalar(*s), b, b),
                    size: b,
                    align: b,
                    alloc: b,
                    aggregate: false,
                })
            }
            Ty::Vector { scalar, len } => {
                if !(1..=4).contains(len) {
                    return Err(LayoutError::BadVectorLength {
                        member,
                        name: name.clone(),
                        len: *len,
                    });
                }
                let b = self.scalar_bytes(*scalar, member, name)?;
                let size = b * *len as u64;
                let align = self.vector_align(b, *len);
                Ok(ClangTy {
                    node: leaf(
                        NodeKind::Vector {
                            scalar: *scalar,
                            len: *len,
                        },
                        size,
                        align,
                    ),
                    size,
                    align,
                    alloc: round_up(size, align).unwrap_or(size),
                    aggregate: false,
                })
            }
            Ty::Matrix {
                scalar,
                rows,
                cols,
                order,
            } => {
                if !(1..=4).contains(rows) || !(1..=4).contains(cols) {
                    return Err(LayoutError::BadVectorLength {
                        member,
                        name: name.clone(),
                        len: (*rows).max(*cols),
                    });
                }
                let b = self.scalar_bytes(*scalar, member, name)?;
                let count = *rows as u64 * *cols as u64;
                let element = leaf(NodeKind::Scalar(*scalar), b, b);
                let size = b * count;
                let storage = Node {
                    offset: Size::ZERO,
                    size: Size::bytes(size),
                    align: align_of(b),
                    kind: NodeKind::Array {
                        count,
                        stride: Size::bytes(b),
                        element: Box::new(element),
                        trailing_padding: false,
                    },
                };
                Ok(ClangTy {
                    node: Node {
                        offset: Size::ZERO,
                        size: Size::bytes(size),
                        align: align_of(b),
                        kind: NodeKind::Matrix {
                            scalar: *scalar,
                            rows: *rows,
                            cols: *cols,
                            order: *order,
                            repr: MatrixStorage::Flat,
                            storage: Box::new(storage),
                        },
                    },
                    size,
                    align: b,
                    alloc: size,
                    aggregate: true,
                })
            }
            Ty::Array { elem, len, .. } => {
                let e = self.lay_out(elem, member, name)?;
                let overflow = || LayoutError::SizeOverflow {
                    member,
                    name: name.clone(),
                };
                let pad = round_up(e.size, 16).ok_or_else(overflow)? - e.size;
                let (size, stride, align) = if *len < 2 || pad == 0 {
                    // [N x E]
                    let size = e.alloc.checked_mul(*len).ok_or_else(overflow)?;
                    (size, e.alloc, e.align)
                } else {
                    // <{ [N-1 x <{ E, pad }>], E }>: LLVM sizes use E's alloc size.
                    let padded = e.alloc + pad;
                    let size = padded
                        .checked_mul(len - 1)
                        .and_then(|s| s.checked_add(e.alloc))
                        .ok_or_else(overflow)?;
                    // clang intends every element to start a row.
                    (size, e.size + pad, 1)
                };
                Ok(ClangTy {
                    node: Node {
                        offset: Size::ZERO,
                        size: Size::bytes(size),
                        align: Alignment::SIXTEEN,
                        kind: NodeKind::Array {
                            count: *len,
                            stride: Size::bytes(stride),
                            element: Box::new(e.node),
                            trailing_padding: false,
                        },
                    },
                    size,
                    align,
                    alloc: round_up(size, align).ok_or_else(overflow)?,
                    aggregate: true,
                })
            }
            Ty::Struct(s) => {
                let key = type_key(s);
                let cached = self.structs.borrow().get(&key).map(|n| n.shifted(0));
                let node = match cached {
                    Some(node) => node,
                    None => {
                        let (fields, filtered) = stored_fields_iter(s);
                        let indexed = fields.map(|f| (member, f));
                        let laid = self.layout_struct(
                            s.name.clone(),
                            indexed,
                            s.fields.len(),
                            filtered,
                            false,
                        )?;
                        self.structs.borrow_mut().insert(key, laid.node.shifted(0));
                        laid.node
                    }
                };
                let size = node.size.get();
                Ok(ClangTy {
                    node,
                    size,
                    align: 1,
                    alloc: size,
                    aggregate: true,
                })
            }
            Ty::Resource(_) => Ok(ClangTy {
                node: leaf(NodeKind::Scalar(Scalar::Uint), 0, 1),
                size: 0,
                align: 1,
                alloc: 0,
                aggregate: true,
            }),
        }
    }

    /// Where clang puts `field` after a member ending at `cur`, and why any
    /// gap exists. `prev` is the previous member (name, offset, end for the
    /// overlap check).
    fn offset_for(
        &self,
        cur: u64,
        t: &ClangFacts,
        field: &Field,
        top_level: bool,
        prev: Option<(&Arc<str>, u64, u64)>,
        member: usize,
    ) -> Result<(u64, PaddingReason), LayoutError> {
        let fname = &field.name;
        let mut align = t.align;
        if t.aggregate || cur % 16 + t.size > 16 {
            align = round_up(align, 16).unwrap_or(16);
        }
        let natural = round_up(cur, align).ok_or_else(|| LayoutError::SizeOverflow {
            member,
            name: fname.clone(),
        })?;
        let explicit = if top_level { field.placement } else { None };
        match explicit.and_then(|p| match p {
            Placement::VkOffset(_) if self.target == Clang22Target::Dxil => None,
            p => Some(p),
        }) {
            Some(p) => {
                let at = p.byte_offset().ok_or_else(|| LayoutError::SizeOverflow {
                    member,
                    name: fname.clone(),
                })?;
                check_placement(at.get(), t, &field.ty, prev, member, fname)?;
                Ok((at.get(), PaddingReason::ExplicitOffset))
            }
            None => {
                let reason = if natural == round_up(cur, t.align).unwrap_or(natural) {
                    PaddingReason::Alignment
                } else if matches!(field.ty, Ty::Struct(_)) {
                    PaddingReason::StructStart
                } else if t.aggregate {
                    PaddingReason::ArrayStart
                } else {
                    PaddingReason::RowBoundary
                };
                Ok((natural, reason))
            }
        }
    }

    /// The end a later `packoffset` must not overlap: Sema checks overlaps
    /// with its own "legacy cbuffer" sizes ([`Cx::sema_size`]), not with the
    /// LLVM sizes codegen uses afterwards, and not with DXC's.
    fn overlap_end(&self, field: &Field, top_level: bool, at: u64, end: u64) -> u64 {
        if top_level && field.placement.is_some() {
            at.saturating_add(self.sema_size(&field.ty))
        } else {
            end
        }
    }

    /// The byte size clang-22's Sema gives a type when it checks
    /// `packoffset` overlaps. It is neither DXC's size nor the LLVM one:
    ///
    /// * a struct walks its own fields only (a base struct's fields are not
    ///   counted), each aligned to [`Cx::sema_field_align`], or to 16 when
    ///   the field would cross a row from there; no tail rounding;
    /// * an array is `(n - 1)` elements rounded up to 16 plus one element;
    ///   zero elements are 0 bytes;
    /// * a vector is its components' sizes added; a matrix is `R * C`
    ///   components, flat (no per-vector padding); `bool` is 4 bytes;
    /// * a resource is a struct of its handles: one (two with a counter),
    ///   each pointer-sized (4 bytes on DXIL, 8 on SPIR-V).
    fn sema_size(&self, ty: &Ty) -> u64 {
        const ROW: u64 = 16;
        match ty {
            Ty::Scalar(s) => s.size(self.opts.types).get(),
            Ty::Vector { scalar, len } => scalar.size(self.opts.types).get() * u64::from(*len),
            Ty::Matrix {
                scalar, rows, cols, ..
            } => scalar.size(self.opts.types).get() * u64::from(*rows) * u64::from(*cols),
            Ty::Array { elem, len, .. } => {
                if *len == 0 {
                    return 0;
                }
                let e = self.sema_size(elem);
                let stride = e.div_ceil(ROW).saturating_mul(ROW);
                stride.saturating_mul(len - 1).saturating_add(e)
            }
            Ty::Struct(s) => {
                let mut size: u64 = 0;
                for f in &s.fields {
                    let fsize = self.sema_size(&f.ty);
                    let mut align = self.sema_field_align(&f.ty);
                    let aligned = round_up_any(size, align);
                    if aligned % ROW + fsize > ROW {
                        align = ROW;
                    }
                    size = round_up_any(size, align).saturating_add(fsize);
                }
                size
            }
            Ty::Resource(r) => {
                let handle = match self.target {
                    Clang22Target::Dxil => 4,
                    Clang22Target::SpirV => 8,
                };
                let base = r.name.split('<').next().unwrap_or("").trim();
                let counter = matches!(
                    base,
                    "RWStructuredBuffer"
                        | "AppendStructuredBuffer"
                        | "ConsumeStructuredBuffer"
                        | "RasterizerOrderedStructuredBuffer"
                );
                handle * if counter { 2 } else { 1 }
            }
        }
    }

    /// The alignment Sema gives a struct field in [`Cx::sema_size`]: 16
    /// for arrays and structs (resources are structs), the component's size
    /// for a vector, and the whole size for anything else, a matrix
    /// included (so a `float2x3` field is "aligned" to 24: the multiple of
    /// 24 decides whether it crosses a row).
    fn sema_field_align(&self, ty: &Ty) -> u64 {
        match ty {
            Ty::Array { .. } | Ty::Struct(_) | Ty::Resource(_) => 16,
            Ty::Vector { scalar, .. } => scalar.size(self.opts.types).get(),
            other => self.sema_size(other).max(1),
        }
    }

    /// clang's struct builder. `top_level` is true for the buffer itself, whose
    /// members carry packoffsets and whose errors refer to each member.
    fn layout_struct<'f>(
        &self,
        name: Arc<str>,
        fields: impl Iterator<Item = (usize, &'f Field)>,
        capacity: usize,
        filtered: bool,
        top_level: bool,
    ) -> Result<LaidStruct, LayoutError> {
        let mut last: Option<(usize, Arc<str>)> = None;
        let mut cur: u64 = 0;
        // How much larger LLVM's view of the struct is than clang's running offset.
        let mut excess: u64 = 0;
        let mut nodes = Vec::with_capacity(capacity);
        let mut padding = Vec::new();
        let mut prev: Option<(&Arc<str>, u64, u64)> = None;
        for (member, field) in fields {
            let fname = &field.name;
            let t = self.lay_out(&field.ty, member, fname)?;
            let facts = t.facts();
            let (next, reason) = self.offset_for(cur, &facts, field, top_level, prev, member)?;
            if next > cur {
                padding.push(Padding {
                    offset: Size::bytes(cur),
                    size: Size::bytes(next - cur),
                    reason,
                });
            }
            // Checked before shifting: every offset inside `t.node` is at most
            // `t.size`, so once the end fits the shift cannot overflow.
            let end = checked_end(Size::bytes(next), Size::bytes(t.size), member, fname)?;
            let mut node = t.node;
            node.shift_in_place(next);
            excess += facts.alloc - facts.size;
            let overlap_end = self.overlap_end(field, top_level, next, end.get());
            prev = Some((fname, next, overlap_end));
            last = Some((member, fname.clone()));
            nodes.push(FieldNode {
                name: fname.clone(),
                ty: field.ty.clone(),
                node,
            });
            cur = end.get();
        }
        let llvm_size = match cur.checked_add(excess) {
            Some(n) => n,
            None => {
                let (member, name) = last.unwrap_or((0, name));
                return Err(LayoutError::SizeOverflow { member, name });
            }
        };
        if excess > 0 {
            padding.push(Padding {
                offset: Size::bytes(cur),
                size: Size::bytes(excess),
                reason: PaddingReason::AllocSizeExcess,
            });
        }
        Ok(LaidStruct {
            node: Node {
                offset: Size::ZERO,
                size: Size::bytes(llvm_size),
                align: Alignment::SIXTEEN,
                kind: NodeKind::Struct {
                    name,
                    fields: nodes,
                    padding,
                    filtered,
                },
            },
            clang_end: cur,
        })
    }
}

/// `n` rounded up to a multiple of `align`, which need not be a power of
/// two (`llvm::alignTo`); saturates instead of overflowing.
fn round_up_any(n: u64, align: u64) -> u64 {
    if align <= 1 {
        return n;
    }
    n.div_ceil(align).saturating_mul(align)
}

/// The checks clang's Sema makes on `packoffset` (the same as DXC's).
fn check_placement(
    at: u64,
    t: &ClangFacts,
    ty: &Ty,
    prev: Option<(&Arc<str>, u64, u64)>,
    member: usize,
    name: &Arc<str>,
) -> Result<(), LayoutError> {
    if let Some((other, start, end)) = prev.filter(|p| at < p.2) {
        return Err(LayoutError::PackOffsetOverlap {
            member,
            name: name.clone(),
            offset: Size::bytes(at),
            size: Size::bytes(t.size),
            other: other.clone(),
            other_start: Size::bytes(start),
            other_end: Size::bytes(end),
        });
    }
    // Sema's rule names arrays and structs only; a matrix may start mid-row.
    if matches!(ty, Ty::Array { .. } | Ty::Struct(_)) && at % 16 != 0 {
        return Err(LayoutError::PackOffsetAggregateNotRowStart {
            member,
            name: name.clone(),
            offset: Size::bytes(at),
        });
    }
    let elem_align = t.elem_align;
    if elem_align > 0 && at % elem_align != 0 {
        return Err(LayoutError::PackOffsetMisaligned {
            member,
            name: name.clone(),
            offset: Size::bytes(at),
            align: elem_align,
        });
    }
    // A member that starts a row may run past it (a `double3` at `c1`).
    if !t.aggregate && at % 16 != 0 && at % 16 + t.size > 16 {
        return Err(LayoutError::PackOffsetCrossesRow {
            member,
            name: name.clone(),
            offset: Size::bytes(at),
            size: Size::bytes(t.size),
            boundary: Size::bytes((at / 16 + 1).saturating_mul(16)),
        });
    }
    Ok(())
}

fn align_of(bytes: u64) -> Alignment {
    Alignment::from_bytes(bytes.max(1).next_power_of_two()).unwrap_or(Alignment::ONE)
}

fn leaf(kind: NodeKind, size: u64, align: u64) -> Node {
    Node {
        offset: Size::ZERO,
        size: Size::bytes(size),
        align: align_of(align),
        kind,
    }
}
