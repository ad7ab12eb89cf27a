//! `spirv-cbuffer-access`: member globals become `llvm.spv.resource.getpointer`
//! calls on the buffer's handle.
//!
//! Algorithm (LLVM 22's `SPIRVCBufferAccess`, so that the output is the same
//! wherever LLVM 22's is valid):
//!
//! 1. Read `!hlsl.cbs` with `spirv.Padding` as the padding type.
//! 2. Turn constant-expression users of the member globals into instructions
//!    ([`super::expand_constants`], the same algorithm as the DXIL pass).
//! 3. For each buffer, the handle definition is the value of the first store
//!    into the handle global (in use-list order). Right after it, one
//!    `call ptr addrspace(12) @llvm.spv.resource.getpointer.p12.<handle>(handle, i32 K)`
//!    per member that has uses, in member order, where K is the index of the
//!    layout struct element that contains the member's offset (padding
//!    elements count). The member's uses read that pointer.
//! 4. Delete the member globals, the stores into the handle global, the handle
//!    global and `!hlsl.cbs`.
//!
//! Difference from LLVM 22: LLVM points every use at the calls next to the
//! handle definition, even uses in other functions, and the module no longer
//! verifies ("Referring to an instruction in another function!") whenever a
//! member is read outside the function that creates the handle: every library
//! with an exported function, two entry points sharing a buffer, or any
//! module before inlining. Here only the uses in the defining function read
//! those calls; every other function that reads members gets its own copy of
//! the handle creation call (the `handlefrombinding` or
//! `handlefromimplicitbinding` call with the same constant arguments, named
//! like the original) at the top of its entry block, followed by its own
//! `getpointer` calls. A buffer whose members are read but whose handle is
//! never stored, or whose handle cannot be re-created (not a call with
//! constant arguments), is an error instead of LLVM's fatal error.

use crate::fast_hash::{FastMap, FastSet};
use inkwell::module::Module;
use llvm_sys::LLVMOpcode;

use super::cbuffer_metadata::{
    check_for_access, live_entries, read_cbuffers, CBufferEntry, CBS_NODE,
};
use super::expand_constants::expand_constant_users;
use super::PassError;
use crate::ffi::{
    call_args, called_function, clone_instruction, erase_named_metadata, insert_before,
    intrinsic_id, module_functions, store_parts, ModuleLayout, RawBuilder, RawType, RawValue,
};

/// The SPIR-V padding type.
pub const SPIRV_PADDING: &str = "spirv.Padding";
/// The intrinsic that turns a handle and a struct element index into a pointer.
pub const SPV_GETPOINTER: &str = "llvm.spv.resource.getpointer";
/// The intrinsic that marks the convergence entry of a function; new code
/// goes after it.
const CONVERGENCE_ENTRY: &str = "llvm.experimental.convergence.entry";

/// Runs the pass on `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    check_for_access(module, SPIRV_PADDING)?;
    let Some(slots) = read_cbuffers(module, SPIRV_PADDING)? else {
        return Ok(());
    };
    let (entries, globals) = live_entries(slots);

    let builder = RawBuilder::new(module);
    expand_constant_users(&globals)?;

    let dl = ModuleLayout::of(module);
    let function_order: FastMap<RawValue<'_>, usize> = module_functions(module)
        .into_iter()
        .enumerate()
        .map(|(i, f)| (f, i))
        .collect();
    for entry in &entries {
        rewrite_buffer(&builder, &dl, &function_order, entry)?;
    }

    erase_named_metadata(module, CBS_NODE)?;
    let mut deleted = FastSet::default();
    for entry in &entries {
        for global in entry.members.iter().filter_map(|m| m.global) {
            if deleted.insert(global) {
                if global.has_uses() {
                    return Err(PassError::NonInstructionUse {
                        member: global.name(),
                        what: "a value".into(),
                    });
                }
                global.delete_global();
            }
        }
        if deleted.insert(entry.handle) {
            for user in entry.handle.users() {
                if user.opcode() == Some(LLVMOpcode::LLVMStore)
                    && store_parts(user).is_some_and(|(_, ptr)| ptr == entry.handle)
                {
                    user.erase_instruction();
                } else {
                    return Err(PassError::at(
                        user,
                        format!(
                            "the handle global @{} is used other than by the store of its handle",
                            entry.handle.name()
                        ),
                    ));
                }
            }
            entry.handle.delete_global();
        }
    }
    Ok(())
}

/// The byte offsets of the elements of a buffer's layout struct, in order.
fn element_offsets(dl: &ModuleLayout, entry: &CBufferEntry<'_>) -> Result<Vec<u64>, PassError> {
    let count = entry.layout.struct_elements()?.len() as u32;
    Ok((0..count)
        .map(|i| dl.element_offset(entry.layout, i))
        .collect())
}

/// The element of the layout struct that contains byte `offset`: the last
/// element starting at or before it (`StructLayout::getElementContainingOffset`),
/// given the elements' offsets in order.
fn element_containing(offsets: &[u64], offset: u64) -> u32 {
    offsets
        .partition_point(|&start| start <= offset)
        .saturating_sub(1) as u32
}

/// The value the handle global is first stored with (LLVM's `findHandleDef`).
fn handle_definition<'ctx>(handle: RawValue<'ctx>) -> Option<RawValue<'ctx>> {
    handle.users().into_iter().find_map(|u| {
        let (value, ptr) = store_parts(u)?;
        (ptr == handle && value.is_instruction()).then_some(value)
    })
}

/// Two stores of different handles into one handle global leave no single
/// handle the members belong to (LLVM picks the first store, which may be
/// the wrong buffer). Copies of one creation (the same intrinsic with the
/// same constant arguments, as inlining into several entry points leaves
/// them) are one handle.
fn check_one_handle(handle: RawValue<'_>) -> Result<(), PassError> {
    let mut first: Option<(RawValue<'_>, RawValue<'_>)> = None;
    // The use list holds the latest use first; report the later store.
    for user in handle.users().into_iter().rev() {
        let Some((value, ptr)) = store_parts(user) else {
            continue;
        };
        if ptr != handle {
            continue;
        }
        match first {
            None => first = Some((user, value)),
            Some((first_store, known)) => {
                if !same_handle(known, value) {
                    let where_ = first_store
                        .parent_function()
                        .map(|f| format!(" in function '{}'", f.name()))
                        .unwrap_or_default();
                    return Err(PassError::at(
                        user,
                        format!(
                            "stores a different handle into @{} than `{}`{where_}; one handle global must hold one buffer's handle",
                            handle.name(),
                            first_store.print().trim()
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The same value, or calls of one function with the same constant arguments.
fn same_handle(a: RawValue<'_>, b: RawValue<'_>) -> bool {
    if a == b {
        return true;
    }
    let (Some(fa), Some(fb)) = (called_function(a), called_function(b)) else {
        return false;
    };
    let (xa, xb) = (call_args(a), call_args(b));
    fa == fb && xa.len() == xb.len() && xa.iter().zip(&xb).all(|(x, y)| x == y && x.is_constant())
}

/// Rewrites the member uses of one buffer (steps 3 and the cross-function
/// extension of the module docs).
///
/// The uses in the function that creates the handle are rewritten while the
/// member's users are being listed (each user is visited once, while it is
/// still in the cache: at 100k loads a second walk over all users cost more
/// than the rest of the pass); uses in other functions are kept for after.
fn rewrite_buffer<'ctx>(
    builder: &RawBuilder<'ctx>,
    dl: &ModuleLayout,
    function_order: &FastMap<RawValue<'ctx>, usize>,
    entry: &CBufferEntry<'ctx>,
) -> Result<(), PassError> {
    let read: Vec<_> = entry
        .members
        .iter()
        .filter_map(|m| m.global.filter(|g| g.has_uses()).map(|g| (m, g)))
        .collect();
    if read.is_empty() {
        return Ok(());
    }
    check_one_handle(entry.handle)?;
    let Some(def) = handle_definition(entry.handle) else {
        return Err(PassError::BadCBufferMetadata {
            entry: entry.index,
            reason: format!(
                "members of @{} are read but no handle is ever stored into it",
                entry.handle.name()
            ),
        });
    };
    let def_function = def
        .parent_function()
        .ok_or_else(|| PassError::at(def, "the handle definition is not in a function"))?;
    // `getpointer` is declared for the global's handle type; a handle of
    // another type stored into it would make every call ill-typed.
    let handle_ty = entry.handle.global_value_type();
    if def.ty() != handle_ty {
        return Err(PassError::at(
            def,
            format!(
                "the handle stored into @{} has type {}, but the global holds {}",
                entry.handle.name(),
                def.ty().print(),
                handle_ty.print()
            ),
        ));
    }
    let next = def
        .next_instruction()
        .ok_or_else(|| PassError::at(def, "the handle definition ends its block"))?;
    builder.position_before(next);

    // The defining function's uses, member by member; the other functions'
    // uses kept as (member's global, element, function, user).
    struct Elsewhere<'ctx> {
        global: RawValue<'ctx>,
        element: u32,
        users: Vec<(RawValue<'ctx>, RawValue<'ctx>)>,
    }
    let mut elsewhere: Vec<Elsewhere<'ctx>> = Vec::new();
    let mut users = Vec::new();
    let offsets = element_offsets(dl, entry)?;
    for (member, global) in read {
        let element = element_containing(&offsets, member.offset);
        let mut pointer = None;
        let mut others = Vec::new();
        // A user that reads the member twice is listed twice; the second
        // visit finds nothing left to replace.
        users.clear();
        global.append_users_per_use(&mut users);
        // Usually every use is in the function that creates the handle:
        // then LLVM replaces them all in one call, without reading each
        // user's operands (a third of the rest of the pass).
        let mut all_here = true;
        for &user in &users {
            if function_of(global, user)? != def_function {
                all_here = false;
                break;
            }
        }
        if all_here {
            let pointer = get_pointer(builder, global, handle_ty, def, element)?;
            global.replace_all_uses_with(pointer);
            continue;
        }
        for &user in &users {
            let function = function_of(global, user)?;
            if function != def_function {
                others.push((function, user));
                continue;
            }
            let pointer = match pointer {
                Some(p) => p,
                None => {
                    let p = get_pointer(builder, global, handle_ty, def, element)?;
                    pointer = Some(p);
                    p
                }
            };
            replace_in(user, global, pointer);
        }
        if !others.is_empty() {
            elsewhere.push(Elsewhere {
                global,
                element,
                users: others,
            });
        }
    }
    if elsewhere.is_empty() {
        return Ok(());
    }

    // The other functions that read members, in module order. Deduplicated
    // first: a buffer read 100k times in one function must not sort 100k
    // copies of that function.
    let mut seen_functions = FastSet::default();
    let mut last = None;
    let mut functions: Vec<RawValue<'ctx>> = elsewhere
        .iter()
        .flat_map(|m| m.users.iter().map(|(f, _)| *f))
        .filter(|f| last.replace(*f) != Some(*f) && seen_functions.insert(*f))
        .collect();
    functions.sort_by_key(|f| function_order.get(f).copied());
    for function in functions {
        let at = entry_insertion_point(function).ok_or_else(|| {
            PassError::at(
                def,
                format!("function '{}' has no entry block", function.name()),
            )
        })?;
        let copy = recreate_handle(def, at, function)?;
        let next = copy
            .next_instruction()
            .ok_or_else(|| PassError::at(copy, "the handle copy ends its block"))?;
        builder.position_before(next);
        for member in &elsewhere {
            if !member.users.iter().any(|(f, _)| *f == function) {
                continue;
            }
            let pointer = get_pointer(builder, member.global, handle_ty, copy, member.element)?;
            for &(_, user) in member.users.iter().filter(|(f, _)| *f == function) {
                replace_in(user, member.global, pointer);
            }
        }
    }
    Ok(())
}

/// The function `user`, a use of the member global `global`, is in: a use
/// outside every function (a constant initialiser) cannot be rewritten.
fn function_of<'ctx>(
    global: RawValue<'ctx>,
    user: RawValue<'ctx>,
) -> Result<RawValue<'ctx>, PassError> {
    user.parent_function()
        .ok_or_else(|| PassError::NonInstructionUse {
            member: global.name(),
            what: user.print(),
        })
}

/// `call @llvm.spv.resource.getpointer(handle, i32 element)` at the
/// builder's position.
fn get_pointer<'ctx>(
    builder: &RawBuilder<'ctx>,
    global: RawValue<'ctx>,
    handle_ty: RawType<'ctx>,
    handle: RawValue<'ctx>,
    element: u32,
) -> Result<RawValue<'ctx>, PassError> {
    let index = builder.const_i32(element as i64);
    Ok(builder.call_intrinsic(
        SPV_GETPOINTER,
        &[global.ty(), handle_ty],
        &[handle, index],
        "",
    )?)
}

/// Replaces every operand of `user` that is `global` by `pointer`.
fn replace_in<'ctx>(user: RawValue<'ctx>, global: RawValue<'ctx>, pointer: RawValue<'ctx>) {
    for (i, op) in user.indexed_operands() {
        if op == Some(global) {
            user.set_operand(i, pointer);
        }
    }
}

/// Where a function's own handle goes: the first instruction of the entry
/// block that is neither a phi nor the convergence entry call.
fn entry_insertion_point(function: RawValue<'_>) -> Option<RawValue<'_>> {
    let entry = *function.blocks().first()?;
    let convergence = intrinsic_id(CONVERGENCE_ENTRY);
    entry.instructions().into_iter().find(|i| {
        i.opcode() != Some(LLVMOpcode::LLVMPHI)
            && (convergence == 0 || i.called_intrinsic_id() != convergence)
    })
}

/// Copies the handle creation call `def` before `at` (in `function`). Only a
/// call whose arguments are all constants can be copied: anything else would
/// read values of the defining function.
fn recreate_handle<'ctx>(
    def: RawValue<'ctx>,
    at: RawValue<'ctx>,
    function: RawValue<'ctx>,
) -> Result<RawValue<'ctx>, PassError> {
    let is_constant_call = def.opcode() == Some(LLVMOpcode::LLVMCall)
        && call_args(def).iter().all(|a| a.is_constant());
    if !is_constant_call {
        return Err(PassError::at(
            def,
            format!(
                "cbuffer members are read in function '{}', but the handle is created in \
                 function '{}' by an instruction that cannot be repeated there (only a call \
                 with constant arguments can)",
                function.name(),
                def.parent_function().map(|f| f.name()).unwrap_or_default()
            ),
        ));
    }
    let copy = clone_instruction(def);
    insert_before(copy, at, &def.name())?;
    Ok(copy)
}

#[cfg(test)]
mod tests {
    use super::element_containing;

    /// The last element starting at or before the offset, as
    /// `StructLayout::getElementContainingOffset` picks it.
    #[test]
    fn element_containing_picks_the_last_start_at_or_before() {
        let offsets = [0, 4, 16, 16, 32];
        assert_eq!(element_containing(&offsets, 0), 0);
        assert_eq!(element_containing(&offsets, 3), 0);
        assert_eq!(element_containing(&offsets, 4), 1);
        assert_eq!(element_containing(&offsets, 15), 1);
        // Equal starts (a zero-sized element before another): the last one.
        assert_eq!(element_containing(&offsets, 16), 3);
        assert_eq!(element_containing(&offsets, 100), 4);
        assert_eq!(element_containing(&[], 8), 0);
    }
}
