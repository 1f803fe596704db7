#!/usr/bin/env bash
# The multi-instance topology on this machine, as docs/operations.md describes it: the local PostgreSQL as primary,
# its streaming hot standby on 5433 (scripts/start-replica.sh), Redis, two portal instances (8081, 8082) with the
# standby for heavy reads, and HAProxy on 8080 with deploy/haproxy/haproxy.cfg. Ctrl-C stops the instances and the
# proxy (PostgreSQL, the standby and Redis keep running). Needs: Debian's postgresql, redis-server and haproxy, and
# `npm install`. The database `zorgportaal` is created with the demo world on first use.
#   scripts/topology.sh            then open http://127.0.0.1:8080 (demo password: Welkom-demo-2026)
set -euo pipefail
cd "$(dirname "$0")/.."

PROXY_PORT=${PROXY_PORT:-8080}
PORTS=(8081 8082)
STATE=.topology
mkdir -p "$STATE"

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -n | tail -1)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
psql -h 127.0.0.1 -U postgres -d postgres -XAtqc "select 1 from pg_database where datname = 'zorgportaal'" | grep -q 1 ||
  psql -h 127.0.0.1 -U postgres -d postgres -Xqc 'create database zorgportaal'
scripts/start-replica.sh
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 ||
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --logfile "$PWD/$STATE/redis.log"
[[ -f packages/server/dist/main.js && -f packages/web/dist/index.html ]] || npm run build

# One key for every instance (sessions, TOTP secrets), kept with the topology's state.
[[ -f $STATE/secret.key ]] || (umask 077 && openssl rand -hex 32 >"$STATE/secret.key")

pids=()
stop() {
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

for i in "${!PORTS[@]}"; do
  port=${PORTS[$i]}
  # The first instance migrates and, on an empty database, seeds the demo world; the others wait for it.
  PORT=$port HOST=127.0.0.1 DATA_DIR="$STATE/instance-$port" \
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/zorgportaal \
    DATABASE_READ_URL=postgres://postgres@127.0.0.1:5433/zorgportaal \
    REDIS_URL=redis://127.0.0.1:6379 SECRET_KEY="$(cat "$STATE/secret.key")" TRUST_PROXY=127.0.0.1 \
    DEMO_DATA=$([[ $i == 0 ]] && echo true || echo false) PUBLIC_URL="http://127.0.0.1:$PROXY_PORT" LOG_LEVEL=${LOG_LEVEL:-warn} \
    node packages/server/dist/main.js &
  pids+=($!)
  for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$port/health/ready" >/dev/null && break; sleep 1; done
done

ZP_PROXY_BIND=127.0.0.1:$PROXY_PORT ZP_INSTANCE_1=127.0.0.1:${PORTS[0]} ZP_INSTANCE_2=127.0.0.1:${PORTS[1]} \
  haproxy -db -f deploy/haproxy/haproxy.cfg &
pids+=($!)
echo "Zorgportaal behind HAProxy: http://127.0.0.1:$PROXY_PORT (instances ${PORTS[*]}); Ctrl-C stops them"
wait
