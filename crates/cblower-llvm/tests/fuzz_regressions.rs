//! Regressions found by the fuzz targets in `fuzz/` (inputs kept under
//! `fuzz/regressions/`), one test per finding.

use cblower_llvm::ir_io::parse_module;
use inkwell::context::Context;

/// Resident set size of this process in bytes (Linux).
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

/// `opt` target, every input: inkwell's `create_module_from_ir` leaked the
/// whole input buffer on each parse (LLVM 22's parser no longer takes it).
/// 24 parses of a 16 MiB module would keep 384 MiB if the buffer leaked.
#[test]
fn parsing_ir_frees_the_input_buffer() {
    let mut text = String::from("define i32 @f() {\n  ret i32 7\n}\n");
    let filler =
        "; padding comment line that the lexer skips ...................................\n";
    while text.len() < 16 << 20 {
        text.push_str(filler);
    }
    let ctx = Context::create();
    // One parse first, so allocator pools and LLVM's statics are warm.
    drop(parse_module(&ctx, text.as_bytes(), "big.ll").unwrap());
    let before = resident_bytes();
    for _ in 0..24 {
        let m = parse_module(&ctx, text.as_bytes(), "big.ll").unwrap();
        assert!(m.get_function("f").is_some());
    }
    let grown = resident_bytes().saturating_sub(before);
    assert!(
        grown < 64 << 20,
        "resident memory grew by {} MiB over 24 parses",
        grown >> 20
    );
    // A rejected input frees its buffer too.
    let before = resident_bytes();
    for _ in 0..24 {
        let mut bad = text.clone();
        bad.push_str("this is not IR\n");
        assert!(parse_module(&ctx, bad.as_bytes(), "bad.ll").is_err());
    }
    let grown = resident_bytes().saturating_sub(before);
    assert!(grown < 64 << 20, "grew by {} MiB on errors", grown >> 20);
}
