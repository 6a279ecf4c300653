#!/usr/bin/env bash
# The e2e specs, one file at a time. The demo database is migrated and seeded once, by the server's own first-start
# script (server/src/runtime/database/first-start.ts), into a template directory that each spec's server copies
# (E2E_DATA_TEMPLATE in e2e/harness.ts); a spec run on its own, without the template, seeds its own.
set -euo pipefail
cd "$(dirname "$0")/.."
template="$(mktemp -d -t e2e-data.XXXXXX)"
trap 'rm -rf "$template"' EXIT
DATA_DIR="$template" DATABASE_URL='' node --import tsx server/src/runtime/database/first-start.ts --first-start
E2E_DATA_TEMPLATE="$template" node --import tsx --test --test-concurrency=1 ${@:-e2e/*.spec.ts}
