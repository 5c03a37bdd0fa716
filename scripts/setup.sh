#!/usr/bin/env bash
# Installs what the app and its tests need on a fresh machine: npm packages for web/, and Debian's Chromium for the
# browser tests (only with --browser). Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=false
[ "${1:-}" = "--browser" ] && browser=true

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

if $browser && [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Chromium (Debian package) for the browser tests"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi

if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  echo "==> installing npm packages"
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
