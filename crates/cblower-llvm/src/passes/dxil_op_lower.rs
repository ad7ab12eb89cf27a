//! `dxil-op-lower` (cbuffer part): row loads and cbuffer handles become DXIL
//! operations.
//!
//! Algorithm (the cbuffer part of LLVM 22's `DXILOpLowering`):
//!
//! 1. The DXIL version comes from the triple: `dxilv1.N` gives 1.N; a plain
//!    `dxil` arch takes it from the shader model (`shadermodel6.N` gives 1.N).
//! 2. Every `llvm.dx.resource.handlefrombinding(space, lower, size, index,
//!    name)` call returning a cbuffer handle gets a binding ID: its rank among
//!    the distinct cbuffer bindings sorted by (space, lower bound, size).
//!    Before it:
//!    * DXIL < 1.6: `%h = call %dx.types.Handle @dx.op.createHandle(i32 57,
//!      i8 2, i32 <binding ID>, i32 <index + lower>, i1 <non-uniform>)`;
//!    * DXIL >= 1.6: `%h = call @dx.op.createHandleFromBinding(i32 217,
//!      %dx.types.ResBind { lower, upper, space, i8 2 }, i32 <index + lower>,
//!      i1 <non-uniform>)` and `%h_annot = call @dx.op.annotateHandle(i32 216,
//!      %h, %dx.types.ResourceProperties { i32 13, i32 <size> })`, size being
//!      the data layout size of the layout struct (the end of the last member).
//!
//!    The index is folded when constant, an `add` otherwise; non-uniform is
//!    false for a single binding, else whether the index depends on
//!    `llvm.dx.resource.nonuniformindex`. The new calls take the old call's
//!    name.
//! 3. Every `llvm.dx.resource.load.cbufferrow.{2,4,8}(handle, row)` becomes
//!    `call %dx.types.CBufRet.<o> @dx.op.cbufferLoadLegacy.<o>(i32 59, handle, row)`
//!    (`.f16.8`/`.i16.8` for 8 elements) with the same name; its
//!    `extractvalue` users read the new call.
//! 4. The stores of the old handles into globals are erased, then the old
//!    calls, the handle globals and name strings left unused, and the
//!    declarations left without calls.
//!
//! Errors instead of LLVM's assertions or invalid output: an unresolved
//! implicit binding (run `dxil-resource-implicit-binding` first), a row load
//! whose handle is not a binding call of the same function (run
//! `dxil-forward-handle-accesses` first), a row load used other than by
//! `extractvalue`, and a handle used other than by row loads and stores.
//! Handles of other resource kinds are left alone.

use crate::fast_hash::{FastMap, FastSet};
use inkwell::module::Module;
use llvm_sys::LLVMOpcode;

use super::binding_overlap::check_overlaps;
use super::dxil_op_types::{
    overload_name, DxilOps, CLASS_CBUFFER, KIND_CBUFFER, OP_ANNOTATE_HANDLE,
    OP_CBUFFER_LOAD_LEGACY, OP_CREATE_HANDLE, OP_CREATE_HANDLE_FROM_BINDING,
};
use super::implicit_binding::{
    cbuffer_handle_calls, const_arg, range_size, upper_bound, HANDLE_FROM_BINDING,
    HANDLE_FROM_IMPLICIT_BINDING,
};
use super::PassError;
use crate::ffi::{
    call_args, call_before, called_function, const_int, const_named_struct, delete_function,
    intrinsic_id, module_functions, store_parts, target_triple, ModuleLayout, RawBuilder, RawValue,
    ValueKind,
};

/// The row load intrinsics, by elements per row.
const ROW_LOADS: [&str; 3] = [
    "llvm.dx.resource.load.cbufferrow.2",
    "llvm.dx.resource.load.cbufferrow.4",
    "llvm.dx.resource.load.cbufferrow.8",
];
const NON_UNIFORM_INDEX: &str = "llvm.dx.resource.nonuniformindex";

/// DXIL version `(major, minor)` of a triple, see the module docs.
pub fn dxil_version(triple: &str) -> Result<(u32, u32), PassError> {
    let bad = || {
        PassError::CannotLower(format!(
            "dxil-op-lower needs a DXIL triple with a shader model \
             (dxil-pc-shadermodel6.6-compute), not '{triple}'"
        ))
    };
    let mut parts = triple.split('-');
    let arch = parts.next().unwrap_or_default();
    let parse = |v: &str| -> Option<(u32, u32)> {
        let (a, b) = v.split_once('.')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    };
    if let Some(v) = arch.strip_prefix("dxilv") {
        return parse(v).ok_or_else(bad);
    }
    if arch != "dxil" {
        return Err(bad());
    }
    let os = triple.split('-').nth(2).unwrap_or_default();
    let (major, minor) = os
        .strip_prefix("shadermodel")
        .and_then(parse)
        .ok_or_else(bad)?;
    if major != 6 {
        return Err(bad());
    }
    Ok((1, minor))
}

/// Runs the pass on `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    if let Some(call) = cbuffer_handle_calls(module, HANDLE_FROM_IMPLICIT_BINDING).first() {
        return Err(PassError::at(
            *call,
            "the cbuffer has no register yet: run dxil-resource-implicit-binding first",
        ));
    }
    let creations = cbuffer_handle_calls(module, HANDLE_FROM_BINDING);
    check_overlaps(&creations)?;
    let row_loads = row_load_calls(module);
    if creations.is_empty() && row_loads.is_empty() {
        return Ok(());
    }
    let (_, minor) = dxil_version(&target_triple(module))?;
    let with_binding_ops = minor >= 6;
    let ops = DxilOps::new(module);
    let dl = ModuleLayout::of(module);
    let builder = RawBuilder::new(module);

    // Binding IDs: rank among the distinct (space, lower, size) of cbuffers.
    let mut bindings = Vec::with_capacity(creations.len());
    for &call in &creations {
        bindings.push((
            const_arg(call, 0, "space")?,
            const_arg(call, 1, "lower bound")?,
            range_size(call)?,
        ));
    }
    // LLVM cannot size a layout holding an unknown target extension type and
    // traps when asked to; refuse before anything is rewritten.
    for &call in &creations {
        if let Some(&layout) = call.ty().target_ext_type_params().first() {
            if !dl.is_sized(layout) {
                return Err(PassError::at(
                    call,
                    format!(
                        "the cbuffer layout type {} has no size (it holds a target extension type LLVM cannot lay out)",
                        layout.print()
                    ),
                ));
            }
        }
    }
    let mut distinct = bindings.clone();
    distinct.sort_unstable();
    distinct.dedup();

    let mut lowered: FastMap<RawValue<'_>, RawValue<'_>> = FastMap::default();
    for (&call, &(space, lower, size)) in creations.iter().zip(&bindings) {
        let name = call.name();
        call.set_name("");
        builder.position_before(call);
        let index = call_args(call)[3];
        let index = match index.const_int() {
            Some(i) => builder.const_i32(i + i64::from(lower)),
            None if lower == 0 => index,
            None => builder.add(index, builder.const_i32(i64::from(lower))),
        };
        let non_uniform = const_int(ops.i1(), u64::from(size != 1 && is_non_uniform(index)));
        let handle = if with_binding_ops {
            let res_bind = const_named_struct(
                ops.res_bind()?,
                &[
                    const_int(ops.i32(), u64::from(lower)),
                    const_int(ops.i32(), u64::from(upper_bound(lower, size))),
                    const_int(ops.i32(), u64::from(space)),
                    const_int(ops.i8(), CLASS_CBUFFER),
                ],
            );
            let bound = call_before(
                call,
                ops.create_handle_from_binding()?,
                &[
                    op_code(&ops, OP_CREATE_HANDLE_FROM_BINDING),
                    res_bind,
                    index,
                    non_uniform,
                ],
                &name,
            )?;
            let layout = call.ty().target_ext_type_params().first().copied();
            let bytes = layout.map_or(0, |l| dl.alloc_size(l));
            let props = const_named_struct(
                ops.resource_properties()?,
                &[
                    const_int(ops.i32(), KIND_CBUFFER),
                    const_int(ops.i32(), bytes),
                ],
            );
            let annotated_name = if name.is_empty() {
                String::new()
            } else {
                format!("{name}_annot")
            };
            call_before(
                call,
                ops.annotate_handle()?,
                &[op_code(&ops, OP_ANNOTATE_HANDLE), bound, props],
                &annotated_name,
            )?
        } else {
            let id = distinct
                .binary_search(&(space, lower, size))
                .unwrap_or_default();
            call_before(
                call,
                ops.create_handle()?,
                &[
                    op_code(&ops, OP_CREATE_HANDLE),
                    const_int(ops.i8(), CLASS_CBUFFER),
                    const_int(ops.i32(), id as u64),
                    index,
                    non_uniform,
                ],
                &name,
            )?
        };
        lowered.insert(call, handle);
    }

    let mut dead_declarations = Vec::new();
    for load in row_loads {
        let handle = load.operand(0).and_then(|h| lowered.get(&h).copied());
        let Some(handle) = handle else {
            let from_global = load
                .operand(0)
                .filter(|h| h.opcode() == Some(LLVMOpcode::LLVMLoad))
                .is_some();
            return Err(PassError::at(
                load,
                if from_global {
                    "the row load reads a handle loaded from a global: run \
                     dxil-forward-handle-accesses first"
                } else {
                    "the row load's handle is not a cbuffer handlefrombinding call"
                },
            ));
        };
        lower_row_load(&ops, load, handle)?;
        if let Some(f) = called_function(load) {
            if !dead_declarations.contains(&f) {
                dead_declarations.push(f);
            }
        }
        load.erase_instruction();
    }

    for call in creations {
        let mut globals = Vec::new();
        for user in call.users() {
            match store_parts(user) {
                Some((value, ptr)) if value == call => {
                    user.erase_instruction();
                    // A handle stored twice into one global lists it once:
                    // deleting a global twice is a use after free in LLVM.
                    if !globals.contains(&ptr) {
                        globals.push(ptr);
                    }
                }
                _ => {
                    return Err(PassError::at(
                        user,
                        "a cbuffer handle may only be read by row loads and stored into its \
                         global here (run dxil-cbuffer-access and dxil-resource-access first)",
                    ))
                }
            }
        }
        let name_string = call_args(call).get(4).copied();
        if let Some(f) = called_function(call) {
            if !dead_declarations.contains(&f) {
                dead_declarations.push(f);
            }
        }
        call.erase_instruction();
        globals.extend(name_string.filter(|s| !globals.contains(s)));
        for g in globals {
            if g.kind() == ValueKind::GlobalVariable && !g.has_uses() {
                g.delete_global();
            }
        }
    }
    for f in dead_declarations {
        if !f.has_uses() {
            delete_function(f);
        }
    }
    Ok(())
}

fn op_code<'ctx>(ops: &DxilOps<'_, 'ctx>, code: u32) -> RawValue<'ctx> {
    const_int(ops.i32(), u64::from(code))
}

/// The row load calls of the module, in order.
fn row_load_calls<'ctx>(module: &Module<'ctx>) -> Vec<RawValue<'ctx>> {
    let ids: Vec<u32> = ROW_LOADS.iter().map(|n| intrinsic_id(n)).collect();
    let mut calls = Vec::new();
    for function in module_functions(module) {
        for block in function.blocks() {
            for inst in block.instructions() {
                let id = inst.called_intrinsic_id();
                if id != 0 && ids.contains(&id) {
                    calls.push(inst);
                }
            }
        }
    }
    calls
}

/// Step 3 of the module docs for one row load.
fn lower_row_load<'ctx>(
    ops: &DxilOps<'_, 'ctx>,
    load: RawValue<'ctx>,
    handle: RawValue<'ctx>,
) -> Result<(), PassError> {
    let elements = load.ty().struct_elements()?;
    let overload = elements.first().and_then(|e| overload_name(*e));
    let (Some(overload), Some(&element)) = (overload, elements.first()) else {
        return Err(PassError::at(
            load,
            "the row load returns no DXIL overload type",
        ));
    };
    if elements.iter().any(|e| *e != element) {
        return Err(PassError::at(load, "the row load mixes element types"));
    }
    let ret = ops.cbuf_ret(overload, element, elements.len())?;
    let row = load
        .operand(1)
        .ok_or_else(|| PassError::at(load, "malformed row load"))?;
    let name = load.name();
    load.set_name("");
    let new = call_before(
        load,
        ops.cbuffer_load_legacy(overload, ret)?,
        &[op_code(ops, OP_CBUFFER_LOAD_LEGACY), handle, row],
        &name,
    )?;
    for user in load.users() {
        if user.opcode() != Some(LLVMOpcode::LLVMExtractValue) || user.operand(0) != Some(load) {
            return Err(PassError::at(
                user,
                "a cbuffer row may only be read with extractvalue",
            ));
        }
        user.set_operand(0, new);
    }
    Ok(())
}

/// Whether a handle index depends on `llvm.dx.resource.nonuniformindex`
/// (through any instruction operands, phis included).
fn is_non_uniform(index: RawValue<'_>) -> bool {
    let id = intrinsic_id(NON_UNIFORM_INDEX);
    if id == 0 || index.is_constant() {
        return false;
    }
    let mut seen = FastSet::default();
    let mut work = vec![index];
    while let Some(v) = work.pop() {
        if !v.is_instruction() || !seen.insert(v) {
            continue;
        }
        if v.called_intrinsic_id() == id {
            return true;
        }
        if v.opcode() != Some(LLVMOpcode::LLVMBr) {
            work.extend(v.operands().into_iter().flatten());
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dxil_version_from_arch_or_shader_model() {
        assert_eq!(
            dxil_version("dxilv1.3-pc-shadermodel6.3-library").unwrap(),
            (1, 3)
        );
        assert_eq!(
            dxil_version("dxil-pc-shadermodel6.6-compute").unwrap(),
            (1, 6)
        );
        assert_eq!(
            dxil_version("dxil-unknown-shadermodel6.8-library").unwrap(),
            (1, 8)
        );
        assert!(dxil_version("spirv-unknown-vulkan1.3-compute").is_err());
        assert!(dxil_version("dxil-pc-shadermodel5.1-pixel").is_err());
        assert!(dxil_version("").is_err());
    }
}
