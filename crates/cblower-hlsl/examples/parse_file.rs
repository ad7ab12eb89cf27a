//! Parses one HLSL file with the front end alone and prints how many
//! buffers and members it declares; for measuring the front end's time and
//! peak memory (`/usr/bin/time -v`, `perf`, `heaptrack`) without LLVM in the
//! process.
//!
//! `cargo run --release -p cblower-hlsl --example parse_file -- FILE [RUNS]`

use std::path::PathBuf;
use std::process::ExitCode;

use cblower_hlsl::{parse_file, FrontendOptions};

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        eprintln!("usage: parse_file FILE [RUNS]");
        return ExitCode::FAILURE;
    };
    let runs: usize = match args.next().map(|a| a.to_string_lossy().parse()) {
        None => 1,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("RUNS must be a number: {e}");
            return ExitCode::FAILURE;
        }
    };
    let opts = FrontendOptions::default();
    for _ in 0..runs {
        match parse_file(&path, &opts) {
            Ok(p) => {
                let members: usize = p.buffers.iter().map(|b| b.members.len()).sum();
                println!("{} buffers, {members} members", p.buffers.len());
            }
            Err(e) => {
                eprint!("{}", e.render(false));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
