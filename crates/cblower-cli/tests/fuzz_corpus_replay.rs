//! Replays the checked-in fuzz corpora (`fuzz/corpus/<target>/`) and crash
//! inputs (`fuzz/regressions/<target>/`) through the fuzz targets' own code
//! on the stable toolchain, so every input a fuzzer ever found interesting
//! keeps being run by `cargo test`. Inputs of crashes that are still open
//! live in `fuzz/regressions/open/` and are not replayed here.

mod fuzz_logic;

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// Every file of `fuzz/corpus/<target>` and `fuzz/regressions/<target>`, sorted.
fn inputs(target: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        let dir = fuzz_dir().join(kind).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("readable directory entry").path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs `body` on every input of `target`; fails listing each input that panicked.
fn replay(target: &str, min_inputs: usize, body: fn(&[u8])) {
    let files = inputs(target);
    assert!(
        files.len() >= min_inputs,
        "expected at least {min_inputs} inputs for `{target}`, found {}",
        files.len()
    );
    let mut failed = Vec::new();
    for path in &files {
        let data = std::fs::read(path).expect("readable corpus file");
        if std::panic::catch_unwind(|| body(&data)).is_err() {
            failed.push(path.display().to_string());
        }
    }
    assert!(failed.is_empty(), "inputs that panicked: {failed:#?}");
}

#[test]
fn frontend_corpus_replays_cleanly() {
    replay("frontend", 10, fuzz_logic::frontend::run);
}

#[test]
fn emit_corpus_replays_cleanly() {
    replay("emit", 10, fuzz_logic::emit::run);
}

#[test]
fn opt_corpus_replays_cleanly() {
    replay("opt", 10, fuzz_logic::opt::run);
}
