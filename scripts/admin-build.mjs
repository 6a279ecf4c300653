// The operator console's build when it is missing or older than its sources (admin/ less its dist, contract/,
// package.json): `npm start` and the e2e harness call it, as `npm start` does for the H5.
// Run directly (`node scripts/admin-build.mjs`) it builds only when stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// ADMIN_DIST builds elsewhere (admin/vite.config.mts), as the server serves from there.
const dist = process.env.ADMIN_DIST ? resolve(process.env.ADMIN_DIST) : join(root, 'admin/dist');
const builtMarker = join(dist, 'index.html');

function newestMtime(dir, skip = new Set()) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (skip.has(p)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p, skip) : statSync(p).mtimeMs);
  }
  return newest;
}

export function adminIsStale() {
  if (!existsSync(builtMarker)) return true;
  const built = statSync(builtMarker).mtimeMs;
  const sources = Math.max(
    newestMtime(join(root, 'admin'), new Set([join(root, 'admin/dist'), dist])),
    newestMtime(join(root, 'contract')),
    statSync(join(root, 'package.json')).mtimeMs,
  );
  return sources > built;
}

/** Builds admin/dist when stale; returns false when the build failed (its output went to the terminal). */
export function buildAdminIfStale({ stdio = 'inherit' } = {}) {
  if (!adminIsStale()) return true;
  console.log(`Building the operator console (${dist})...`);
  const res = spawnSync('npm', ['run', '--silent', 'build:admin'], { cwd: root, stdio });
  return res.status === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(buildAdminIfStale() ? 0 : 1);
