//! An instruction builder over raw values.
//!
//! The passes insert handle loads, intrinsic calls and small integer
//! arithmetic next to existing instructions; the operands include handles of
//! target extension type, so inkwell's builder (which inspects operand types)
//! cannot be used. Every new instruction takes the debug location of the
//! instruction it is inserted before, as LLVM's `IRBuilder` does.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::ffi::CString;

use inkwell::module::Module;
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBuilderRef, LLVMValueRef};

use super::{cstring, LlvmError, RawBlock, RawType, RawValue};
use crate::fast_hash::FastMap;

/// A positioned instruction builder. Dropping it disposes the LLVM builder.
pub struct RawBuilder<'ctx> {
    raw: LLVMBuilderRef,
    module: llvm_sys::prelude::LLVMModuleRef,
    /// Mangled names of the intrinsic instances called so far, by intrinsic
    /// id and overload types. Mangling a name (and finding the declaration
    /// through it) was most of the cost of a row load; with the name known,
    /// finding the declaration is one symbol-table lookup. Names rather than
    /// declarations are kept because a pass may delete a declaration while
    /// the builder lives: the lookup then misses and it is declared again.
    intrinsic_names: RefCell<FastMap<(u32, Vec<usize>), CString>>,
    _ctx: std::marker::PhantomData<&'ctx ()>,
}

impl Drop for RawBuilder<'_> {
    fn drop(&mut self) {
        // SAFETY: `raw` came from LLVMCreateBuilderInContext and is disposed once.
        unsafe { c::LLVMDisposeBuilder(self.raw) };
    }
}

/// LLVM's ID for the intrinsic `name` (0 when LLVM has none of that name).
///
/// LLVM finds it by binary search over every intrinsic name (about 1,700
/// instructions per lookup); the passes ask for the same few names once per
/// rewritten load, so the answers are remembered per thread.
pub fn intrinsic_id(name: &str) -> u32 {
    thread_local! {
        static IDS: RefCell<FastMap<Box<str>, u32>> = RefCell::default();
    }
    IDS.with(|ids| {
        if let Some(id) = ids.borrow().get(name) {
            return *id;
        }
        // SAFETY: the pointer and length describe `name`'s bytes.
        let id = unsafe { c::LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len()) };
        ids.borrow_mut().insert(name.into(), id);
        id
    })
}

fn no_name() -> *const std::os::raw::c_char {
    c"".as_ptr()
}

impl<'ctx> RawBuilder<'ctx> {
    /// A builder for `module`, not yet positioned.
    pub fn new(module: &Module<'ctx>) -> Self {
        // SAFETY: the module is alive for 'ctx; its context outlives the builder.
        let raw =
            unsafe { c::LLVMCreateBuilderInContext(c::LLVMGetModuleContext(module.as_mut_ptr())) };
        RawBuilder {
            raw,
            module: module.as_mut_ptr(),
            intrinsic_names: RefCell::default(),
            _ctx: std::marker::PhantomData,
        }
    }

    /// Inserts before `inst` and uses its debug location.
    pub fn position_before(&self, inst: RawValue<'ctx>) {
        // SAFETY: `inst` is an instruction inserted in a block of this module.
        unsafe {
            c::LLVMPositionBuilderBefore(self.raw, inst.as_raw());
            let loc = llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(inst.as_raw());
            c::LLVMSetCurrentDebugLocation2(self.raw, loc);
        }
    }

    /// Inserts before the terminator of `block` (for values a phi reads from it).
    pub fn position_before_terminator(&self, block: RawBlock<'ctx>) -> Result<(), LlvmError> {
        let term = block.terminator().ok_or(LlvmError::NoTerminator)?;
        self.position_before(term);
        Ok(())
    }

    fn name(name: &str) -> Result<CString, LlvmError> {
        cstring(name)
    }

    /// `load ty, ptr` with the data layout's ABI alignment of `ty`.
    pub fn load(
        &self,
        ty: RawType<'ctx>,
        ptr: RawValue<'ctx>,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = Self::name(name)?;
        // SAFETY: positioned builder; `ptr` is a pointer value of this module.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildLoad2(self.raw, ty.as_raw(), ptr.as_raw(), name.as_ptr())
        }))
    }

    /// The declaration of intrinsic `id` for `overloads`, declared on first use.
    fn intrinsic_declaration(&self, id: u32, overloads: &[RawType<'ctx>]) -> LLVMValueRef {
        let mut tys: Vec<_> = overloads.iter().map(|t| t.as_raw()).collect();
        let key = (id, tys.iter().map(|t| *t as usize).collect::<Vec<_>>());
        let mut names = self.intrinsic_names.borrow_mut();
        if let Some(name) = names.get(&key) {
            // SAFETY: live module; `name` is NUL-terminated.
            let found = unsafe { c::LLVMGetNamedFunction(self.module, name.as_ptr()) };
            if !found.is_null() {
                return found;
            }
        }
        // SAFETY: valid intrinsic id, live module, and the overload list the
        // intrinsic's signature expects (callers pass the documented shape).
        let decl =
            unsafe { c::LLVMGetIntrinsicDeclaration(self.module, id, tys.as_mut_ptr(), tys.len()) };
        let mut len = 0;
        // SAFETY: `decl` is a function; the returned pointer stays valid while
        // the function lives and is copied at once.
        let raw_name = unsafe { c::LLVMGetValueName2(decl, &mut len) };
        // SAFETY: LLVM returns `len` bytes at `raw_name`.
        let bytes = unsafe { std::slice::from_raw_parts(raw_name as *const u8, len) };
        if let Ok(name) = CString::new(bytes) {
            names.insert(key, name);
        }
        decl
    }

    /// A call of the overloaded intrinsic `name` instantiated for `overloads`.
    pub fn call_intrinsic(
        &self,
        intrinsic: &str,
        overloads: &[RawType<'ctx>],
        args: &[RawValue<'ctx>],
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let id = intrinsic_id(intrinsic);
        if id == 0 {
            return Err(LlvmError::UnknownIntrinsic(intrinsic.to_owned()));
        }
        let decl = self.intrinsic_declaration(id, overloads);
        // SAFETY: `decl` is a function; its value type is its function type.
        let fn_ty = unsafe { c::LLVMGlobalGetValueType(decl) };
        let mut argv: Vec<LLVMValueRef> = args.iter().map(|a| a.as_raw()).collect();
        let name = Self::name(name)?;
        // SAFETY: the arguments match the declaration's parameter types.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildCall2(
                self.raw,
                fn_ty,
                decl,
                argv.as_mut_ptr(),
                argv.len() as u32,
                name.as_ptr(),
            )
        }))
    }

    pub fn extract_value(
        &self,
        aggregate: RawValue<'ctx>,
        index: u32,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = Self::name(name)?;
        // SAFETY: callers keep `index` inside the aggregate.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildExtractValue(self.raw, aggregate.as_raw(), index, name.as_ptr())
        }))
    }

    pub fn insert_value(
        &self,
        aggregate: RawValue<'ctx>,
        element: RawValue<'ctx>,
        index: u32,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = Self::name(name)?;
        // SAFETY: callers keep `index` inside the aggregate and match its type.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildInsertValue(
                self.raw,
                aggregate.as_raw(),
                element.as_raw(),
                index,
                name.as_ptr(),
            )
        }))
    }

    pub fn insert_element(
        &self,
        vector: RawValue<'ctx>,
        element: RawValue<'ctx>,
        index: RawValue<'ctx>,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = Self::name(name)?;
        // SAFETY: the element has the vector's element type; index is an integer.
        Ok(RawValue::wrap(unsafe {
            c::LLVMBuildInsertElement(
                self.raw,
                vector.as_raw(),
                element.as_raw(),
                index.as_raw(),
                name.as_ptr(),
            )
        }))
    }

    pub fn add(&self, lhs: RawValue<'ctx>, rhs: RawValue<'ctx>) -> RawValue<'ctx> {
        // SAFETY: both operands are integers of one type.
        RawValue::wrap(unsafe { c::LLVMBuildAdd(self.raw, lhs.as_raw(), rhs.as_raw(), no_name()) })
    }

    pub fn mul(&self, lhs: RawValue<'ctx>, rhs: RawValue<'ctx>) -> RawValue<'ctx> {
        // SAFETY: both operands are integers of one type.
        RawValue::wrap(unsafe { c::LLVMBuildMul(self.raw, lhs.as_raw(), rhs.as_raw(), no_name()) })
    }

    pub fn udiv(&self, lhs: RawValue<'ctx>, rhs: RawValue<'ctx>) -> RawValue<'ctx> {
        // SAFETY: both operands are integers of one type.
        RawValue::wrap(unsafe { c::LLVMBuildUDiv(self.raw, lhs.as_raw(), rhs.as_raw(), no_name()) })
    }

    /// Sign-extends or truncates an integer to `i32` (no-op when it is one).
    pub fn to_i32(&self, value: RawValue<'ctx>) -> RawValue<'ctx> {
        let width = value.ty().int_width().unwrap_or(32);
        let i32t = self.i32_type();
        // SAFETY: `value` is an integer; the casts go to i32 from a wider/narrower int.
        unsafe {
            match width.cmp(&32) {
                std::cmp::Ordering::Equal => value,
                std::cmp::Ordering::Less => RawValue::wrap(c::LLVMBuildSExt(
                    self.raw,
                    value.as_raw(),
                    i32t.as_raw(),
                    no_name(),
                )),
                std::cmp::Ordering::Greater => RawValue::wrap(c::LLVMBuildTrunc(
                    self.raw,
                    value.as_raw(),
                    i32t.as_raw(),
                    no_name(),
                )),
            }
        }
    }

    /// `getelementptr inbounds i8, ptr, i32 offset`.
    pub fn byte_gep(
        &self,
        ptr: RawValue<'ctx>,
        offset: u32,
        name: &str,
    ) -> Result<RawValue<'ctx>, LlvmError> {
        let name = Self::name(name)?;
        let mut idx = [self.const_i32(offset as i64).as_raw()];
        // SAFETY: live context; `ptr` is a pointer; one i32 index.
        Ok(RawValue::wrap(unsafe {
            let i8t = c::LLVMInt8TypeInContext(c::LLVMGetModuleContext(self.module));
            c::LLVMBuildInBoundsGEP2(
                self.raw,
                i8t,
                ptr.as_raw(),
                idx.as_mut_ptr(),
                1,
                name.as_ptr(),
            )
        }))
    }

    pub fn i32_type(&self) -> RawType<'ctx> {
        // SAFETY: the module's context is alive.
        RawType::wrap(unsafe { c::LLVMInt32TypeInContext(c::LLVMGetModuleContext(self.module)) })
    }

    /// An `i32` constant.
    pub fn const_i32(&self, value: i64) -> RawValue<'ctx> {
        // SAFETY: building a constant of a live integer type.
        RawValue::wrap(unsafe { c::LLVMConstInt(self.i32_type().as_raw(), value as u64, 1) })
    }

    /// `poison` of `ty`.
    pub fn poison(&self, ty: RawType<'ctx>) -> RawValue<'ctx> {
        // SAFETY: live type.
        RawValue::wrap(unsafe { c::LLVMGetPoison(ty.as_raw()) })
    }
}
