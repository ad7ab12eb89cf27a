//! `print-cbuffers`: an analysis printer for `!hlsl.cbs`.
//!
//! It changes nothing. For each `!hlsl.cbs` entry it prints one header line and
//! one line per member operand, with the offsets the access pass would use:
//!
//! ```text
//! cbuffer 0: handle @CB.cb, layout %__cblayout_CB, size 168
//!   member 0: @a1 at offset 0
//!   member 1: null at offset 48
//! cbuffer 1: handle null (skipped)
//! ```
//!
//! A member operand that GlobalDCE nulled out prints as `null` and keeps its
//! position and offset. Names are printed as LLVM prints them (quoted when
//! needed, e.g. `@"$Globals.cb"`).

use std::fmt::Write as _;

use inkwell::module::Module;

use super::cbuffer_access::DX_PADDING;
use super::cbuffer_metadata::{read_cbuffers, CBufferSlot};
use super::PassError;
use crate::ffi::RawValue;

/// `@name` the way LLVM prints a global operand.
fn global_ref(v: RawValue<'_>) -> String {
    let text = v.print();
    // A global prints as its whole definition; the reference is its first token.
    match text.split_once(" = ") {
        Some((name, _)) => name.to_owned(),
        None => format!("@{}", v.name()),
    }
}

/// `%name` for a named struct, quoted as LLVM quotes names with other
/// characters than letters, digits, `_`, `.` and `-`; the literal type otherwise.
fn type_ref(ty: crate::ffi::RawType<'_>) -> String {
    match ty.struct_name() {
        Some(name)
            if name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c)) =>
        {
            format!("%{name}")
        }
        Some(name) => format!("%\"{name}\""),
        None => ty.print(),
    }
}

/// The report for `module` (empty when it has no `!hlsl.cbs`).
pub fn report(module: &Module<'_>) -> Result<String, PassError> {
    let mut out = String::new();
    let Some(slots) = read_cbuffers(module, DX_PADDING)? else {
        return Ok(out);
    };
    for slot in slots {
        match slot {
            CBufferSlot::NullHandle { index } => {
                let _ = writeln!(out, "cbuffer {index}: handle null (skipped)");
            }
            CBufferSlot::Live(entry) => {
                let _ = writeln!(
                    out,
                    "cbuffer {}: handle {}, layout {}, size {}",
                    entry.index,
                    global_ref(entry.handle),
                    type_ref(entry.layout),
                    entry.size
                );
                for (position, member) in entry.members.iter().enumerate() {
                    let name = member.global.map_or_else(|| "null".to_owned(), global_ref);
                    let _ = writeln!(
                        out,
                        "  member {position}: {name} at offset {}",
                        member.offset
                    );
                }
            }
        }
    }
    Ok(out)
}
