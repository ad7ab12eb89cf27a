//! Semantic check of `cblower-opt -passes=dxil-cbuffer-lowering` and
//! `-passes=dxil-lower`: every generated read must produce the same bytes
//! when executed with `lli-22` before the lowering (member globals defined
//! over the buffer bytes), after `dxil-cbuffer-lowering` (row loads reading
//! 16-byte rows of the same bytes) and after `dxil-lower` (DXIL handle
//! operations checked and resolved to the buffers, `cbufferLoadLegacy`
//! reading the rows), for clang's `-O0` GEP shapes, after
//! `opt-22 -passes=instcombine` and after `opt-22 -passes='default<O1>'`.
//!
//! `CBLOWER_SEMANTIC_SEEDS` sets the number of modules (default 100; each
//! has 2 buffers and 12 reads, checked in 3 variants) and
//! `CBLOWER_SEMANTIC_FIRST_SEED` the first seed (default 1), so a failure
//! can be replayed alone.

mod semantic;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use semantic::binding::DXIL_TRIPLES;
use semantic::build::generate;
use semantic::dxil_ops::{entry_module, op_lowered_module, OpsSeen};
use semantic::exec::{after_module, before_module, llvm_tool, run};

const BUFFERS_PER_MODULE: usize = 2;
const READS_PER_BUFFER: usize = 6;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `lli` on `module` and compares its lines with `want` (the "before"
/// output, `runs` lines).
fn compare(
    lli: &Path,
    module: &Path,
    want: &str,
    runs: usize,
    what: &str,
    before: &Path,
) -> Result<(), String> {
    let got = run(
        lli,
        &[module.to_str().unwrap_or_default()],
        &format!("{what}: lli"),
    )?;
    let want_lines: Vec<&str> = want.lines().collect();
    let got_lines: Vec<&str> = got.lines().collect();
    if want_lines.len() != runs || got_lines.len() != runs {
        return Err(format!(
            "{what}: expected {runs} result lines, got {} before and {} after",
            want_lines.len(),
            got_lines.len()
        ));
    }
    for (w, h) in want_lines.iter().zip(&got_lines) {
        if w != h {
            return Err(format!(
                "{what}: results differ (case i j: bytes)\n  before: {w}\n  after:  {h}\n  files: {} {}",
                before.display(),
                module.display()
            ));
        }
    }
    Ok(())
}

/// What one seed checked.
#[derive(Default)]
struct Checked {
    /// Test functions, each run through both pipelines.
    cases: usize,
    /// (function, index) runs compared per pipeline.
    runs: usize,
    ops: OpsSeen,
}

/// Checks module `seed` in its three variants through both pipelines.
fn check_seed(seed: u64, dir: &Path) -> Result<Checked, String> {
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
    // LLVM's -O1 pipeline over the whole module: the test functions stay
    // (they are external), their reads take the optimised shapes (merged
    // and split loads, GEPs in bytes, selects), and the unused init
    // functions go (the handle creations come from the -O0 module).
    let optimised = dir.join(format!("s{seed}.o1.ll"));
    run(
        &opt,
        &[
            "-S",
            "-passes=default<O1>",
            o0.to_str().unwrap_or_default(),
            "-o",
            optimised.to_str().unwrap_or_default(),
        ],
        "default<O1>",
    )?;
    let mut checked = Checked::default();
    for (variant, input) in [("O0", &o0), ("instcombine", &combined), ("O1", &optimised)] {
        let ir = std::fs::read_to_string(input).map_err(|e| e.to_string())?;
        let name = |side: &str| dir.join(format!("s{seed}.{variant}.{side}.ll"));
        let before = name("before");
        std::fs::write(&before, before_module(seed, &g, &ir)).map_err(|e| e.to_string())?;
        let want = run(
            &lli,
            &[before.to_str().unwrap_or_default()],
            &format!("seed {seed} {variant}: lli before"),
        )?;

        let lowered = run(
            Path::new(cblower_opt),
            &[
                "-S",
                "-passes=dxil-cbuffer-lowering",
                input.to_str().unwrap_or_default(),
            ],
            &format!("seed {seed} {variant}: cblower-opt dxil-cbuffer-lowering"),
        )?;
        let after = name("after");
        std::fs::write(&after, after_module(seed, &g, &lowered)?).map_err(|e| e.to_string())?;
        let what = format!("seed {seed} {variant} dxil-cbuffer-lowering");
        compare(&lli, &after, &want, g.runs, &what, &before)?;

        let entry = name("entry");
        std::fs::write(&entry, entry_module(&g, &ir, seed % 2 == 1)?).map_err(|e| e.to_string())?;
        let what = format!("seed {seed} {variant} dxil-lower ({})", g.dxil_triple);
        let lowered = run(
            Path::new(cblower_opt),
            &[
                "-S",
                "-passes=dxil-lower",
                entry.to_str().unwrap_or_default(),
            ],
            &format!("{what}: cblower-opt"),
        )?;
        let (module, ops) = op_lowered_module(seed, &g, &lowered)
            .map_err(|e| format!("{what}: {e} (input {})", entry.display()))?;
        let ops_after = name("ops");
        std::fs::write(&ops_after, module).map_err(|e| e.to_string())?;
        compare(&lli, &ops_after, &want, g.runs, &what, &before)?;

        checked.cases += g.cases;
        checked.runs += g.runs;
        checked.ops.add(&ops);
    }
    Ok(checked)
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
    let totals = Mutex::new(Checked::default());
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
                    Ok(c) => {
                        let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                        t.cases += c.cases;
                        t.runs += c.runs;
                        t.ops.add(&c.ops);
                    }
                    Err(e) => failures.lock().unwrap_or_else(|e| e.into_inner()).push(e),
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    let Checked { cases, runs, ops } = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    eprintln!(
        "semantic check: {cases} cases, {runs} runs compared per pipeline, {} failed seeds; \
         dxil-lower modules with createHandle {}, with createHandleFromBinding {}; \
         their buffers bound implicitly {}, in ranges {}, unbounded {}, at run-time \
         indices {}, sharing a range {}; overloads {:?}",
        failures.len(),
        ops.create_handle,
        ops.from_binding,
        ops.implicit_buffers,
        ops.ranged_buffers,
        ops.unbounded_buffers,
        ops.dynamic_indices,
        ops.shared_ranges,
        ops.overloads
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
    if seeds >= DXIL_TRIPLES.len() as u64 {
        assert!(
            ops.create_handle > 0 && ops.from_binding > 0,
            "both handle forms must be checked"
        );
    }
    if seeds >= 100 {
        let all = ["f16", "f32", "f64", "i16", "i32", "i64"];
        assert!(
            all.iter().all(|o| ops.overloads.contains(*o)),
            "every cbufferLoadLegacy overload must be checked: {:?}",
            ops.overloads
        );
        assert!(
            ops.implicit_buffers > 0
                && ops.ranged_buffers > 0
                && ops.unbounded_buffers > 0
                && ops.dynamic_indices > 0
                && ops.shared_ranges > 0,
            "implicit, ranged, unbounded and shared bindings and run-time indices must be checked"
        );
    }
}
