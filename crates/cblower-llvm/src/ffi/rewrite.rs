//! What the lowering passes (`spirv-cbuffer-access`, `dxil-op-lower`, the
//! implicit-binding and handle-forwarding passes) need beyond [`RawBuilder`]:
//! cloning an instruction, declaring plain (non-intrinsic) functions such as
//! `@dx.op.cbufferLoadLegacy.f32` and calling them, named struct constants
//! (`%dx.types.ResBind { ... }`), integers of any width, the module triple,
//! and deleting functions that became unused.
//!
//! Every handle here may have a target extension type, so nothing is handed
//! to inkwell.
#![allow(unsafe_code)]

use std::ffi::CStr;

use inkwell::module::Module;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMTypeRef, LLVMValueRef};

use super::{cstring, LlvmError, RawType, RawValue};

/// A function declaration together with its function type (calls need both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Callee<'ctx> {
    function: RawValue<'ctx>,
    fn_type: LLVMTypeRef,
}

/// The module's target triple (`dxil-pc-shadermodel6.6-compute`).
pub fn target_triple(module: &Module<'_>) -> String {
    // SAFETY: live module; the string is owned by the module and NUL-terminated.
    let ptr = unsafe { c::LLVMGetTarget(module.as_mut_ptr()) };
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: non-null NUL-terminated string owned by the module.
    unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned()
}

/// `iN` in the module's context.
pub fn int_type<'ctx>(module: &Module<'ctx>, bits: u32) -> RawType<'ctx> {
    // SAFETY: live module and context; any positive width is valid.
    RawType::wrap(unsafe {
        c::LLVMIntTypeInContext(c::LLVMGetModuleContext(module.as_mut_ptr()), bits)
    })
}

/// `ptr` (address space 0) in the module's context.
pub fn pointer_type<'ctx>(module: &Module<'ctx>) -> RawType<'ctx> {
    // SAFETY: live module and context.
    RawType::wrap(unsafe {
        c::LLVMPointerTypeInContext(c::LLVMGetModuleContext(module.as_mut_ptr()), 0)
    })
}

/// An integer constant of type `ty` (truncated to its width).
pub fn const_int<'ctx>(ty: RawType<'ctx>, value: u64) -> RawValue<'ctx> {
    // SAFETY: `ty` is an integer type of a live context.
    RawValue::wrap(unsafe { c::LLVMConstInt(ty.as_raw(), value, 0) })
}

/// A constant of the named struct `ty` with the given field constants.
pub fn const_named_struct<'ctx>(ty: RawType<'ctx>, fields: &[RawValue<'ctx>]) -> RawValue<'ctx> {
    let mut vals: Vec<LLVMValueRef> = fields.iter().map(|v| v.as_raw()).collect();
    // SAFETY: `ty` is a struct of a live context whose element types match the
    // constants (callers build both from the same description).
    RawValue::wrap(unsafe {
        c::LLVMConstNamedStruct(ty.as_raw(), vals.as_mut_ptr(), vals.len() as u32)
    })
}

/// The named struct `%name` with body `elements`, created if the context has
/// none yet. An existing struct of that name is returned as it is; the
/// caller checks its body with [`RawType::struct_elements`].
pub fn named_struct_with_body<'ctx>(
    module: &Module<'ctx>,
    name: &str,
    elements: &[RawType<'ctx>],
) -> Result<RawType<'ctx>, LlvmError> {
    let cname = cstring(name)?;
    // SAFETY: live module and context; NUL-terminated name; null when absent.
    let existing = unsafe {
        c::LLVMGetTypeByName2(c::LLVMGetModuleContext(module.as_mut_ptr()), cname.as_ptr())
    };
    if !existing.is_null() {
        return Ok(RawType::wrap(existing));
    }
    // SAFETY: live context; LLVM copies the name.
    let raw = unsafe {
        c::LLVMStructCreateNamed(c::LLVMGetModuleContext(module.as_mut_ptr()), cname.as_ptr())
    };
    let ty = RawType::wrap(raw);
    ty.set_struct_body(elements, false)?;
    Ok(ty)
}

/// The function `@name` of the module, declared as `ret (params)` if the
/// module has no function of that name. An existing function keeps its type.
pub fn declare_function<'ctx>(
    module: &Module<'ctx>,
    name: &str,
    ret: RawType<'ctx>,
    params: &[RawType<'ctx>],
) -> Result<Callee<'ctx>, LlvmError> {
    let cname = cstring(name)?;
    // SAFETY: live module; NUL-terminated name; null when absent.
    let mut func = unsafe { c::LLVMGetNamedFunction(module.as_mut_ptr(), cname.as_ptr()) };
    if func.is_null() {
        let mut ps: Vec<LLVMTypeRef> = params.iter().map(|t| t.as_raw()).collect();
        // SAFETY: all types belong to the module's context; the array has the
        // length passed; LLVM copies the name.
        func = unsafe {
            let fn_ty = c::LLVMFunctionType(ret.as_raw(), ps.as_mut_ptr(), ps.len() as u32, 0);
            c::LLVMAddFunction(module.as_mut_ptr(), cname.as_ptr(), fn_ty)
        };
    }
    // SAFETY: `func` is a function; its value type is its function type.
    let fn_type = unsafe { c::LLVMGlobalGetValueType(func) };
    Ok(Callee {
        function: RawValue::wrap(func),
        fn_type,
    })
}

/// `call @callee(args)` inserted right before `before`, with its debug
/// location, named `name` (ignored for `void` calls).
pub fn call_before<'ctx>(
    before: RawValue<'ctx>,
    callee: Callee<'ctx>,
    args: &[RawValue<'ctx>],
    name: &str,
) -> Result<RawValue<'ctx>, LlvmError> {
    let cname = cstring(name)?;
    let mut argv: Vec<LLVMValueRef> = args.iter().map(|a| a.as_raw()).collect();
    // SAFETY: `before` is an instruction in a block; the builder is created,
    // positioned, used once and disposed here; the arguments match the callee's
    // parameter types (callers declare the function from the same types).
    unsafe {
        let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(before.as_raw()));
        let b = c::LLVMCreateBuilderInContext(ctx);
        c::LLVMPositionBuilderBefore(b, before.as_raw());
        let loc = llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(before.as_raw());
        c::LLVMSetCurrentDebugLocation2(b, loc);
        let ret_is_void = c::LLVMGetTypeKind(c::LLVMGetReturnType(callee.fn_type))
            == llvm_sys::LLVMTypeKind::LLVMVoidTypeKind;
        let call = c::LLVMBuildCall2(
            b,
            callee.fn_type,
            callee.function.as_raw(),
            argv.as_mut_ptr(),
            argv.len() as u32,
            if ret_is_void {
                c"".as_ptr()
            } else {
                cname.as_ptr()
            },
        );
        c::LLVMDisposeBuilder(b);
        Ok(RawValue::wrap(call))
    }
}

/// An exact copy of `inst`, in no block and without a name.
pub fn clone_instruction<'ctx>(inst: RawValue<'ctx>) -> RawValue<'ctx> {
    // SAFETY: callers pass an instruction; LLVM returns a new unlinked copy.
    RawValue::wrap(unsafe { c::LLVMInstructionClone(inst.as_raw()) })
}

/// The function a call instruction calls directly, if any.
pub fn called_function<'ctx>(call: RawValue<'ctx>) -> Option<RawValue<'ctx>> {
    // SAFETY: each query checks the value class first.
    unsafe {
        if c::LLVMIsACallInst(call.as_raw()).is_null() {
            return None;
        }
        let callee = c::LLVMGetCalledValue(call.as_raw());
        if callee.is_null() || c::LLVMIsAFunction(callee).is_null() {
            return None;
        }
        Some(RawValue::wrap(callee))
    }
}

/// The argument operands of a call (without the callee).
pub fn call_args<'ctx>(call: RawValue<'ctx>) -> Vec<RawValue<'ctx>> {
    // SAFETY: callers pass a call instruction; the count excludes the callee.
    let n = unsafe { c::LLVMGetNumArgOperands(call.as_raw()) };
    (0..n).filter_map(|i| call.operand(i)).collect()
}

/// Deletes a function (declaration or definition) that has no uses left.
pub fn delete_function(function: RawValue<'_>) {
    debug_assert!(!function.has_uses());
    // SAFETY: `function` is a function of a live module without uses.
    unsafe { c::LLVMDeleteFunction(function.as_raw()) };
}

/// The value stored by a store instruction and the pointer it stores to.
pub fn store_parts<'ctx>(store: RawValue<'ctx>) -> Option<(RawValue<'ctx>, RawValue<'ctx>)> {
    if store.opcode() != Some(llvm_sys::LLVMOpcode::LLVMStore) {
        return None;
    }
    Some((store.operand(0)?, store.operand(1)?))
}

/// The successor blocks of a terminator.
pub fn successors<'ctx>(terminator: RawValue<'ctx>) -> Vec<super::RawBlock<'ctx>> {
    // SAFETY: callers pass a terminator; indices stay below the count.
    unsafe {
        let n = c::LLVMGetNumSuccessors(terminator.as_raw());
        (0..n)
            .map(|i| super::RawBlock::wrap(c::LLVMGetSuccessor(terminator.as_raw(), i)))
            .collect()
    }
}

/// Inserts the detached instruction `inst` right before `before`, named `name`.
pub fn insert_before<'ctx>(
    inst: RawValue<'ctx>,
    before: RawValue<'ctx>,
    name: &str,
) -> Result<(), LlvmError> {
    let cname = cstring(name)?;
    // SAFETY: `inst` is in no block (a fresh clone) and `before` is an
    // instruction in a block of the same context.
    unsafe {
        let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(before.as_raw()));
        let b = c::LLVMCreateBuilderInContext(ctx);
        c::LLVMPositionBuilderBefore(b, before.as_raw());
        c::LLVMInsertIntoBuilderWithName(b, inst.as_raw(), cname.as_ptr());
        c::LLVMDisposeBuilder(b);
    }
    Ok(())
}
