//! `dxil-resource-access` for cbuffers: loads become row loads.
//!
//! Algorithm (LLVM 22's `DXILResourceAccess`, cbuffer part):
//!
//! For every `llvm.dx.resource.getpointer(h, i32 G)` whose handle is a
//! `dx.CBuffer`, in each function:
//!
//! 1. Walk its users: GEPs are followed (and deleted at the end), loads and
//!    `memcpy`s are rewritten, anything else (a store, a call, a `ptrtoint`, ...) is an error
//!    naming the function and the instruction.
//! 2. For a load of `T` (a scalar or a vector of 16/32/64-bit elements), pick
//!    the row intrinsic by the element width: 16-bit `load.cbufferrow.8`
//!    (8 elements per row), 32-bit `.4`, 64-bit `.2`.
//! 3. Compute the row and the element in the row ([`super::row_access`]).
//! 4. Emit `%x.load = call {E, ...} @llvm.dx.resource.load.cbufferrow.N(h, row)`
//!    and `%x.extract = extractvalue %x.load, elt`. For a vector, keep
//!    extracting the next element, loading row + 1 whenever the element index
//!    wraps to 0, and rebuild the vector from `poison` with `insertelement`s
//!    named `%x.upto0`, `%x.upto1`, ... A `<1 x T>` is rebuilt with one
//!    `insertelement` named `%x`.
//! 5. Replace the load; delete the loads, the GEPs and the `getpointer`.
//!
//! Differences from LLVM 22 (all places where LLVM 22 asserts, crashes or
//! computes a wrong row): GEP chains LLVM gets wrong are computed exactly from
//! every index and its stride; loads of whole structs and arrays, loads no row
//! element holds on its own ([`super::row_reader`]), `memcpy` out of cbuffer
//! memory ([`super::cbuffer_memcpy`]) and `select`/`phi` of cbuffer pointers
//! ([`super::pointer_merge`]) are rewritten; a load whose address cannot be
//! mapped to whole rows, a store, or an escaping pointer is an error naming
//! the function and the instruction instead of an assertion. `getpointer`
//! calls on other resource kinds are left alone.

use crate::fast_hash::FastSet;
use inkwell::module::Module;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::cbuffer_access::GETPOINTER;
use super::cbuffer_memcpy::{is_memory_copy, lower_memory_copy};
use super::pointer_merge::merge_pointers;
use super::row_access::{
    dynamic_rows, emit_linear, exact_bytes, exact_row, llvm_row, IrArith, Linear, Row, RowArith,
    SymbolicArith, ROW_BYTES,
};
use super::row_dynamic::{is_bit_castable, moves_within_row, DynamicReader};
use super::row_reader::{row_intrinsic, AggregateReader, RowReader};
use super::PassError;
use crate::ffi::{
    intrinsic_id, module_functions, AccessBuilder, ModuleLayout, RawBuilder, RawType, RawValue,
};

/// Runs the pass on every function of `module`.
pub fn run(module: &Module<'_>) -> Result<(), PassError> {
    let getpointer = intrinsic_id(GETPOINTER);
    if getpointer == 0 {
        return Ok(());
    }
    let dl = ModuleLayout::of(module);
    let builder = RawBuilder::new(module);
    let stores = AccessBuilder::new(module);
    for function in module_functions(module) {
        let mut pointers = cbuffer_pointers(function, getpointer);
        if pointers.is_empty() {
            continue;
        }
        if merge_pointers(&builder, &stores, &dl, function, &pointers, getpointer)? {
            pointers = cbuffer_pointers(function, getpointer);
        }
        for pointer in pointers {
            lower_pointer(&builder, &stores, &dl, pointer)?;
        }
    }
    Ok(())
}

/// The cbuffer `getpointer` calls of `function`, in order.
fn cbuffer_pointers<'ctx>(function: RawValue<'ctx>, getpointer: u32) -> Vec<RawValue<'ctx>> {
    let mut pointers = Vec::new();
    for block in function.blocks() {
        for inst in block.instructions() {
            if inst.called_intrinsic_id() == getpointer && is_cbuffer_pointer(inst) {
                pointers.push(inst);
            }
        }
    }
    pointers
}

pub(super) fn is_cbuffer_pointer(getpointer: RawValue<'_>) -> bool {
    getpointer
        .operand(0)
        .and_then(|h| h.ty().target_ext_name())
        .is_some_and(|n| n == "dx.CBuffer")
}

/// Rewrites every load and memory copy reached from one `getpointer` call.
fn lower_pointer<'ctx>(
    builder: &RawBuilder<'ctx>,
    stores: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    getpointer: RawValue<'ctx>,
) -> Result<(), PassError> {
    let (Some(handle), Some(offset)) = (getpointer.operand(0), getpointer.operand(1)) else {
        return Err(PassError::at(getpointer, "malformed getpointer call"));
    };
    let Some(member_offset) = offset.const_int().filter(|o| *o >= 0) else {
        return Err(PassError::at(
            getpointer,
            "the cbuffer getpointer offset is not a non-negative constant",
        ));
    };
    let mut worklist: Vec<(RawValue<'ctx>, RawValue<'ctx>)> = getpointer
        .users()
        .into_iter()
        .map(|u| (getpointer, u))
        .collect();
    let mut dead = Vec::new();
    let mut loads = Vec::new();
    let mut copies = Vec::new();
    // Every (pointer, user) pair is visited once, so a GEP cycle cannot
    // keep the walk going.
    let mut visited: FastSet<(RawValue<'ctx>, RawValue<'ctx>)> = FastSet::default();
    while let Some((pointer, user)) = worklist.pop() {
        if !visited.insert((pointer, user)) {
            continue;
        }
        match user.opcode() {
            Some(LLVMOpcode::LLVMGetElementPtr) if user.operand(0) == Some(pointer) => {
                worklist.extend(user.users().into_iter().map(|u| (user, u)));
                dead.push(user);
            }
            Some(LLVMOpcode::LLVMLoad) => {
                loads.push(user);
                dead.push(user);
            }
            Some(LLVMOpcode::LLVMStore) if user.operand(1) == Some(pointer) => {
                return Err(PassError::at(
                    user,
                    "a store through a cbuffer pointer (cbuffers are read-only)",
                ))
            }
            Some(LLVMOpcode::LLVMCall) if is_memory_copy(user) => {
                if user.operand(0) == Some(pointer) {
                    return Err(PassError::at(
                        user,
                        "a memory copy into a cbuffer (cbuffers are read-only)",
                    ));
                }
                copies.push(user);
            }
            _ => {
                return Err(PassError::at(
                    user,
                    "a cbuffer pointer escapes: only getelementptr, load, memcpy, select and phi may use it",
                ))
            }
        }
    }
    for load in loads {
        let value = lower_load(builder, stores, dl, getpointer, handle, member_offset, load)?;
        load.replace_all_uses_with(value);
    }
    for copy in copies {
        let chain = gep_chain(copy, copy.operand(1), getpointer)?;
        lower_memory_copy(builder, stores, dl, handle, member_offset, copy, &chain)?;
    }
    for inst in dead.into_iter().rev() {
        if inst.has_uses() {
            return Err(PassError::at(
                inst,
                "still used after the loads were rewritten",
            ));
        }
        inst.erase_instruction();
    }
    if getpointer.has_uses() {
        return Err(PassError::at(
            getpointer,
            "still used after the loads were rewritten",
        ));
    }
    getpointer.erase_instruction();
    // A handle loaded only for pointers that were merged away is dead too.
    if handle.opcode() == Some(LLVMOpcode::LLVMLoad) && !handle.has_uses() {
        handle.erase_instruction();
    }
    Ok(())
}

/// The GEPs between `ptr` (the pointer `user` reads through) and the
/// `getpointer` call, nearest first.
pub(super) fn gep_chain<'ctx>(
    user: RawValue<'ctx>,
    ptr: Option<RawValue<'ctx>>,
    getpointer: RawValue<'ctx>,
) -> Result<Vec<RawValue<'ctx>>, PassError> {
    let mut chain = Vec::new();
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    let mut ptr = ptr;
    while let Some(p) = ptr {
        if !seen.insert(p) {
            break;
        }
        if p == getpointer {
            return Ok(chain);
        }
        if p.opcode() != Some(LLVMOpcode::LLVMGetElementPtr) {
            break;
        }
        chain.push(p);
        ptr = p.operand(0);
    }
    Err(PassError::at(
        user,
        "the pointer does not come from the cbuffer pointer through GEPs",
    ))
}

fn lower_load<'ctx>(
    builder: &RawBuilder<'ctx>,
    stores: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    getpointer: RawValue<'ctx>,
    handle: RawValue<'ctx>,
    member_offset: i64,
    load: RawValue<'ctx>,
) -> Result<RawValue<'ctx>, PassError> {
    let ty = load.ty();
    let (scalar, is_vector) = match ty.vector_info() {
        Some((elem, _)) => (elem, true),
        None => (ty, false),
    };
    let aggregate = matches!(
        ty.type_kind(),
        LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind
    );
    // A pointer (or anything else not a number) has no meaning in cbuffer memory.
    if !aggregate && !is_bit_castable(scalar) {
        return Err(PassError::at(
            load,
            format!("a {} cannot be loaded from a cbuffer", ty.print()),
        ));
    }
    let chain = gep_chain(load, load.operand(0), getpointer)?;
    let bits = dl.size_in_bits(scalar);
    let element_bytes = (bits / 8).max(1) as i64;
    let bytes = exact_bytes(dl, member_offset, &chain).map_err(|r| PassError::at(load, r))?;
    check_within_buffer(dl, handle, load, ty, &bytes)?;
    if moves_within_row(&bytes) {
        // A run-time offset inside a row (`v[i]`, `m[i][j]`, ...).
        let mut reader =
            DynamicReader::new(builder, stores, dl, handle, &bytes, &load.name(), load)?;
        return reader.value(ty, 0);
    }
    let row_element = row_intrinsic(bits).filter(|_| bytes.constant % element_bytes == 0);
    let Some((intrinsic, per_row)) = row_element.filter(|_| !aggregate) else {
        // Aggregates, and scalars no row element holds on its own.
        let dynamic = dynamic_rows(&bytes).map_err(|r| PassError::at(load, r))?;
        let mut reader = RowReader::new(builder, stores, dl, handle, &dynamic, &load.name(), load);
        return reader.value(ty, bytes.constant);
    };
    let (exact, exact_element) =
        exact_row(dl, member_offset, &chain, element_bytes).map_err(|r| PassError::at(load, r))?;

    builder.position_before(load);
    let llvm_agrees = match llvm_row(&mut SymbolicArith, dl, member_offset, &chain, element_bytes) {
        Ok((Some(row), element)) => element == exact_element && row.same_as(&exact),
        _ => false,
    };
    let mut arith = IrArith { builder };
    let (row, element) = if llvm_agrees {
        llvm_row(&mut arith, dl, member_offset, &chain, element_bytes)
            .map_err(|_| PassError::at(load, "internal: LLVM row computation changed its mind"))?
    } else {
        (emit_linear(&mut arith, &exact), exact_element)
    };
    emit_row_loads(
        builder, &mut arith, handle, load, ty, scalar, is_vector, intrinsic, per_row, row, element,
    )
}

/// A load at a constant address must end inside the buffer's last row: a
/// cbuffer occupies whole 16-byte rows, so the tail of the last row exists
/// (reading it reads padding), but rows past it do not (LLVM 22 reads them
/// regardless, and what the GPU returns there is undefined). Loads with a
/// run-time index are not checked: their extent is only known at run time.
fn check_within_buffer<'ctx>(
    dl: &ModuleLayout,
    handle: RawValue<'ctx>,
    load: RawValue<'ctx>,
    ty: RawType<'ctx>,
    bytes: &Linear<'ctx>,
) -> Result<(), PassError> {
    if bytes.terms.iter().any(|(_, coefficient)| *coefficient != 0) || bytes.constant < 0 {
        return Ok(());
    }
    let Some(layout) = handle.ty().target_ext_type_params().first().copied() else {
        return Ok(());
    };
    if !dl.is_sized(layout) {
        return Ok(());
    }
    let rows = (dl.size_in_bits(layout) / 8).div_ceil(ROW_BYTES as u64);
    let rows_end = rows * ROW_BYTES as u64;
    let end = bytes.constant as u64 + dl.size_in_bits(ty).div_ceil(8);
    if end > rows_end {
        return Err(PassError::at(
            load,
            format!(
                "the load reads bytes {}..{end}, past the end of the cbuffer (its last row ends at byte {rows_end})",
                bytes.constant
            ),
        ));
    }
    Ok(())
}

/// Steps 4 and 5 of the module docs: the row loads, extracts and inserts.
#[allow(clippy::too_many_arguments)]
fn emit_row_loads<'ctx>(
    builder: &RawBuilder<'ctx>,
    arith: &mut IrArith<'_, 'ctx>,
    handle: RawValue<'ctx>,
    load: RawValue<'ctx>,
    ty: RawType<'ctx>,
    scalar: RawType<'ctx>,
    is_vector: bool,
    intrinsic: &str,
    per_row: u32,
    mut row: Row<'ctx>,
    mut element: u32,
) -> Result<RawValue<'ctx>, PassError> {
    let name = load.name();
    let row_types = vec![scalar; per_row as usize];
    let mut overloads = row_types.clone();
    overloads.push(handle.ty());
    let count = match ty.vector_info() {
        Some((_, n)) => n,
        None => 1,
    };
    let mut row_value = builder.call_intrinsic(
        intrinsic,
        &overloads,
        &[handle, arith.value(row)],
        &format!("{name}.load"),
    )?;
    let mut extracts = Vec::with_capacity(count as usize);
    for i in 0..count {
        if i > 0 {
            element %= per_row;
            if element == 0 {
                let one = arith.constant(1);
                row = arith.add(row, one);
                row_value = builder.call_intrinsic(
                    intrinsic,
                    &overloads,
                    &[handle, arith.value(row)],
                    &format!("{name}.load"),
                )?;
            }
        }
        if element >= per_row {
            return Err(PassError::at(load, "the element lies outside its row"));
        }
        extracts.push(builder.extract_value(row_value, element, &format!("{name}.extract"))?);
        element += 1;
    }
    if count == 1 {
        if is_vector {
            let zero = builder.const_i32(0);
            return Ok(builder.insert_element(builder.poison(ty), extracts[0], zero, &name)?);
        }
        return Ok(extracts[0]);
    }
    let mut vector = builder.poison(ty);
    for (i, x) in extracts.into_iter().enumerate() {
        let index = builder.const_i32(i as i64);
        vector = builder.insert_element(vector, x, index, &format!("{name}.upto{i}"))?;
    }
    Ok(vector)
}
