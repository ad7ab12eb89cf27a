//! Handle creation: `_init_buffer_<Name>.cb` per buffer and the global
//! constructor that calls them, shaped as clang 22 emits them.
//!
//! ```llvm
//! define internal void @_init_buffer_CB.cb() #0 {          ; #0 = { alwaysinline }
//! entry:
//!   %CB.cb_h = call target("dx.CBuffer", %__cblayout_CB)
//!       @llvm.dx.resource.handlefrombinding.tdx.CBuffer_s___cblayout_CBst(
//!           i32 space, i32 register, i32 1, i32 0, ptr @CB.str)
//!   store target("dx.CBuffer", %__cblayout_CB) %CB.cb_h, ptr @CB.cb, align 4
//!   ret void
//! }
//! ```
//!
//! Without a register the call is `handlefromimplicitbinding(order id, space,
//! 1, 0, name)`. On SPIR-V the intrinsics are `llvm.spv.*`, the store is
//! `align 8`, and the constructor is a `spir_func` that opens with a
//! convergence entry token. clang-22 defines the init functions with the C
//! calling convention but calls them as `spir_func`, a mismatch that lets any
//! optimiser replace the call by `unreachable`; the default flavour defines
//! them as `spir_func` too.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context;
use inkwell::module::{Linkage as InkLinkage, Module};
use inkwell::values::FunctionValue;

use super::{EmissionPlan, EmitError, Flavor, HandleBinding};
use crate::ffi::{PositionedBuilder, RawFunction, RawGlobal, RawType, RawValue};
use crate::Target;

/// LLVM's number for the `spir_func` calling convention.
const SPIR_FUNC: u32 = 75;

fn enum_attr(ctx: &Context, name: &str) -> Attribute {
    ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(name), 0)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn init_function<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    target: Target,
    flavor: Flavor,
    handle: RawGlobal<'ctx>,
    handle_type: RawType<'ctx>,
    binding: HandleBinding,
    name_string: RawValue<'ctx>,
) -> Result<FunctionValue<'ctx>, EmitError> {
    let handle_name = handle.name();
    let f = module.add_function(
        &format!("_init_buffer_{handle_name}"),
        ctx.void_type().fn_type(&[], false),
        Some(InkLinkage::Internal),
    );
    f.add_attribute(AttributeLoc::Function, enum_attr(ctx, "alwaysinline"));
    if target == Target::SpirV && flavor == Flavor::Dxc {
        f.set_call_conventions(SPIR_FUNC);
    }
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let prefix = match target {
        Target::Dxil => "llvm.dx.resource",
        Target::SpirV => "llvm.spv.resource",
    };
    let (intrinsic, a, b) = match binding {
        HandleBinding::Explicit { register, space } => ("handlefrombinding", space, register),
        HandleBinding::Implicit { order_id, space } => {
            ("handlefromimplicitbinding", order_id, space)
        }
    };
    let create = RawFunction::intrinsic(module, &format!("{prefix}.{intrinsic}"), &[handle_type])?;
    let raw = PositionedBuilder::new(&builder);
    let i32c = |v| RawValue::i32_in(ctx, v);
    let h = raw.call(
        create,
        &[i32c(a), i32c(b), i32c(1), i32c(0), name_string],
        &format!("{handle_name}_h"),
    )?;
    let align = match target {
        Target::Dxil => 4,
        Target::SpirV => 8,
    };
    raw.store(h, handle.as_value(), align);
    builder
        .build_return(None)
        .map_err(|e| crate::ffi::LlvmError::Builder(e.to_string()))?;
    Ok(f)
}

/// `name` (`_GLOBAL__sub_I_<file>`) calling every init function,
/// registered in `@llvm.global_ctors` with priority 65535 when the plan is
/// a library's ([`EmissionPlan::registers_ctor`]; a stage's entry point
/// calls it in clang-22's output).
pub(super) fn global_ctor<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    plan: &EmissionPlan<'_>,
    name: &str,
    inits: &[FunctionValue<'ctx>],
) -> Result<FunctionValue<'ctx>, EmitError> {
    let f = module.add_function(
        name,
        ctx.void_type().fn_type(&[], false),
        Some(InkLinkage::Internal),
    );
    for name in ["alwaysinline", "convergent", "nounwind"] {
        f.add_attribute(AttributeLoc::Function, enum_attr(ctx, name));
    }
    for key in [
        "no-infs-fp-math",
        "no-nans-fp-math",
        "no-signed-zeros-fp-math",
        "no-trapping-math",
    ] {
        f.add_attribute(
            AttributeLoc::Function,
            ctx.create_string_attribute(key, "true"),
        );
    }
    f.add_attribute(
        AttributeLoc::Function,
        ctx.create_string_attribute("stack-protector-buffer-size", "8"),
    );
    let target = plan.target;
    let builder = ctx.create_builder();
    builder.position_at_end(ctx.append_basic_block(f, "entry"));
    let raw = PositionedBuilder::new(&builder);
    if target == Target::SpirV {
        f.set_call_conventions(SPIR_FUNC);
        let entry = RawFunction::intrinsic(module, "llvm.experimental.convergence.entry", &[])?;
        raw.call(entry, &[], "")?;
    }
    for init in inits {
        let call = raw.call(RawFunction::from_inkwell(*init), &[], "")?;
        if target == Target::SpirV {
            raw.set_call_conv(call, SPIR_FUNC);
        }
    }
    builder
        .build_return(None)
        .map_err(|e| crate::ffi::LlvmError::Builder(e.to_string()))?;
    if !plan.registers_ctor() {
        return Ok(f);
    }

    // @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [...]
    let ptr = ctx.ptr_type(inkwell::AddressSpace::default());
    let entry_ty = ctx.struct_type(&[ctx.i32_type().into(), ptr.into(), ptr.into()], false);
    let entry = entry_ty.const_named_struct(&[
        ctx.i32_type().const_int(65535, false).into(),
        f.as_global_value().as_pointer_value().into(),
        ptr.const_null().into(),
    ]);
    let array = entry_ty.const_array(&[entry]);
    // Address space 0 explicitly: the SPIR-V data layout's default for
    // globals is 10 (`G10`), but Clang puts the constructor list in 0.
    let g = module.add_global(
        array.get_type(),
        Some(inkwell::AddressSpace::default()),
        "llvm.global_ctors",
    );
    g.set_linkage(InkLinkage::Appending);
    g.set_initializer(&array);
    Ok(f)
}
