// Package budgets for WeChat and Baidu: main package <= 600 KB, each sub-package <= 300 KB, well inside
// the platforms' hard 2 MB, so a first open stays quick and thirty more pages still fit.
// Reads <dist>/<target>/app.json for the sub-package roots, sums the files under each, fails over budget.
// BUDGET_DIST_ROOT points at another build root (e.g. a TARO_OUTPUT_ROOT build); dist/ by default.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const MAIN_LIMIT = 600 * 1024;
const SUB_LIMIT = 300 * 1024;
const root = new URL('..', import.meta.url).pathname;
const distRoot = process.env.BUDGET_DIST_ROOT || join(root, 'dist');
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
  const dist = join(distRoot, target);
  const appJson = join(dist, 'app.json');
  if (!existsSync(appJson)) {
    console.error(`${relative(root, dist) || dist}/app.json is missing: build ${target} first`);
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
    const limit = name === 'main' ? MAIN_LIMIT : SUB_LIMIT;
    const over = size > limit;
    failed ||= over;
    console.log(
      `${over ? 'OVER' : 'ok  '} ${target} ${name.padEnd(28)} ${(size / 1024).toFixed(1).padStart(8)} KB / ${limit / 1024} KB`,
    );
  }
}
// The client imports contract types only (DESIGN.md §2): a schema library in a bundle means a value import leaked.
for (const target of ['h5', 'weapp', 'swan']) {
  const dist = join(distRoot, target);
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
