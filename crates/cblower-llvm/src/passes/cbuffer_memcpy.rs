//! `memcpy` (and `memmove`) out of cbuffer memory with a constant length.
//!
//! LLVM 21 expanded a `memcpy` whose source was a whole array member into one
//! row load per element; LLVM 22 rejects every `memcpy`. cblower copies any
//! byte range of the buffer, starting at a member or anywhere inside one
//! (through GEPs, including run-time indices whose stride is a whole number
//! of rows): the bytes are copied exactly as they lie in the buffer, padding
//! included, which is what `memcpy` means.
//!
//! The range is cut into the widest pieces its alignment allows: a 4-byte
//! piece at a 4-aligned byte reads an `i32` element (`load.cbufferrow.4`), a
//! 2-byte piece an `i16` element (`.8`), and a single byte is the low or high
//! half (little-endian) of the `i16` holding it, shifted and truncated. Each
//! piece is stored to `dst + k` (`%memcpy.dest = getelementptr inbounds i8`)
//! with the alignment the destination's `align` attribute and `k` guarantee.
//! A length of 0 deletes the call. A source that moves inside a row at run
//! time (`getelementptr float, p, i32 %i`) is read as one `<len x i8>` from
//! the run-time start ([`super::row_dynamic`]) and stored at once.

use crate::fast_hash::FastSet;
use llvm_sys::LLVMOpcode;

use super::row_access::{dynamic_rows, exact_bytes};
use super::row_dynamic::{moves_within_row, DynamicReader};
use super::row_reader::{AggregateReader, RowReader};
use super::PassError;
use crate::ffi::{intrinsic_id, AccessBuilder, ModuleLayout, RawBuilder, RawValue};

/// Whether `call` is a `memcpy`, `memcpy.inline` or `memmove` intrinsic call.
pub fn is_memory_copy(call: RawValue<'_>) -> bool {
    let id = call.called_intrinsic_id();
    id != 0
        && ["llvm.memcpy", "llvm.memcpy.inline", "llvm.memmove"]
            .iter()
            .any(|n| intrinsic_id(n) == id)
}

/// Replaces `call` (copying from `getpointer(handle, member_offset)` through
/// `chain`) with row loads and stores.
pub fn lower_memory_copy<'ctx>(
    builder: &RawBuilder<'ctx>,
    stores: &AccessBuilder<'ctx>,
    dl: &ModuleLayout,
    handle: RawValue<'ctx>,
    member_offset: i64,
    call: RawValue<'ctx>,
    chain: &[RawValue<'ctx>],
) -> Result<(), PassError> {
    let (Some(dst), Some(len)) = (call.operand(0), call.operand(2)) else {
        return Err(PassError::at(call, "malformed memory copy call"));
    };
    let Some(len) = len.const_int() else {
        return Err(PassError::at(
            call,
            "a memcpy from a cbuffer with a run-time length is not supported",
        ));
    };
    if !(0..=i64::from(i32::MAX)).contains(&len) {
        return Err(PassError::at(
            call,
            format!("a memcpy length of {len} bytes is out of range"),
        ));
    }
    let volatile = call.operand(3).and_then(|v| v.const_int()).unwrap_or(0) != 0;
    let bytes = exact_bytes(dl, member_offset, chain).map_err(|r| PassError::at(call, r))?;
    let dst_align = call.call_param_align(0).unwrap_or(1).max(1);
    if moves_within_row(&bytes) && len > 0 {
        // The source moves inside a row at run time: read the bytes as one
        // `<len x i8>` from the run-time start and store them at once.
        let mut reader = DynamicReader::new(builder, stores, dl, handle, &bytes, "memcpy", call)?;
        let ty = stores.vector_type(stores.int_type(8), len as u32);
        let value = reader.value(ty, 0)?;
        stores.store(value, dst, dst_align.min(1 << 30) as u32, volatile);
        call.erase_instruction();
        return Ok(());
    }
    let dynamic = dynamic_rows(&bytes).map_err(|r| PassError::at(call, r))?;
    let mut reader = RowReader::new(builder, stores, dl, handle, &dynamic, "memcpy", call);
    let (i32t, i16t, i8t) = (stores.int_type(32), stores.int_type(16), stores.int_type(8));
    let mut k = 0i64;
    while k < len {
        let at = bytes.constant + k;
        let left = len - k;
        let (value, size) = if at % 4 == 0 && left >= 4 {
            (reader.scalar(i32t, at)?, 4)
        } else if at % 2 == 0 && left >= 2 {
            (reader.scalar(i16t, at)?, 2)
        } else {
            let half = reader.scalar(i16t, at & !1)?;
            let half = if at & 1 == 1 {
                stores.lshr(half, 8)
            } else {
                half
            };
            (stores.trunc(half, i8t), 1)
        };
        let ptr = if k == 0 {
            dst
        } else {
            builder.byte_gep(dst, k as u32, "memcpy.dest")?
        };
        let k_align = if k == 0 {
            u64::MAX
        } else {
            1 << k.trailing_zeros()
        };
        let align = (size as u64).min(dst_align).min(k_align);
        stores.store(value, ptr, align as u32, volatile);
        k += size;
    }
    call.erase_instruction();
    Ok(())
}

/// Refuses a `memcpy` (or `memmove`) that reads past the end of the member
/// it copies from: the bytes after a member belong to the next member or to
/// padding, and a copy sized for one type applied to another is a bug in
/// the input, not something to guess at. The source must be the member or
/// a chain of GEPs on it; copies whose start or length is only known at run
/// time are not checked here.
pub fn check_copies_within_members<'ctx>(
    dl: &ModuleLayout,
    members: &[RawValue<'ctx>],
) -> Result<(), PassError> {
    let mut seen: FastSet<RawValue<'ctx>> = FastSet::default();
    for &member in members {
        let size = dl.alloc_size(member.global_value_type()) as i64;
        // (pointer, its constant byte offset in the member when known)
        let mut stack: Vec<(RawValue<'ctx>, Option<i64>)> = vec![(member, Some(0))];
        while let Some((pointer, offset)) = stack.pop() {
            for user in pointer.distinct_users() {
                if !seen.insert(user) {
                    continue;
                }
                if user.opcode() == Some(LLVMOpcode::LLVMGetElementPtr)
                    && user.operand(0) == Some(pointer)
                {
                    let step = exact_bytes(dl, 0, &[user])
                        .ok()
                        .filter(|l| l.terms.is_empty())
                        .map(|l| l.constant);
                    stack.push((user, offset.zip(step).map(|(a, b)| a + b)));
                } else if user.opcode() == Some(LLVMOpcode::LLVMCall)
                    && is_memory_copy(user)
                    && user.operand(1) == Some(pointer)
                {
                    let len = user.operand(2).and_then(|l| l.const_int());
                    if let (Some(start), Some(len)) = (offset, len) {
                        if start + len > size {
                            return Err(PassError::at(
                                user,
                                format!(
                                    "the copy reads bytes {start}..{} of cbuffer member @{}, which is {size} bytes long; copy at most {} bytes from there",
                                    start + len,
                                    member.name(),
                                    (size - start).max(0)
                                ),
                            ));
                        }
                    }
                }
            }
        }
        seen.clear();
    }
    Ok(())
}
