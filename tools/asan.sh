#!/usr/bin/env bash
# Runs cblower-llvm's tests (unit, integration and doc tests: emission, the
# access API, the passes, the robustness and fuzz-regression suites) with
# AddressSanitizer, which catches use-after-free, double frees and leaks
# across the llvm-sys boundary (the fuzzers found both kinds there before).
# Needs the nightly toolchain (`-Zsanitizer` is unstable); installs it if
# missing. Not part of `tools/run.sh test`: it rebuilds everything
# instrumented, into target/asan.
#   bash tools/asan.sh [extra cargo test arguments]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash llvm-config/install.sh
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal

export RUSTFLAGS="-Zsanitizer=address"
export RUSTDOCFLAGS="-Zsanitizer=address"
# LLVM's own allocations at exit are not ours to free; report the rest.
export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0"
export LSAN_OPTIONS="suppressions=$PWD/tools/asan.supp"
# `parsing_ir_frees_the_input_buffer` measures resident memory, which
# AddressSanitizer's quarantine of freed blocks inflates; LeakSanitizer
# checks the same thing here, exactly.
cargo +nightly test -p cblower-llvm --target x86_64-unknown-linux-gnu \
  --target-dir target/asan --no-fail-fast "$@" -- \
  --skip parsing_ir_frees_the_input_buffer
