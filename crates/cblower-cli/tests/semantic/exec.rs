//! Running a generated module with `lli` before and after the lowering.
//!
//! Both sides get the same buffer bytes, `pattern(buffer, k)`:
//!
//! * before: every member global is defined as the bytes of its buffer from
//!   its layout offset on (so loads through clang's GEPs read the layout's
//!   bytes), in `addrspace(2)`;
//! * after: the handle type `target("dx.CBuffer", ...)` becomes `ptr`, the
//!   handle global points at the whole buffer's bytes, and each
//!   `llvm.dx.resource.load.cbufferrow.N` call becomes a call of a small
//!   function returning `handle + 16 * row` and a load of the literal
//!   struct `{E x N}` there ([`row_call_through_memory`]).
//!
//! Common to both: `target("dx.Padding", N)` becomes `[N x i8]` (same bytes;
//! the x86 code generator cannot load target types), the DXIL triple and data
//! layout are dropped so `lli` uses the host's, and the handle init functions
//! (which call DXIL intrinsics) are removed. Layout structs are packed, so
//! the host layout only moves elements after a 3-element vector; the before
//! side spells those as arrays (see [`three_vectors_as_arrays`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::build::Generated;

/// Where LLVM 22's tools live (`LLVM_BIN`, default `/usr/lib/llvm-22/bin`).
pub fn llvm_tool(name: &str) -> PathBuf {
    let dir = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into());
    Path::new(&dir).join(name)
}

/// Byte `k` of buffer `buffer`'s contents in module `seed`.
pub fn pattern(seed: u64, buffer: usize, k: u64) -> u8 {
    let x = (seed.wrapping_mul(0x9e37_79b9) ^ (buffer as u64).wrapping_mul(0x85eb_ca6b))
        .wrapping_add(k.wrapping_mul(0xc2b2_ae35));
    ((x ^ (x >> 13)).wrapping_mul(0x2545_f491) >> 7) as u8
}

pub fn bytes_literal(seed: u64, buffer: usize, from: u64, len: u64) -> String {
    let mut s = String::with_capacity(len as usize * 3 + 3);
    s.push_str("c\"");
    for k in from..from + len {
        let _ = write!(s, "\\{:02X}", pattern(seed, buffer, k));
    }
    s.push('"');
    s
}

/// Extra bytes defined past every member and buffer end, so reads of a
/// value's tail (a whole row) stay inside the definition.
pub const SLACK: u64 = 32;

/// The rewrites common to both sides, line by line.
pub fn common(line: &str) -> Option<String> {
    if line.starts_with("target datalayout") || line.starts_with("target triple") {
        return None;
    }
    let mut l = line.to_owned();
    while let Some(start) = l.find("target(\"dx.Padding\", ") {
        let rest = &l[start + 21..];
        let end = rest.find(')')?;
        let n = rest[..end].to_owned();
        l = format!("{}[{} x i8]{}", &l[..start], n, &rest[end + 1..]);
    }
    while let Some(start) = l.find("target(\"dx.CBuffer\", ") {
        let rest = &l[start..];
        let end = rest.find(')')?;
        l = format!("{}ptr{}", &l[..start], &rest[end + 1..]);
    }
    Some(l)
}

/// Drops `define ... @_init_buffer_...` bodies.
pub fn without_init_functions(ir: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut skipping = false;
    for line in ir.lines() {
        if line.starts_with("define") && line.contains("@_init_buffer_") {
            skipping = true;
        }
        if !skipping {
            out.push(line);
        }
        if skipping && line == "}" {
            skipping = false;
        }
    }
    out
}

/// `<3 x T>` spelled `[3 x T]`: same bytes, but the host data layout gives
/// 3-element vectors a larger alloc size than DXIL's (16/32 bytes for
/// `<3 x float>`/`<3 x i64>`), which would move every packed struct element
/// after one. Only the "before" side lays such types out in memory.
fn three_vectors_as_arrays(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find("<3 x ") {
        let Some(len) = rest[start..].find('>') else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str(&format!("[{}]", &rest[start + 1..start + len]));
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

/// A load claiming `align 1`: a whole-aggregate load of a member claims the
/// ABI alignment of its type (32 for `[1 x <4 x double>]`), more than its
/// offset in the buffer guarantees, and the host compiles that to an aligned
/// AVX load that faults.
fn unaligned_load(line: &str) -> String {
    match line.rsplit_once(", align ") {
        Some((head, align))
            if line.contains(" = load ") && align.bytes().all(|b| b.is_ascii_digit()) =>
        {
            format!("{head}, align 1")
        }
        _ => line.to_owned(),
    }
}

/// The "before" module for `lli`.
pub fn before_module(seed: u64, g: &Generated, ir: &str) -> String {
    let mut out = String::new();
    for line in without_init_functions(ir) {
        let Some(l) = common(line) else { continue };
        let l = unaligned_load(&three_vectors_as_arrays(&l));
        let member = g
            .members
            .iter()
            .find(|m| l.starts_with(&format!("@{} = external", m.symbol)));
        match member {
            Some(m) => {
                let len = m.size + SLACK;
                let _ = writeln!(
                    out,
                    "@{} = hidden addrspace(2) constant [{len} x i8] {}, align 16",
                    m.symbol,
                    bytes_literal(seed, m.buffer, m.offset, len)
                );
            }
            None => {
                out.push_str(&l);
                out.push('\n');
            }
        }
    }
    out.push_str(&g.driver);
    out
}

/// The "after" module for `lli`, from `cblower-opt`'s output.
pub fn after_module(seed: u64, g: &Generated, lowered: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rows = 0;
    for line in without_init_functions(lowered) {
        let Some(l) = common(line) else { continue };
        let mut l = l.replace("@llvm.dx.resource.load.cbufferrow.", "@cbrow.");
        if l.starts_with('@') {
            // LLVM's -O1 marks the handle globals `local_unnamed_addr`.
            l = l.replacen(" = local_unnamed_addr global ", " = global ", 1);
        }
        if let Some(lines) = row_call_through_memory(&l, "@cbrow.", &mut rows) {
            out.push_str(&lines);
            continue;
        }
        if let Some((b, (name, _))) = g
            .buffers
            .iter()
            .enumerate()
            .find(|(_, (name, _))| l.starts_with(&format!("@{name}.cb = global ptr")))
        {
            let _ = writeln!(out, "@{name}.cb = global ptr @__bytes_{b}");
            let _ = b;
            continue;
        }
        if l.starts_with("declare") && l.contains("@cbrow.") {
            out.push_str(&row_function(&l)?);
            continue;
        }
        out.push_str(&l);
        out.push('\n');
    }
    for (b, (_, size)) in g.buffers.iter().enumerate() {
        let len = size + SLACK;
        let _ = writeln!(
            out,
            "@__bytes_{b} = constant [{len} x i8] {}, align 16",
            bytes_literal(seed, b, 0, len)
        );
    }
    out.push_str(&g.driver);
    Ok(out)
}

/// `declare { E, ... } @cbrow.N...(ptr, i32) #k` as a definition returning
/// the row's address (see [`row_call_through_memory`]).
fn row_function(decl: &str) -> Result<String, String> {
    let at = decl
        .find(" @cbrow.")
        .ok_or("row declaration without name")?;
    let name_end = decl[at + 2..]
        .find('(')
        .ok_or("row declaration without parameters")?
        + at
        + 2;
    let name = &decl[at + 2..name_end];
    Ok(format!(
        "define ptr @{name}(ptr %h, i32 %row) {{\n  %p = getelementptr [16 x i8], ptr %h, i32 %row\n  ret ptr %p\n}}\n"
    ))
}

/// A row-reading call `%x = call RET @<callee>...(ARGS)` as
/// `%__row.K = call ptr @<callee>...(ARGS)` and
/// `%x = load RET, ptr %__row.K, align 1`: the row function returns the
/// row's address and the caller loads the struct. Returning `{float x 4}`
/// by value would put elements 2 and 3 in x87 registers on x86-64, which
/// quiets signalling NaNs and changes their bytes.
pub fn row_call_through_memory(line: &str, callee: &str, counter: &mut usize) -> Option<String> {
    let (lhs, rest) = line.split_once(" = call ")?;
    let at = rest.find(&format!(" {callee}"))?;
    let ret = &rest[..at];
    let call = &rest[at + 1..];
    *counter += 1;
    let tmp = format!("%__row.{counter}");
    Some(format!(
        "  {tmp} = call ptr {call}\n{lhs} = load {ret}, ptr {tmp}, align 1\n"
    ))
}

/// Runs a program, returning its standard output or a message with its
/// standard error.
pub fn run(program: &Path, args: &[&str], what: &str) -> Result<String, String> {
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("{what}: cannot run {}: {e}", program.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{what}: {} failed ({}):\n{}",
            program.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
