//! The source location an instruction's `!dbg` attachment names, as LLVM's
//! located diagnostics print it (`file:line:col`).

use llvm_sys::core as c;

use super::RawValue;

/// `(file, line, column)` of `inst`'s debug location, or `None` when it has
/// none (LLVM then prints `<unknown>:0:0`).
pub fn debug_location(inst: RawValue<'_>) -> Option<(String, u32, u32)> {
    if !inst.is_instruction() {
        return None;
    }
    let mut len = 0u32;
    // SAFETY: `inst` is a live instruction; LLVM returns a pointer to `len`
    // bytes it owns (or null when the instruction has no location).
    let ptr = unsafe { c::LLVMGetDebugLocFilename(inst.as_raw(), &mut len) };
    if ptr.is_null() {
        return None;
    }
    // SAFETY: LLVM guarantees `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len as usize) };
    let file = String::from_utf8_lossy(bytes).into_owned();
    // SAFETY: live instruction with a debug location (checked above).
    let line = unsafe { c::LLVMGetDebugLocLine(inst.as_raw()) };
    // SAFETY: as above.
    let column = unsafe { c::LLVMGetDebugLocColumn(inst.as_raw()) };
    if line == 0 && file.is_empty() {
        return None;
    }
    Some((file, line, column))
}
