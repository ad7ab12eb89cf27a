//! Module-level metadata: the target header and module flags Clang puts on
//! an HLSL module, `!hlsl.cbs` and our `!hlsl.layouts`.
//!
//! `!hlsl.cbs` has one tuple per buffer: the handle global, then its member
//! globals in layout order. Passes pair member *i* with the *i*-th
//! non-padding element of the layout struct.
//!
//! `!hlsl.layouts` (seed 001's design, never built by Clang) has one tuple per
//! named layout struct: its name, its size, and the offset of each
//! non-padding element from the start of the struct:
//! `!{!"__cblayout_CB", i32 20, i32 0, i32 16}`. The numbers come from the
//! plan's [`NamedStruct`]s, the same the types were built from; a number
//! past `i32`'s range (a buffer larger than 2 GiB) is written as an `i64`.

use cblower_program::plan::NamedStruct;
use inkwell::context::Context;
use inkwell::module::{FlagBehavior, Module};
use inkwell::targets::{TargetData, TargetTriple};

use super::{EmitError, EmittedBuffer};
use crate::ffi::{add_named_metadata_tuple, MdTupleOperand, RawValue};
use crate::Target;

/// Sets the triple and data layout clang-22 uses for a shader-model 6.3
/// library. [`super::build_plan`] does it for a module that has no data
/// layout yet.
pub fn prepare_module(module: &Module<'_>, target: Target) {
    prepare_module_for_triple(module, &cblower_program::TargetTriple::library(target));
}

/// Sets `triple` (as clang-22 prints it) and its target's data layout.
pub fn prepare_module_for_triple(module: &Module<'_>, triple: &cblower_program::TargetTriple) {
    module.set_triple(&TargetTriple::create(triple.as_str()));
    let td = TargetData::create(triple.target().data_layout());
    module.set_data_layout(&td.get_data_layout());
}

/// Adds clang-22's module flags: `wchar_size`, `dx.nativelowprec` with native
/// 16-bit types, and on DXIL `!dx.valver = !{!{i32 1, i32 8}}`. Clang adds
/// them after the buffers, so calling this after [`super::emit_cbuffers`]
/// prints the metadata in Clang's order.
pub fn add_module_flags<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    target: Target,
    native_16bit: bool,
) -> Result<(), EmitError> {
    let i32t = ctx.i32_type();
    for (key, value) in cblower_program::plan::module_flags(native_16bit) {
        module.add_basic_value_flag(
            key,
            FlagBehavior::Error,
            i32t.const_int(u64::from(value), false),
        );
    }
    if let Some((major, minor)) = cblower_program::plan::validator_version(target) {
        let major = RawValue::i32_in(ctx, major);
        let minor = RawValue::i32_in(ctx, minor);
        add_named_metadata_tuple(
            ctx,
            module,
            "dx.valver",
            &[MdTupleOperand::Value(major), MdTupleOperand::Value(minor)],
        )?;
    }
    Ok(())
}

/// `!hlsl.cbs = !{!{ptr @CB.cb, ptr addrspace(2) @a, ...}, ...}`.
pub fn add_hlsl_cbs<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    buffers: &[EmittedBuffer<'ctx>],
) -> Result<(), EmitError> {
    for b in buffers {
        let mut ops = Vec::with_capacity(b.members.len() + 1);
        ops.push(MdTupleOperand::Value(b.handle.as_value()));
        ops.extend(
            b.members
                .iter()
                .map(|m| MdTupleOperand::Value(m.global.as_value())),
        );
        add_named_metadata_tuple(ctx, module, "hlsl.cbs", &ops)?;
    }
    Ok(())
}

/// `!hlsl.layouts`, one tuple per named layout struct.
pub fn add_hlsl_layouts<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    structs: &[&NamedStruct],
) -> Result<(), EmitError> {
    for s in structs {
        let number = |v: u64| MdTupleOperand::Value(layout_number(ctx, v));
        let mut ops = Vec::with_capacity(s.field_offsets.len() + 2);
        ops.push(MdTupleOperand::String(&s.name));
        ops.push(number(s.size));
        ops.extend(s.field_offsets.iter().map(|&offset| number(offset)));
        add_named_metadata_tuple(ctx, module, "hlsl.layouts", &ops)?;
    }
    Ok(())
}

/// A size or offset for `!hlsl.layouts`: `i32` as long as it reads back as a
/// non-negative `i32`, `i64` beyond (a buffer past 2 GiB; an `i32` would wrap
/// and the check in dxil-cbuffer-access would then compare the wrong size).
fn layout_number(ctx: &Context, v: u64) -> RawValue<'_> {
    match u32::try_from(v) {
        Ok(small) if small <= i32::MAX as u32 => RawValue::i32_in(ctx, small),
        _ => RawValue::from_inkwell(ctx.i64_type().const_int(v, false)),
    }
}
