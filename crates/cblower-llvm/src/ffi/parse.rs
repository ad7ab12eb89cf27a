//! Parsing IR without leaking the input.
//!
//! inkwell 0.11 built for LLVM 22 parses with `LLVMParseIRInContext2`, which
//! (unlike the older `LLVMParseIRInContext`) leaves the memory buffer to the
//! caller, and then `mem::forget`s the buffer anyway: every
//! `Context::create_module_from_ir` leaks the whole input. Found by the `opt`
//! fuzz target's leak checker.
#![allow(unsafe_code)]

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use llvm_sys::ir_reader::LLVMParseIRInContext2;

use super::take_message;

/// Parses textual IR or bitcode from `buffer` into a new module of `ctx`;
/// the buffer is freed when this returns. The error is LLVM's message.
pub fn parse_ir<'ctx>(ctx: &'ctx Context, buffer: MemoryBuffer) -> Result<Module<'ctx>, String> {
    let mut module = std::ptr::null_mut();
    let mut message = std::ptr::null_mut();
    // SAFETY: the context and the buffer are alive for the call; LLVM reads the
    // buffer without taking it (it is disposed when `buffer` drops below), and on
    // return has written either a new module or an owned error message.
    let failed =
        unsafe { LLVMParseIRInContext2(ctx.raw(), buffer.as_mut_ptr(), &mut module, &mut message) }
            != 0;
    // The parsed module copies what it needs; nothing points into the buffer.
    drop(buffer);
    if failed || module.is_null() {
        return Err(take_message(message));
    }
    // SAFETY: parsing succeeded, so `module` is a new module of `ctx` that nothing
    // else owns; inkwell's `Module` disposes of it when dropped.
    Ok(unsafe { Module::new(module) })
}
