//! The "aligned" family of rule sets: StructuredBuffer (C-like), std140,
//! std430, Vulkan scalar block layout and WGSL (storage and uniform).
//!
//! In all of them every type has a size and an alignment that do not depend on
//! where the value sits, and a member goes at the next multiple of its
//! alignment after the previous member's end (or exactly at its `vk::offset`).
//! A struct aligns to its most-aligned member and its size is rounded up to
//! that alignment (tail padding), so arrays of it stay aligned. The members
//! differ only in the alignment of vectors, arrays and structs
//! (`family::Family`); see `docs/layout-rules-aligned.md` for the rules.
//!
//! Every value is first laid out at offset 0, which gives its size and
//! alignment, and then shifted to where its parent puts it. All arithmetic is
//! checked: a layout that does not fit in 64 bits is
//! [`LayoutError::SizeOverflow`].

mod family;
mod wgsl;

use std::cell::RefCell;
use std::sync::Arc;

use crate::engine::{
    checked_align, checked_end, stored_fields, type_key, MemberOrder, Placed, SharedTypes,
    TypeCache, TypeKey,
};
use crate::error::LayoutError;
use crate::layout::{
    FieldNode, LayoutBuilder, MatrixStorage, Node, NodeKind, Padding, PaddingReason,
};
use crate::rules::LayoutOptions;
use crate::ty::{Field, MatrixOrder, Placement, Scalar, StructTy, Ty, TypeOptions};
use crate::units::{Alignment, Size};

use family::Family;

/// Lays out a buffer's members (already filtered, explicit offsets first)
/// as placements of one struct at offset 0, rounded like any struct of the
/// rule set.
///
/// Every value in this family is laid out at offset 0 and shifted, so each
/// distinct member type is laid out once and every member of that type is an
/// exact shifted copy (the member's end is checked before). The one member
/// that is not a copy is a WGSL field whose `@align` raises its type's
/// alignment: its node carries the field's alignment, so it gets a type
/// entry of its own.
///
/// `bases` ([`crate::BufferDecl::element_bases`]): under DXC's SPIR-V rule
/// sets each base of a `ConstantBuffer<T>`'s `T` is a struct field of its
/// own, so at each base's end the cursor rounds up to the base's alignment
/// (its size is rounded) and that alignment counts for the buffer, as
/// [`Walker::derived_struct`] does for a derived struct member.
pub(crate) fn place_members(
    name: &Arc<str>,
    members: &MemberOrder<'_>,
    bases: &[usize],
    opts: LayoutOptions,
) -> Result<Placed, LayoutError> {
    let walker = Walker {
        family: Family::of(opts.rules),
        types: opts.types,
        structs: RefCell::default(),
    };
    let mut out = LayoutBuilder::with_capacity(members.max_len());
    let mut known: SharedTypes<usize> = SharedTypes::default();
    let mut cursor = Size::ZERO;
    let mut max_align = Alignment::ONE;
    let mut padding = Vec::new();
    let mut last = None;
    let mut bases = walker.base_ends(bases);
    for (member, f) in members.iter() {
        let ctx = Ctx {
            member,
            name: &f.name,
        };
        bases.close(
            member,
            &walker,
            &mut cursor,
            &mut max_align,
            &mut padding,
            ctx,
        )?;
        last = Some(ctx);
        let key = TypeKey::of(&f.ty);
        let id = match key.and_then(|k| known.get(&k)) {
            Some(&id) => id,
            None => {
                let child = walker.lay_out(&f.ty, ctx)?;
                let id = out.add_type(&f.ty, child);
                if let Some(key) = key {
                    known.insert(key, id);
                }
                id
            }
        };
        let (offset, align, end) =
            walker.place_field(f, out.node(id), cursor, ctx, &mut padding)?;
        let id = if align == out.node(id).align {
            id
        } else {
            let mut node = out.node(id).clone();
            node.align = align;
            out.add_type(&f.ty, node)
        };
        out.place(member, &f.name, offset, id);
        cursor = end;
        max_align = max_align.max(align);
    }
    if let Some(ctx) = last {
        bases.close(
            usize::MAX,
            &walker,
            &mut cursor,
            &mut max_align,
            &mut padding,
            ctx,
        )?;
    }
    // The buffer is a struct without WGSL overrides of its own.
    let align = walker.family.struct_align(max_align);
    let size = if walker.family.rounds_struct_size() {
        cursor
            .align_to(align)
            .ok_or_else(|| struct_overflow(last, name))?
    } else {
        cursor
    };
    push_padding(&mut padding, cursor, size, PaddingReason::Tail);
    Ok(Placed {
        builder: out,
        size,
        align,
        padding,
    })
}

/// Lays out a buffer's members as one tree (the reference for
/// [`place_members`], and [`super::layout_type`]).
pub(crate) fn layout_members(
    name: &Arc<str>,
    members: &MemberOrder<'_>,
    bases: &[usize],
    opts: LayoutOptions,
) -> Result<(Node, Vec<usize>), LayoutError> {
    let walker = Walker {
        family: Family::of(opts.rules),
        types: opts.types,
        structs: RefCell::default(),
    };
    let mut member_index = Vec::with_capacity(members.max_len());
    let mut start = None;
    let mut bases = walker.base_ends(bases);
    let all: Vec<(usize, &Field)> = members.iter().collect();
    let mut rest = &all[..];
    // Each base: the members before its end, laid out from the previous
    // base's rounded end, then rounded like a struct of its own.
    while let Some(&end) = bases.ends.first() {
        let split = rest.iter().take_while(|(m, _)| *m < end).count();
        let (now, later) = rest.split_at(split);
        let fields = now.iter().map(|&(member, f)| {
            member_index.push(member);
            (
                Ctx {
                    member,
                    name: &f.name,
                },
                f,
            )
        });
        let node = walker.struct_node(name.clone(), fields, split, None, false, start.take())?;
        let NodeKind::Struct {
            fields, padding, ..
        } = node.kind
        else {
            return Err(LayoutError::SizeOverflow {
                member: 0,
                name: name.clone(),
            });
        };
        start = Some(Start {
            fields,
            padding,
            cursor: node.size,
            align: node.align,
        });
        bases.ends = &bases.ends[1..];
        rest = later;
    }
    let fields = rest.iter().map(|&(member, f)| {
        member_index.push(member);
        (
            Ctx {
                member,
                name: &f.name,
            },
            f,
        )
    });
    let root = walker.struct_node(name.clone(), fields, members.max_len(), None, false, start)?;
    Ok((root, member_index))
}

/// The base ends still to close while placing a buffer's members.
struct BaseEnds<'b> {
    ends: &'b [usize],
}

impl BaseEnds<'_> {
    /// Before placing member `member` (`usize::MAX` after the last): rounds
    /// the cursor at each base end at or before it, as the base's struct.
    fn close(
        &mut self,
        member: usize,
        walker: &Walker,
        cursor: &mut Size,
        max_align: &mut Alignment,
        padding: &mut Vec<Padding>,
        ctx: Ctx<'_>,
    ) -> Result<(), LayoutError> {
        while let Some((&end, rest)) = self.ends.split_first() {
            if end > member {
                break;
            }
            self.ends = rest;
            let align = walker.family.struct_align(*max_align);
            let size = if walker.family.rounds_struct_size() {
                cursor.align_to(align).ok_or_else(|| ctx.overflow())?
            } else {
                *cursor
            };
            push_padding(padding, *cursor, size, PaddingReason::Tail);
            *cursor = size;
            *max_align = align;
        }
        Ok(())
    }
}

/// Which buffer member an error is reported against: nested fields report
/// the top-level member that contains them.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    member: usize,
    name: &'a Arc<str>,
}

impl Ctx<'_> {
    fn overflow(self) -> LayoutError {
        LayoutError::SizeOverflow {
            member: self.member,
            name: self.name.clone(),
        }
    }
}

struct Walker {
    family: Family,
    types: TypeOptions,
    /// Each struct type's layout (at offset 0), computed once per buffer:
    /// in this family a struct's layout does not depend on where it sits, so
    /// every instance is a copy. Failed layouts are not kept, so an error is
    /// recomputed for (and reported against) the member that hits it.
    structs: RefCell<TypeCache<Node>>,
}

impl Walker {
    /// The base ends of a `ConstantBuffer<T>` that this rule set lays out as
    /// struct fields (DXC's SPIR-V rule sets); none for the others.
    fn base_ends<'b>(&self, ends: &'b [usize]) -> BaseEnds<'b> {
        BaseEnds {
            ends: if self.family.places_packoffset() {
                ends
            } else {
                &[]
            },
        }
    }

    /// Lays out `ty` at offset 0.
    fn lay_out(&self, ty: &Ty, ctx: Ctx<'_>) -> Result<Node, LayoutError> {
        match ty {
            Ty::Scalar(s) => Ok(leaf(
                NodeKind::Scalar(*s),
                s.size(self.types),
                s.align(self.types),
            )),
            Ty::Vector { scalar, len } => self.vector(*scalar, *len, ctx),
            Ty::Matrix {
                scalar,
                rows,
                cols,
                order,
            } => self.matrix(*scalar, *rows, *cols, *order, ctx),
            Ty::Array { elem, len, stride } => {
                let element = self.lay_out(elem, ctx)?;
                let stride = match stride {
                    Some(s) if self.family.is_wgsl() => {
                        wgsl::check_stride(*s, &element, elem, ctx)?;
                        Some(*s)
                    }
                    // `@stride` is WGSL syntax; the other rule sets ignore it.
                    _ => None,
                };
                self.array(element, *len, stride, ctx)
            }
            Ty::Struct(s) => {
                let key = type_key(s);
                if let Some(node) = self.structs.borrow().get(&key) {
                    return Ok(node.shifted(0));
                }
                let node = self.struct_ty(s, ctx)?;
                self.structs.borrow_mut().insert(key, node.shifted(0));
                Ok(node)
            }
            // Resources take no bytes; the caller filters them, but a direct
            // `layout_type` of one gets an empty node rather than a panic.
            Ty::Resource(_) => Ok(Node {
                offset: Size::ZERO,
                size: Size::ZERO,
                align: Alignment::ONE,
                kind: NodeKind::Struct {
                    name: Arc::from(ty.to_string()),
                    fields: Vec::new(),
                    padding: Vec::new(),
                    filtered: true,
                },
            }),
        }
    }

    fn vector(&self, scalar: Scalar, len: u8, ctx: Ctx<'_>) -> Result<Node, LayoutError> {
        if !(1..=4).contains(&len) {
            return Err(LayoutError::BadVectorLength {
                member: ctx.member,
                name: ctx.name.clone(),
                len,
            });
        }
        let size = Size::bytes(scalar.size(self.types).get() * u64::from(len));
        let align = self
            .family
            .vector_align(scalar.align(self.types), len, size);
        Ok(leaf(NodeKind::Vector { scalar, len }, size, align))
    }

    /// A matrix is an array of its column vectors (row vectors when
    /// row-major) under the array rules of the rule set. A matrix with a
    /// single row or column is a plain vector of `rows * cols` components, as
    /// DXC's SPIR-V back end makes it (SPIR-V has no such matrices).
    fn matrix(
        &self,
        scalar: Scalar,
        rows: u8,
        cols: u8,
        order: MatrixOrder,
        ctx: Ctx<'_>,
    ) -> Result<Node, LayoutError> {
        for len in [rows, cols] {
            if !(1..=4).contains(&len) {
                return Err(LayoutError::BadVectorLength {
                    member: ctx.member,
                    name: ctx.name.clone(),
                    len,
                });
            }
        }
        let (count, len) = match order {
            MatrixOrder::ColumnMajor => (cols, rows),
            MatrixOrder::RowMajor => (rows, cols),
        };
        let storage = if count == 1 || len == 1 {
            self.vector(scalar, count * len, ctx)?
        } else {
            let vector = self.vector(scalar, len, ctx)?;
            self.array(vector, u64::from(count), None, ctx)?
        };
        Ok(Node {
            offset: Size::ZERO,
            size: storage.size,
            align: storage.align,
            kind: NodeKind::Matrix {
                scalar,
                rows,
                cols,
                order,
                repr: MatrixStorage::Vectors,
                storage: Box::new(storage),
            },
        })
    }

    /// `count` copies of `element` (laid out at 0), `stride` apart: the given
    /// stride (already checked) or the element size rounded up to the array's
    /// alignment.
    fn array(
        &self,
        element: Node,
        count: u64,
        stride: Option<Size>,
        ctx: Ctx<'_>,
    ) -> Result<Node, LayoutError> {
        let align = self.family.array_align(element.align);
        let stride = match stride {
            Some(s) => s,
            // DXC's scalar layout: the stride is the element's size, which
            // for a struct is not rounded to its alignment.
            None if !self.family.rounds_struct_size() => element.size,
            None => checked_align(element.size, align, ctx.member, ctx.name)?,
        };
        let size = stride.checked_mul(count).ok_or_else(|| ctx.overflow())?;
        Ok(Node {
            offset: Size::ZERO,
            size,
            align,
            kind: NodeKind::Array {
                count,
                stride,
                trailing_padding: count > 0 && stride > element.size,
                element: Box::new(element),
            },
        })
    }

    fn struct_ty(&self, s: &StructTy, ctx: Ctx<'_>) -> Result<Node, LayoutError> {
        if let (Some(base), true) = (&s.base, self.family.lays_bases_as_fields()) {
            return self.derived_struct(s, base, ctx);
        }
        let (kept, filtered) = stored_fields(s);
        // Like the buffer's members: in declaration order, `vk::offset`
        // fields included (DXC applies the attribute without sorting).
        let placed = kept;
        let fields = placed.iter().map(|&f| (ctx, f));
        let overrides = self.family.is_wgsl().then_some((s.align, s.size, ctx));
        self.struct_node(
            s.name.clone(),
            fields,
            placed.len(),
            overrides,
            filtered,
            None,
        )
    }

    /// A derived struct (`struct D : B`) under DXC's SPIR-V rule sets and
    /// the structured (C) rules: the base is a struct field of its own at
    /// offset 0, so the own fields start after the base's *rounded* size
    /// and the base's alignment (16 or more under std140) counts for `D`'s
    /// (DXC's `AlignmentSizeCalculator`, rule 9). The node stays
    /// flat, the base's fields first, as everywhere else: only the offsets
    /// change, and the base's tail padding shows as such.
    fn derived_struct(
        &self,
        s: &StructTy,
        base: &StructTy,
        ctx: Ctx<'_>,
    ) -> Result<Node, LayoutError> {
        let base_node = self.struct_ty(base, ctx)?;
        let (base_size, base_align) = (base_node.size, base_node.align);
        let NodeKind::Struct {
            fields: base_fields,
            padding: base_padding,
            filtered: base_filtered,
            ..
        } = base_node.kind
        else {
            return Err(ctx.overflow());
        };
        let own: Vec<&Field> = s.fields.iter().filter(|f| f.is_stored()).collect();
        let filtered = base_filtered || s.fields.iter().any(|f| !f.is_stored());
        let start = Start {
            fields: base_fields,
            padding: base_padding,
            cursor: base_size,
            align: base_align,
        };
        let fields = own.iter().map(|&f| (ctx, f));
        self.struct_node(
            s.name.clone(),
            fields,
            own.len(),
            None,
            filtered,
            Some(start),
        )
    }

    /// Places field `f`, whose type is laid out at offset 0 as `child`, after
    /// a previous field ending at `cursor`: returns its offset, the alignment
    /// it occupies (WGSL's `@align` may raise the type's) and its end, and
    /// records the padding before and (WGSL's `@size`) after it.
    fn place_field(
        &self,
        f: &Field,
        child: &Node,
        cursor: Size,
        ctx: Ctx<'_>,
        padding: &mut Vec<Padding>,
    ) -> Result<(Size, Alignment, Size), LayoutError> {
        let (align, size) = if self.family.is_wgsl() {
            wgsl::field_overrides(f, child, ctx)?
        } else {
            (child.align, child.size)
        };
        // `vk::offset`, and under DXC's SPIR-V rule sets `packoffset` /
        // `register(c#)` (buffer members only): exactly where they say, as
        // DXC's SPIR-V back end places them under every `-fvk-use-*` flag.
        // The structured and WGSL rule sets ignore the D3D placements.
        let placement = f
            .placement
            .filter(|p| matches!(p, Placement::VkOffset(_)) || self.family.places_packoffset());
        let (offset, reason) = match placement.map(|p| (p, p.byte_offset())) {
            Some((_, Some(at))) => (
                explicit_offset(f, child, at, cursor, align, self, ctx)?,
                PaddingReason::ExplicitOffset,
            ),
            Some((_, None)) => return Err(ctx.overflow()),
            _ => {
                let reason = match f.ty {
                    Ty::Struct(_) => PaddingReason::StructStart,
                    _ => PaddingReason::Alignment,
                };
                let relaxed = if self.family.is_relaxed() {
                    relaxed_vector(child, self.types)
                        .and_then(|c| family::relaxed_vector_offset(cursor, c, size))
                } else {
                    None
                };
                let offset = match relaxed {
                    Some(offset) => offset.ok_or_else(|| ctx.overflow())?,
                    None => checked_align(cursor, align, ctx.member, ctx.name)?,
                };
                (offset, reason)
            }
        };
        push_padding(padding, cursor, offset, reason);
        let end = checked_end(offset, size, ctx.member, ctx.name)?;
        if self.family.is_wgsl_uniform() {
            wgsl::check_uniform_field(f, offset, child, ctx)?;
        }
        // `size >= child.size`, so the node's end fits too.
        let node_end = Size::bytes(offset.get() + child.size.get());
        push_padding(padding, node_end, end, PaddingReason::FieldSize);
        Ok((offset, align, end))
    }

    /// Places `fields` one after another from offset 0 and rounds the end up
    /// to the struct's alignment. `overrides` are a WGSL struct type's own
    /// `@align` / `@size`.
    fn struct_node<'c, 'f>(
        &self,
        name: Arc<str>,
        fields: impl Iterator<Item = (Ctx<'c>, &'f Field)>,
        capacity: usize,
        overrides: Option<(Option<Alignment>, Option<Size>, Ctx<'_>)>,
        filtered: bool,
        start: Option<Start>,
    ) -> Result<Node, LayoutError> {
        let (mut nodes, mut padding, mut cursor, mut max_align) = match start {
            Some(Start {
                mut fields,
                padding,
                cursor,
                align,
            }) => {
                fields.reserve(capacity);
                (fields, padding, cursor, align)
            }
            None => (
                Vec::with_capacity(capacity),
                Vec::new(),
                Size::ZERO,
                Alignment::ONE,
            ),
        };
        // The last field's context: a struct whose rounded size overflows
        // reports against it.
        let mut last = None;
        for (ctx, f) in fields {
            last = Some(ctx);
            let child = self.lay_out(&f.ty, ctx)?;
            let (offset, align, end) = self.place_field(f, &child, cursor, ctx, &mut padding)?;
            // `offset + child.size <= end` was checked, so shifting cannot wrap.
            let mut node = child;
            node.shift_in_place(offset.get());
            node.align = align;
            nodes.push(FieldNode {
                name: f.name.clone(),
                ty: f.ty.clone(),
                node,
            });
            cursor = end;
            max_align = max_align.max(align);
        }
        let mut align = self.family.struct_align(max_align);
        let mut size_override = None;
        if let Some((given_align, given_size, ctx)) = overrides {
            if let Some(a) = given_align {
                wgsl::check_struct_align(&name, a, align, ctx)?;
                align = a;
            }
            if let Some(s) = given_size {
                wgsl::check_struct_size(&name, s, cursor, ctx)?;
                size_override = Some(s);
            }
        }
        let size = match size_override {
            Some(s) => s,
            None if !self.family.rounds_struct_size() => cursor,
            None => cursor
                .align_to(align)
                .ok_or_else(|| struct_overflow(last, &name))?,
        };
        push_padding(&mut padding, cursor, size, PaddingReason::Tail);
        Ok(Node {
            offset: Size::ZERO,
            size,
            align,
            kind: NodeKind::Struct {
                name,
                fields: nodes,
                padding,
                filtered,
            },
        })
    }
}

/// What a derived struct starts from: its base laid out as a struct (its
/// fields and padding, its rounded size and its alignment).
struct Start {
    fields: Vec<FieldNode>,
    padding: Vec<Padding>,
    cursor: Size,
    align: Alignment,
}

/// Overflow while rounding a struct's end, reported against its last field
/// (a struct without fields ends at 0 and cannot overflow).
fn struct_overflow(last: Option<Ctx<'_>>, name: &Arc<str>) -> LayoutError {
    match last {
        Some(ctx) => ctx.overflow(),
        None => LayoutError::SizeOverflow {
            member: 0,
            name: name.clone(),
        },
    }
}

/// Validates an explicit offset `at` (relative to the enclosing struct) for
/// a member of alignment `align` after a previous member ending at
/// `cursor`. Under the relaxed rule sets a vector whose component is at
/// most 4 bytes only needs its component's alignment and no improper
/// straddle (the offsets `VK_KHR_relaxed_block_layout` accepts); under the
/// scalar layout any offset at or after `cursor` is accepted.
fn explicit_offset(
    f: &Field,
    child: &Node,
    at: Size,
    cursor: Size,
    align: Alignment,
    walker: &Walker,
    ctx: Ctx<'_>,
) -> Result<Size, LayoutError> {
    if at < cursor {
        return Err(LayoutError::ExplicitOffsetBackwards {
            member: ctx.member,
            name: f.name.clone(),
            offset: at,
            previous_end: cursor,
        });
    }
    let relaxed = if walker.family.is_relaxed() {
        relaxed_vector(child, walker.types)
            .and_then(|c| family::relaxed_vector_offset(at, c, child.size))
    } else {
        None
    };
    // DXC does not check explicit offsets itself; SPIR-V's validator does,
    // by the block layout rule of the flag, except under the scalar layout,
    // where DXC tells it to skip the block layout check: any offset at or
    // after the previous member's end stands there.
    let ok = match relaxed {
        _ if walker.family.accepts_any_explicit_offset() => true,
        Some(placed) => placed == Some(at),
        None => at.is_aligned(align),
    };
    if !ok {
        return Err(LayoutError::PackOffsetMisaligned {
            member: ctx.member,
            name: f.name.clone(),
            offset: at,
            align: align.bytes(),
        });
    }
    Ok(at)
}

fn push_padding(padding: &mut Vec<Padding>, from: Size, to: Size, reason: PaddingReason) {
    if to > from {
        padding.push(Padding {
            offset: from,
            size: to.saturating_sub(from),
            reason,
        });
    }
}

/// The component alignment of a value the relaxed rule places like a vector:
/// a vector, or a matrix with one row or one column (stored as one vector).
/// The node keeps its std140 alignment, so the struct holding it still
/// aligns to it.
fn relaxed_vector(node: &Node, types: TypeOptions) -> Option<Alignment> {
    match &node.kind {
        NodeKind::Vector { scalar, .. } => Some(scalar.align(types)),
        NodeKind::Matrix { storage, .. } => match storage.kind {
            NodeKind::Vector { scalar, .. } => Some(scalar.align(types)),
            _ => None,
        },
        _ => None,
    }
}

fn leaf(kind: NodeKind, size: Size, align: Alignment) -> Node {
    Node {
        offset: Size::ZERO,
        size,
        align,
        kind,
    }
}
