//! The layout algorithms. Each rule set is a small module with two pure
//! functions of (member list, options): `place_members`, the placements and
//! per-type layouts a [`BufferLayout`] stores, and `layout_members`, the same
//! layout as one [`Node`] tree computed member by member (what
//! [`layout_type`] returns, and the reference [`layout_buffer_tree`] exposes
//! to the tests):
//!
//! * [`row_packer`]: D3D constant buffers as DXC packs them (16-byte rows);
//! * [`clang22`]: clang-22's cbuffer algorithm, data-layout alignments included;
//! * [`aligned`]: the "C-like" family — structured buffers, std140, std430,
//!   scalar and WGSL — where every type has a size and an alignment and a
//!   member goes at the next multiple of its alignment.
//!
//! This module holds what they share: member filtering, explicit-offset
//! ordering and the public entry points; [`nesting`] holds the limits on
//! member types checked before any layout.

pub mod aligned;
pub mod clang22;
pub(crate) mod names;
pub mod nesting;
pub mod row_packer;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::buffer::BufferDecl;
use crate::error::LayoutError;
use crate::layout::{BufferLayout, LayoutBuilder, Node, NodeKind, Padding};
use crate::rules::{LayoutOptions, RuleSet};
use crate::ty::{Field, MatrixOrder, Placement, Scalar, StructTy, Ty};
use crate::units::{Alignment, Size};

/// Lays out one buffer under `opts.rules`.
///
/// Members a constant buffer does not store (static, groupshared, resources,
/// empty structs, zero-sized arrays) are left out, and structs containing them
/// are laid out as filtered copies, as Clang does. Members with an explicit
/// placement are ordered by offset; the others follow in declaration order.
///
/// The result is compact: each distinct member type is laid out once (at
/// offset 0) and each member is a placement referring to it. Where a
/// member's layout is not exactly its type's layout shifted to the member's
/// offset (cbuffer rules near the top of the 64-bit range, a WGSL `@align`
/// on the member), the member is laid out where it sits and gets a
/// type-table entry of its own, so [`BufferLayout::root`] always equals the
/// tree [`layout_buffer_tree`] computes.
///
/// # Errors
///
/// A [`LayoutError`] for the first member that cannot be laid out (an
/// invalid explicit offset, a type too deep or too large, an overflow, a
/// type the rule set does not support); [`LayoutError::member`] is its
/// index in `decl.members`.
///
/// # Example
///
/// The `packoffset` example of `docs/layout-rules.md`: explicitly placed
/// members go first, by offset; the others follow from the end of the last
/// one.
///
/// ```text
/// c0  cccc------------        explicit offset gap
/// c1  ----aaaabbbb----        (d needs 8-byte alignment)
/// c2  dddddddd
/// ```
///
/// ```
/// use cblower_layout::{layout_buffer, BufferDecl, BufferKind, Field, LayoutOptions};
/// use cblower_layout::{PaddingReason, Placement, RuleSet, Scalar, Ty};
///
/// let float = || Ty::scalar(Scalar::Float);
/// let at = |register, component| Placement::PackOffset { register, component };
/// let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
///     Field::new("a", float()).with_placement(at(1, 1)),
///     Field::new("b", float()),
///     Field::new("c", float()).with_placement(at(0, 0)),
///     Field::new("d", Ty::scalar(Scalar::Double)),
/// ]);
/// let layout = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap();
/// let placed: Vec<(&str, usize, u64)> = layout
///     .members()
///     .map(|m| (m.name().as_ref(), m.decl_index(), m.offset().get()))
///     .collect();
/// assert_eq!(placed, [("c", 2, 0), ("a", 0, 20), ("b", 1, 24), ("d", 3, 32)]);
/// assert_eq!(layout.size().get(), 40);
/// let padding: Vec<(u64, u64, PaddingReason)> = layout
///     .padding()
///     .iter()
///     .map(|p| (p.offset.get(), p.size.get(), p.reason))
///     .collect();
/// assert_eq!(padding, [
///     (4, 16, PaddingReason::ExplicitOffset),
///     (28, 4, PaddingReason::Alignment),
/// ]);
///
/// // Two explicit offsets that overlap: the error names both members.
/// let decl = BufferDecl::new("CB", BufferKind::CBuffer, vec![
///     Field::new("o1", Ty::vector(Scalar::Float, 2)).with_placement(at(0, 0)),
///     Field::new("o2", float()).with_placement(at(0, 1)),
/// ]);
/// let err = layout_buffer(&decl, LayoutOptions::new(RuleSet::CBuffer)).unwrap_err();
/// assert_eq!(err.to_string(), "packoffset of 'o2' at byte 4 overlaps 'o1' (bytes 0..8)");
/// assert_eq!(err.member(), 1);
/// assert_eq!(err.help(), "move one of the members to a packoffset past the other's end");
/// ```
pub fn layout_buffer(decl: &BufferDecl, opts: LayoutOptions) -> Result<BufferLayout, LayoutError> {
    // Two members of one name is the first error a buffer gets, as in
    // `check_placements`; the names are hashed while the members are
    // placed (see `names`), and looked at again only on a clash or an error.
    let mut placed = place_members(decl, opts);
    let duplicate = match &mut placed {
        Ok(placed) => placed.builder.names_clash(decl),
        Err(_) => true,
    };
    if duplicate {
        check_names(decl)?;
    }
    Ok(placed?.finish(decl, opts.rules))
}

/// The layout of `decl`'s members, after every check but the names'.
fn place_members(decl: &BufferDecl, opts: LayoutOptions) -> Result<Placed, LayoutError> {
    check_components(decl)?;
    nesting::check_nesting(decl.members.iter().enumerate())?;
    let order = MemberOrder::of(&decl.members, opts.rules);
    match opts.rules {
        RuleSet::CBuffer | RuleSet::FxcCBuffer => {
            row_packer::place_members(&order, opts, row_packer::Position::of_members(decl.kind))
        }
        RuleSet::Clang22(target) => clang22::place_members(&order, target, opts),
        _ => aligned::place_members(&decl.name, &order, &decl.element_bases, opts),
    }
}

/// The buffer's layout computed directly as a tree (one node per member,
/// each laid out in place): the root struct node and, for each of its
/// fields, the member's declaration index. [`layout_buffer`] gives the same
/// tree through [`BufferLayout::root`]; this is the reference the tests
/// compare it with.
#[doc(hidden)]
pub fn layout_buffer_tree(
    decl: &BufferDecl,
    opts: LayoutOptions,
) -> Result<(Node, Vec<usize>), LayoutError> {
    check_placements(decl)?;
    nesting::check_nesting(decl.members.iter().enumerate())?;
    let order = MemberOrder::of(&decl.members, opts.rules);
    match opts.rules {
        RuleSet::CBuffer | RuleSet::FxcCBuffer => row_packer::layout_members(
            &decl.name,
            &order,
            opts,
            row_packer::Position::of_members(decl.kind),
        ),
        RuleSet::Clang22(target) => clang22::layout_members(&decl.name, &order, target, opts),
        _ => aligned::layout_members(&decl.name, &order, &decl.element_bases, opts),
    }
}

/// A declaration built through the API can hold what no source can say:
/// a `packoffset` component past `.w`, or two members of one name (see
/// `names`; struct fields are checked with the nesting, once per struct).
fn check_placements(decl: &BufferDecl) -> Result<(), LayoutError> {
    check_names(decl)?;
    check_components(decl)
}

/// Two members of one name: the first pair by the later one's index.
fn check_names(decl: &BufferDecl) -> Result<(), LayoutError> {
    match names::first_duplicate(&decl.members) {
        Some((first, second)) => Err(LayoutError::DuplicateName {
            member: second,
            name: decl.members[second].name.clone(),
            container: decl.name.clone(),
            kind: "member",
            first,
            second,
        }),
        None => Ok(()),
    }
}

/// A `packoffset` component past `.w`.
fn check_components(decl: &BufferDecl) -> Result<(), LayoutError> {
    for (member, f) in decl.members.iter().enumerate() {
        if let Some(Placement::PackOffset { component, .. }) = f.placement {
            if component > 3 {
                return Err(LayoutError::PackOffsetComponent {
                    member,
                    name: f.name.clone(),
                    component,
                });
            }
        }
    }
    Ok(())
}

/// An engine's placements, before they become a [`BufferLayout`].
pub(crate) struct Placed {
    pub(crate) builder: LayoutBuilder,
    /// The buffer's size and alignment (its root struct's).
    pub(crate) size: Size,
    pub(crate) align: Alignment,
    /// Padding between members and at the tail.
    pub(crate) padding: Vec<Padding>,
}

impl Placed {
    fn finish(self, decl: &BufferDecl, rules: RuleSet) -> BufferLayout {
        self.builder
            .finish(decl, rules, self.size, self.align, self.padding)
    }
}

/// What identifies a member type within one layout call: the value of a
/// scalar, vector or matrix type, and the address of the shared declaration
/// of an array's element or a struct (as [`TypeCache`] keys). Two members
/// with equal keys have equal types, so one layout serves both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TypeKey {
    Scalar(Scalar),
    Vector(Scalar, u8),
    Matrix(Scalar, u8, u8, MatrixOrder),
    Array {
        elem: usize,
        len: u64,
        stride: Option<Size>,
    },
    Struct(usize),
}

impl TypeKey {
    /// The key of `ty`; resources (which take no bytes) have none.
    pub(crate) fn of(ty: &Ty) -> Option<TypeKey> {
        Some(match ty {
            Ty::Scalar(s) => TypeKey::Scalar(*s),
            Ty::Vector { scalar, len } => TypeKey::Vector(*scalar, *len),
            Ty::Matrix {
                scalar,
                rows,
                cols,
                order,
            } => TypeKey::Matrix(*scalar, *rows, *cols, *order),
            Ty::Array { elem, len, stride } => TypeKey::Array {
                elem: type_key(elem),
                len: *len,
                stride: *stride,
            },
            Ty::Struct(s) => TypeKey::Struct(type_key(s)),
            Ty::Resource(_) => return None,
        })
    }
}

/// Per-call map from a member type to what an engine keeps about it (at
/// least its type-table id). Keys hold addresses, so like a [`TypeCache`]
/// it never outlives one layout call.
pub(crate) type SharedTypes<V> = HashMap<TypeKey, V, BuildHasherDefault<AddressHasher>>;

/// Lays out a single type at offset 0 (a `StructuredBuffer<T>` element, a
/// WGSL struct, a nested struct on its own): the [`Node`] a buffer holding
/// just this type would give its one member. Errors report member 0.
///
/// ```
/// use cblower_layout::{layout_type, LayoutOptions, RuleSet, Scalar, Ty};
///
/// // std140: `float a[3]` has a stride of 16 and a size of 48; std430 packs it.
/// let a = Ty::array(Ty::scalar(Scalar::Float), 3);
/// assert_eq!(layout_type(&a, LayoutOptions::new(RuleSet::Std140)).unwrap().size.get(), 48);
/// assert_eq!(layout_type(&a, LayoutOptions::new(RuleSet::Std430)).unwrap().size.get(), 12);
/// ```
pub fn layout_type(ty: &Ty, opts: LayoutOptions) -> Result<Node, LayoutError> {
    let name: Arc<str> = Arc::from(ty.to_string());
    let field = Field::new(name.clone(), ty.clone());
    nesting::check_nesting([(0, &field)])?;
    let order = MemberOrder::Sorted(vec![(0usize, &field)]);
    let (root, _) = match opts.rules {
        RuleSet::CBuffer | RuleSet::FxcCBuffer => {
            row_packer::layout_members(&name, &order, opts, row_packer::Position::TopLevel)?
        }
        RuleSet::Clang22(target) => clang22::layout_members(&name, &order, target, opts)?,
        _ => aligned::layout_members(&name, &order, &[], opts)?,
    };
    match root.kind {
        NodeKind::Struct { mut fields, .. } if fields.len() == 1 => Ok(fields.remove(0).node),
        _ => Ok(root),
    }
}

/// The members that take bytes, with their declaration indices, in layout
/// order: members with an explicit placement first, sorted by offset
/// (stable), then the others in declaration order (what DXC and clang both do).
///
/// Buffers without explicit placements (nearly all large ones) are walked
/// straight from the declaration, so laying out a million members does not
/// first build and sort a million-entry list.
pub(crate) enum MemberOrder<'a> {
    /// No member uses an explicit placement: the stored members in
    /// declaration order, filtered while iterating.
    Declared(&'a [Field]),
    /// The stored members, explicitly placed ones first.
    Sorted(Vec<(usize, &'a Field)>),
}

impl<'a> MemberOrder<'a> {
    fn of(members: &'a [Field], rules: RuleSet) -> MemberOrder<'a> {
        // Which explicitly placed members are laid out first, sorted by
        // offset. DXC's D3D packer sorts `packoffset` and `register(c#)`
        // members. Its SPIR-V back end, modelled by the relaxed and strict
        // std140/std430 and scalar rule sets (every `-fvk-use-*` choice),
        // sorts only `register(c#)` ones and applies `packoffset` in
        // declaration order (LowerTypeVisitor's sortFields); the structured
        // and WGSL rule sets ignore both. vk::offset is never sorted, under
        // the D3D rules on SPIR-V (-fvk-use-dx-layout) either.
        let vulkan = rules.places_packoffset_in_order();
        let uses_placement = |f: &Field| match f.placement {
            Some(Placement::VkOffset(_)) | None => false,
            Some(Placement::ConstantRegister(_)) => rules.is_cbuffer_like() || vulkan,
            Some(Placement::PackOffset { .. }) => rules.is_cbuffer_like(),
        };
        if !members.iter().any(|f| uses_placement(f) && f.is_stored()) {
            return MemberOrder::Declared(members);
        }
        let stored = || members.iter().enumerate().filter(|(_, f)| f.is_stored());
        let mut placed: Vec<(usize, &Field)> = Vec::with_capacity(members.len());
        placed.extend(stored().filter(|(_, f)| uses_placement(f)));
        placed.sort_by_key(|(_, f)| {
            f.placement
                .and_then(|p| p.byte_offset())
                .unwrap_or(Size::bytes(u64::MAX))
        });
        placed.extend(stored().filter(|(_, f)| !uses_placement(f)));
        MemberOrder::Sorted(placed)
    }

    /// An upper bound on the number of members, for sizing vectors.
    pub(crate) fn max_len(&self) -> usize {
        match self {
            MemberOrder::Declared(members) => members.len(),
            MemberOrder::Sorted(members) => members.len(),
        }
    }

    /// The members in layout order, with their declaration indices.
    pub(crate) fn iter(&self) -> MemberIter<'a, '_> {
        match self {
            MemberOrder::Declared(members) => MemberIter::Declared(members.iter().enumerate()),
            MemberOrder::Sorted(members) => MemberIter::Sorted(members.iter()),
        }
    }
}

/// Iterator over a [`MemberOrder`].
pub(crate) enum MemberIter<'a, 'o> {
    Declared(std::iter::Enumerate<std::slice::Iter<'a, Field>>),
    Sorted(std::slice::Iter<'o, (usize, &'a Field)>),
}

impl<'a> Iterator for MemberIter<'a, '_> {
    type Item = (usize, &'a Field);

    fn next(&mut self) -> Option<(usize, &'a Field)> {
        match self {
            MemberIter::Declared(it) => it.find(|(_, f)| f.is_stored()),
            MemberIter::Sorted(it) => it.next().copied(),
        }
    }
}

/// The stored fields of a struct (bases first), and whether anything was
/// filtered out (Clang then names the copy `__cblayout_<Name>`).
pub(crate) fn stored_fields_iter(s: &StructTy) -> (impl Iterator<Item = &Field> + '_, bool) {
    let filtered = s.all_fields().any(|f| !f.is_stored());
    (s.all_fields().filter(|f| f.is_stored()), filtered)
}

/// [`stored_fields_iter`], collected.
pub(crate) fn stored_fields(s: &StructTy) -> (Vec<&Field>, bool) {
    let (it, filtered) = stored_fields_iter(s);
    (it.collect(), filtered)
}

/// `offset + size` with overflow reported against `member`.
pub(crate) fn checked_end(
    offset: Size,
    size: Size,
    member: usize,
    name: &Arc<str>,
) -> Result<Size, LayoutError> {
    offset
        .checked_add(size)
        .ok_or_else(|| LayoutError::SizeOverflow {
            member,
            name: name.clone(),
        })
}

/// Rounds up with overflow reported against `member`.
pub(crate) fn checked_align(
    offset: Size,
    align: Alignment,
    member: usize,
    name: &Arc<str>,
) -> Result<Size, LayoutError> {
    offset
        .align_to(align)
        .ok_or_else(|| LayoutError::SizeOverflow {
            member,
            name: name.clone(),
        })
}

/// Per-call memo of something computed for a type, keyed by the address of
/// the type's shared (`Arc`) declaration. A buffer that uses one struct type
/// a million times lays it out once; the keys are only meaningful while the
/// declaration is borrowed, so a cache never outlives one layout call.
pub(crate) type TypeCache<V> = HashMap<usize, V, BuildHasherDefault<AddressHasher>>;

/// The [`TypeCache`] key of a shared type.
pub(crate) fn type_key<T>(ty: &Arc<T>) -> usize {
    Arc::as_ptr(ty) as *const u8 as usize
}

/// A hasher for addresses: one multiply, with the high (well-mixed) bits
/// rotated down into the bits `HashMap` uses to pick a bucket. SipHash
/// would cost more than the rest of a cache lookup.
#[derive(Default)]
pub(crate) struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}
