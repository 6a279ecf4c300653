#!/usr/bin/env bash
# A real PostgreSQL for the second run of the server tests (DESIGN.md §7: DATABASE_URL is the production path).
#   ensure-postgres.sh start   installs Debian's postgresql when missing, starts its cluster when it is down
#                              (e.g. `pg_ctlcluster 15 main start`), creates the role and database below, drops
#                              test databases a crashed run left behind, and prints the URL for TEST_DATABASE_URL:
#                              TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh start)" npm run test:server
#   ensure-postgres.sh stop    stops the cluster again, only if `start` was the one that started it
# Each test harness then creates (and drops) a database of its own on that server (server/test/helpers).
set -euo pipefail
ROLE=storefront_test
PASSWORD=storefront_test
MARKER=/tmp/storefront-test-postgres.started

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }

cluster() { pg_lsclusters -h 2>/dev/null | head -1; }

case "${1:-start}" in
  start)
    if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(cluster)" ]; then
      echo "Installing postgresql from Debian..." >&2
      $SUDO apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    fi
    read -r version name port status _ <<<"$(cluster)"
    if [ "$status" != "online" ]; then
      # Another run may have started it meanwhile: then it is that run's to stop, and this one goes on.
      if $SUDO pg_ctlcluster "$version" "$name" start >&2; then echo "$version $name" > "$MARKER"; fi
      read -r _ _ _ status _ <<<"$(cluster)"
      [ "$status" = "online" ] || { echo "PostgreSQL $version/$name did not start" >&2; exit 1; }
    fi
    as_postgres "psql -p $port -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'\"" | grep -q 1 ||
      as_postgres "psql -p $port -qc \"CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD'\"" >&2
    as_postgres "psql -p $port -qtAc \"SELECT 1 FROM pg_database WHERE datname = '$ROLE'\"" | grep -q 1 ||
      as_postgres "psql -p $port -qc \"CREATE DATABASE $ROLE OWNER $ROLE\"" >&2
    # Databases of a run that was killed before its harnesses could drop them. Each is named sf_test_<pid>_...
    # after the test process that made it: one whose process still runs belongs to a run going on beside this one.
    for db in $(as_postgres "psql -p $port -qtAc \"SELECT datname FROM pg_database WHERE datname LIKE 'sf_test_%'\""); do
      pid=${db#sf_test_}; pid=${pid%%_*}
      [ -n "$pid" ] && [ -d "/proc/$pid" ] && continue
      as_postgres "psql -p $port -qc 'DROP DATABASE IF EXISTS $db WITH (FORCE)'" >&2
    done
    echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$port/$ROLE"
    ;;
  stop)
    if [ -f "$MARKER" ]; then
      read -r version name <"$MARKER"
      $SUDO pg_ctlcluster "$version" "$name" stop
      rm -f "$MARKER"
    fi
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
