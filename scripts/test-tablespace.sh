#!/usr/bin/env bash
# A tablespace in memory (tmpfs) on the local PostgreSQL for the API tests' databases (TEST_TABLESPACE, see
# packages/server/test/helpers/test-database.ts). Each test file copies the seeded template (about 800 files);
# on this machine's disk the kernel spends ~0.7 s of CPU creating and syncing them, in tmpfs ~0.05 s, and the
# copies are thrown away after the file anyway. Idempotent: prints the tablespace's name. One whose directory
# is gone (a reboot empties /dev/shm) is made again, after dropping the test copies a crashed run left in it.
# Run it before scripts/start-replica.sh: a standby on this machine must map the tablespace to a directory of
# its own, or its replay would write into the primary's files. Run as root (it acts as the postgres user).
set -euo pipefail

LOCATION=${1:?usage: test-tablespace.sh DIRECTORY}
NAME=zp_test_databases
primary() { psql -h 127.0.0.1 -p "${PRIMARY_PORT:-5432}" -U postgres -d postgres -XAtqc "$1"; }

current=$(primary "select pg_tablespace_location(oid) from pg_tablespace where spcname = '$NAME'")
if [[ -n $current ]] && ! { [[ $current == "$LOCATION" ]] && compgen -G "$current/PG_*" >/dev/null; }; then
  for db in $(primary "select datname from pg_database
      where dattablespace = (select oid from pg_tablespace where spcname = '$NAME')"); do
    primary "drop database if exists \"$db\" with (force)" 2>/dev/null || true
  done
  primary "drop tablespace $NAME"
  current=
fi
if [[ -z $current ]]; then
  rm -rf "$LOCATION"
  install -d -o postgres -g postgres -m 700 "$LOCATION"
  primary "create tablespace $NAME location '$LOCATION'"
fi
echo "$NAME"
