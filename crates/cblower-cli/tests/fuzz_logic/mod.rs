//! The bodies of the fuzz targets in `fuzz/fuzz_targets/`, shared with the
//! corpus replay test (`tests/fuzz_corpus_replay.rs`) so that `cargo test`
//! runs every checked-in corpus and regression input through exactly the
//! code libFuzzer runs. Each `run` returns normally for any input: errors
//! are expected results, and a panic is a finding.

pub mod emit;
pub mod frontend;
pub mod opt;
