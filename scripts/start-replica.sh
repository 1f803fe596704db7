#!/usr/bin/env bash
# A streaming hot standby of the local PostgreSQL (127.0.0.1:5432) on 127.0.0.1:5433, for the read-replica
# tests (TEST_REPLICA_URL). Idempotent: a running standby is left alone, a stopped one is started, a missing
# or broken one is made again with pg_basebackup. Run as root (it acts as the postgres user) or as postgres.
set -euo pipefail

PRIMARY_PORT=${PRIMARY_PORT:-5432}
REPLICA_PORT=${REPLICA_PORT:-5433}
VERSION=${PG_VERSION:-$(ls /etc/postgresql | sort -n | tail -1)}
BIN=/usr/lib/postgresql/$VERSION/bin
# REPLICA_DIR: where its data directory lives (CI puts it in /dev/shm: see .ci/run).
DIR=${REPLICA_DIR:-/var/lib/postgresql/$VERSION/replica-$REPLICA_PORT}
LOG=/var/log/postgresql/replica-$REPLICA_PORT.log

as_postgres() {
  if [[ $(id -un) == postgres ]]; then "$@"; else runuser -u postgres -- "$@"; fi
}
primary() { psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -XAtqc "$1"; }
replica() { psql -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -XAtqc "$1" 2>/dev/null; }

# Streaming: in recovery and its WAL receiver connected (a standby whose primary recycled the WAL it
# needs stays in recovery without one, and never catches up).
streaming() {
  for _ in $(seq 1 "${1:-1}"); do
    [[ $(replica "select pg_is_in_recovery() and exists (select 1 from pg_stat_wal_receiver where status = 'streaming')") == t ]] &&
      return 0
    sleep 1
  done
  return 1
}

# The primary's tablespaces (scripts/test-tablespace.sh makes one for the tests' databases). A standby on the
# same machine keeps each in a directory of its own, TABLESPACES/<name>: with the primary's path, its replay
# would write into the primary's files. A standby made before a tablespace existed has no such directory for
# it (or points at the primary's), so it is made again.
TABLESPACES=$DIR-tablespaces
tablespace_locations() {
  primary "select pg_tablespace_location(oid) from pg_tablespace where pg_tablespace_location(oid) <> ''"
}
mapped() {
  local link location targets=()
  for link in "$DIR"/pg_tblspc/*; do
    [[ -L $link ]] || continue
    targets+=("$(readlink "$link")")
    [[ ${targets[-1]} == "$TABLESPACES"/* ]] || return 1
  done
  while read -r location; do
    [[ -z $location || " ${targets[*]} " == *" $TABLESPACES/$(basename "$location") "* ]] || return 1
  done < <(tablespace_locations)
}

if pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q && streaming 1 && mapped; then
  echo "replica on $REPLICA_PORT: streaming"
  exit 0
fi

# The primary must accept replication connections from this machine (trust, like its other local lines).
hba=$(primary 'show hba_file')
if ! grep -Eq '^host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
  echo 'host replication all 127.0.0.1/32 trust' >>"$hba"
  primary 'select pg_reload_conf()' >/dev/null
fi

stop_replica() {
  [[ -f $DIR/postmaster.pid ]] && as_postgres "$BIN/pg_ctl" -D "$DIR" -m immediate -w stop >/dev/null 2>&1 || true
}

make_replica() {
  stop_replica
  rm -rf "$DIR" "$TABLESPACES"
  install -d -o postgres -g postgres -m 700 "$DIR" "$TABLESPACES"
  local maps=() location
  while read -r location; do
    [[ -n $location ]] && maps+=("--tablespace-mapping=$location=$TABLESPACES/$(basename "$location")")
  done < <(tablespace_locations)
  # -c fast: no wait for the next scheduled checkpoint; -X stream: the WAL of the copy comes with it;
  # -R: standby.signal and primary_conninfo, so it starts as a streaming standby.
  as_postgres "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR" -R -X stream -c fast \
    "${maps[@]}"
  # Debian keeps the configuration in /etc, so the copy has none. A hot standby needs these at least as
  # high as the primary's.
  local settings
  settings=$(primary "select string_agg(name || ' = ' || setting, E'\n') from pg_settings where name in
    ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions',
     'max_locks_per_transaction')")
  as_postgres tee "$DIR/postgresql.conf" >/dev/null <<EOF
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/var/run/postgresql'
hot_standby = on
hba_file = '$DIR/pg_hba.conf'
ident_file = '$DIR/pg_ident.conf'
$settings
EOF
  as_postgres tee "$DIR/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  as_postgres touch "$DIR/pg_ident.conf"
}

start_replica() {
  install -d -o postgres -g postgres /var/run/postgresql "$(dirname "$LOG")"
  touch "$LOG" && chown postgres "$LOG"
  as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$LOG" -w -t 60 start >/dev/null
}

if [[ -f $DIR/standby.signal && -f $DIR/postgresql.conf ]] && mapped && start_replica 2>/dev/null && streaming 10; then
  echo "replica on $REPLICA_PORT: started"
  exit 0
fi
make_replica
start_replica
streaming 30 || { echo "replica on $REPLICA_PORT is not streaming; see $LOG" >&2; exit 1; }
echo "replica on $REPLICA_PORT: made with pg_basebackup and streaming"
