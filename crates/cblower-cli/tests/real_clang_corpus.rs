//! The passes on real clang-22 output (issue #14, item 8).
//!
//! Every shader of `tests/real_clang/shaders/` is compiled by clang-22 for a
//! compute entry point and as a library, at `-O0` (`-disable-llvm-passes`),
//! `-O1` and `-O3`, for DXIL and SPIR-V (12 modules a shader). Each DXIL
//! module goes through `cblower-opt -passes=dxil-cbuffer-lowering` and
//! `-passes=dxil-lower`, each SPIR-V module through `spirv-cbuffer-access`.
//! The outputs must verify (`cblower-opt` verifies what it writes), and
//! `lli-22` must print the same bytes before and after for every exported
//! function called with every index of [`exec::INDICES`] (see
//! `real_clang/exec.rs` for how the modules are made runnable).
//!
//! `tests/real_clang/expected_outcomes.txt` lists the outcome of every
//! (shader, target, level, stage, pipeline): `pass`, or the first line of
//! the diagnostic. The test fails when any outcome differs from the file in
//! either direction; `CBLOWER_BLESS_OUTCOMES=1` rewrites the file (its `#`
//! lines are kept). `CBLOWER_CORPUS_FILTER=substring` runs only the shaders
//! whose file name contains it (the comparison is then limited to them).
//!
//! A shader marked `// cblower-test: loop-reduce` has its `-O1` and `-O3`
//! modules also put through `opt-22 -passes=loop-reduce` (LLVM's loop
//! strength reduction, which clang's pipeline leaves to the back end) before
//! lowering: that is how LLVM 22 makes pointers carried around a loop and
//! stepped by a GEP, also across buffers (`phi` of a `select` of two
//! cbuffers and the stepped pointer).
//!
//! clang's outputs are cached under `target/tmp/real-clang-cache/`, keyed by
//! a hash of the source and the arguments.

mod real_clang;

use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use real_clang::exec::{
    add_bools, exported_names, parse_cbuffers, resolve_bindings, runnable, Buffer, Side, INDICES,
};

const LEVELS: [&str; 3] = ["O0", "O1", "O3"];
const STAGES: [&str; 2] = ["compute", "library"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Dxil,
    Spirv,
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::Dxil => "dxil",
            Target::Spirv => "spirv",
        }
    }
    fn triple(self, stage: &str) -> String {
        match self {
            Target::Dxil => format!("dxil-pc-shadermodel6.6-{stage}"),
            Target::Spirv => format!("spirv-unknown-vulkan1.3-{stage}"),
        }
    }
    fn pipelines(self) -> &'static [&'static str] {
        match self {
            Target::Dxil => &["dxil-cbuffer-lowering", "dxil-lower"],
            Target::Spirv => &["spirv-cbuffer-access"],
        }
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real_clang")
}

fn tool(name: &str) -> PathBuf {
    let dir = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into());
    Path::new(&dir).join(name)
}

/// Runs a program: Ok(stdout) or Err(first line of stderr).
fn run(program: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(err
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("(no message)")
            .to_owned()
            + &format!(" [exit {}]", out.status.code().unwrap_or(-1)))
    }
}

/// clang-22's module for `source`, from the cache when present.
fn clang(
    source: &str,
    triple: &str,
    level: &str,
    native16: bool,
    work: &Path,
) -> Result<String, String> {
    let mut args: Vec<String> = ["-cc1", "-triple", triple, "-x", "hlsl", "-emit-llvm"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if triple.ends_with("-compute") {
        args.extend(["-hlsl-entry".into(), "main".into()]);
    }
    if level == "O0" {
        args.push("-disable-llvm-passes".into());
    } else {
        args.push(format!("-{level}"));
    }
    if native16 {
        args.extend(["-fnative-half-type".into(), "-fnative-int16-type".into()]);
    }
    let mut h = DefaultHasher::new();
    (source, &args).hash(&mut h);
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("real-clang-cache");
    let _ = std::fs::create_dir_all(&cache);
    let key = format!("{:016x}", h.finish());
    let ok = cache.join(format!("{key}.ll"));
    let bad = cache.join(format!("{key}.err"));
    if let Ok(text) = std::fs::read_to_string(&ok) {
        return Ok(text);
    }
    if let Ok(text) = std::fs::read_to_string(&bad) {
        return Err(text);
    }
    let src = work.join(format!("src-{key}.hlsl"));
    std::fs::write(&src, source).map_err(|e| e.to_string())?;
    let out_path = work.join(format!("clang-{key}.ll"));
    args.extend([
        "-o".into(),
        out_path.display().to_string(),
        src.display().to_string(),
    ]);
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let clang =
        std::env::var("CBLOWER_CLANG22").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/clang-22".into());
    match run(Path::new(&clang), &argv) {
        Ok(_) => {
            let text = std::fs::read_to_string(&out_path).map_err(|e| e.to_string())?;
            let _ = std::fs::write(&ok, &text);
            Ok(text)
        }
        Err(e) => {
            // The first line names the temporary file: keep what follows it.
            let e = e
                .split_once(".hlsl:")
                .map(|(_, rest)| format!("clang-22: line {rest}"))
                .unwrap_or(e);
            let _ = std::fs::write(&bad, &e);
            Err(e)
        }
    }
}

/// A SPIR-V module spelled so `print-cbuffers` reads its `!hlsl.cbs`.
fn spirv_as_dxil_metadata(ir: &str) -> String {
    let mut out = String::new();
    for line in ir.lines() {
        if line.starts_with("target triple") {
            continue;
        }
        let mut l = line.replace("target(\"spirv.Padding\"", "target(\"dx.Padding\"");
        while let Some(at) = l.find("target(\"spirv.VulkanBuffer\", %") {
            let rest = &l[at..];
            let Some(end) = rest.find(", 2, 0)") else {
                break;
            };
            let layout = &rest["target(\"spirv.VulkanBuffer\", ".len()..end];
            l = format!(
                "{}target(\"dx.CBuffer\", {layout}){}",
                &l[..at],
                &rest[end + 7..]
            );
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

fn cbuffers(
    ir: &str,
    target: Target,
    path: &Path,
    shader: &Path,
    native16: bool,
) -> Result<Vec<Buffer>, String> {
    let text = match target {
        Target::Dxil => ir.to_owned(),
        Target::Spirv => spirv_as_dxil_metadata(ir),
    };
    std::fs::write(path, text).map_err(|e| e.to_string())?;
    let out = Command::new(env!("CARGO_BIN_EXE_cblower-opt"))
        .args(["-passes=print-cbuffers", "-disable-output"])
        .arg(path)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "harness: print-cbuffers failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut buffers = parse_cbuffers(&String::from_utf8_lossy(&out.stderr))?;
    let mut layout = Command::new(env!("CARGO_BIN_EXE_cblower"));
    layout.arg("layout").arg(shader).args([
        "--rules",
        "clang-22",
        "--format",
        "json",
        "--target",
        target.name(),
    ]);
    if native16 {
        layout.arg("--enable-16bit-types");
    }
    let out = layout.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "harness: cblower layout failed: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or_default()
        ));
    }
    add_bools(&String::from_utf8_lossy(&out.stdout), &mut buffers)?;
    Ok(buffers)
}

/// The first line of a `cblower-opt` failure without the program and file.
fn diagnostic(message: &str, input: &Path) -> String {
    let prefix = format!("cblower-opt: {}: ", input.display());
    message.strip_prefix(&prefix).unwrap_or(message).to_owned()
}

/// Compares `lli` outputs line by line, naming the first difference.
fn compare(want: &str, got: &str, functions: &[String]) -> Result<(), String> {
    let w: Vec<&str> = want.lines().collect();
    let g: Vec<&str> = got.lines().collect();
    if w.len() != g.len() {
        return Err(format!(
            "results differ: {} lines before, {} after",
            w.len(),
            g.len()
        ));
    }
    for (k, (a, b)) in w.iter().zip(&g).enumerate() {
        if a != b {
            let f = functions
                .get(k / INDICES.len())
                .map(String::as_str)
                .unwrap_or("?");
            return Err(format!(
                "results differ: @{f} at index {}",
                INDICES[k % INDICES.len()]
            ));
        }
    }
    Ok(())
}

/// The outcomes of one module: (pipeline, outcome).
fn check_module(
    ir: &str,
    target: Target,
    buffers: &[Buffer],
    stem: &Path,
    compute: bool,
) -> Vec<(String, String)> {
    let lli = tool("lli");
    let opt = env!("CARGO_BIN_EXE_cblower-opt");
    let path = |suffix: &str| PathBuf::from(format!("{}.{suffix}", stem.display()));
    let input = path("ll");
    let all = |outcome: String| {
        target
            .pipelines()
            .iter()
            .map(|p| (p.to_string(), outcome.clone()))
            .collect::<Vec<_>>()
    };
    if let Err(e) = std::fs::write(&input, ir) {
        return all(format!("harness: {e}"));
    }
    let dxil = target == Target::Dxil;
    let mut buffers = buffers.to_vec();
    if dxil {
        resolve_bindings(ir, &mut buffers);
    }
    let functions = exported_names(ir, compute);
    let before = match runnable(ir, dxil, Side::Before, &buffers, compute) {
        Ok(m) => m,
        Err(e) => return all(e),
    };
    let before_path = path("before.ll");
    let _ = std::fs::write(&before_path, &before);
    let want = match run(
        &lli,
        &[
            "-entry-function=__driver",
            &before_path.display().to_string(),
        ],
    ) {
        Ok(w) => w,
        Err(e) => return all(format!("harness: lli before: {e}")),
    };
    let mut outcomes = Vec::new();
    for pipeline in target.pipelines() {
        let lowered = path(&format!("{pipeline}.ll"));
        let outcome = (|| {
            run(
                Path::new(opt),
                &[
                    "-S",
                    &format!("-passes={pipeline}"),
                    &input.display().to_string(),
                    "-o",
                    &lowered.display().to_string(),
                ],
            )
            .map_err(|e| diagnostic(&e, &input))?;
            let text = std::fs::read_to_string(&lowered).map_err(|e| e.to_string())?;
            let after = runnable(&text, dxil, Side::After, &buffers, compute)?;
            let after_path = path(&format!("{pipeline}.after.ll"));
            let _ = std::fs::write(&after_path, &after);
            let got = run(
                &lli,
                &[
                    "-entry-function=__driver",
                    &after_path.display().to_string(),
                ],
            )
            .map_err(|e| format!("lli after: {e}"))?;
            compare(&want, &got, &functions)
        })();
        outcomes.push((
            pipeline.to_string(),
            match outcome {
                Ok(()) => "pass".to_owned(),
                Err(e) => e,
            },
        ));
    }
    outcomes
}

/// All outcomes of one shader, keyed `shader target level stage pipeline`.
fn check_shader(file: &Path, prelude: &str, work: &Path) -> BTreeMap<String, String> {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut outcomes = BTreeMap::new();
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            outcomes.insert(format!("{name} *"), format!("harness: {e}"));
            return outcomes;
        }
    };
    let native16 = text
        .lines()
        .any(|l| l.trim() == "// cblower-test: native16");
    let loop_reduce = text
        .lines()
        .any(|l| l.trim() == "// cblower-test: loop-reduce");
    let define = if native16 {
        "#define CBLOWER_NATIVE16\n"
    } else {
        ""
    };
    let source = format!("{define}{prelude}{text}");
    let dir = work.join(name.trim_end_matches(".hlsl"));
    let _ = std::fs::create_dir_all(&dir);
    for target in [Target::Dxil, Target::Spirv] {
        let mut modules = Vec::new();
        for stage in STAGES {
            for level in LEVELS {
                let mut m = clang(&source, &target.triple(stage), level, native16, &dir);
                if loop_reduce && level != "O0" {
                    let stem = dir.join(format!("{}.{stage}.{level}", target.name()));
                    m = m.and_then(|ir| reduce_loops(&ir, &stem));
                }
                modules.push((stage, level, m));
            }
        }
        // Offsets from the first module clang accepted at -O0 (all members
        // are still listed there).
        let buffers = modules
            .iter()
            .find_map(|(_, l, m)| m.as_ref().ok().filter(|_| *l == "O0"))
            .map(|ir| {
                cbuffers(
                    ir,
                    target,
                    &dir.join(format!("{}.cbs.ll", target.name())),
                    file,
                    native16,
                )
            });
        for (stage, level, m) in &modules {
            let key = |p: &str| format!("{name} {} {level} {stage} {p}", target.name());
            let results = match (m, &buffers) {
                (Err(e), _) => target
                    .pipelines()
                    .iter()
                    .map(|p| (p.to_string(), format!("clang-22 rejects the shader: {e}")))
                    .collect(),
                (Ok(_), None) => unreachable_outcomes(target, "harness: no -O0 module"),
                (Ok(_), Some(Err(e))) => unreachable_outcomes(target, e),
                (Ok(ir), Some(Ok(buffers))) => {
                    let stem = dir.join(format!("{}.{stage}.{level}", target.name()));
                    check_module(ir, target, buffers, &stem, *stage == "compute")
                }
            };
            for (p, o) in results {
                outcomes.insert(key(&p), o);
            }
        }
    }
    outcomes
}

/// `opt-22 -passes=loop-reduce` on `ir`: LLVM's loop strength reduction
/// turns indexed accesses in loops into pointers stepped by a GEP in the
/// loop, the loop-carried pointer phis the passes must lower.
fn reduce_loops(ir: &str, stem: &Path) -> Result<String, String> {
    let input = PathBuf::from(format!("{}.pre-lsr.ll", stem.display()));
    let output = PathBuf::from(format!("{}.lsr.ll", stem.display()));
    std::fs::write(&input, ir).map_err(|e| format!("harness: {e}"))?;
    run(
        &tool("opt"),
        &[
            "-S",
            "-passes=loop-reduce",
            &input.display().to_string(),
            "-o",
            &output.display().to_string(),
        ],
    )
    .map_err(|e| format!("harness: opt-22 -passes=loop-reduce: {e}"))?;
    std::fs::read_to_string(&output).map_err(|e| format!("harness: {e}"))
}

fn unreachable_outcomes(target: Target, e: &str) -> Vec<(String, String)> {
    target
        .pipelines()
        .iter()
        .map(|p| (p.to_string(), e.to_owned()))
        .collect()
}

fn read_expected(path: &Path) -> (Vec<String>, BTreeMap<String, String>) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut header = Vec::new();
    let mut map = BTreeMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            header.push(line.to_owned());
        } else if let Some((k, v)) = line.split_once(": ") {
            map.insert(k.to_owned(), v.to_owned());
        }
    }
    (header, map)
}

#[test]
fn real_clang_shaders_lower_with_identical_results() {
    let dir = corpus_dir();
    let prelude = std::fs::read_to_string(dir.join("prelude.hlsl")).expect("prelude.hlsl");
    let filter = std::env::var("CBLOWER_CORPUS_FILTER").unwrap_or_default();
    let mut shaders: Vec<PathBuf> = std::fs::read_dir(dir.join("shaders"))
        .expect("shaders directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    shaders.sort();
    if filter.is_empty() {
        assert!(shaders.len() >= 40, "only {} shaders", shaders.len());
    }
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("real-clang");
    std::fs::create_dir_all(&work).expect("work directory");

    let next = AtomicUsize::new(0);
    let results = Mutex::new(BTreeMap::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| (n.get() * 2).min(8));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = shaders.get(k) else { break };
                let r = check_shader(file, &prelude, &work);
                results.lock().unwrap_or_else(|e| e.into_inner()).extend(r);
            });
        }
    });
    let got = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let expected_path = dir.join("expected_outcomes.txt");
    let (header, mut expected) = read_expected(&expected_path);
    if !filter.is_empty() {
        let names: Vec<String> = shaders
            .iter()
            .filter_map(|p| p.file_name().map(|n| format!("{} ", n.to_string_lossy())))
            .collect();
        expected.retain(|k, _| names.iter().any(|n| k.starts_with(n)));
    }
    let passed = got.values().filter(|v| *v == "pass").count();
    eprintln!(
        "real clang-22 corpus: {} shaders, {} (module, pipeline) outcomes, {passed} pass",
        shaders.len(),
        got.len()
    );
    if std::env::var("CBLOWER_BLESS_OUTCOMES").is_ok_and(|v| v == "1") && filter.is_empty() {
        let mut text = header.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        for (k, v) in &got {
            text.push_str(&format!("{k}: {v}\n"));
        }
        std::fs::write(&expected_path, text).expect("write expected outcomes");
        return;
    }
    let mut diffs = Vec::new();
    for (k, v) in &got {
        match expected.get(k) {
            Some(e) if e == v => {}
            Some(e) => diffs.push(format!("{k}\n    expected: {e}\n    got:      {v}")),
            None => diffs.push(format!("{k}\n    expected: (no entry)\n    got:      {v}")),
        }
    }
    for (k, e) in &expected {
        if !got.contains_key(k) {
            diffs.push(format!("{k}\n    expected: {e}\n    got:      (not run)"));
        }
    }
    assert!(
        diffs.is_empty(),
        "{} outcomes differ from {} (files in {}; CBLOWER_BLESS_OUTCOMES=1 rewrites it):\n{}",
        diffs.len(),
        expected_path.display(),
        work.display(),
        diffs.join("\n")
    );
}
