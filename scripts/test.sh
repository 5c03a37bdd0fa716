#!/usr/bin/env bash
# Runs every check and test: formatting, lints, Rust unit and integration tests, TypeScript, ESLint, Vitest, and the
# Playwright journeys in Debian's Chromium against the real server, and a short API fuzz. Installs what it needs first.
#
# Under CI (CI=true) compiled dependencies are kept between runs on this machine, as a CI cache would keep them:
# the target directory is $AYO_CI_CACHE/target (default /var/cache/ayo-ci), and this project's own crates are cleaned
# out of it at the end, so the cache holds only the registry crates and stays the same size. Without CI=true nothing
# changes: ./target as usual. Every phase prints how long the run has taken so far.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
phase() { echo "==> $1   [$(( (SECONDS - started) / 60 ))m$(( (SECONDS - started) % 60 ))s]"; }

if [ "${CI:-}" = true ] && [ -z "${CARGO_TARGET_DIR:-}" ]; then
  cache="${AYO_CI_CACHE:-/var/cache/ayo-ci}"
  if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then cache="${XDG_CACHE_HOME:-$HOME/.cache}/ayo-ci"; fi
  export CARGO_TARGET_DIR="$cache/target" CARGO_INCREMENTAL=0
  trap "cargo clean --quiet --manifest-path '$PWD/Cargo.toml' -p ayo -p ayo-data -p ayo-actors -p ayo-bench || true" EXIT
fi
target="${CARGO_TARGET_DIR:-$PWD/target}"

bash scripts/setup.sh --browser

phase "rustfmt"
cargo fmt --all --check
phase "clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
phase "fairness vectors, checked by an independent Python implementation"
python3 docs/vectors/check_v2.py
phase "Rust tests"
cargo test --workspace --quiet
phase "cluster mode's PostgreSQL (a throwaway server on loopback, installed when missing)"
bash scripts/cluster-services.sh cargo test --quiet --workspace cluster_ -- --ignored
phase "cluster mode under faults (three nodes in network namespaces, bounded form; root)"
bash scripts/faults.sh
phase "API fuzz (schemathesis, short form)"
cargo build --quiet --bin ayo
AYO_BIN="$target/debug/ayo" FUZZ_EXAMPLES=5 bash scripts/fuzz.sh

cd web
phase "TypeScript"
npm run typecheck --silent
phase "ESLint"
npm run lint --silent
phase "Vitest"
npm test --silent
phase "web build"
npm run build --silent
phase "Playwright (Chromium)"
# The app and the server are built above: run the journeys themselves (`npm run e2e` builds both first).
AYO_BIN="$target/debug/ayo" npx --no-install playwright test
phase "all passed"
