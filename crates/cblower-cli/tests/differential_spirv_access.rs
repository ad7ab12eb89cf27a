//! Differential test of `spirv-cbuffer-access` against LLVM 22's own pass.
//!
//! Compute shaders generated from a seed (`spirv_access/generate.rs`) are
//! compiled by clang-22 for `spirv-unknown-vulkan1.3-compute` at `-O1` (so
//! the buffer initialisers are inlined into `main`); then
//! `cblower-opt -S -passes=spirv-cbuffer-access,instnamer` and
//! `opt-22 -S -passes=spirv-cbuffer-access,instnamer` must write the same
//! bytes.
//!
//! Library cases (exported functions, compiled at `-O1` and without LLVM
//! passes) read members outside the function that creates the handle:
//! opt-22 must abort there (its pass only works when everything is inlined
//! into one function), and cblower's output must pass `opt-22 -passes=verify`
//! with no member global, handle global or `!hlsl.cbs` left.
//!
//! Environment:
//! * `CBLOWER_DIFF_SEED` — first seed (default 20261121); case `i` uses
//!   seed + i, so a failure is reproduced with `CBLOWER_DIFF_SEED=<seed>
//!   CBLOWER_DIFF_CASES=1`.
//! * `CBLOWER_DIFF_CASES` — compute cases (default 300).
//! * `CBLOWER_DIFF_LIBRARY_CASES` — library cases (default 40).
//! * `LLVM_BIN` — where `clang` and `opt` of LLVM 22 are
//!   (default `/usr/lib/llvm-22/bin`).
//!
//! Failing cases are kept in `$CARGO_TARGET_TMPDIR/spirv_access/`.

#[path = "spirv_access/generate.rs"]
mod generate;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a number")),
        Err(_) => default,
    }
}

fn llvm_tool(name: &str) -> PathBuf {
    let dir = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into());
    let path = Path::new(&dir).join(name);
    assert!(
        path.exists(),
        "{} not found: install LLVM 22 or set LLVM_BIN",
        path.display()
    );
    path
}

fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("spirv_access");
    std::fs::create_dir_all(&dir).expect("creating the work directory");
    dir
}

fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Compiles `hlsl` for `triple`; `Err` with clang's message on failure.
fn compile(dir: &Path, stem: &str, hlsl: &str, triple: &str, opt: &str) -> Result<PathBuf, String> {
    let src = dir.join(format!("{stem}.hlsl"));
    let ll = dir.join(format!("{stem}.ll"));
    std::fs::write(&src, hlsl).expect("writing the shader");
    let out = run(Command::new(llvm_tool("clang"))
        .args([
            "-cc1",
            "-triple",
            triple,
            "-x",
            "hlsl",
            "-emit-llvm",
            opt,
            "-o",
        ])
        .arg(&ll)
        .arg(&src));
    if !out.status.success() {
        return Err(format!("clang-22 failed:\n{}", stderr(&out)));
    }
    Ok(ll)
}

/// One compute case: `Ok` when both tools agree byte for byte.
fn compute_case(dir: &Path, seed: u64) -> Result<(), String> {
    let stem = format!("compute-{seed}");
    let hlsl = generate::compute_case(seed);
    let ll = compile(dir, &stem, &hlsl, "spirv-unknown-vulkan1.3-compute", "-O1")?;
    let passes = "-passes=spirv-cbuffer-access,instnamer";
    let theirs = run(Command::new(llvm_tool("opt")).args(["-S", passes]).arg(&ll));
    if !theirs.status.success() {
        return Err(format!("opt-22 failed:\n{}", stderr(&theirs)));
    }
    let ours = run(Command::new(env!("CARGO_BIN_EXE_cblower-opt"))
        .args(["-S", passes])
        .arg(&ll));
    if !ours.status.success() {
        return Err(format!("cblower-opt failed:\n{}", stderr(&ours)));
    }
    if theirs.stdout != ours.stdout {
        let a = String::from_utf8_lossy(&theirs.stdout);
        let b = String::from_utf8_lossy(&ours.stdout);
        std::fs::write(dir.join(format!("{stem}.opt22.ll")), &*a).ok();
        std::fs::write(dir.join(format!("{stem}.ours.ll")), &*b).ok();
        let (n, (x, y)) = a
            .lines()
            .zip(b.lines())
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .unwrap_or((0, ("<length differs>", "")));
        return Err(format!(
            "outputs differ at line {}:\n  opt-22: {x}\n  ours:   {y}",
            n + 1
        ));
    }
    for f in ["hlsl", "ll"] {
        std::fs::remove_file(dir.join(format!("{stem}.{f}"))).ok();
    }
    Ok(())
}

/// One library case: opt-22 aborts, ours verifies and leaves nothing behind.
fn library_case(dir: &Path, seed: u64) -> Result<(), String> {
    let stem = format!("library-{seed}");
    let hlsl = generate::library_case(seed);
    let opt = if seed.is_multiple_of(2) {
        "-O1"
    } else {
        "-disable-llvm-passes"
    };
    let ll = compile(dir, &stem, &hlsl, "spirv-unknown-vulkan1.3-library", opt)?;
    let theirs = run(Command::new(llvm_tool("opt"))
        .args(["-S", "-passes=spirv-cbuffer-access", "-disable-output"])
        .arg(&ll));
    if theirs.status.success() {
        return Err(
            "opt-22 did not abort on a library reading cbuffers in exported functions".into(),
        );
    }
    let out_ll = dir.join(format!("{stem}.ours.ll"));
    let ours = run(Command::new(env!("CARGO_BIN_EXE_cblower-opt"))
        .args(["-S", "-passes=spirv-cbuffer-access", "-o"])
        .arg(&out_ll)
        .arg(&ll));
    if !ours.status.success() {
        return Err(format!("cblower-opt failed:\n{}", stderr(&ours)));
    }
    let verify = run(Command::new(llvm_tool("opt"))
        .args(["-passes=verify", "-disable-output"])
        .arg(&out_ll));
    if !verify.status.success() {
        return Err(format!("opt-22 rejects our output:\n{}", stderr(&verify)));
    }
    let text = std::fs::read_to_string(&out_ll).expect("reading our output");
    for leftover in ["addrspace(12) global", "!hlsl.cbs", ".cb = "] {
        if text.contains(leftover) {
            return Err(format!("our output still contains `{leftover}`"));
        }
    }
    if !text.contains("@llvm.spv.resource.getpointer.p12") {
        return Err("our output has no getpointer call".into());
    }
    for f in ["hlsl", "ll", "ours.ll"] {
        std::fs::remove_file(dir.join(format!("{stem}.{f}"))).ok();
    }
    Ok(())
}

/// Runs `case` for seeds `first..first+count` on two threads; returns the
/// failures as (seed, message).
fn run_cases(
    first: u64,
    count: u64,
    case: fn(&Path, u64) -> Result<(), String>,
) -> Vec<(u64, String)> {
    let dir = work_dir();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                if i >= count {
                    break;
                }
                let seed = first + i;
                if let Err(msg) = case(&dir, seed) {
                    failures.lock().expect("no poisoned lock").push((seed, msg));
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("no poisoned lock");
    failures.sort_by_key(|(seed, _)| *seed);
    failures
}

fn report(kind: &str, count: u64, failures: &[(u64, String)]) {
    if failures.is_empty() {
        return;
    }
    let mut text = format!(
        "{} of {count} {kind} cases failed (files in {}):\n",
        failures.len(),
        work_dir().display()
    );
    for (seed, msg) in failures.iter().take(5) {
        text.push_str(&format!("seed {seed}: {msg}\n"));
    }
    panic!("{text}");
}

#[test]
fn compute_shaders_match_opt22_after_instnamer() {
    let first = env_number("CBLOWER_DIFF_SEED", 20261121);
    let count = env_number("CBLOWER_DIFF_CASES", 300);
    let failures = run_cases(first, count, compute_case);
    report("compute", count, &failures);
}

#[test]
fn libraries_verify_where_opt22_aborts() {
    let first = env_number("CBLOWER_DIFF_SEED", 20261121);
    let count = env_number("CBLOWER_DIFF_LIBRARY_CASES", 40);
    let failures = run_cases(first, count, library_case);
    report("library", count, &failures);
}

#[test]
fn generator_is_deterministic() {
    assert_eq!(generate::compute_case(7), generate::compute_case(7));
    assert_ne!(generate::compute_case(7), generate::compute_case(8));
    assert_eq!(generate::library_case(7), generate::library_case(7));
}
