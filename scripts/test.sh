#!/usr/bin/env bash
# Runs every check and test: formatting, lints, Rust unit and integration tests, TypeScript, ESLint, Vitest, and the
# Playwright journeys in Debian's Chromium against the real server, and a short API fuzz. Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser

echo "==> rustfmt"
cargo fmt --all --check
echo "==> clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "==> fairness vectors, checked by an independent Python implementation"
python3 docs/vectors/check_v2.py
echo "==> Rust tests"
cargo test --workspace --quiet
echo "==> cluster mode's PostgreSQL (a throwaway server on loopback, installed when missing)"
bash scripts/cluster-services.sh cargo test --quiet --workspace cluster_ -- --ignored
echo "==> API fuzz (schemathesis, short form)"
cargo build --quiet --bin ayo
AYO_BIN="$PWD/target/debug/ayo" FUZZ_EXAMPLES=5 bash scripts/fuzz.sh

cd web
echo "==> TypeScript"
npm run typecheck --silent
echo "==> ESLint"
npm run lint --silent
echo "==> Vitest"
npm test --silent
echo "==> web build"
npm run build --silent
echo "==> Playwright (Chromium)"
npm run e2e --silent
