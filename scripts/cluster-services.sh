#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL and NATS on loopback (the cluster mode's engines, issue 14):
#   bash scripts/cluster-services.sh cargo test --test cluster -- --ignored
# Installs Debian's `postgresql`, `nats-server` and `openssl` when missing, starts both on free loopback ports in a temp dir,
# exports AYO_TEST_POSTGRES_URL and AYO_TEST_NATS_URL to the command, and stops both however the command ends.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

missing=()
[ -n "$(pg_bin)" ] || missing+=(postgresql)
command -v nats-server >/dev/null || missing+=(nats-server)
# The bus tests make a throwaway CA and certificate for a NATS that wants TLS (tests/api/cluster_bus_trust.rs).
command -v openssl >/dev/null || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]} (Debian packages) for the cluster tests"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bin="$(pg_bin)"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

dir="$(mktemp -d /tmp/ayo-cluster.XXXXXX)"
pg_pid="" nats_pid=""
# initdb refuses to run as root: the database runs as the `postgres` user that Debian's package creates.
# From `/`: the `postgres` user may not enter the caller's working directory.
as_db() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres: "$dir"

stop() {
  [ -n "$nats_pid" ] && kill "$nats_pid" 2>/dev/null || true
  [ -f "$dir/pg/postmaster.pid" ] && as_db "$bin/pg_ctl" -D "$dir/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

pg_port="$(free_port)"
as_db "$bin/initdb" -D "$dir/pg" -A trust -U ayo --no-sync -E UTF8 >/dev/null
as_db "$bin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w -o "-p $pg_port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=500" start >/dev/null \
  || { cat "$dir/pg.log" >&2; exit 1; }

nats_port="$(free_port)"
nats-server -a 127.0.0.1 -p "$nats_port" >"$dir/nats.log" 2>&1 &
nats_pid=$!
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break
  sleep 0.1
done

export AYO_TEST_POSTGRES_URL="postgres://ayo@127.0.0.1:$pg_port/postgres"
export AYO_TEST_NATS_URL="nats://127.0.0.1:$nats_port"
# For the fault harness (scripts/faults.sh), which restarts this PostgreSQL with its own pg_ctl.
export AYO_TEST_POSTGRES_BIN="$bin" AYO_TEST_POSTGRES_DATA="$dir/pg"
echo "==> PostgreSQL on 127.0.0.1:$pg_port, NATS on 127.0.0.1:$nats_port (stopped afterwards)"
"$@"
