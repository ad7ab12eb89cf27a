//! Golden test: the engine-style shaders of `cblower-hlsl/tests/corpus/`
//! through the built `cblower layout`, text and JSON reports compared byte
//! for byte with the files in `tests/golden/`.
//!
//! After an intended change of the output, rewrite the expected files with
//! `CBLOWER_BLESS=1 cargo test -p cblower-cli --test corpus_layouts` and review
//! the diff: the numbers are the contract.

mod golden_files;

use std::path::{Path, PathBuf};
use std::process::Command;

use pretty_assertions::assert_eq;

/// The corpus shaders, by file stem.
const CORPUS: [&str; 4] = ["forward", "postfx", "terrain", "deferred"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cblower-hlsl/tests/corpus")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Runs `cblower layout` on a corpus file with the include directory and
/// feature macros the engine would pass; returns stdout. Fails on a non-zero
/// exit or anything on stderr (warnings included).
fn layout(stem: &str, format: &str) -> String {
    let dir = corpus_dir();
    let out = Command::new(env!("CARGO_BIN_EXE_cblower"))
        .current_dir(&dir)
        .args(["layout", "--color", "never", "--format", format])
        .args([
            "-I",
            "include",
            "-D",
            "FEATURE_SKINNING",
            "-D",
            "FEATURE_MORPH=1",
        ])
        .arg(format!("{stem}.hlsl"))
        .env_remove("NO_COLOR")
        .output()
        .expect("the cblower binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "cblower layout {stem}.hlsl --format {format}: {}\n{stderr}",
        out.status
    );
    // forward.hlsl's PerMaterial mixes packoffset and plain members, which
    // clang-22 warns about too (-Wmix-packoffset); nothing else may warn.
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:") || l.starts_with("error:"))
        .collect();
    let expected: &[&str] = match stem {
        "forward" => {
            &["warning: cannot mix packoffset elements with nonpackoffset elements in a cbuffer"]
        }
        _ => &[],
    };
    assert_eq!(
        warnings, expected,
        "{stem}.hlsl --format {format}:\n{stderr}"
    );
    String::from_utf8(out.stdout).expect("the report is UTF-8")
}

fn check(name: &str, actual: &str) -> Option<String> {
    golden_files::check(&golden_dir(), name, actual)
}

#[test]
fn corpus_text_and_json_reports_match_golden_files() {
    let mut failures = Vec::new();
    for stem in CORPUS {
        let text = layout(stem, "text");
        failures.extend(check(&format!("{stem}.txt"), &text));
        let json = layout(stem, "json");
        let doc: serde_json::Value = serde_json::from_str(&json).expect("the JSON report parses");
        assert!(
            doc["buffers"].as_array().is_some_and(|b| !b.is_empty()),
            "{stem}: no buffers in the JSON report"
        );
        failures.extend(check(&format!("{stem}.json"), &json));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The golden files hold exactly the corpus: a stale one left behind after a
/// shader is removed is an error too.
#[test]
fn golden_directory_holds_exactly_the_corpus() {
    let mut names: Vec<String> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .filter_map(|e| e.ok())
        // Subdirectories (`emit/`) belong to other golden tests.
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = CORPUS
        .iter()
        .flat_map(|s| [format!("{s}.json"), format!("{s}.txt")])
        .collect();
    want.sort();
    assert_eq!(names, want);
}
