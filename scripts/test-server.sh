#!/usr/bin/env bash
# The server tests, one file at a time. On PGlite the run first makes one migrated and seeded database archive that
# each test harness loads instead of running initdb, the migrations and the seed itself
# (server/test/helpers/pglite-template.ts); on PostgreSQL (TEST_DATABASE_URL) every harness gets a fresh database.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  template="$(mktemp -t pglite-template.XXXXXX)"
  trap 'rm -f "$template"' EXIT
  node --import tsx server/test/make-pglite-template.ts "$template"
  export TEST_PGLITE_TEMPLATE="$template"
fi
node --import tsx --test --test-concurrency=1 $(find server/test -name '*.test.ts' | sort)
