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
//! A length of 0 deletes the call.

use super::row_access::{dynamic_rows, exact_bytes};
use super::row_reader::RowReader;
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
    let dynamic = dynamic_rows(&bytes).map_err(|r| PassError::at(call, r))?;
    let dst_align = call.call_param_align(0).unwrap_or(1).max(1);
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
