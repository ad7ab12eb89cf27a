#!/usr/bin/env bash
# The two entry points the README opens with. Each installs what is missing first.
#   tools/run.sh example   the main job on the bundled example
#   tools/run.sh test      every test: cargo's (unit, integration, differential) and lit's
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

bash llvm-config/install.sh

case "${1:-}" in
  example)
    cargo build --quiet --release --bins
    ./target/release/cblower layout examples/scene.hlsl
    echo
    ./target/release/cblower emit-llvm examples/scene.hlsl
    ;;
  test)
    cargo fmt --all --check
    cargo clippy --quiet --workspace --all-targets -- -D warnings
    # Every public item documented, every intra-doc link resolved.
    RUSTDOCFLAGS="-D warnings" cargo doc --quiet --workspace --no-deps
    cargo build --bins
    cargo test --workspace
    CBLOWER_BIN_DIR="$repo/target/debug" "$repo/.venv/bin/lit" -sv lit-tests
    # The HTML report in headless Chromium: every lit shader's report loads
    # without console errors and every block sits at its JSON offset and size;
    # then proof that the check fails on a block moved by one byte.
    bash tools/install-browser.sh
    "$repo/.venv/bin/python" tools/browser_check.py --bin "$repo/target/debug" --out "$repo/target/browser-check"
    "$repo/.venv/bin/python" tools/browser_check.py --bin "$repo/target/debug" --out "$repo/target/browser-check" --self-test
    # Benchmarks in their short mode: everything runs and every output verifies.
    cargo run --quiet -p xtask --release -- bench-emit --short
    ;;
  *)
    echo "usage: tools/run.sh example|test" >&2
    exit 2
    ;;
esac
