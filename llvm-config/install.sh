#!/usr/bin/env bash
# Installs what cblower needs on Debian 12, and nothing that is already there:
#   * LLVM/Clang 22 from Debian's packages (bookworm-security carries 22.1.x):
#     llvm-22-dev (headers, libLLVM for llvm-sys), llvm-22-tools (FileCheck,
#     not, count), clang-22 (the reference compiler for differential tests),
#     and the libraries linking against libLLVM needs;
#   * g++ (with clang++-22, the two compilers `cblower check --cpp` is tested with);
#   * lit, pinned, from PyPI into ./.venv.
# Safe to run any number of times.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
LLVM_PREFIX=/usr/lib/llvm-22
LIT_VERSION=18.1.8
PACKAGES=(llvm-22-dev llvm-22-tools llvm-22 clang-22 libpolly-22-dev g++
          zlib1g-dev libzstd-dev libxml2-dev libffi-dev libedit-dev libncurses-dev
          python3-venv)

log() { printf 'llvm-config/install.sh: %s\n' "$*" >&2; }

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { log "need root (or sudo) to install packages"; exit 1; }
    SUDO=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for tool in llvm-config FileCheck not count opt clang lli; do
  [ -x "$LLVM_PREFIX/bin/$tool" ] || { log "missing $LLVM_PREFIX/bin/$tool after install"; exit 1; }
done
version="$("$LLVM_PREFIX/bin/llvm-config" --version)"
case "$version" in
  22.*) ;;
  *) log "expected LLVM 22 in $LLVM_PREFIX, found $version"; exit 1 ;;
esac

venv="$repo/.venv"
if [ ! -x "$venv/bin/lit" ] || [ "$("$venv/bin/lit" --version 2>&1 | awk '{print $2}')" != "$LIT_VERSION" ]; then
  log "installing lit $LIT_VERSION into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "lit==$LIT_VERSION"
fi

command -v cargo >/dev/null || { log "cargo not found: install a Rust toolchain (rustup) first"; exit 1; }
log "ready: LLVM $version in $LLVM_PREFIX, lit $LIT_VERSION in $venv"
