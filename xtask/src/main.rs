//! Project chores run through cargo: `cargo run -p xtask --release --
//! bench-emit [--short]` times IR emission against clang-22 (issue #5);
//! `cargo run -p xtask -- crate-graph [--check | --write]` draws the
//! workspace's crate graph in `docs/architecture.md` from `cargo metadata`.

mod bench_emit;
mod crate_graph;

use std::ffi::OsString;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "xtask", about = "cblower project chores")]
struct Cli {
    #[command(subcommand)]
    command: Chore,
}

#[derive(Subcommand, Debug)]
enum Chore {
    /// Time `cblower emit-llvm` against clang-22 and LLVM's parse-and-print
    /// floor on generated files; print the table and the targets.
    BenchEmit(bench_emit::BenchArgs),
    /// Print the crate graph `docs/architecture.md` draws, as `cargo
    /// metadata` gives it; `--check` fails when the document differs,
    /// `--write` updates it.
    CrateGraph(crate_graph::GraphArgs),
    /// Internal: run one program and report its wall time and peak RSS.
    #[command(name = bench_emit::measure::MEASURE_CHILD, hide = true)]
    MeasureChild {
        program: OsString,
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<OsString>,
    },
}

fn main() {
    let cli = Cli::parse();
    let code = match &cli.command {
        Chore::BenchEmit(args) => bench_emit::run(args),
        Chore::CrateGraph(args) => crate_graph::run(args),
        Chore::MeasureChild { program, args } => bench_emit::measure::run_helper(program, args),
    };
    std::process::exit(code);
}
