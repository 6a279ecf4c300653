// WeChat and Baidu limits (DESIGN.md §7): 2 MB for the main package and for each sub-package.
// Reads dist/<target>/app.json for the sub-package roots, sums the files under each, fails over budget.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const LIMIT = 2 * 1024 * 1024;
const root = new URL('..', import.meta.url).pathname;
let failed = false;

function files(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

for (const target of ['weapp', 'swan']) {
  const dist = join(root, 'dist', target);
  const appJson = join(dist, 'app.json');
  if (!existsSync(appJson)) {
    console.error(`dist/${target}/app.json is missing: build ${target} first`);
    failed = true;
    continue;
  }
  const app = JSON.parse(readFileSync(appJson, 'utf8'));
  const subRoots = (app.subPackages || app.subpackages || []).map((s) => s.root.replace(/\/$/, ''));
  const sizes = new Map([['main', 0], ...subRoots.map((r) => [r, 0])]);
  for (const f of files(dist)) {
    const rel = relative(dist, f);
    if (rel.endsWith('.map') || rel.startsWith('project.')) continue;
    const owner = subRoots.find((r) => rel === r || rel.startsWith(`${r}/`)) || 'main';
    sizes.set(owner, sizes.get(owner) + statSync(f).size);
  }
  for (const [name, size] of sizes) {
    const over = size > LIMIT;
    failed ||= over;
    console.log(`${over ? 'OVER' : 'ok  '} ${target} ${name.padEnd(28)} ${(size / 1024).toFixed(1).padStart(8)} KB / ${LIMIT / 1024} KB`);
  }
}
// The client imports contract types only (DESIGN.md §2): a schema library in a bundle means a value import leaked.
for (const target of ['h5', 'weapp', 'swan']) {
  const dist = join(root, 'dist', target);
  if (!existsSync(dist)) continue;
  const leaked = files(dist).filter((f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes('ZodError'));
  if (leaked.length) {
    failed = true;
    console.error(`zod reached the ${target} bundle: ${leaked.map((f) => relative(root, f)).join(', ')}`);
  }
}
if (failed) {
  console.error('package budget exceeded');
  process.exit(1);
}
