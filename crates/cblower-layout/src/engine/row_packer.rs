//! D3D10+ constant buffer packing, as DXC does it (and LLVM main since its 2026
//! fixes). The buffer is a sequence of 16-byte rows:
//!
//! 1. scalars are self-aligned; vectors align to their component;
//! 2. a member that would straddle a row boundary starts the next row;
//! 3. arrays start a row, and so does every element (stride = element size
//!    rounded up to 16); nothing follows the last element, so the next member
//!    may pack into the array's last row;
//! 4. structs start a row; inside, the same rules apply; no tail padding;
//!
//! matrices are arrays of column vectors (row vectors when row-major), except
//! that a one-column (one-row) matrix is laid out like a plain vector.
//!
//! Min-precision types differ by position, as in DXC (whose buffer-level
//! allocator and struct annotator are separate routines):
//! - at the top level of a buffer, with native 16-bit types off, a member of
//!   the other precision class than the buffer's current one starts a row
//!   (`Precision`); with them on, a min-precision scalar is 2-aligned;
//! - inside a struct there is no precision rule, and with native 16-bit types
//!   on a min-precision scalar is 4-aligned though only 2 bytes long.
//!
//! `packoffset(cN.c)` / `register(cN)` members are placed exactly, after the
//! checks DXC makes: no overlap, no row crossing from a component, 64-bit
//! members 8-aligned, arrays and structs at `.x`.
//!
//! `RuleSet::FxcCBuffer` (DXC's `-fvk-use-dx-layout` on SPIR-V) packs the
//! same rows with the differences of DXC's SPIR-V back end: no
//! min-precision rule (a min-precision type is aligned to its size wherever
//! it is), explicit offsets checked only for going backwards (members are
//! not sorted by `packoffset`), and 64-bit matrices stored as several 3- or
//! 4-component vectors refused (DXC sizes them as if their vectors were 16
//! bytes apart, so what follows would overlap them).

use std::sync::Arc;

use crate::buffer::BufferKind;
use crate::engine::{
    checked_align, checked_end, stored_fields_iter, type_key, MemberOrder, Placed, SharedTypes,
    TypeCache, TypeKey,
};
use crate::error::LayoutError;
use crate::layout::{
    FieldNode, LayoutBuilder, MatrixStorage, Node, NodeKind, Padding, PaddingReason,
};
use crate::rules::{LayoutOptions, RuleSet};
use crate::ty::{Field, MatrixOrder, Scalar, StructTy, Ty};
use crate::units::{Alignment, Size};

/// Lays out a buffer's (already filtered and ordered) members as
/// placements: each distinct member type is laid out once at offset 0 and
/// every member of that type refers to it.
///
/// Under these rules a value that starts a row lays out the same wherever
/// that row is (rows are 16 bytes and nothing inside depends on more than
/// the position within a row), and scalars, vectors and one-vector matrices
/// are single nodes, so a legal placement is always a shifted copy. The
/// exceptions are left to the in-place algorithm, which then gives the
/// member its own type entry: a member so close to `u64::MAX` that the
/// direct computation could overflow ([`REUSE_MARGIN`]), or a type whose
/// offset-0 layout fails (so the error carries the real offsets).
pub(crate) fn place_members(
    members: &MemberOrder<'_>,
    opts: LayoutOptions,
    top: Position,
) -> Result<Placed, LayoutError> {
    /// What the packer keeps about a member type.
    #[derive(Clone, Copy)]
    struct Known {
        id: usize,
        facts: TypeFacts,
    }
    let mut packer = RowPacker::new(Size::ZERO, opts, 0, top);
    let mut out = LayoutBuilder::with_capacity(members.max_len());
    let mut known: SharedTypes<Known> = SharedTypes::default();
    let mut structs = StructLayouts::default();
    for (index, field) in members.iter() {
        let name = &field.name;
        let ty = &field.ty;
        let explicit = explicit_offset(field, index)?;
        let key = TypeKey::of(ty);
        let hit = key.and_then(|k| known.get(&k)).copied();
        let facts = match hit {
            Some(k) => k.facts,
            None => TypeFacts::of(ty, opts, top, index, name)?,
        };
        let (offset, reason) = packer.offset_for(&facts, explicit, out.last(), index, name)?;
        if offset > packer.cur {
            packer.pad(offset, reason);
        }
        let shifts_exactly = |size: Size| {
            (!facts.aggregate || offset.row_offset() == 0)
                && offset
                    .get()
                    .checked_add(size.get())
                    .and_then(|end| end.checked_add(REUSE_MARGIN))
                    .is_some()
        };
        let shared = match hit {
            Some(k) => Some(k.id),
            None => match (
                key,
                lay_out(ty, Size::ZERO, opts, top, index, name, &mut structs),
            ) {
                (Some(key), Ok(template)) => {
                    let id = out.add_type(ty, template);
                    known.insert(key, Known { id, facts });
                    Some(id)
                }
                _ => None,
            },
        };
        let id = match shared {
            Some(id) if shifts_exactly(out.node(id).size) => id,
            _ => {
                let node = lay_out(ty, offset, opts, top, index, name, &mut structs)?;
                out.add_type(ty, node)
            }
        };
        let size = out.node(id).size;
        let end = checked_end(offset, size, index, name)?;
        packer.placed(&facts, explicit.is_some(), size);
        out.place(index, name, offset, id);
        packer.cur = end;
    }
    Ok(Placed {
        builder: out,
        size: packer.cur,
        align: Alignment::SIXTEEN,
        padding: packer.padding,
    })
}

/// A top-level member's `packoffset` / `register(c#)` / `vk::offset` in bytes.
fn explicit_offset(field: &Field, index: usize) -> Result<Option<Size>, LayoutError> {
    match field.placement {
        Some(p) => Ok(Some(p.byte_offset().ok_or_else(|| {
            LayoutError::SizeOverflow {
                member: index,
                name: field.name.clone(),
            }
        })?)),
        None => Ok(None),
    }
}

/// Lays out a buffer's (already filtered and ordered) members as one tree,
/// each member in place (the reference for [`place_members`], and
/// [`super::layout_type`]).
pub(crate) fn layout_members(
    name: &Arc<str>,
    members: &MemberOrder<'_>,
    opts: LayoutOptions,
    top: Position,
) -> Result<(Node, Vec<usize>), LayoutError> {
    let mut packer = RowPacker::new(Size::ZERO, opts, members.max_len(), top);
    let mut member_index = Vec::with_capacity(members.max_len());
    let mut structs = StructLayouts::default();
    for (index, field) in members.iter() {
        let explicit = explicit_offset(field, index)?;
        packer.push(field, index, explicit, &mut structs)?;
        member_index.push(index);
    }
    let root = packer.finish(name.clone(), false);
    Ok((root, member_index))
}

/// Where a value is packed: DXC lays out a buffer's own members and the
/// fields of a struct with two different routines, which disagree on
/// min-precision types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Position {
    /// A member of the buffer itself (or an element of such a member array).
    TopLevel,
    /// A field of a struct, at any depth.
    InStruct,
}

impl Position {
    /// Where a buffer's members sit: the members of `ConstantBuffer<T>` and
    /// `TextureBuffer<T>` are the fields of `T`, which DXC lays out as a
    /// struct; those of `cbuffer`, `tbuffer` and `$Globals` are top-level.
    pub(crate) fn of_members(kind: BufferKind) -> Position {
        if kind.is_templated() {
            Position::InStruct
        } else {
            Position::TopLevel
        }
    }
}

/// The precision class of the buffer's current row, kept at the top level
/// when native 16-bit types are off. It is a flag, not a property of the
/// bytes in the row, and it follows DXC's allocator exactly:
/// - it starts out `Full`;
/// - a scalar, vector or matrix sets it to its own class (after starting a
///   new row if the class differs and the row has started);
/// - a struct sets it to `Full`, whatever the struct ends with;
/// - an array leaves it as it was, whatever its elements are;
/// - members with an explicit offset and zero-sized members leave it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Precision {
    Full,
    Min,
}

fn precision_of(s: Scalar) -> Precision {
    if s.is_min_precision() {
        Precision::Min
    } else {
        Precision::Full
    }
}

/// DXC's FXC-compatible SPIR-V layout (see the module documentation).
fn fxc(opts: LayoutOptions) -> bool {
    opts.rules == RuleSet::FxcCBuffer
}

/// A scalar's alignment at `pos`: inside a struct DXC aligns only `half` /
/// `float16_t`, `int16_t` and `uint16_t` to 2 with native 16-bit types on,
/// so a 2-byte min-precision field is 4-aligned; at the top level every
/// 2-byte scalar is 2-aligned. DXC's SPIR-V back end aligns every scalar to
/// its size.
fn scalar_align(s: Scalar, opts: LayoutOptions, pos: Position) -> Alignment {
    let natural = s.align(opts.types);
    if pos == Position::InStruct && s.is_min_precision() && natural.bytes() < 4 && !fxc(opts) {
        Alignment::FOUR
    } else {
        natural
    }
}

/// Packs fields one after another into 16-byte rows starting at `base` (a row start).
struct RowPacker {
    opts: LayoutOptions,
    base: Size,
    cur: Size,
    fields: Vec<FieldNode>,
    padding: Vec<Padding>,
    pos: Position,
    /// The current row's precision class (only consulted at the top level
    /// with native 16-bit types off).
    precision: Precision,
}

impl RowPacker {
    fn new(base: Size, opts: LayoutOptions, capacity: usize, pos: Position) -> RowPacker {
        RowPacker {
            opts,
            base,
            cur: base,
            fields: Vec::with_capacity(capacity),
            padding: Vec::new(),
            pos,
            precision: Precision::Full,
        }
    }

    /// Updates the precision state after a member of type `facts` and size
    /// `size` was placed (see [`Precision`]).
    fn placed(&mut self, facts: &TypeFacts, explicit: bool, size: Size) {
        if explicit || size.get() == 0 {
            return;
        }
        if let Some(p) = facts.sets_precision {
            self.precision = p;
        }
    }

    /// Places `field`. `member` is the index of the top-level buffer member
    /// that errors refer to (for a nested field, the member containing it).
    fn push(
        &mut self,
        field: &Field,
        member: usize,
        explicit: Option<Size>,
        structs: &mut StructLayouts,
    ) -> Result<(), LayoutError> {
        let name = &field.name;
        let ty = &field.ty;
        let facts = TypeFacts::of(ty, self.opts, self.pos, member, name)?;
        let prev = self
            .fields
            .last()
            .map(|f| (&f.name, f.node.offset, f.node.end()));
        let (offset, reason) = self.offset_for(&facts, explicit, prev, member, name)?;
        if offset > self.cur {
            self.pad(offset, reason);
        }
        let node = lay_out(ty, offset, self.opts, self.pos, member, name, structs)?;
        // A value placed at the very top of the range (say at u64::MAX - 15)
        // can end past it; that is an overflow, not a wrapped offset.
        let end = checked_end(node.offset, node.size, member, name)?;
        self.placed(&facts, explicit.is_some(), node.size);
        self.fields.push(FieldNode {
            name: name.clone(),
            ty: ty.clone(),
            node,
        });
        self.cur = end;
        Ok(())
    }

    fn pad(&mut self, to: Size, reason: PaddingReason) {
        self.padding.push(Padding {
            offset: self.cur,
            size: to.saturating_sub(self.cur),
            reason,
        });
    }

    /// Where a member goes (exactly at `explicit` after DXC's checks, else
    /// the next legal position), and why any gap before it exists. `prev` is
    /// the last member placed (name, offset, end), for the overlap error.
    fn offset_for(
        &self,
        facts: &TypeFacts,
        explicit: Option<Size>,
        prev: Option<(&Arc<str>, Size, Size)>,
        member: usize,
        name: &Arc<str>,
    ) -> Result<(Size, PaddingReason), LayoutError> {
        match explicit {
            Some(at) => {
                self.check_explicit(at, facts, prev, member, name)?;
                Ok((at, PaddingReason::ExplicitOffset))
            }
            None => self.natural_offset(facts, member, name),
        }
    }

    /// Where a member without explicit placement goes, and why any gap exists.
    fn natural_offset(
        &self,
        facts: &TypeFacts,
        member: usize,
        name: &Arc<str>,
    ) -> Result<(Size, PaddingReason), LayoutError> {
        let aligned = checked_align(self.cur, facts.align, member, name)?;
        let row_start = checked_align(aligned, Alignment::SIXTEEN, member, name)?;
        if facts.aggregate {
            let reason = if facts.is_struct {
                PaddingReason::StructStart
            } else {
                PaddingReason::ArrayStart
            };
            return Ok((row_start, reason));
        }
        if aligned.row_offset() + facts.size.get() > 16 && aligned.row_offset() != 0 {
            return Ok((row_start, PaddingReason::RowBoundary));
        }
        if self.pos == Position::TopLevel && !self.opts.types.native_16bit && !fxc(self.opts) {
            if let Some(p) = facts.sets_precision {
                if p != self.precision && aligned.row_offset() != 0 {
                    return Ok((row_start, PaddingReason::PrecisionClass));
                }
            }
        }
        Ok((aligned, PaddingReason::Alignment))
    }

    fn check_explicit(
        &self,
        at: Size,
        facts: &TypeFacts,
        prev: Option<(&Arc<str>, Size, Size)>,
        member: usize,
        name: &Arc<str>,
    ) -> Result<(), LayoutError> {
        if fxc(self.opts) {
            // DXC's SPIR-V back end: members in declaration order, an
            // explicit offset only checked against the previous end.
            if at < self.cur {
                return Err(LayoutError::ExplicitOffsetBackwards {
                    member,
                    name: name.clone(),
                    offset: at.saturating_sub(self.base),
                    previous_end: self.cur.saturating_sub(self.base),
                });
            }
            return Ok(());
        }
        if at < self.cur {
            // Members arrive sorted by offset, so the only member that can
            // overlap is the last one placed.
            if let Some((other, other_start, other_end)) = prev {
                return Err(LayoutError::PackOffsetOverlap {
                    member,
                    name: name.clone(),
                    offset: at,
                    size: facts.size,
                    other: other.clone(),
                    other_start,
                    other_end,
                });
            }
        }
        if facts.aggregate && at.row_offset() != 0 {
            return Err(LayoutError::PackOffsetAggregateNotRowStart {
                member,
                name: name.clone(),
                offset: at,
            });
        }
        if !at.is_aligned(facts.align) {
            return Err(LayoutError::PackOffsetMisaligned {
                member,
                name: name.clone(),
                offset: at,
                align: facts.align.bytes(),
            });
        }
        // A member that starts a row may run past it (a `double3` at `c1`).
        if !facts.aggregate && at.row_offset() != 0 && at.row_offset() + facts.size.get() > 16 {
            return Err(LayoutError::PackOffsetCrossesRow {
                member,
                name: name.clone(),
                offset: at,
                size: facts.size,
                boundary: Size::bytes((at.row() + 1).saturating_mul(16)),
            });
        }
        Ok(())
    }

    fn finish(self, name: Arc<str>, filtered: bool) -> Node {
        Node {
            offset: self.base,
            size: self.cur.saturating_sub(self.base),
            align: Alignment::SIXTEEN,
            kind: NodeKind::Struct {
                name,
                fields: self.fields,
                padding: self.padding,
                filtered,
            },
        }
    }
}

/// What placement needs to know about a type before laying it out.
#[derive(Clone, Copy)]
struct TypeFacts {
    /// Starts a new row (arrays, structs, matrices stored as several vectors).
    aggregate: bool,
    is_struct: bool,
    /// Size; only meaningful for non-aggregates (aggregates start a row anyway).
    size: Size,
    align: Alignment,
    /// What placing the type does to the top level's [`Precision`] state
    /// (`None`: leaves it alone).
    sets_precision: Option<Precision>,
}

impl TypeFacts {
    fn of(
        ty: &Ty,
        opts: LayoutOptions,
        pos: Position,
        member: usize,
        name: &Arc<str>,
    ) -> Result<TypeFacts, LayoutError> {
        let t = opts.types;
        Ok(match ty {
            Ty::Scalar(s) => TypeFacts {
                aggregate: false,
                is_struct: false,
                size: s.size(t),
                align: scalar_align(*s, opts, pos),
                sets_precision: Some(precision_of(*s)),
            },
            Ty::Vector { scalar, len } => TypeFacts {
                aggregate: false,
                is_struct: false,
                size: vector_size(*scalar, *len, opts, member, name)?,
                align: scalar_align(*scalar, opts, pos),
                sets_precision: Some(precision_of(*scalar)),
            },
            Ty::Matrix {
                scalar,
                rows,
                cols,
                order,
            } => {
                let (count, len) = matrix_vectors(*rows, *cols, *order);
                check_fxc_matrix(*scalar, count, len, opts, member, name)?;
                TypeFacts {
                    aggregate: count > 1,
                    is_struct: false,
                    size: vector_size(*scalar, len, opts, member, name)?,
                    align: scalar_align(*scalar, opts, pos),
                    sets_precision: Some(precision_of(*scalar)),
                }
            }
            Ty::Array { .. } => TypeFacts {
                aggregate: true,
                is_struct: false,
                size: Size::ZERO,
                align: Alignment::SIXTEEN,
                sets_precision: None,
            },
            Ty::Struct(_) => TypeFacts {
                aggregate: true,
                is_struct: true,
                size: Size::ZERO,
                align: Alignment::SIXTEEN,
                sets_precision: Some(Precision::Full),
            },
            Ty::Resource(_) => TypeFacts {
                aggregate: true,
                is_struct: true,
                size: Size::ZERO,
                align: Alignment::SIXTEEN,
                sets_precision: None,
            },
        })
    }
}

/// Under [`RuleSet::FxcCBuffer`], refuses a matrix of 64-bit components
/// stored as several vectors of 3 or 4 components: DXC aligns it to 32 and
/// steps its vectors 32 bytes apart, but sizes it as `16 * (count - 1)` plus
/// one vector, so the next member (or array element) would overlap it.
fn check_fxc_matrix(
    scalar: Scalar,
    count: u8,
    len: u8,
    opts: LayoutOptions,
    member: usize,
    name: &Arc<str>,
) -> Result<(), LayoutError> {
    if fxc(opts) && count > 1 && len >= 3 && scalar.size(opts.types).get() == 8 {
        return Err(LayoutError::FxcOverlappingMatrix {
            member,
            name: name.clone(),
            count,
            len,
        });
    }
    Ok(())
}

/// (number of vectors, components per vector) of a matrix's storage.
pub(crate) fn matrix_vectors(rows: u8, cols: u8, order: MatrixOrder) -> (u8, u8) {
    match order {
        MatrixOrder::ColumnMajor => (cols, rows),
        MatrixOrder::RowMajor => (rows, cols),
    }
}

fn vector_size(
    scalar: Scalar,
    len: u8,
    opts: LayoutOptions,
    member: usize,
    name: &Arc<str>,
) -> Result<Size, LayoutError> {
    if !(1..=4).contains(&len) {
        return Err(LayoutError::BadVectorLength {
            member,
            name: name.clone(),
            len,
        });
    }
    Ok(Size::bytes(scalar.size(opts.types).get() * len as u64))
}

/// Each struct type's layout at offset 0, computed once per buffer. A struct
/// always starts a row, so its inner layout does not depend on where it sits:
/// every further instance is a shifted copy (see [`struct_instance`]).
type StructLayouts = TypeCache<Node>;

/// Lays out `ty` at `at`, which the caller has already made legal for it.
fn lay_out(
    ty: &Ty,
    at: Size,
    opts: LayoutOptions,
    pos: Position,
    member: usize,
    name: &Arc<str>,
    structs: &mut StructLayouts,
) -> Result<Node, LayoutError> {
    let t = opts.types;
    Ok(match ty {
        Ty::Scalar(s) => Node {
            offset: at,
            size: s.size(t),
            align: scalar_align(*s, opts, pos),
            kind: NodeKind::Scalar(*s),
        },
        Ty::Vector { scalar, len } => vector_node(*scalar, *len, at, opts, pos, member, name)?,
        Ty::Matrix {
            scalar,
            rows,
            cols,
            order,
        } => {
            let (count, len) = matrix_vectors(*rows, *cols, *order);
            check_fxc_matrix(*scalar, count, len, opts, member, name)?;
            let vector = vector_node(*scalar, len, at, opts, pos, member, name)?;
            let storage = if count == 1 {
                vector
            } else {
                array_node(vector, count as u64, member, name)?
            };
            Node {
                offset: at,
                size: storage.size,
                align: storage.align,
                kind: NodeKind::Matrix {
                    scalar: *scalar,
                    rows: *rows,
                    cols: *cols,
                    order: *order,
                    repr: MatrixStorage::Vectors,
                    storage: Box::new(storage),
                },
            }
        }
        Ty::Array { elem, len, .. } => {
            let element = lay_out(elem, at, opts, pos, member, name, structs)?;
            array_node(element, *len, member, name)?
        }
        Ty::Struct(s) => struct_instance(s, at, opts, member, name, structs)?,
        Ty::Resource(_) => Node {
            offset: at,
            size: Size::ZERO,
            align: Alignment::ONE,
            kind: NodeKind::Struct {
                name: Arc::from(ty.to_string()),
                fields: Vec::new(),
                padding: Vec::new(),
                filtered: true,
            },
        },
    })
}

/// Margin kept below `u64::MAX` when reusing a layout computed at offset 0
/// (a struct instance, or a buffer member's type): the direct computation
/// rounds intermediate offsets up to a row, so near the top of the address
/// range it is left to report the overflow exactly.
const REUSE_MARGIN: u64 = 64;

/// A struct at `at`: a shifted copy of the type's layout at offset 0 when `at`
/// starts a row (always, for a legal placement) and the copy's offsets
/// cannot overflow; otherwise, and whenever the offset-0 layout fails (so the
/// error carries the real offsets), computed in place.
fn struct_instance(
    s: &Arc<StructTy>,
    at: Size,
    opts: LayoutOptions,
    member: usize,
    name: &Arc<str>,
    structs: &mut StructLayouts,
) -> Result<Node, LayoutError> {
    let key = type_key(s);
    let reusable = |template: &Node| {
        at.row_offset() == 0
            && at
                .get()
                .checked_add(template.size.get())
                .and_then(|end| end.checked_add(REUSE_MARGIN))
                .is_some()
    };
    if let Some(template) = structs.get(&key) {
        if reusable(template) {
            return Ok(template.shifted(at.get()));
        }
    } else if at.row_offset() == 0 {
        if let Ok(template) = struct_in_place(s, Size::ZERO, opts, member, name, structs) {
            let node = reusable(&template).then(|| template.shifted(at.get()));
            structs.insert(key, template);
            if let Some(node) = node {
                return Ok(node);
            }
        }
    }
    struct_in_place(s, at, opts, member, name, structs)
}

/// Packs a struct's stored fields into rows starting at `at`.
fn struct_in_place(
    s: &StructTy,
    at: Size,
    opts: LayoutOptions,
    member: usize,
    name: &Arc<str>,
    structs: &mut StructLayouts,
) -> Result<Node, LayoutError> {
    let (fields, filtered) = stored_fields_iter(s);
    let mut packer = RowPacker::new(at, opts, s.fields.len(), Position::InStruct);
    for f in fields {
        let explicit = match f.placement {
            Some(crate::ty::Placement::VkOffset(b)) => {
                Some(checked_end(at, Size::bytes(b), member, name)?)
            }
            _ => None,
        };
        packer.push(f, member, explicit, structs)?;
    }
    Ok(packer.finish(s.name.clone(), filtered))
}

fn vector_node(
    scalar: Scalar,
    len: u8,
    at: Size,
    opts: LayoutOptions,
    pos: Position,
    member: usize,
    name: &Arc<str>,
) -> Result<Node, LayoutError> {
    Ok(Node {
        offset: at,
        size: vector_size(scalar, len, opts, member, name)?,
        align: scalar_align(scalar, opts, pos),
        kind: NodeKind::Vector { scalar, len },
    })
}

/// `count` elements, each starting a row; no padding after the last one.
fn array_node(
    element: Node,
    count: u64,
    member: usize,
    name: &Arc<str>,
) -> Result<Node, LayoutError> {
    let stride = checked_align(element.size, Alignment::SIXTEEN, member, name)?;
    let size = stride
        .checked_mul(count.saturating_sub(1))
        .and_then(|s| s.checked_add(element.size))
        .ok_or_else(|| LayoutError::SizeOverflow {
            member,
            name: name.clone(),
        })?;
    checked_end(element.offset, size, member, name)?;
    Ok(Node {
        offset: element.offset,
        size,
        align: Alignment::SIXTEEN,
        kind: NodeKind::Array {
            count,
            stride,
            element: Box::new(element),
            trailing_padding: false,
        },
    })
}
