#!/usr/bin/env bash
# Runs Ayo Lotto on this machine: installs npm packages, builds the web app and the server (release), then serves
# with demo data under var/. Extra arguments go to `ayo serve` (e.g. --bind 0.0.0.0:8080).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "==> building the web app"
(cd web && npm run build --silent)
echo "==> building the server"
cargo build --release --quiet
exec target/release/ayo serve --demo "$@"
