#!/usr/bin/env bash
# Installs what the browser check of the HTML report needs, and nothing that
# is already there (safe to run any number of times):
#   * Debian's chromium and chromium-driver (headless Chromium and its
#     WebDriver, /usr/bin/chromium and /usr/bin/chromedriver);
#   * Python selenium, pinned, from PyPI into ./.venv (made by
#     llvm-config/install.sh, which runs first).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SELENIUM_VERSION=4.27.1
PACKAGES=(chromium chromium-driver)

log() { printf 'tools/install-browser.sh: %s\n' "$*" >&2; }

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
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$tool" ] || { log "missing $tool after install"; exit 1; }
done

py="$repo/.venv/bin/python"
[ -x "$py" ] || { log "no $repo/.venv: run llvm-config/install.sh first"; exit 1; }
# `python -m pip`, not the pip script: a copied venv's script may point elsewhere.
if [ "$("$py" -c 'import selenium; print(selenium.__version__)' 2>/dev/null)" != "$SELENIUM_VERSION" ]; then
  log "installing selenium $SELENIUM_VERSION into $repo/.venv"
  "$py" -m pip install --quiet --disable-pip-version-check "selenium==$SELENIUM_VERSION"
fi
log "ready: $(/usr/bin/chromium --version 2>/dev/null | head -1), selenium $SELENIUM_VERSION"
