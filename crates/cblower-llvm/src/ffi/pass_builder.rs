//! LLVM's own pass pipelines through the C API's pass builder
//! (`LLVMRunPasses`), LLVM's process-wide command-line switches for its
//! pass instrumentation (`-time-passes`, `-print-after-all`, ...), the list
//! of LLVM's pass names, and the process times `-time-passes` reports.
//!
//! Nothing here is handed a module the verifier has not accepted: LLVM's
//! passes assert on malformed IR, so [`run_llvm_pipeline`] verifies first.
#![allow(unsafe_code)]

use std::ffi::{c_char, CStr};
use std::sync::Once;

use inkwell::module::Module;
use llvm_sys::transforms::pass_builder as pb;

use super::{cstring, verify_module, LlvmError};

/// Pass builder options `opt` takes from its command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LlvmPassOptions {
    /// `-verify-each`: LLVM verifies the module after every pass.
    pub verify_each: bool,
    /// `-debug-pass-manager`: LLVM logs every pass and analysis it runs.
    pub debug_logging: bool,
}

/// Why `run_llvm_pipeline` did not run.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LlvmPipelineError {
    /// The module failed the verifier; nothing was handed to LLVM's passes.
    #[error("{0}")]
    Broken(LlvmError),
    /// LLVM's pass builder rejected the pipeline text (its own message, such as
    /// `unknown pass name 'frob'`); nothing ran.
    #[error("{0}")]
    Rejected(String),
}

/// Runs the pipeline `text` (in `opt -passes=` syntax) with LLVM's pass
/// builder on `module`, after checking the module with the verifier. No
/// target machine is given, so LLVM uses its target-independent cost model.
pub fn run_llvm_pipeline(
    module: &Module<'_>,
    text: &str,
    options: LlvmPassOptions,
) -> Result<(), LlvmPipelineError> {
    verify_module(module).map_err(LlvmPipelineError::Broken)?;
    let ctext = cstring(text).map_err(|e| LlvmPipelineError::Rejected(e.to_string()))?;
    // SAFETY: the options object is created, configured and disposed here and
    // used by nothing else; the module is alive and was just verified, so no
    // pass sees IR that would trip an assertion; a null target machine is
    // documented as allowed. The pass builder parses the whole pipeline before
    // running anything, so a rejected pipeline leaves the module unchanged.
    let err = unsafe {
        let opts = pb::LLVMCreatePassBuilderOptions();
        pb::LLVMPassBuilderOptionsSetVerifyEach(opts, options.verify_each as i32);
        pb::LLVMPassBuilderOptionsSetDebugLogging(opts, options.debug_logging as i32);
        let err = pb::LLVMRunPasses(
            module.as_mut_ptr(),
            ctext.as_ptr(),
            std::ptr::null_mut(),
            opts,
        );
        pb::LLVMDisposePassBuilderOptions(opts);
        err
    };
    if err.is_null() {
        return Ok(());
    }
    // SAFETY: `err` is a live LLVMErrorRef; taking its message consumes it.
    let msg = unsafe { llvm_sys::error::LLVMGetErrorMessage(err) };
    // SAFETY: the message is a NUL-terminated string returned just above.
    let text = unsafe { CStr::from_ptr(msg) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: disposes the message allocated by LLVMGetErrorMessage, once.
    unsafe { llvm_sys::error::LLVMDisposeErrorMessage(msg) };
    Err(LlvmPipelineError::Rejected(text))
}

/// LLVM's process-wide instrumentation switches, named as on `opt`'s
/// command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlvmSwitch {
    /// `-time-passes`: LLVM prints its passes' timing reports on standard error.
    TimePasses,
    /// `-print-after-all`: the IR after every LLVM pass, on standard error.
    PrintAfterAll,
    /// `-print-before-all`: the IR before every LLVM pass, on standard error.
    PrintBeforeAll,
}

impl LlvmSwitch {
    fn flag(self) -> &'static CStr {
        match self {
            LlvmSwitch::TimePasses => c"-time-passes",
            LlvmSwitch::PrintAfterAll => c"-print-after-all",
            LlvmSwitch::PrintBeforeAll => c"-print-before-all",
        }
    }
}

static SWITCHES: Once = Once::new();

/// Turns on LLVM's global switches for the rest of the process. LLVM's
/// command-line parser can be fed once per process; later calls do nothing.
pub fn enable_llvm_switches(switches: &[LlvmSwitch]) {
    if switches.is_empty() {
        return;
    }
    SWITCHES.call_once(|| {
        let mut argv: Vec<*const c_char> = vec![c"cblower-opt".as_ptr()];
        argv.extend(switches.iter().map(|s| s.flag().as_ptr()));
        // SAFETY: every pointer is a static NUL-terminated string naming an
        // option libLLVM itself registers (so the parser never reports an
        // unknown option and exits); argc matches argv's length; the overview
        // text may be null. `Once` keeps this to one call per process.
        unsafe {
            llvm_sys::support::LLVMParseCommandLineOptions(
                argv.len() as i32,
                argv.as_ptr(),
                std::ptr::null(),
            )
        };
    });
}

extern "C" {
    /// `void llvm::PassBuilder::printPassNames(llvm::raw_ostream &)`.
    #[link_name = "_ZN4llvm11PassBuilder14printPassNamesERNS_11raw_ostreamE"]
    fn pass_builder_print_pass_names(this: *mut u8, os: *mut u8);
    /// `llvm::raw_fd_ostream &llvm::outs()`.
    #[link_name = "_ZN4llvm4outsEv"]
    fn llvm_outs() -> *mut u8;
    /// `llvm::raw_ostream &llvm::errs()`.
    #[link_name = "_ZN4llvm4errsEv"]
    fn llvm_errs() -> *mut u8;
    /// `static void llvm::TimerGroup::printAll(llvm::raw_ostream &)`.
    #[link_name = "_ZN4llvm10TimerGroup8printAllERNS_11raw_ostreamE"]
    fn timer_group_print_all(os: *mut u8);
    /// `void llvm::raw_ostream::flush_nonempty()`.
    #[link_name = "_ZN4llvm11raw_ostream14flush_nonemptyEv"]
    fn raw_ostream_flush_nonempty(this: *mut u8);
}

/// Prints LLVM's own pass names on standard output, as `opt -print-passes`
/// does (`Module passes:`, then one indented name a line, section by section).
pub fn print_llvm_pass_names() {
    // LLVM 22's PassBuilder::printPassNames only walks its static pass
    // registry; it reads nothing from the PassBuilder object. A zeroed block
    // stands in for one, larger than a real PassBuilder, so even a read would
    // stay inside memory we own.
    let mut stand_in = vec![0u64; 1024];
    // SAFETY: see above for `this`; `outs()` returns LLVM's process-wide
    // stdout stream, alive until exit. The printing always leaves text in the
    // stream's buffer, so flush_nonempty's precondition (a non-empty buffer)
    // holds; it writes the buffer to file descriptor 1.
    unsafe {
        let os = llvm_outs();
        pass_builder_print_pass_names(stand_in.as_mut_ptr().cast(), os);
        raw_ostream_flush_nonempty(os);
    }
}

/// Prints (on standard error) and resets the timing reports LLVM's passes
/// collected under [`LlvmSwitch::TimePasses`], as `opt` does when it exits.
pub fn print_llvm_timing_reports() {
    // SAFETY: `errs()` is LLVM's process-wide, unbuffered standard error
    // stream, alive until exit; `TimerGroup::printAll` is a static function
    // that prints and resets every timer group, and takes LLVM's own lock.
    unsafe { timer_group_print_all(llvm_errs()) };
}

/// User and system CPU time of the process so far, in seconds.
pub fn process_times() -> (f64, f64) {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` is a writable rusage; RUSAGE_SELF is always valid.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
    if rc != 0 {
        return (0.0, 0.0);
    }
    // SAFETY: getrusage succeeded and filled the struct (it was zeroed anyway).
    let usage = unsafe { usage.assume_init() };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    (secs(usage.ru_utime), secs(usage.ru_stime))
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    fn module<'c>(ctx: &'c Context, text: &str) -> Module<'c> {
        let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(
            text.as_bytes(),
            "t",
        );
        super::super::parse_ir(ctx, buf).unwrap()
    }

    #[test]
    fn runs_llvm_passes_and_reports_rejected_pipelines() {
        let ctx = Context::create();
        let m = module(
            &ctx,
            "define i32 @f(i32 %x) {\n  %a = add i32 %x, 0\n  ret i32 %a\n}\n",
        );
        run_llvm_pipeline(&m, "instcombine", LlvmPassOptions::default()).unwrap();
        let ir = m.print_to_string().to_string();
        assert!(ir.contains("ret i32 %x"), "{ir}");
        assert_eq!(
            run_llvm_pipeline(&m, "frob", LlvmPassOptions::default()),
            Err(LlvmPipelineError::Rejected(
                "unknown pass name 'frob'".into()
            ))
        );
        assert_eq!(
            run_llvm_pipeline(&m, "function(instcombine", LlvmPassOptions::default()),
            Err(LlvmPipelineError::Rejected(
                "invalid pipeline 'function(instcombine'".into()
            ))
        );
    }

    #[test]
    fn a_broken_module_never_reaches_llvm() {
        let ctx = Context::create();
        let m = module(&ctx, "define i32 @f() {\n  ret i32 0\n}\n");
        // Break it after parsing: a block without a terminator.
        let f = m.get_function("f").unwrap();
        ctx.append_basic_block(f, "dangling");
        assert!(matches!(
            run_llvm_pipeline(&m, "instcombine", LlvmPassOptions::default()),
            Err(LlvmPipelineError::Broken(LlvmError::Verifier(_)))
        ));
    }

    #[test]
    fn process_times_grow() {
        let (u0, _) = process_times();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        let (u1, _) = process_times();
        assert!(u1 >= u0);
    }
}
