//! Reading `!hlsl.cbs` (Clang's) and `!hlsl.layouts` (cblower's extension).
//!
//! `!hlsl.cbs` has one node per buffer: operand 0 is the handle global, whose
//! value type is `target("dx.CBuffer", %layout)`; operand K (K >= 1) is the
//! member global stored at the K-th non-padding element of `%layout`. Member
//! offsets are not stored anywhere: they are the data layout's offsets of those
//! elements. After GlobalDCE an operand can be null; it still takes its
//! position. A null handle means the whole buffer was deleted.
//!
//! `!hlsl.layouts` has one node per named layout struct,
//! `!{!"<struct name>", i32 <size>, i32 <offset of non-padding element 0>, ...}`,
//! which [`check_layouts`] compares against the data layout.

use inkwell::module::Module;

use super::PassError;
use crate::ffi::{
    named_metadata, named_struct_of, MdOperand, ModuleLayout, RawType, RawValue, ValueKind,
};

/// The named metadata Clang ties buffers to their members with.
pub const CBS_NODE: &str = "hlsl.cbs";
/// cblower's record of the offsets the front end computed.
pub const LAYOUTS_NODE: &str = "hlsl.layouts";

/// One member operand of a `!hlsl.cbs` entry.
#[derive(Clone, Debug)]
pub struct CBufferMember<'ctx> {
    /// The member global, or `None` for a null operand.
    pub global: Option<RawValue<'ctx>>,
    /// Byte offset in the buffer.
    pub offset: u64,
}

/// One `!hlsl.cbs` entry with a live handle.
#[derive(Clone, Debug)]
pub struct CBufferEntry<'ctx> {
    /// Position of the node in `!hlsl.cbs`.
    pub index: usize,
    /// The handle global `@<Name>.cb`.
    pub handle: RawValue<'ctx>,
    /// The layout struct (the handle type's parameter).
    pub layout: RawType<'ctx>,
    /// Data layout size of the layout struct.
    pub size: u64,
    pub members: Vec<CBufferMember<'ctx>>,
}

/// An entry of `!hlsl.cbs`: live, or skipped because its handle is null.
#[derive(Clone, Debug)]
pub enum CBufferSlot<'ctx> {
    Live(CBufferEntry<'ctx>),
    NullHandle { index: usize },
}

/// True for `target("<padding_name>", N)`.
fn is_padding(ty: RawType<'_>, padding_name: &str) -> bool {
    ty.target_ext_name().as_deref() == Some(padding_name)
}

/// Offsets of the non-padding elements of `layout`.
pub fn member_offsets(
    dl: &ModuleLayout,
    layout: RawType<'_>,
    padding_name: &str,
) -> Result<Vec<u64>, crate::ffi::LlvmError> {
    let elements = layout.struct_elements()?;
    Ok(elements
        .iter()
        .enumerate()
        .filter(|(_, ty)| !is_padding(**ty, padding_name))
        .map(|(i, _)| dl.element_offset(layout, i as u32))
        .collect())
}

/// Reads `!hlsl.cbs`; `None` when the module has none.
pub fn read_cbuffers<'ctx>(
    module: &Module<'ctx>,
    padding_name: &str,
) -> Result<Option<Vec<CBufferSlot<'ctx>>>, PassError> {
    let Some(nodes) = named_metadata(module, CBS_NODE)? else {
        return Ok(None);
    };
    let dl = ModuleLayout::of(module);
    let mut slots = Vec::with_capacity(nodes.len());
    for (index, ops) in nodes.into_iter().enumerate() {
        let bad = |reason: String| PassError::BadCBufferMetadata {
            entry: index,
            reason,
        };
        let handle = match ops.first() {
            None => return Err(bad("the node is empty".into())),
            Some(MdOperand::Null) => {
                slots.push(CBufferSlot::NullHandle { index });
                continue;
            }
            Some(MdOperand::Value(v)) if v.kind() == ValueKind::GlobalVariable => *v,
            Some(_) => return Err(bad("operand 0 is not a handle global".into())),
        };
        let handle_ty = handle.global_value_type();
        let name = handle_ty.target_ext_name().unwrap_or_default();
        let params = handle_ty.target_ext_type_params();
        let is_buffer = name.ends_with(".CBuffer") || name == "spirv.VulkanBuffer";
        let layout = match params.first() {
            Some(l) if is_buffer && l.is_struct() => *l,
            _ => {
                return Err(bad(format!(
                    "handle @{} has type {}, not a cbuffer handle with a layout struct",
                    handle.name(),
                    handle_ty.print()
                )))
            }
        };
        if !dl.is_sized(layout) {
            return Err(bad(format!("layout {} has no size", layout.print())));
        }
        let offsets = member_offsets(&dl, layout, padding_name)?;
        let size = dl.size_in_bits(layout) / 8;
        let member_ops = &ops[1..];
        if member_ops.len() > offsets.len() {
            return Err(bad(format!(
                "{} member operands but layout {} has {} non-padding elements",
                member_ops.len(),
                layout.print(),
                offsets.len()
            )));
        }
        let mut members = Vec::with_capacity(member_ops.len());
        for (position, (op, offset)) in member_ops.iter().zip(&offsets).enumerate() {
            let global = match op {
                MdOperand::Null => None,
                MdOperand::Value(v) if v.kind() == ValueKind::GlobalVariable => Some(*v),
                _ => {
                    return Err(bad(format!(
                        "member operand {} is not a global variable",
                        position + 1
                    )))
                }
            };
            members.push(CBufferMember {
                global,
                offset: *offset,
            });
        }
        slots.push(CBufferSlot::Live(CBufferEntry {
            index,
            handle,
            layout,
            size,
            members,
        }));
    }
    Ok(Some(slots))
}

/// Checks every `!hlsl.layouts` node against the data layout. Does nothing
/// when the module has no `!hlsl.layouts`.
pub fn check_layouts(module: &Module<'_>, padding_name: &str) -> Result<(), PassError> {
    let Some(nodes) = named_metadata(module, LAYOUTS_NODE)? else {
        return Ok(());
    };
    let dl = ModuleLayout::of(module);
    for (entry, ops) in nodes.into_iter().enumerate() {
        let bad = |reason: String| PassError::BadLayoutMetadata { entry, reason };
        let Some(MdOperand::String(type_name)) = ops.first() else {
            return Err(bad("operand 0 is not the struct name string".into()));
        };
        let mut numbers = Vec::with_capacity(ops.len().saturating_sub(1));
        for (i, op) in ops.iter().enumerate().skip(1) {
            match op {
                MdOperand::Value(v) => match v.const_int() {
                    Some(n) if n >= 0 => numbers.push(n as u64),
                    _ => return Err(bad(format!("operand {i} is not a non-negative integer"))),
                },
                _ => return Err(bad(format!("operand {i} is not an integer"))),
            }
        }
        let Some((&recorded_size, recorded_offsets)) = numbers.split_first() else {
            return Err(bad(format!("%{type_name} has no size operand")));
        };
        let Some(ty) = named_struct_of(module, type_name)? else {
            return Err(bad(format!("the module has no struct type %{type_name}")));
        };
        if !dl.is_sized(ty) {
            return Err(bad(format!("%{type_name} has no body")));
        }
        let size = dl.size_in_bits(ty) / 8;
        if size != recorded_size {
            return Err(PassError::LayoutMismatch {
                type_name: type_name.clone(),
                what: "size".into(),
                recorded: recorded_size,
                computed: size,
            });
        }
        let offsets = member_offsets(&dl, ty, padding_name)?;
        if offsets.len() != recorded_offsets.len() {
            return Err(bad(format!(
                "%{type_name} has {} non-padding elements but {} offsets are recorded",
                offsets.len(),
                recorded_offsets.len()
            )));
        }
        for (position, (&computed, &recorded)) in offsets.iter().zip(recorded_offsets).enumerate() {
            if computed != recorded {
                return Err(PassError::LayoutMismatch {
                    type_name: type_name.clone(),
                    what: format!("member {position} offset"),
                    recorded,
                    computed,
                });
            }
        }
    }
    Ok(())
}

/// The entries of `slots` that have a handle, and every member global they
/// name: what the access passes rewrite.
pub fn live_entries<'ctx>(
    slots: Vec<CBufferSlot<'ctx>>,
) -> (Vec<CBufferEntry<'ctx>>, Vec<RawValue<'ctx>>) {
    let entries: Vec<CBufferEntry<'ctx>> = slots
        .into_iter()
        .filter_map(|s| match s {
            CBufferSlot::Live(e) => Some(e),
            CBufferSlot::NullHandle { .. } => None,
        })
        .collect();
    let globals = entries
        .iter()
        .flat_map(|e| e.members.iter().filter_map(|m| m.global))
        .collect();
    (entries, globals)
}

/// The handle type the access passes for `padding_name` lower, and the
/// other target's handle and padding names with the pass to run for it.
fn target_names(padding_name: &str) -> (&'static str, &'static str, &'static str, &'static str) {
    if padding_name == "spirv.Padding" {
        (
            "spirv.VulkanBuffer",
            "dx.CBuffer",
            "dx.Padding",
            "a DXIL module: run dxil-cbuffer-access (or dxil-cbuffer-lowering, dxil-lower) instead of spirv-cbuffer-access",
        )
    } else {
        (
            "dx.CBuffer",
            "spirv.VulkanBuffer",
            "spirv.Padding",
            "a SPIR-V module: run spirv-cbuffer-access instead of the DXIL passes",
        )
    }
}

/// Checks, before an access pass changes anything, that the buffers of
/// `!hlsl.cbs` are the pass's target's (a DXIL pass on a SPIR-V module would
/// count `spirv.Padding` elements as members), that every padding element
/// has its size, and that every member offset and layout size fits the
/// 32-bit offsets the access intrinsics take.
pub fn check_for_access(module: &Module<'_>, padding_name: &str) -> Result<(), PassError> {
    let Some(nodes) = named_metadata(module, CBS_NODE)? else {
        return Ok(());
    };
    let (own_handle, other_handle, other_padding, hint) = target_names(padding_name);
    let dl = ModuleLayout::of(module);
    for (entry, ops) in nodes.into_iter().enumerate() {
        let Some(MdOperand::Value(handle)) = ops.first() else {
            continue;
        };
        if handle.kind() != ValueKind::GlobalVariable {
            continue;
        }
        // Reported at an instruction that reads the buffer, when one does.
        let reader = first_reader(&ops[1..]);
        let bad = |reason: String| match reader {
            Some(inst) => PassError::at(inst, format!("!hlsl.cbs entry {entry}: {reason}")),
            None => PassError::BadCBufferMetadata { entry, reason },
        };
        let handle_ty = handle.global_value_type();
        let name = handle_ty.target_ext_name().unwrap_or_default();
        let Some(&layout) = handle_ty.target_ext_type_params().first() else {
            continue;
        };
        if name == other_handle || contains_target_ext(layout, other_padding) {
            return Err(bad(format!(
                "handle @{} has type {}: this is {hint}",
                handle.name(),
                handle_ty.print()
            )));
        }
        if name != own_handle {
            continue;
        }
        if let Some(padding) = padding_without_size(layout, padding_name) {
            return Err(bad(format!(
                "layout {} holds {}, a padding element without its size in bytes; write target(\"{padding_name}\", N)",
                layout.print(),
                padding.print()
            )));
        }
        if !dl.is_sized(layout) {
            continue;
        }
        let size = dl.size_in_bits(layout) / 8;
        if size > i32::MAX as u64 {
            return Err(bad(format!(
                "layout {} is {size} bytes, more than the 32-bit offsets of cbuffer accesses can address (at most {} bytes)",
                layout.print(),
                i32::MAX
            )));
        }
    }
    Ok(())
}

/// An instruction that uses one of the member globals `members`, directly
/// or through constant expressions.
fn first_reader<'ctx>(members: &[MdOperand<'ctx>]) -> Option<RawValue<'ctx>> {
    let mut seen = crate::fast_hash::FastSet::default();
    let mut stack: Vec<RawValue<'ctx>> = members
        .iter()
        .filter_map(|m| match m {
            MdOperand::Value(v) if v.kind() == ValueKind::GlobalVariable => Some(*v),
            _ => None,
        })
        .rev()
        .collect();
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        let users = v.users();
        if let Some(inst) = users.iter().find(|u| u.is_instruction()) {
            return Some(*inst);
        }
        stack.extend(users);
    }
    None
}

/// Walks the element types of `ty` (structs, arrays, vectors) without
/// recursion and returns the first one `pick` accepts.
fn find_type<'ctx>(
    ty: RawType<'ctx>,
    pick: impl Fn(RawType<'ctx>) -> bool,
) -> Option<RawType<'ctx>> {
    let mut seen = crate::fast_hash::FastSet::default();
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if pick(t) {
            return Some(t);
        }
        if t.is_struct() {
            if let Ok(elements) = t.struct_elements() {
                stack.extend(elements);
            }
        } else if let Some((elem, _)) = t.array_info() {
            stack.push(elem);
        }
    }
    None
}

fn contains_target_ext(ty: RawType<'_>, name: &str) -> bool {
    find_type(ty, |t| t.target_ext_name().as_deref() == Some(name)).is_some()
}

fn padding_without_size<'ctx>(ty: RawType<'ctx>, padding_name: &str) -> Option<RawType<'ctx>> {
    find_type(ty, |t| {
        t.target_ext_name().as_deref() == Some(padding_name) && t.target_ext_int_params().len() != 1
    })
}
