#!/usr/bin/env bash
# The server tests, one file at a time. The run first makes one migrated and seeded database that every test harness
# copies instead of running the migrations and the seed itself (server/test/helpers/database-template.ts): on PGlite
# an archive that each harness loads, on PostgreSQL (TEST_DATABASE_URL) a template database that each harness's own
# fresh database is created from, dropped again at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Named like the harnesses' databases, so scripts/ensure-postgres.sh drops it if this run is killed.
  template="sf_test_$$_template"
  trap 'node --import tsx server/test/make-database-template.ts --drop "$template"' EXIT
else
  template="$(mktemp -t pglite-template.XXXXXX)"
  trap 'rm -f "$template"' EXIT
fi
node --import tsx server/test/make-database-template.ts "$template"
export TEST_DATABASE_TEMPLATE="$template"
node --import tsx --test --test-concurrency=1 $(find server/test -name '*.test.ts' | sort)
