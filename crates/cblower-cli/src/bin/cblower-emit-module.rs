//! `cblower-emit-module`: the part of `cblower emit-llvm` that builds an
//! LLVM module (`--lower`, `--via-llvm`, bitcode output). `cblower` runs it
//! with its own arguments for those flags and writes IR text itself, so
//! that `cblower` does not link libLLVM; run directly, it takes the same
//! arguments as `cblower` (`cblower-emit-module emit-llvm ...`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `cblower emit-llvm`, with the LLVM module sink.
#[derive(Parser, Debug)]
#[command(name = "cblower", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write the LLVM IR of every constant buffer in an HLSL file.
    #[command(name = "emit-llvm")]
    EmitLlvm(cblower_cli::emit_cmd::EmitArgs),
}

fn main() -> ExitCode {
    let cli: Cli = match cblower_cli::exit::parse_cblower_args() {
        Ok(c) => c,
        Err(code) => return ExitCode::from(code),
    };
    let code = match cli.command {
        Command::EmitLlvm(args) => cblower_cli::emit_cmd::run(&args),
    };
    ExitCode::from(code as u8)
}
