//! Lays out the `layout_1m` benchmark's buffer (1,000,000 mixed members)
//! once per rule set named on the command line (`cbuffer`, `std140`,
//! `clang-22`, `structured`, `wgsl-storage`; default `cbuffer`) and prints
//! the time it took (`RUNS=N` in the environment: N times each, the least
//! time printed). For profilers that count instructions in `layout_buffer`
//! alone:
//! `cargo build --release -p cblower-layout --example layout_1m`, then
//! `valgrind --tool=callgrind --toggle-collect='*layout_buffer*'
//! target/release/examples/layout_1m cbuffer std140`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use cblower_layout::{
    layout_buffer, BufferDecl, BufferKind, Clang22Target, LayoutOptions, RuleSet, WgslAddressSpace,
};

#[path = "../benches/support/member_mix.rs"]
mod member_mix;

fn main() -> ExitCode {
    let decl = BufferDecl::new(
        "Big",
        BufferKind::CBuffer,
        member_mix::mixed_members(1_000_000),
    );
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1)
        .max(1);
    if names.is_empty() {
        names.push("cbuffer".into());
    }
    for name in names {
        let rules = match name.as_str() {
            "cbuffer" => RuleSet::CBuffer,
            "std140" => RuleSet::Std140,
            "clang-22" => RuleSet::Clang22(Clang22Target::Dxil),
            "structured" => RuleSet::Structured,
            "wgsl-storage" => RuleSet::Wgsl(WgslAddressSpace::Storage),
            other => {
                eprintln!("layout_1m: unknown rule set '{other}'");
                return ExitCode::from(2);
            }
        };
        let mut best = Duration::MAX;
        for _ in 0..runs {
            let start = Instant::now();
            let layout = layout_buffer(&decl, LayoutOptions::new(rules));
            best = best.min(start.elapsed());
            if let Err(e) = std::hint::black_box(layout) {
                eprintln!("layout_1m: {e}");
                return ExitCode::FAILURE;
            }
        }
        println!(
            "{name}: {:.1} ms, {:.1} M members/s (least of {runs})",
            best.as_secs_f64() * 1e3,
            1.0 / best.as_secs_f64().max(1e-9)
        );
    }
    ExitCode::SUCCESS
}
