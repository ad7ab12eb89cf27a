//! Golden IR test: `examples/scene.hlsl` and the engine-style shaders of
//! `cblower-hlsl/tests/corpus/` through the built `cblower emit-llvm`, for
//! both targets and both rule sets, compared byte for byte with the files in
//! `tests/golden/emit/`.
//!
//! Each case `<stem>.<target>.<rules>` has a `.ll` file holding the IR when
//! the command succeeds, and a `.stderr` file holding the exit status and
//! what was printed to stderr whenever that is not empty (clang-22's SPIR-V
//! drift warnings, or the error for `ConstantBuffer<T>`, which clang-22 does
//! not know). After an intended change of the output, rewrite the files with
//! `CBLOWER_BLESS=1 cargo test -p cblower-cli --test emit_golden` and review
//! the diff.

mod golden_files;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The corpus shaders, by file stem (run with the corpus's include
/// directory and the feature macros the engine passes).
const CORPUS: [&str; 4] = ["forward", "postfx", "terrain", "deferred"];
const TARGETS: [&str; 2] = ["dxil", "spirv"];
const RULES: [&str; 2] = ["cbuffer", "clang-22"];

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn golden_dir() -> PathBuf {
    manifest_dir().join("tests/golden/emit")
}

use golden_files::blessing;

/// One input file and how to run it.
struct Input {
    stem: &'static str,
    dir: PathBuf,
    extra_args: &'static [&'static str],
}

fn inputs() -> Vec<Input> {
    let mut all = vec![Input {
        stem: "scene",
        dir: manifest_dir().join("../../examples"),
        extra_args: &[],
    }];
    all.extend(CORPUS.iter().map(|&stem| Input {
        stem,
        dir: manifest_dir().join("../cblower-hlsl/tests/corpus"),
        extra_args: &[
            "-I",
            "include",
            "-D",
            "FEATURE_SKINNING",
            "-D",
            "FEATURE_MORPH=1",
        ],
    }));
    all
}

/// The golden files one run produces: `(file name, contents)`.
fn run_case(input: &Input, target: &str, rules: &str) -> Vec<(String, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_cblower"))
        .current_dir(&input.dir)
        .args(["emit-llvm", "--color", "never", "--target", target])
        .args(["--rules", rules])
        .args(input.extra_args)
        .arg(format!("{}.hlsl", input.stem))
        .env_remove("NO_COLOR")
        .output()
        .expect("the cblower binary runs");
    let case = format!("{}.{target}.{rules}", input.stem);
    let stdout = String::from_utf8(out.stdout).expect("the IR is UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("diagnostics are UTF-8");
    let code = out.status.code().expect("cblower exits normally");
    match code {
        0 => assert!(
            stdout.starts_with("; ModuleID = ") && stdout.contains("!hlsl.cbs = "),
            "{case}: exit 0 but no cbuffer module on stdout:\n{stdout}"
        ),
        1 => assert!(
            stdout.is_empty() && stderr.contains("error: "),
            "{case}: exit 1 must print an error and no IR:\n{stderr}"
        ),
        other => panic!("{case}: unexpected exit status {other}:\n{stderr}"),
    }
    let mut files = Vec::new();
    if code == 0 {
        files.push((format!("{case}.ll"), stdout));
    }
    if !stderr.is_empty() || code != 0 {
        files.push((format!("{case}.stderr"), format!("exit {code}\n{stderr}")));
    }
    files
}

fn all_cases() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for input in inputs() {
        for target in TARGETS {
            for rules in RULES {
                files.extend(run_case(&input, target, rules));
            }
        }
    }
    files
}

fn check(name: &str, actual: &str) -> Option<String> {
    golden_files::check(&golden_dir(), name, actual)
}

#[test]
fn emitted_ir_matches_golden_files() {
    let failures: Vec<String> = all_cases()
        .iter()
        .filter_map(|(name, text)| check(name, text))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The directory holds exactly the files the cases produce: a stale one left
/// behind (a removed shader, or a warning that went away) is an error too.
#[test]
fn golden_directory_holds_exactly_the_cases() {
    let cases = all_cases();
    let mut want: Vec<String> = cases.iter().map(|(name, _)| name.clone()).collect();
    want.sort();
    if blessing() {
        // Write every file here too (the tests may run in either order), then
        // drop the ones no case produces.
        for (name, text) in &cases {
            check(name, text);
        }
        for entry in std::fs::read_dir(golden_dir()).expect("tests/golden/emit exists") {
            let entry = entry.expect("directory entry");
            let name = entry.file_name().to_string_lossy().into_owned();
            if want.binary_search(&name).is_err() {
                std::fs::remove_file(entry.path()).expect("stale golden file is removable");
            }
        }
    }
    let mut names: Vec<String> = std::fs::read_dir(golden_dir())
        .expect("tests/golden/emit exists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, want);
}

/// Cases whose output the golden files must show: both rule sets succeed on
/// the shaders without `ConstantBuffer<T>`, and clang-22 mode warns about the
/// SPIR-V drift in `forward` and `terrain`; `forward` also warns about mixing
/// packoffset and plain members. Guards against blessing a
/// regression that turns every case into an error.
#[test]
fn expected_outcomes() {
    let files = all_cases();
    let has = |name: &str| files.iter().any(|(n, _)| n == name);
    for stem in ["forward", "terrain"] {
        for target in TARGETS {
            for rules in RULES {
                assert!(
                    has(&format!("{stem}.{target}.{rules}.ll")),
                    "{stem}.{target}.{rules}"
                );
            }
        }
        assert!(has(&format!("{stem}.spirv.clang-22.stderr")));
        // forward's PerMaterial mixes packoffset and plain members: the
        // -Wmix-packoffset warning (clang-22's too) on every target and rules.
        assert_eq!(
            has(&format!("{stem}.dxil.clang-22.stderr")),
            stem == "forward"
        );
        assert_eq!(
            has(&format!("{stem}.dxil.cbuffer.stderr")),
            stem == "forward"
        );
    }
    for stem in ["scene", "postfx", "deferred"] {
        for target in TARGETS {
            assert!(has(&format!("{stem}.{target}.cbuffer.ll")));
            assert!(!has(&format!("{stem}.{target}.cbuffer.stderr")));
            let err = files
                .iter()
                .find(|(n, _)| *n == format!("{stem}.{target}.clang-22.stderr"))
                .map(|(_, t)| t.as_str())
                .unwrap_or_default();
            assert!(
                err.starts_with("exit 1\nerror: clang 22 does not know `ConstantBuffer<T>`"),
                "{stem}.{target}.clang-22: {err}"
            );
        }
    }
}
