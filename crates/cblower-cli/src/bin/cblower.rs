//! `cblower`: HLSL constant buffer layouts and IR.

use std::process::ExitCode;

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
    let mut argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // clang spells `-triple` and `-fspv-target-env=` with one dash; `emit-llvm`
    // takes them as clang does. Only the subcommand's own arguments are
    // rewritten: `cblower` has no options of its own before the subcommand
    // (only `--help`/`--version`), so the subcommand is the first argument.
    if argv.get(1).is_some_and(|a| a == "emit-llvm") {
        let tail = argv.split_off(2);
        argv.extend(cblower_cli::emit_cmd::double_dash_clang_flags(tail));
    }
    let cli = match Cli::try_parse_from(argv) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                cblower_cli::exit::USAGE_ERROR
            } else {
                0
            };
            let _ = e.print();
            return ExitCode::from(code as u8);
        }
    };
    let code = match cli.command {
        Command::Layout(args) => cblower_cli::layout_cmd::run(&args),
        Command::EmitLlvm(args) => cblower_cli::emit_cmd::run(&args),
        Command::Mirror(args) => cblower_cli::mirror_cmd::run(&args),
        Command::Bindings(args) => cblower_cli::bindings_cmd::run(&args),
        Command::Check(args) => cblower_cli::check_cmd::run(&args),
    };
    ExitCode::from(code as u8)
}
