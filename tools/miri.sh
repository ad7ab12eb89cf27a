#!/usr/bin/env bash
# Runs the unit tests of the crates that do not link LLVM under Miri, which
# checks every memory access and every unsafe operation of the code and of
# the standard library it calls. Miri cannot run LLVM (a C++ library), so
# cblower-llvm, cblower-cli and the integration tests that spawn tools are
# left out; the LLVM crate is covered by tools/asan.sh instead.
#
# Not part of `tools/run.sh test`: Miri interprets, so this takes minutes
# per crate. Installs the nightly toolchain's miri and rust-src if missing.
#   bash tools/miri.sh [CRATE ...]      (default: layout, program, report)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal
  rustup component add --toolchain nightly miri rust-src
fi

crates=("$@")
[ "${#crates[@]}" -gt 0 ] || crates=(cblower-layout cblower-program cblower-report)
args=()
for c in "${crates[@]}"; do args+=(-p "$c"); done

# Tests that build 100,000-level types or run thousands of random cases
# take hours under Miri; they exercise no unsafe code of their own.
cargo +nightly miri test "${args[@]}" --lib -- \
  --skip a_hundred_thousand_levels
