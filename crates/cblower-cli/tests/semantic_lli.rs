//! Semantic check of `cblower-opt -passes=dxil-cbuffer-lowering`: every
//! generated read must produce the same bytes when executed with `lli-22`
//! before the lowering (member globals defined over the buffer bytes) and
//! after it (row loads reading 16-byte rows of the same bytes), both for
//! clang's `-O0` GEP shapes and after `opt-22 -passes=instcombine`.
//!
//! `CBLOWER_SEMANTIC_SEEDS` sets the number of modules (default 100; each
//! has 2 buffers and 12 reads, checked in 2 variants) and
//! `CBLOWER_SEMANTIC_FIRST_SEED` the first seed (default 1), so a failure
//! can be replayed alone.

mod semantic;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use semantic::build::generate;
use semantic::exec::{after_module, before_module, llvm_tool, run};

const BUFFERS_PER_MODULE: usize = 2;
const READS_PER_BUFFER: usize = 6;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Checks module `seed` in both variants; returns the number of test
/// functions and runs compared.
fn check_seed(seed: u64, dir: &Path) -> Result<(usize, usize), String> {
    let g = generate(seed, BUFFERS_PER_MODULE, READS_PER_BUFFER)?;
    let cblower_opt = env!("CARGO_BIN_EXE_cblower-opt");
    let lli = llvm_tool("lli");
    let opt = llvm_tool("opt");
    let o0 = dir.join(format!("s{seed}.ll"));
    std::fs::write(&o0, &g.ir).map_err(|e| e.to_string())?;
    let combined = dir.join(format!("s{seed}.ic.ll"));
    run(
        &opt,
        &[
            "-S",
            "-passes=instcombine",
            o0.to_str().unwrap_or_default(),
            "-o",
            combined.to_str().unwrap_or_default(),
        ],
        "instcombine",
    )?;
    let mut cases = 0;
    let mut runs = 0;
    for (variant, input) in [("O0", &o0), ("instcombine", &combined)] {
        let ir = std::fs::read_to_string(input).map_err(|e| e.to_string())?;
        let before = dir.join(format!("s{seed}.{variant}.before.ll"));
        std::fs::write(&before, before_module(seed, &g, &ir)).map_err(|e| e.to_string())?;
        let lowered = run(
            Path::new(cblower_opt),
            &[
                "-S",
                "-passes=dxil-cbuffer-lowering",
                input.to_str().unwrap_or_default(),
            ],
            &format!("seed {seed} {variant}: cblower-opt"),
        )?;
        let after = dir.join(format!("s{seed}.{variant}.after.ll"));
        std::fs::write(&after, after_module(seed, &g, &lowered)?).map_err(|e| e.to_string())?;
        let want = run(
            &lli,
            &[before.to_str().unwrap_or_default()],
            &format!("seed {seed} {variant}: lli before"),
        )?;
        let got = run(
            &lli,
            &[after.to_str().unwrap_or_default()],
            &format!("seed {seed} {variant}: lli after"),
        )?;
        let want_lines: Vec<&str> = want.lines().collect();
        let got_lines: Vec<&str> = got.lines().collect();
        if want_lines.len() != g.runs || got_lines.len() != g.runs {
            return Err(format!(
                "seed {seed} {variant}: expected {} result lines, got {} before and {} after",
                g.runs,
                want_lines.len(),
                got_lines.len()
            ));
        }
        for (w, h) in want_lines.iter().zip(&got_lines) {
            if w != h {
                return Err(format!(
                    "seed {seed} {variant}: results differ (case i j: bytes)\n  before: {w}\n  after:  {h}\n  files: {} {}",
                    before.display(),
                    after.display()
                ));
            }
        }
        cases += g.cases;
        runs += g.runs;
    }
    Ok((cases, runs))
}

#[test]
fn random_reads_agree_before_and_after_lowering() {
    let lli = llvm_tool("lli");
    assert!(
        lli.exists(),
        "{} not found: the semantic check needs LLVM 22's lli (set LLVM_BIN)",
        lli.display()
    );
    let seeds = env_u64("CBLOWER_SEMANTIC_SEEDS", 100);
    let first = env_u64("CBLOWER_SEMANTIC_FIRST_SEED", 1);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("semantic-lli");
    std::fs::create_dir_all(&dir).expect("temporary directory");

    let next = AtomicUsize::new(0);
    let totals = Mutex::new((0usize, 0usize));
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed) as u64;
                if k >= seeds {
                    break;
                }
                match check_seed(first + k, &dir) {
                    Ok((c, r)) => {
                        let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                        t.0 += c;
                        t.1 += r;
                    }
                    Err(e) => failures.lock().unwrap_or_else(|e| e.into_inner()).push(e),
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    let (cases, runs) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    eprintln!(
        "semantic check: {cases} cases, {runs} runs compared, {} failed seeds",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} seeds failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    if seeds >= 100 {
        assert!(cases >= 500, "only {cases} cases were checked");
    }
}
