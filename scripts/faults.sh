#!/usr/bin/env bash
# The fault harness (issue 33; docs/scaling.md, "Failure modes"): three `ayo serve --store --bus` nodes, each in its
# own network namespace, hurt one fault at a time and then in a seeded random schedule, beside a throwaway
# PostgreSQL and NATS (scripts/cluster-services.sh). Needs root (network namespaces, nftables); installs Debian's
# `nftables`, `iproute2` and `libfaketime` when missing. Everything stays on this machine (veth pairs and loopback).
#   bash scripts/faults.sh                          the bounded form (≈ 2½ minutes of faults, as in CI)
#   AYO_FAULT_ROUNDS=20 bash scripts/faults.sh      the long form: 20 random faults after the single ones
#   AYO_FAULT_SEED=<n>                              replays the random schedule a run printed
#   AYO_FAULT_BIN=<path to ayo>                     hurts another build (say, the one before a fix)
#   AYO_FAULT_STANDBY=1                             ends with a synchronous streaming replica promoted while the
#                                                   primary is cut off (the long form does it anyway; never in CI)
#   AYO_FAULT_KEEP=1                                keeps the nodes' logs of a run that passed (a failed run keeps them)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ]; then
  echo "scripts/faults.sh makes network namespaces: run it as root" >&2
  exit 1
fi
missing=()
command -v nft >/dev/null || missing+=(nftables)
command -v ip >/dev/null || missing+=(iproute2)
# One node's wall clock is stepped alone through libfaketime (LD_PRELOAD); the rest of the machine keeps its clock.
[ -e /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 ] || missing+=(libfaketime)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]} (Debian packages) for the fault harness"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The harness removes its namespaces itself; this sweeps whatever a killed run left (every name starts `ayof-`).
sweep() {
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^ayof-' || true); do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
    ip netns del "$ns" || true
  done
  if [ -f /tmp/ayof-nats.pid ]; then kill -9 "$(cat /tmp/ayof-nats.pid)" 2>/dev/null || true; rm -f /tmp/ayof-nats.pid; fi
  for link in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | cut -d@ -f1 | grep '^ayof-' || true); do
    ip link del "$link" 2>/dev/null || true
  done
}
trap sweep EXIT
sweep

bash scripts/cluster-services.sh cargo test --quiet --test faults faults_ -- --ignored --nocapture --test-threads 1
