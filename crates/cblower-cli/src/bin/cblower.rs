//! `cblower`: HLSL constant buffer layouts and IR.

use std::process::ExitCode;

use cblower_cli::exit::INPUT_ERROR;

use clap::{Parser, Subcommand};

/// HLSL constant buffers lowered the way Clang and LLVM do it, with the
/// layouts DXC documents.
#[derive(Parser, Debug)]
#[command(name = "cblower", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the byte layout of every buffer in an HLSL file.
    Layout(cblower_cli::layout_cmd::LayoutArgs),
    /// Write the LLVM IR of every constant buffer in an HLSL file.
    #[command(name = "emit-llvm")]
    EmitLlvm(cblower_cli::emit_cmd::EmitArgs),
    /// Write C, C++ or Rust structs that match every buffer byte for byte.
    Mirror(cblower_cli::mirror_cmd::MirrorArgs),
    /// List every resource and buffer with its registers; overlaps are errors.
    Bindings(cblower_cli::bindings_cmd::BindingsArgs),
    /// Warn about implicit padding (with fix-its), or compare a shared
    /// header's C++ layout with the HLSL one (--cpp).
    Check(cblower_cli::check_cmd::CheckArgs),
}

fn main() -> ExitCode {
    // Every command runs the front end's threads, each allocating.
    cblower_llvm::llvm::tune_allocator_for_pipeline();
    let cli: Cli = match cblower_cli::exit::parse_cblower_args() {
        Ok(c) => c,
        Err(code) => return ExitCode::from(code),
    };
    let code = match cli.command {
        Command::Layout(args) => cblower_cli::layout_cmd::run(&args),
        // The text path runs here; what needs an LLVM module runs in
        // `cblower-emit-module`, so this binary never loads libLLVM (about
        // 55 MiB of resident memory and a few ms of start-up).
        Command::EmitLlvm(args) if args.needs_llvm() => run_module_helper(),
        Command::EmitLlvm(args) => cblower_cli::emit_cmd::run_text(&args),
        Command::Mirror(args) => cblower_cli::mirror_cmd::run(&args),
        Command::Bindings(args) => cblower_cli::bindings_cmd::run(&args),
        Command::Check(args) => cblower_cli::check_cmd::run(&args),
    };
    ExitCode::from(code as u8)
}

/// The binary that runs `emit-llvm` with an LLVM module, installed next to
/// this one.
const MODULE_HELPER: &str = "cblower-emit-module";

/// Runs `emit-llvm` with the same arguments in [`MODULE_HELPER`] (replacing
/// this process on Unix); returns its exit code, or [`INPUT_ERROR`] with a
/// message when it cannot be started.
fn run_module_helper() -> i32 {
    let helper = match std::env::current_exe() {
        Ok(exe) => exe.with_file_name(MODULE_HELPER),
        Err(e) => {
            eprintln!("error: cannot find `{MODULE_HELPER}`: the path of `cblower` itself is unknown ({e})");
            return INPUT_ERROR;
        }
    };
    let mut command = std::process::Command::new(&helper);
    command.args(std::env::args_os().skip(1));
    #[cfg(unix)]
    let failure = {
        use std::os::unix::process::CommandExt;
        command.arg0("cblower").exec()
    };
    #[cfg(not(unix))]
    let failure = match command.status() {
        Ok(status) => return status.code().unwrap_or(INPUT_ERROR),
        Err(e) => e,
    };
    eprintln!(
        "error: `emit-llvm` with `--lower`, `--via-llvm` or a `.bc` output runs `{}`, which cannot be started: {failure} (it is built and installed with `cblower`, in the same directory)",
        helper.display()
    );
    INPUT_ERROR
}
