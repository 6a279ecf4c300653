// `npm start`: builds the H5 storefront and the operator console when either is missing or older than its
// sources, then starts the API server, which serves the H5 at /, the console at /admin, and creates, migrates
// and seeds the database on first run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnv, serverNodeArgs } from '../server/src/node-settings.mjs';
import { buildAdminIfStale } from './admin-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtMarker = join(root, 'dist/h5/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function h5IsStale() {
  if (!existsSync(builtMarker)) return true;
  const built = statSync(builtMarker).mtimeMs;
  const sources = Math.max(
    ...['src', 'contract', 'config'].map((d) => newestMtime(join(root, d))),
    statSync(join(root, 'package.json')).mtimeMs,
  );
  return sources > built;
}

if (process.env.SKIP_H5_BUILD !== '1' && h5IsStale()) {
  console.log('Building the H5 storefront (dist/h5)...');
  const res = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
if (process.env.SKIP_ADMIN_BUILD !== '1' && !buildAdminIfStale()) process.exit(1);

// With the server's node settings (heap sizes, one malloc arena: server/src/node-settings.mjs says why), given
// here so that the server is this script's own child rather than relaunched by main.ts.
const server = spawn(process.execPath, serverNodeArgs(), { cwd: root, stdio: 'inherit', env: serverEnv() });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
