#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$1"; }

step "typecheck"
npm run --silent typecheck

step "lint and format (ESLint, Prettier)"
npm run --silent lint
npm run --silent format:check

step "layers (server never imports src/, no zod at run time in src/, pure domain, feature layout)"
node scripts/check-layers.mjs

step "storefront unit tests (jest)"
npx jest --ci

step "server tests"
npm run --silent test:server

step "server tests on PostgreSQL (DATABASE_URL, the production path)"
pg_url="$(bash scripts/ensure-postgres.sh start)"
TEST_DATABASE_URL="$pg_url" npm run --silent test:server || { bash scripts/ensure-postgres.sh stop; exit 1; }
bash scripts/ensure-postgres.sh stop

step "builds: h5, weapp, swan"
for target in h5 weapp swan; do
  npx taro build --type "$target" > "/tmp/storefront-build-$target.log" 2>&1 || { tail -60 "/tmp/storefront-build-$target.log"; echo "build $target failed"; exit 1; }
  echo "built dist/$target"
done

step "mini-programs: WeChat's wcc/wcsc, the official simulator, Baidu's template rules, the faked host for swan"
npm run --silent test:mini

step "package budget"
node scripts/package-budget.mjs

step "e2e (Chromium, 375x812)"
bash scripts/ensure-chromium.sh
npm run --silent test:e2e
