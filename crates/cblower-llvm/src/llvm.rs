//! LLVM's own passes and its process-wide switches, as `opt` drives them.
//!
//! cblower's cbuffer passes live in [`crate::passes`]; this module runs
//! LLVM's (`instcombine`, `always-inline`, `default<O3>`, ...) through LLVM's
//! pass builder, after checking the module with the verifier, so a broken
//! module is an error rather than an LLVM assertion.
//!
//! ```
//! use cblower_llvm::ir_io::{parse_module, print_module};
//! use cblower_llvm::llvm::run_llvm_passes;
//! let ctx = inkwell::context::Context::create();
//! let m = parse_module(
//!     &ctx,
//!     b"define i32 @f() {\n  %a = add i32 1, 2\n  ret i32 %a\n}\n",
//!     "f.ll",
//! )
//! .unwrap();
//! run_llvm_passes(&m, "instcombine").unwrap();
//! assert!(print_module(&m).contains("ret i32 3"));
//! // LLVM's own message for a pipeline it does not know:
//! let err = run_llvm_passes(&m, "frob").unwrap_err();
//! assert_eq!(err.to_string(), "unknown pass name 'frob'");
//! ```

use inkwell::module::Module;

pub use crate::ffi::{LlvmPassOptions, LlvmPipelineError, LlvmSwitch};
use crate::LlvmError;

/// Runs LLVM's passes by their `opt` names (`instnamer`,
/// `always-inline,sroa`) on `module` with the default options. A module the
/// verifier rejects is [`LlvmError::Verifier`] and nothing runs; a pipeline
/// LLVM does not accept is [`LlvmError::PassFailed`] with LLVM's message.
pub fn run_llvm_passes(module: &Module<'_>, pipeline: &str) -> Result<(), LlvmError> {
    crate::ffi::run_llvm_passes(module, pipeline)
}

/// Runs the pipeline `text` (in `opt -passes=` syntax) with `options`
/// (`-verify-each`, `-debug-pass-manager`), after checking the module with
/// the verifier.
pub fn run_llvm_pipeline(
    module: &Module<'_>,
    text: &str,
    options: LlvmPassOptions,
) -> Result<(), LlvmPipelineError> {
    crate::ffi::run_llvm_pipeline(module, text, options)
}

/// Turns on LLVM's process-wide instrumentation switches for the rest of the
/// process. LLVM's command-line parser can be fed once per process; later
/// calls do nothing.
pub fn enable_llvm_switches(switches: &[LlvmSwitch]) {
    crate::ffi::enable_llvm_switches(switches)
}

/// Sets the C allocator LLVM uses up for one large module built on one
/// worker thread: one arena, grown 64 MiB at a time. Call it first in
/// `main`, before any thread starts. Returns whether the allocator took the
/// settings (glibc's does).
pub fn tune_allocator_for_one_module() -> bool {
    crate::ffi::tune_allocator_for_one_module()
}

/// Sets the C allocator up for lowering one shader on the front end's and
/// planner's threads, each allocating: every heap grows 32 MiB at a time
/// instead of 128 KiB (fewer system calls and page faults). Call it first
/// in `main`. Returns whether the allocator took the setting (glibc's does).
pub fn tune_allocator_for_pipeline() -> bool {
    crate::ffi::tune_allocator_for_pipeline()
}

/// Prints LLVM's own pass names on standard output, as `opt -print-passes`
/// does.
pub fn print_llvm_pass_names() {
    crate::ffi::print_llvm_pass_names()
}

/// Prints (on standard error) and resets the timing reports LLVM's passes
/// collected under [`LlvmSwitch::TimePasses`], as `opt` does when it exits.
pub fn print_llvm_timing_reports() {
    crate::ffi::print_llvm_timing_reports()
}
