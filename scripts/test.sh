#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s (%s) ===\n' "$1" "$(date -u +%H:%M:%S)"; }

step "typecheck"
npm run --silent typecheck

step "lint and format (ESLint, Prettier)"
npm run --silent lint
npm run --silent format:check

step "layers (server never imports src/, no zod at run time in src/, pure domain, feature layout)"
node scripts/check-layers.mjs

step "storefront unit tests (jest)"
npx jest --ci

step "server tests on PGlite and, side by side, on PostgreSQL (DATABASE_URL, the production path)"
# Side by side: each run is one Node process at a time, mostly waiting on its own database, so two share the two
# cores; one after the other they were half of the whole check's time. The PostgreSQL run's report follows.
pg_url="$(bash scripts/ensure-postgres.sh start)"
bash scripts/ensure-nginx.sh
pg_log="$(mktemp -t server-tests-pg.XXXXXX)"
TEST_DATABASE_URL="$pg_url" npm run --silent test:server > "$pg_log" 2>&1 &
pg_run=$!
pglite_rc=0
npm run --silent test:server || pglite_rc=$?
pg_rc=0
wait "$pg_run" || pg_rc=$?
printf '\n=== server tests on PostgreSQL: the report ===\n'
cat "$pg_log"
rm -f "$pg_log"
bash scripts/ensure-postgres.sh stop
[ "$pglite_rc" -eq 0 ] || { echo "server tests on PGlite failed"; exit 1; }
[ "$pg_rc" -eq 0 ] || { echo "server tests on PostgreSQL failed"; exit 1; }

step "builds: h5, weapp, swan, the operator console (and its unit tests)"
for target in h5 weapp swan; do
  npx taro build --type "$target" > "/tmp/storefront-build-$target.log" 2>&1 || { tail -60 "/tmp/storefront-build-$target.log"; echo "build $target failed"; exit 1; }
  echo "built dist/$target"
done
npm run --silent build:admin > /tmp/storefront-build-admin.log 2>&1 || { tail -60 /tmp/storefront-build-admin.log; echo "build admin failed"; exit 1; }
echo "built admin/dist"
npm run --silent test:admin

step "mini-programs: WeChat's wcc/wcsc, the official simulator, Baidu's template rules, the faked host for swan"
npm run --silent test:mini

step "package budget"
node scripts/package-budget.mjs
node scripts/admin-budget.mjs

step "e2e (Chromium, 375x812)"
bash scripts/ensure-chromium.sh
npm run --silent test:e2e
printf '\n=== every check passed (%s) ===\n' "$(date -u +%H:%M:%S)"
