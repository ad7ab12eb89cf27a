//! `cblower-opt`: runs cblower's passes on LLVM IR, with `opt`'s flags.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use cblower_cli::exit::{INPUT_ERROR, USAGE_ERROR};
use cblower_cli::opt_args::normalize_llvm_style_args;
use cblower_cli::output::{write_output, write_output_via};
use cblower_llvm::ffi::{data_layout_string, set_data_layout};
use cblower_llvm::ir_io::{module_bitcode, parse_module};
use cblower_llvm::passes::{parse_pipeline, run_pipeline};
use cblower_llvm::Target;
use clap::Parser;
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;

/// Runs cblower's cbuffer passes on an LLVM module, like `opt`.
///
/// Passes: verify, instnamer, print-cbuffers (writes to stderr),
/// dxil-cbuffer-access, dxil-resource-access, and dxil-cbuffer-lowering (the
/// two access passes in order); spirv-cbuffer-access; dxil-forward-handle-accesses,
/// dxil-resource-implicit-binding, dxil-op-lower, and dxil-lower (the whole
/// DXIL cbuffer pipeline).
///
/// Long options may be written with one dash, as LLVM's tools spell them
/// (`-passes=verify`, `-mtriple=dxil-pc-shadermodel6.6-compute`).
#[derive(Parser, Debug)]
#[command(name = "cblower-opt", version, about, long_about = None)]
struct Args {
    /// Comma-separated pass pipeline, run left to right.
    #[arg(long = "passes", value_name = "P1,P2,...")]
    passes: Option<String>,
    /// Write textual IR instead of bitcode.
    #[arg(short = 'S')]
    text: bool,
    /// Output file (`-` for stdout, the default).
    #[arg(short = 'o', value_name = "OUT", default_value = "-")]
    output: PathBuf,
    /// Override the module's target triple.
    #[arg(long = "mtriple", value_name = "TRIPLE")]
    mtriple: Option<String>,
    /// Do not write any output.
    #[arg(long = "disable-output")]
    disable_output: bool,
    /// Input `.ll` or `.bc` file, or `-` for stdin.
    #[arg(value_name = "INPUT", default_value = "-")]
    input: PathBuf,
}

fn main() -> ExitCode {
    let argv = normalize_llvm_style_args(std::env::args());
    let args = match Args::try_parse_from(argv) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { USAGE_ERROR } else { 0 };
            let _ = e.print();
            return ExitCode::from(code as u8);
        }
    };
    match cblower_cli::big_stack::on_big_stack(|| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, msg)) => {
            eprintln!("cblower-opt: {msg}");
            ExitCode::from(code as u8)
        }
    }
}

/// Like `opt -mtriple=...` with the target built in: a module without a data
/// layout gets the target's. For DirectX that is clang-22's DXIL layout (the
/// DirectX target is not in Debian's LLVM, so it is supplied here).
fn default_data_layout(
    module: &inkwell::module::Module<'_>,
    triple: &str,
) -> Result<(), cblower_llvm::LlvmError> {
    if !data_layout_string(module).is_empty() {
        return Ok(());
    }
    if triple.starts_with("dxil") {
        set_data_layout(module, Target::Dxil.data_layout())?;
    } else if triple.starts_with("spirv") {
        set_data_layout(module, Target::SpirV.data_layout())?;
    }
    Ok(())
}

fn run(args: &Args) -> Result<(), (i32, String)> {
    let pipeline = match &args.passes {
        Some(p) => parse_pipeline(p).map_err(|e| (USAGE_ERROR, e.to_string()))?,
        None => Vec::new(),
    };
    let ctx = Context::create();
    let (module, name) = if args.input.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| (INPUT_ERROR, format!("<stdin>: cannot read: {e}")))?;
        let module =
            parse_module(&ctx, &buf, "<stdin>").map_err(|e| (INPUT_ERROR, e.to_string()))?;
        (module, "<stdin>".to_owned())
    } else {
        // LLVM maps the file itself (no copy in memory), as opt does; opening
        // it first gives the usual error message when it is missing.
        let name = args.input.display().to_string();
        let mut file = std::fs::File::open(&args.input)
            .map_err(|e| (INPUT_ERROR, format!("{name}: cannot read input file: {e}")))?;
        // A directory opens but cannot be read: reading one byte reports that
        // as the OS words it (`Is a directory (os error 21)`), where LLVM's
        // reader would only give a bare, quoted "Is a directory".
        file.read(&mut [0u8; 1])
            .map_err(|e| (INPUT_ERROR, format!("{name}: cannot read input file: {e}")))?;
        let buffer = MemoryBuffer::create_from_file(&args.input)
            .map_err(|e| (INPUT_ERROR, format!("{name}: cannot read input file: {e}")))?;
        let module = cblower_llvm::ffi::parse_ir(&ctx, buffer)
            .map_err(|e| (INPUT_ERROR, e.trim_end().to_owned()))?;
        (module, name)
    };
    if let Some(triple) = &args.mtriple {
        module.set_triple(&inkwell::targets::TargetTriple::create(triple));
        default_data_layout(&module, triple).map_err(|e| (INPUT_ERROR, e.to_string()))?;
    }
    let mut report = std::io::stderr();
    run_pipeline(&module, &pipeline, &mut report)
        .map_err(|e| (INPUT_ERROR, format!("{name}: {e}")))?;
    if args.disable_output {
        return Ok(());
    }
    let written = if args.text {
        // Streamed by LLVM into the file: no copy of the whole text in memory.
        write_output_via(&args.output, |path| {
            module
                .print_to_file(path)
                .map_err(|e| std::io::Error::other(e.to_string()))
        })
    } else {
        write_output(&args.output, &module_bitcode(&module))
    };
    let result = written.map_err(|e| {
        (
            INPUT_ERROR,
            format!("{}: cannot write output: {e}", args.output.display()),
        )
    });
    // The process ends next; the OS frees the module faster than LLVM's teardown.
    std::mem::forget(module);
    std::mem::forget(ctx);
    result
}
