//! `dxil-cbuffer-access`: member globals become pointers from the handle.
//!
//! Algorithm (LLVM 22's `DXILCBufferAccess`):
//!
//! 1. Check `!hlsl.layouts` against the data layout, if present.
//! 2. Read `!hlsl.cbs` (member offsets = offsets of the layout struct's
//!    non-`dx.Padding` elements; null operands skipped, null handles skip the
//!    entry).
//! 3. Turn every constant-expression user of a member global into an
//!    instruction ([`super::expand_constants`]).
//! 4. For every use of every member global, in `!hlsl.cbs` order: right before
//!    the using instruction, load the handle from `@<Name>.cb` (the load takes
//!    the handle global's name) and call
//!    `ptr addrspace(2) @llvm.dx.resource.getpointer.p2.<handle>(handle, i32 <member offset>)`;
//!    the use then reads that pointer.
//! 5. Erase `!hlsl.cbs` and `!hlsl.layouts`, then delete the member globals.
//!
//! Differences from LLVM 22: a `phi` reading a member global gets its handle
//! load and pointer at the end of the incoming block (LLVM would insert them
//! before the phi, which the verifier rejects); a non-instruction use of a
//! member (a global initializer, say) is an error instead of an assertion.

use crate::fast_hash::FastSet;
use inkwell::module::Module;
use llvm_sys::LLVMOpcode;

use super::cbuffer_memcpy::check_copies_within_members;
use super::cbuffer_metadata::{
    check_for_access, check_layouts, live_entries, read_cbuffers, CBS_NODE, LAYOUTS_NODE,
};
use super::expand_constants::expand_constant_users;
use super::PassError;
use crate::ffi::{erase_named_metadata, ModuleLayout, RawBuilder};

/// The DXIL padding type.
pub const DX_PADDING: &str = "dx.Padding";
/// The intrinsic that turns a handle and a byte offset into a pointer.
pub const GETPOINTER: &str = "llvm.dx.resource.getpointer";

/// Runs the pass on `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    check_for_access(module, DX_PADDING)?;
    check_layouts(module, DX_PADDING)?;
    let Some(slots) = read_cbuffers(module, DX_PADDING)? else {
        erase_named_metadata(module, LAYOUTS_NODE)?;
        return Ok(());
    };
    let (entries, globals) = live_entries(slots);

    let builder = RawBuilder::new(module);
    expand_constant_users(&globals)?;
    check_copies_within_members(&ModuleLayout::of(module), &globals)?;

    for entry in &entries {
        let handle_ty = entry.handle.global_value_type();
        let handle_name = entry.handle.name();
        for member in &entry.members {
            let Some(global) = member.global else {
                continue;
            };
            for user in global.distinct_users() {
                if !user.is_instruction() {
                    return Err(PassError::NonInstructionUse {
                        member: global.name(),
                        what: user.print(),
                    });
                }
                let is_phi = user.opcode() == Some(LLVMOpcode::LLVMPHI);
                // LLVM visits the uses of one user last operand first.
                let positions: Vec<u32> = (0..user.num_operands())
                    .rev()
                    .filter(|&i| user.operand(i) == Some(global))
                    .collect();
                for index in positions {
                    if is_phi {
                        builder.position_before_terminator(user.incoming_block(index))?;
                    } else {
                        builder.position_before(user);
                    }
                    let handle = builder.load(handle_ty, entry.handle, &handle_name)?;
                    let offset = builder.const_i32(member.offset as i64);
                    let pointer = builder.call_intrinsic(
                        GETPOINTER,
                        &[global.ty(), handle_ty],
                        &[handle, offset],
                        "",
                    )?;
                    user.set_operand(index, pointer);
                }
            }
        }
    }

    erase_named_metadata(module, CBS_NODE)?;
    erase_named_metadata(module, LAYOUTS_NODE)?;
    let mut deleted = FastSet::default();
    for global in globals {
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
    Ok(())
}
