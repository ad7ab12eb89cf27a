//! `dxil-forward-handle-accesses`: loads of a handle global become the handle
//! creation call stored into it.
//!
//! Algorithm (LLVM 22's `DXILForwardHandleAccesses`, for loads straight from
//! a global), per function:
//!
//! 1. Every `llvm.dx.resource.handlefrombinding` or
//!    `handlefromimplicitbinding` call of the function that is stored into a
//!    global becomes that global's handle. Two different calls stored into the
//!    same global is an error.
//! 2. Every load of a `dx.*` handle type from a global is replaced by that
//!    global's handle and erased, when the call dominates the load.
//!
//! A load whose global gets no handle in the same function (a library
//! function reading a buffer whose handle is created in the global
//! constructor), or that the call does not dominate, is an error naming the
//! function and the load, as in LLVM. Loads through an `alloca` or another
//! load (clang's `-O0` shapes) are not followed: they are reported too.

use crate::fast_hash::{FastMap, FastSet};
use std::collections::VecDeque;

use inkwell::module::Module;
use llvm_sys::LLVMOpcode;

use super::implicit_binding::{HANDLE_FROM_BINDING, HANDLE_FROM_IMPLICIT_BINDING};
use super::PassError;
use crate::ffi::{
    intrinsic_id, module_functions, store_parts, successors, RawBlock, RawValue, ValueKind,
};

/// True for DXIL resource handle types (`dx.CBuffer`, `dx.TypedBuffer`, ...).
fn is_handle_type(v: RawValue<'_>) -> bool {
    v.ty()
        .target_ext_name()
        .is_some_and(|n| n.starts_with("dx.") && n != "dx.Padding")
}

/// Runs the pass on every function of `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    let creators = [
        intrinsic_id(HANDLE_FROM_BINDING),
        intrinsic_id(HANDLE_FROM_IMPLICIT_BINDING),
    ];
    for function in module_functions(module) {
        forward_in(function, &creators)?;
    }
    Ok(())
}

fn forward_in<'ctx>(function: RawValue<'ctx>, creators: &[u32; 2]) -> Result<(), PassError> {
    let mut handles: FastMap<RawValue<'ctx>, RawValue<'ctx>> = FastMap::default();
    let mut loads = Vec::new();
    for block in function.blocks() {
        for inst in block.instructions() {
            let id = inst.called_intrinsic_id();
            if id != 0 && creators.contains(&id) {
                for user in inst.users() {
                    let Some((value, ptr)) = store_parts(user) else {
                        continue;
                    };
                    if value != inst || ptr.kind() != ValueKind::GlobalVariable {
                        continue;
                    }
                    if let Some(previous) = handles.insert(ptr, inst) {
                        if previous != inst {
                            return Err(PassError::at(
                                inst,
                                format!(
                                    "this handle overwrites the handle %{} stored into @{}",
                                    previous.name(),
                                    ptr.name()
                                ),
                            ));
                        }
                    }
                }
            } else if inst.opcode() == Some(LLVMOpcode::LLVMLoad) && is_handle_type(inst) {
                loads.push(inst);
            }
        }
    }
    let mut dominance = Dominance::default();
    for load in loads {
        let pointer = load.operand(0);
        let handle = pointer
            .filter(|p| p.kind() == ValueKind::GlobalVariable)
            .and_then(|p| handles.get(&p).copied());
        let Some(handle) = handle else {
            return Err(PassError::at(
                load,
                format!(
                    "the handle loaded here is not created in function '{}' (only a handle \
                     created and stored into a global in the same function can be forwarded; \
                     inline the function that creates it)",
                    function.name()
                ),
            ));
        };
        if !dominance.dominates(handle, load) {
            return Err(PassError::at(
                load,
                format!(
                    "this load is not dominated by the handle creation %{}",
                    handle.name()
                ),
            ));
        }
        load.replace_all_uses_with(handle);
        load.erase_instruction();
    }
    Ok(())
}

/// Dominance between instructions of one function, from block reachability:
/// block A dominates block B when B cannot be reached from the entry block
/// without passing through A. Results are cached per dominating block.
#[derive(Default)]
struct Dominance<'ctx> {
    /// Blocks reachable from the entry while avoiding the key block.
    reachable_without: FastMap<RawBlock<'ctx>, FastSet<RawBlock<'ctx>>>,
}

impl<'ctx> Dominance<'ctx> {
    fn dominates(&mut self, def: RawValue<'ctx>, user: RawValue<'ctx>) -> bool {
        let (Some(a), Some(b)) = (def.parent_block(), user.parent_block()) else {
            return false;
        };
        if a == b {
            let mut next = def.next_instruction();
            while let Some(i) = next {
                if i == user {
                    return true;
                }
                next = i.next_instruction();
            }
            return false;
        }
        let reachable = self
            .reachable_without
            .entry(a)
            .or_insert_with(|| reachable_avoiding(a));
        !reachable.contains(&b)
    }
}

/// The blocks reachable from the function's entry without entering `avoid`.
fn reachable_avoiding(avoid: RawBlock<'_>) -> FastSet<RawBlock<'_>> {
    let mut seen = FastSet::default();
    let Some(&entry) = avoid.function().blocks().first() else {
        return seen;
    };
    if entry == avoid {
        return seen;
    }
    let mut queue = VecDeque::from([entry]);
    seen.insert(entry);
    while let Some(block) = queue.pop_front() {
        let Some(term) = block.terminator() else {
            continue;
        };
        for next in successors(term) {
            if next != avoid && seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    seen
}
