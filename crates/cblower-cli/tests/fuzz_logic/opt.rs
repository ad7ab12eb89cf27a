//! `opt`: mutated IR text → LLVM's parser and verifier (inputs either
//! rejects are skipped) → every `cblower-opt` pipeline, each on its own copy
//! of the module. A pipeline may return an error; when it does not, the
//! module must verify, and no pass may hand on a module LLVM rejects.

use cblower_llvm::ir_io::parse_module;
use cblower_llvm::ir_io::verify_module;
use cblower_llvm::passes::{parse_pipeline, run_pipeline, Pass, PipelineError};
use inkwell::context::Context;

/// The textual IR parser is the part of LLVM this target feeds; bitcode
/// (which LLVM's reader aborts on far more readily) is left to other tests.
fn is_bitcode(data: &[u8]) -> bool {
    data.starts_with(b"BC") || data.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

pub fn run(data: &[u8]) {
    if is_bitcode(data) {
        return;
    }
    let ctx = Context::create();
    let Ok(module) = parse_module(&ctx, data, "fuzz.ll") else {
        return;
    };
    if verify_module(&module).is_err() {
        return;
    }
    for name in Pass::known_names() {
        let passes = parse_pipeline(name).expect("a known pass name");
        let copy = module.clone();
        let mut report = Vec::new();
        match run_pipeline(&copy, &passes, &mut report) {
            Ok(()) => {
                if let Err(e) = verify_module(&copy) {
                    panic!("{name} returned Ok but the module does not verify: {e}");
                }
            }
            Err(e @ (PipelineError::BrokenInput(_) | PipelineError::BrokenOutput { .. })) => {
                panic!("{name}: {e}\n{}", copy.print_to_string())
            }
            Err(_) => {}
        }
    }
}
