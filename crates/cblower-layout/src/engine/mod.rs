//! The layout algorithms. Each rule set is a small module with a pure
//! function from (type or member list, options) to a [`Node`] tree:
//!
//! * [`row_packer`]: D3D constant buffers as DXC packs them (16-byte rows);
//! * [`clang22`]: clang-22's cbuffer algorithm, data-layout alignments included;
//! * [`aligned`]: the "C-like" family — structured buffers, std140, std430,
//!   scalar and WGSL — where every type has a size and an alignment and a
//!   member goes at the next multiple of its alignment.
//!
//! This module holds what they share: member filtering, explicit-offset
//! ordering and the public entry points.

pub mod aligned;
pub mod clang22;
pub mod row_packer;

use std::sync::Arc;

use crate::buffer::BufferDecl;
use crate::error::LayoutError;
use crate::layout::{BufferLayout, Node, NodeKind};
use crate::rules::{LayoutOptions, RuleSet};
use crate::ty::{Field, Placement, StructTy, Ty};
use crate::units::{Alignment, Size};

/// Lays out one buffer under `opts.rules`.
///
/// Members a constant buffer does not store (static, groupshared, resources,
/// empty structs, zero-sized arrays) are left out, and structs containing them
/// are laid out as filtered copies, as Clang does. Members with an explicit
/// placement are ordered by offset; the others follow in declaration order.
pub fn layout_buffer(decl: &BufferDecl, opts: LayoutOptions) -> Result<BufferLayout, LayoutError> {
    let members = stored_members(&decl.members);
    let ordered = order_by_placement(&members, opts.rules);
    let (root, member_index) = match opts.rules {
        RuleSet::CBuffer => row_packer::layout_members(&decl.name, &ordered, opts)?,
        RuleSet::Clang22(target) => clang22::layout_members(&decl.name, &ordered, target, opts)?,
        _ => aligned::layout_members(&decl.name, &ordered, opts)?,
    };
    Ok(BufferLayout {
        name: decl.name.clone(),
        kind: decl.kind,
        binding: decl.binding,
        rules: opts.rules,
        root,
        member_index,
    })
}

/// Lays out a single type at offset 0 (a `StructuredBuffer<T>` element, a
/// WGSL struct, a nested struct on its own).
pub fn layout_type(ty: &Ty, opts: LayoutOptions) -> Result<Node, LayoutError> {
    let name: Arc<str> = Arc::from(ty.to_string());
    let field = Field::new(name.clone(), ty.clone());
    let members = [(0usize, &field)];
    let (root, _) = match opts.rules {
        RuleSet::CBuffer => row_packer::layout_members(&name, &members, opts)?,
        RuleSet::Clang22(target) => clang22::layout_members(&name, &members, target, opts)?,
        _ => aligned::layout_members(&name, &members, opts)?,
    };
    match root.kind {
        NodeKind::Struct { mut fields, .. } if fields.len() == 1 => Ok(fields.remove(0).node),
        _ => Ok(root),
    }
}

/// The members that take bytes, with their declaration indices.
fn stored_members(members: &[Field]) -> Vec<(usize, &Field)> {
    let mut out = Vec::with_capacity(members.len());
    out.extend(members.iter().enumerate().filter(|(_, f)| f.is_stored()));
    out
}

/// Members with an explicit placement first, sorted by offset (stable), then
/// the others in declaration order: what DXC and clang both do.
fn order_by_placement<'a>(
    members: &[(usize, &'a Field)],
    rules: RuleSet,
) -> Vec<(usize, &'a Field)> {
    // packoffset / register(c#) only mean something in a constant buffer;
    // vk::offset is an explicit byte offset under every rule set (including a
    // cbuffer laid out for Vulkan with DXC's -fvk-use-dx-layout).
    let uses_placement = |f: &Field| match f.placement {
        Some(Placement::VkOffset(_)) => true,
        Some(_) => rules.is_cbuffer_like(),
        None => false,
    };
    let mut placed: Vec<(usize, &Field)> = Vec::with_capacity(members.len());
    placed.extend(members.iter().copied().filter(|(_, f)| uses_placement(f)));
    placed.sort_by_key(|(_, f)| {
        f.placement
            .and_then(|p| p.byte_offset())
            .unwrap_or(Size::bytes(u64::MAX))
    });
    placed.extend(members.iter().copied().filter(|(_, f)| !uses_placement(f)));
    placed
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
