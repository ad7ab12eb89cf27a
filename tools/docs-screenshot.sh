#!/usr/bin/env bash
# Regenerates docs/img/layout-report.png, the screenshot of an HTML layout
# report that docs/cli.md shows: docs/img/report-example.hlsl under cbuffer rules
# compared with clang-22's, in headless Chromium at a small window size (the
# PNG stays small). Needs a debug build (cargo build --bins).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
bash llvm-config/install.sh
bash tools/install-browser.sh
mkdir -p docs/img
"$repo/.venv/bin/python" tools/browser_check.py --bin "$repo/target/debug" \
  --screenshot docs/img/layout-report.png --width 900 --height 600 docs/img/report-example.hlsl
ls -l docs/img/layout-report.png
