//! Raw builders for the IR that IR emission writes where inkwell cannot:
//! intrinsic calls returning handle types, stores of handles, GEPs whose
//! source element type holds padding target types, and metadata nodes that
//! mention such globals.

use std::marker::PhantomData;

use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::AsValueRef;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMMetadataRef, LLVMTypeRef, LLVMValueRef};

use super::{cstring, LlvmError, RawGlobal, RawType, RawValue};

impl<'ctx> RawValue<'ctx> {
    /// Wraps a value inkwell built; the result lives no longer than the
    /// value's context.
    pub fn from_inkwell<V: inkwell::values::AnyValue<'ctx>>(v: V) -> Self {
        Self::wrap(v.as_value_ref())
    }

    /// `i32 <v>` in `ctx`.
    pub fn i32_in(ctx: &'ctx Context, v: u32) -> Self {
        Self::from_inkwell(ctx.i32_type().const_int(u64::from(v), false))
    }

    /// True if the value is a constant (including constant expressions).
    pub fn is_constant(self) -> bool {
        // SAFETY: `self` is a valid value of a live context.
        unsafe { c::LLVMIsConstant(self.as_raw()) != 0 }
    }
}

impl<'ctx> RawGlobal<'ctx> {
    /// The global as a value (its address).
    pub(crate) fn as_value(self) -> RawValue<'ctx> {
        RawValue::wrap(self.as_raw())
    }
}

/// A function together with its function type (calls need both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawFunction<'ctx> {
    func: LLVMValueRef,
    ty: LLVMTypeRef,
    _ctx: PhantomData<&'ctx Context>,
}

impl<'ctx> RawFunction<'ctx> {
    /// Wraps a function inkwell created (its type is one inkwell understands).
    pub fn from_inkwell(f: inkwell::values::FunctionValue<'ctx>) -> Self {
        RawFunction {
            func: f.as_value_ref(),
            ty: f.get_type().as_type_ref_raw(),
            _ctx: PhantomData,
        }
    }

    /// The declaration of intrinsic `name` overloaded on `overloads` (LLVM
    /// mangles the name, e.g. `.tdx.CBuffer_s___cblayout_CBst`), added to
    /// `module` if it is not there yet.
    pub fn intrinsic(
        module: &Module<'ctx>,
        name: &str,
        overloads: &[RawType<'ctx>],
    ) -> Result<Self, LlvmError> {
        // SAFETY: `name` is a valid UTF-8 slice of the length passed; LLVM only reads it.
        let id = unsafe { c::LLVMLookupIntrinsicID(name.as_ptr().cast(), name.len()) };
        if id == 0 {
            return Err(LlvmError::UnknownIntrinsic(name.to_owned()));
        }
        let mut params: Vec<LLVMTypeRef> = overloads.iter().map(|t| t.as_raw()).collect();
        // SAFETY: live module of the same context as the overload types; `id` is a
        // valid intrinsic ID and the array holds exactly the count passed.
        let func = unsafe {
            c::LLVMGetIntrinsicDeclaration(
                module.as_mut_ptr(),
                id,
                params.as_mut_ptr(),
                params.len(),
            )
        };
        // SAFETY: `func` is a function declaration; its global value type is its function type.
        let ty = unsafe { c::LLVMGlobalGetValueType(func) };
        Ok(RawFunction {
            func,
            ty,
            _ctx: PhantomData,
        })
    }
}

/// Extension used above: inkwell's function types expose their raw type.
trait RawTypeRef {
    fn as_type_ref_raw(&self) -> LLVMTypeRef;
}

impl RawTypeRef for inkwell::types::FunctionType<'_> {
    fn as_type_ref_raw(&self) -> LLVMTypeRef {
        inkwell::types::AsTypeRef::as_type_ref(self)
    }
}

/// Which no-wrap flags a GEP carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GepFlags {
    pub inbounds: bool,
    pub nuw: bool,
}

impl GepFlags {
    pub const NONE: GepFlags = GepFlags {
        inbounds: false,
        nuw: false,
    };
    pub const INBOUNDS: GepFlags = GepFlags {
        inbounds: true,
        nuw: false,
    };
    pub const INBOUNDS_NUW: GepFlags = GepFlags {
        inbounds: true,
        nuw: true,
    };

    fn bits(self) -> llvm_sys::LLVMGEPNoWrapFlags {
        let mut b = 0;
        if self.inbounds {
            b |= llvm_sys::LLVMGEPFlagInBounds;
        }
        if self.nuw {
            b |= llvm_sys::LLVMGEPFlagNUW;
        }
        b
    }
}

/// Instruction building through an inkwell [`Builder`]'s insertion point,
/// for instructions whose types inkwell must not inspect.
pub struct PositionedBuilder<'a, 'ctx> {
    builder: &'a Builder<'ctx>,
}

impl<'a, 'ctx> PositionedBuilder<'a, 'ctx> {
    pub fn new(builder: &'a Builder<'ctx>) -> Self {
        PositionedBuilder { builder }
    }

    /// `call <ret> @f(args)`, named `name` unless the call returns void.
    pub fn call(
        &self,
        f: RawFunction<'ctx>,
        args: &[RawValue<'ctx>],
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        let mut args: Vec<LLVMValueRef> = args.iter().map(|a| a.as_raw()).collect();
        // SAFETY: the builder is positioned in a block of a live function; `f` and
        // the arguments belong to the same context and match `f`'s type (callers
        // pass the parameter list of the intrinsic they declared).
        let raw = unsafe {
            c::LLVMBuildCall2(
                self.builder.as_mut_ptr(),
                f.ty,
                f.func,
                args.as_mut_ptr(),
                args.len() as u32,
                name.as_ptr(),
            )
        };
        Ok(RawValue::wrap(raw))
    }

    /// `store <value>, ptr <ptr>, align <align>`.
    pub fn store(&self, value: RawValue<'ctx>, ptr: RawValue<'ctx>, align: u32) {
        // SAFETY: the builder is positioned in a live block; `ptr` is a pointer value
        // and `value` a first-class value of the same context.
        unsafe {
            let st = c::LLVMBuildStore(self.builder.as_mut_ptr(), value.as_raw(), ptr.as_raw());
            c::LLVMSetAlignment(st, align);
        }
    }

    /// `getelementptr [flags] <ty>, ptr <ptr>, <indices>`. With only
    /// constant operands LLVM folds it into a constant expression.
    pub fn gep(
        &self,
        ty: RawType<'ctx>,
        ptr: RawValue<'ctx>,
        indices: &[RawValue<'ctx>],
        flags: GepFlags,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = cstring(name)?;
        let mut idx: Vec<LLVMValueRef> = indices.iter().map(|v| v.as_raw()).collect();
        // SAFETY: the builder is positioned in a live block; `ty` is a sized type of
        // the same context, `ptr` a pointer, and the indices are integers that the
        // caller derived from `ty`'s structure (struct indices are constants).
        let raw = unsafe {
            c::LLVMBuildGEPWithNoWrapFlags(
                self.builder.as_mut_ptr(),
                ty.as_raw(),
                ptr.as_raw(),
                idx.as_mut_ptr(),
                idx.len() as u32,
                name.as_ptr(),
                flags.bits(),
            )
        };
        Ok(RawValue::wrap(raw))
    }

    /// Sets the calling convention of a call instruction.
    pub fn set_call_conv(&self, call: RawValue<'ctx>, cc: u32) {
        // SAFETY: `call` is a call instruction built by this builder.
        unsafe { c::LLVMSetInstructionCallConv(call.as_raw(), cc) };
    }
}

/// One operand of a metadata tuple.
#[derive(Clone, Copy, Debug)]
pub enum MdTupleOperand<'a, 'ctx> {
    /// A value, as `ValueAsMetadata` (`ptr @CB.cb`, `i32 20`).
    Value(RawValue<'ctx>),
    /// `!"text"`.
    String(&'a str),
}

/// Appends the tuple `!{operands...}` to the named metadata `!name`.
pub fn add_named_metadata_tuple<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    name: &str,
    operands: &[MdTupleOperand<'_, 'ctx>],
) -> Result<(), LlvmError> {
    let cname = cstring(name)?;
    let mut mds: Vec<LLVMMetadataRef> = Vec::with_capacity(operands.len());
    for op in operands {
        let md = match op {
            // SAFETY: the value belongs to the live context; LLVM wraps it.
            MdTupleOperand::Value(v) => unsafe { c::LLVMValueAsMetadata(v.as_raw()) },
            // SAFETY: the slice is valid for its length; LLVM copies the bytes.
            MdTupleOperand::String(s) => unsafe {
                c::LLVMMDStringInContext2(ctx.raw(), s.as_ptr().cast(), s.len())
            },
        };
        mds.push(md);
    }
    // SAFETY: live context; the array holds exactly the count passed; the node
    // is converted to a value only to hand it to LLVMAddNamedMetadataOperand.
    unsafe {
        let node = c::LLVMMDNodeInContext2(ctx.raw(), mds.as_mut_ptr(), mds.len());
        let as_value = c::LLVMMetadataAsValue(ctx.raw(), node);
        c::LLVMAddNamedMetadataOperand(module.as_mut_ptr(), cname.as_ptr(), as_value);
    }
    Ok(())
}

impl<'ctx> RawValue<'ctx> {
    /// The value as an inkwell pointer, if its type is a pointer (a GEP
    /// result or a global's address). Pointer types never hold a target
    /// extension type, so inkwell may inspect them.
    pub fn into_pointer_value(self) -> Option<inkwell::values::PointerValue<'ctx>> {
        // SAFETY: `self` is a valid value of a live context.
        let kind = unsafe { c::LLVMGetTypeKind(c::LLVMTypeOf(self.as_raw())) };
        if kind != llvm_sys::LLVMTypeKind::LLVMPointerTypeKind {
            return None;
        }
        // SAFETY: the value's type was just checked to be a pointer type, which is
        // what inkwell's PointerValue requires.
        Some(unsafe { inkwell::values::PointerValue::new(self.as_raw()) })
    }
}
