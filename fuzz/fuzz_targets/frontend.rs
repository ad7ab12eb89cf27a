//! libFuzzer target `frontend`: the body lives in the replay test's shared
//! logic so `cargo test` runs the checked-in corpus through the same code.
#![no_main]

#[path = "../../crates/cblower-cli/tests/fuzz_logic/mod.rs"]
#[allow(dead_code)]
mod fuzz_logic;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_logic::frontend::run(data);
});
