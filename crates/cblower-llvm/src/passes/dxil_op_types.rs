//! The DXIL operation declarations and named types `dxil-op-lower` emits.
//!
//! DXIL calls every operation through a function `@dx.op.<name>[.<overload>]`
//! whose first argument is the opcode, and gives the structs operations
//! exchange fixed names:
//!
//! | type | body |
//! |---|---|
//! | `%dx.types.Handle` | `{ ptr }` |
//! | `%dx.types.ResBind` | `{ i32 lower, i32 upper, i32 space, i8 class }` |
//! | `%dx.types.ResourceProperties` | `{ i32, i32 }` |
//! | `%dx.types.CBufRet.{f32,i32,f64,i64}` | 4 or 2 elements of the overload type |
//! | `%dx.types.CBufRet.{f16,i16}.8` | 8 elements |

use inkwell::module::Module;

use super::PassError;
use crate::ffi::{
    declare_function, int_type, named_struct_with_body, pointer_type, Callee, RawType,
};

/// `dx.op.createHandle` (before shader model 6.6).
pub const OP_CREATE_HANDLE: u32 = 57;
/// `dx.op.cbufferLoadLegacy`: one 16-byte row of a cbuffer.
pub const OP_CBUFFER_LOAD_LEGACY: u32 = 59;
/// `dx.op.annotateHandle` (shader model 6.6 and later).
pub const OP_ANNOTATE_HANDLE: u32 = 216;
/// `dx.op.createHandleFromBinding` (shader model 6.6 and later).
pub const OP_CREATE_HANDLE_FROM_BINDING: u32 = 217;
/// Resource class of constant buffers in `ResBind` and `createHandle`.
pub const CLASS_CBUFFER: u64 = 2;
/// `ResourceKind::CBuffer`, word 0 of a cbuffer's resource properties.
pub const KIND_CBUFFER: u64 = 13;

/// The DXIL declarations of one module, created on first use.
pub struct DxilOps<'m, 'ctx> {
    module: &'m Module<'ctx>,
}

fn struct_type<'ctx>(
    module: &Module<'ctx>,
    name: &str,
    elements: &[RawType<'ctx>],
) -> Result<RawType<'ctx>, PassError> {
    let ty = named_struct_with_body(module, name, elements)?;
    if ty.struct_elements()? != elements {
        return Err(PassError::CannotLower(format!(
            "the module already has a %{name} of another shape: {}",
            ty.print()
        )));
    }
    Ok(ty)
}

impl<'m, 'ctx> DxilOps<'m, 'ctx> {
    pub fn new(module: &'m Module<'ctx>) -> Self {
        DxilOps { module }
    }

    pub fn i32(&self) -> RawType<'ctx> {
        int_type(self.module, 32)
    }

    pub fn i8(&self) -> RawType<'ctx> {
        int_type(self.module, 8)
    }

    pub fn i1(&self) -> RawType<'ctx> {
        int_type(self.module, 1)
    }

    pub fn handle(&self) -> Result<RawType<'ctx>, PassError> {
        struct_type(self.module, "dx.types.Handle", &[pointer_type(self.module)])
    }

    pub fn res_bind(&self) -> Result<RawType<'ctx>, PassError> {
        let i32t = self.i32();
        struct_type(
            self.module,
            "dx.types.ResBind",
            &[i32t, i32t, i32t, self.i8()],
        )
    }

    pub fn resource_properties(&self) -> Result<RawType<'ctx>, PassError> {
        let i32t = self.i32();
        struct_type(self.module, "dx.types.ResourceProperties", &[i32t, i32t])
    }

    /// `%dx.types.CBufRet.<overload>` for `count` elements of `element`.
    pub fn cbuf_ret(
        &self,
        overload: &str,
        element: RawType<'ctx>,
        count: usize,
    ) -> Result<RawType<'ctx>, PassError> {
        let name = if count == 8 {
            format!("dx.types.CBufRet.{overload}.8")
        } else {
            format!("dx.types.CBufRet.{overload}")
        };
        struct_type(self.module, &name, &vec![element; count])
    }

    pub fn create_handle(&self) -> Result<Callee<'ctx>, PassError> {
        let (i32t, handle) = (self.i32(), self.handle()?);
        Ok(declare_function(
            self.module,
            "dx.op.createHandle",
            handle,
            &[i32t, self.i8(), i32t, i32t, self.i1()],
        )?)
    }

    pub fn create_handle_from_binding(&self) -> Result<Callee<'ctx>, PassError> {
        let (i32t, handle) = (self.i32(), self.handle()?);
        Ok(declare_function(
            self.module,
            "dx.op.createHandleFromBinding",
            handle,
            &[i32t, self.res_bind()?, i32t, self.i1()],
        )?)
    }

    pub fn annotate_handle(&self) -> Result<Callee<'ctx>, PassError> {
        let handle = self.handle()?;
        Ok(declare_function(
            self.module,
            "dx.op.annotateHandle",
            handle,
            &[self.i32(), handle, self.resource_properties()?],
        )?)
    }

    /// `@dx.op.cbufferLoadLegacy.<overload>` returning `ret`.
    pub fn cbuffer_load_legacy(
        &self,
        overload: &str,
        ret: RawType<'ctx>,
    ) -> Result<Callee<'ctx>, PassError> {
        let i32t = self.i32();
        Ok(declare_function(
            self.module,
            &format!("dx.op.cbufferLoadLegacy.{overload}"),
            ret,
            &[i32t, self.handle()?, i32t],
        )?)
    }
}

/// The DXIL overload name of a row element type (`f32`, `i16`, ...).
pub fn overload_name(element: RawType<'_>) -> Option<&'static str> {
    use llvm_sys::LLVMTypeKind::*;
    match (element.type_kind(), element.int_width()) {
        (LLVMHalfTypeKind, _) => Some("f16"),
        (LLVMFloatTypeKind, _) => Some("f32"),
        (LLVMDoubleTypeKind, _) => Some("f64"),
        (_, Some(16)) => Some("i16"),
        (_, Some(32)) => Some("i32"),
        (_, Some(64)) => Some("i64"),
        _ => None,
    }
}
