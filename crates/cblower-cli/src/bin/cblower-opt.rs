//! `cblower-opt`: LLVM's `opt` with cblower's cbuffer passes, taking `opt`'s
//! command line (see `docs/cli.md`).

use std::io::{ErrorKind, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use cblower_cli::exit::INPUT_ERROR;
use cblower_cli::opt_args::{parse_opt_args, pipeline_text, OptArgs, HELP};
use cblower_cli::output::{write_output, write_output_via};
use cblower_llvm::ir_io::{
    fill_default_data_layout, module_bitcode, parse_module, parse_module_file,
};
use cblower_llvm::llvm::{
    enable_llvm_switches, print_llvm_pass_names, print_llvm_timing_reports,
    tune_allocator_for_one_module, LlvmSwitch,
};
use cblower_llvm::passes::{
    parse_steps, run_steps, timed, timing_report, Pass, RunOptions, TimeRecord,
};
use inkwell::context::Context;

/// A failure: the message for standard error, after the tool's name. Every
/// failure exits with status 1, as `opt`'s do.
struct Failure {
    message: String,
    /// Printed without the tool's name in front (LLVM's diagnostics).
    raw: bool,
}

fn fail(message: String) -> Failure {
    Failure {
        message,
        raw: false,
    }
}

fn main() -> ExitCode {
    // Before the worker thread starts: LLVM's allocations for the whole
    // module then come from one arena grown in large steps (a tenth of the
    // CPU time at 100k instructions went to growing a thread's own arena).
    tune_allocator_for_one_module();
    let mut argv = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(a) => argv.push(a),
            Err(raw) => {
                eprintln!(
                    "cblower-opt: argument '{}' is not valid UTF-8",
                    raw.to_string_lossy()
                );
                return ExitCode::from(INPUT_ERROR as u8);
            }
        }
    }
    let args = match parse_opt_args(argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(INPUT_ERROR as u8);
        }
    };
    if args.help {
        return print_stdout(HELP.as_bytes());
    }
    if args.version {
        let text = format!("cblower-opt {}\n", env!("CARGO_PKG_VERSION"));
        return print_stdout(text.as_bytes());
    }
    if args.print_passes {
        let mut ours =
            String::from("cblower passes (module passes; usable in -passes and as -<name>):\n");
        for name in Pass::known_names() {
            if name != "instnamer" {
                ours.push_str(&format!("  {name}\n"));
            }
        }
        let code = print_stdout(ours.as_bytes());
        if code == ExitCode::SUCCESS {
            print_llvm_pass_names();
        }
        return code;
    }
    match cblower_cli::big_stack::on_big_stack(|| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if f.raw => {
            eprintln!("{}", f.message);
            ExitCode::from(INPUT_ERROR as u8)
        }
        Err(f) => {
            eprintln!("cblower-opt: {}", f.message);
            ExitCode::from(INPUT_ERROR as u8)
        }
    }
}

/// Writes to standard output; a reader that went away is not an error.
fn print_stdout(bytes: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cblower-opt: cannot write output: {e}");
            ExitCode::from(INPUT_ERROR as u8)
        }
    }
}

/// `opt` normalises `-mtriple`: a DXIL triple names its DXIL version after
/// the shader model (`dxil-pc-shadermodel6.3-library` is
/// `dxilv1.3-pc-shadermodel6.3-library`).
fn normalize_triple(triple: &str) -> String {
    let mut parts: Vec<&str> = triple.split('-').collect();
    if parts.first() == Some(&"dxil") {
        let minor = parts
            .iter()
            .find_map(|p| p.strip_prefix("shadermodel6."))
            .map(|m| {
                m.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
            })
            .filter(|m| !m.is_empty());
        if let Some(minor) = minor {
            let arch = format!("dxilv1.{minor}");
            parts[0] = &arch;
            return parts.join("-");
        }
    }
    triple.to_owned()
}

fn read_input<'c>(
    ctx: &'c Context,
    input: &str,
) -> Result<(inkwell::module::Module<'c>, String), Failure> {
    if input == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| fail(format!("<stdin>: cannot read: {e}")))?;
        let module = parse_module(ctx, &buf, "<stdin>").map_err(|e| fail(e.to_string()))?;
        return Ok((module, "<stdin>".to_owned()));
    }
    // LLVM maps the file itself (no copy in memory), as opt does; opening it
    // first gives the usual error message when it is missing.
    let path = Path::new(input);
    let mut file = std::fs::File::open(path)
        .map_err(|e| fail(format!("{input}: cannot read input file: {e}")))?;
    // A directory opens but cannot be read: reading one byte reports that as
    // the OS words it (`Is a directory (os error 21)`).
    file.read(&mut [0u8; 1])
        .map_err(|e| fail(format!("{input}: cannot read input file: {e}")))?;
    let module = parse_module_file(ctx, path).map_err(|e| fail(e.to_string()))?;
    Ok((module, input.to_owned()))
}

fn run(args: &OptArgs) -> Result<(), Failure> {
    let steps = match pipeline_text(args) {
        Some(text) => parse_steps(&text).map_err(|e| fail(e.to_string()))?,
        None => Vec::new(),
    };
    let mut switches = Vec::new();
    if args.time_passes {
        switches.push(LlvmSwitch::TimePasses);
    }
    if args.print_after_all {
        switches.push(LlvmSwitch::PrintAfterAll);
    }
    if args.print_before_all {
        switches.push(LlvmSwitch::PrintBeforeAll);
    }
    enable_llvm_switches(&switches);

    let ctx = Context::create();
    let input = args.input.as_deref().unwrap_or("-");
    // Under -time-passes LLVM's reader times itself ("LLVM IR Parsing").
    let (module, name) = read_input(&ctx, input)?;
    if let Some(triple) = &args.mtriple {
        let triple = normalize_triple(triple);
        module.set_triple(&inkwell::targets::TargetTriple::create(&triple));
    }
    // As `opt` does, a module without a data layout gets its triple's.
    fill_default_data_layout(&module).map_err(|e| fail(e.to_string()))?;

    let options = RunOptions {
        verify_each: args.verify_each,
        debug_pass_manager: args.debug_pass_manager,
        print_before_all: args.print_before_all,
        print_after_all: args.print_after_all,
    };
    let mut times: Vec<TimeRecord> = Vec::new();
    let mut report = std::io::stderr();
    let ran = run_steps(&module, &steps, options, &mut report, &mut times);
    let ran = ran.map_err(|e| {
        use cblower_llvm::passes::PipelineError as P;
        match e {
            P::LlvmRejected(_) | P::NestedModulePass { .. } => fail(e.to_string()),
            // LLVM's own wording is printed as `opt` prints it.
            P::PassFailed { source, .. } if source.is_llvm_worded() => Failure {
                message: source.to_string(),
                raw: true,
            },
            _ => fail(format!("{name}: {e}")),
        }
    });
    let result = ran.and_then(|()| {
        if args.time_passes && !args.disable_output {
            // Writing the module is a pass of opt's pipeline, timed with the
            // others under LLVM's name for it.
            let class = if args.text {
                "PrintModulePass"
            } else {
                "BitcodeWriterPass"
            };
            timed(class, &mut times, || write_module(args, &module))
        } else {
            write_module(args, &module)
        }
    });
    if args.time_passes {
        // As `opt` prints them: at the end, after the output is written.
        print_llvm_timing_reports();
        let text = timing_report("Pass execution timing report", &times);
        let _ = report.write_all(text.as_bytes());
    }
    // The process ends next; the OS frees the module faster than LLVM's teardown.
    std::mem::forget(module);
    std::mem::forget(ctx);
    result
}

fn write_module(args: &OptArgs, module: &inkwell::module::Module<'_>) -> Result<(), Failure> {
    let output = args.output.as_deref().unwrap_or("-");
    if args.disable_output {
        if args.output.is_some() {
            eprintln!(
                "WARNING: The -o (output filename) option is ignored when\n\
                 the --disable-output option is used."
            );
        }
        return Ok(());
    }
    let path = Path::new(output);
    let written = if args.text && output == "-" {
        // Through Rust's stdout, so a closed pipe is seen as one.
        let text = module.print_to_string();
        write_output(path, text.to_bytes())
    } else if args.text {
        // Streamed by LLVM into the file: no copy of the whole text in memory.
        write_output_via(path, |p| {
            module
                .print_to_file(p)
                .map_err(|e| std::io::Error::other(e.to_string()))
        })
    } else {
        write_output(path, &module_bitcode(module))
    };
    match written {
        Ok(()) => Ok(()),
        // The reader of a pipe went away (`cblower-opt -S x.ll | head`): as
        // for any tool in a pipeline, that is not a failure.
        Err(e) if e.kind() == ErrorKind::BrokenPipe && output == "-" => Ok(()),
        Err(e) => Err(fail(format!("{output}: cannot write output: {e}"))),
    }
}
