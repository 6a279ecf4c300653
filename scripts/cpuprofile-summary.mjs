#!/usr/bin/env node
/**
 * Where a CPU profile's time went: self time per function and per file (node_modules collapsed to their
 * package), from a `node --cpu-prof` .cpuprofile. `--from=S` skips the first S seconds (a server's start and
 * seed), `--last=S` keeps only the last S seconds, `--to=S` drops what follows S seconds, `--top=N` lines per
 * table (25), `--callers=fn` the call paths (six frames up) of a function's self time.
 *   node scripts/cpuprofile-summary.mjs /tmp/prof/CPU.*.cpuprofile --from=10
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, dflt) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const file = args.find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: cpuprofile-summary.mjs <file.cpuprofile> [--from=seconds] [--top=N]');
const from = opt('from', 0) * 1e6;
// --last=S: only the profile's last S seconds (a bench's load of one call ends just before the server stops).
const last = opt('last', 0) * 1e6;
// --to=S: only up to S seconds after the start (with --from, one window: the first of two loads in one profile).
const to = opt('to', 0) * 1e6;
const top = opt('top', 25);
const callersOf = args.find((a) => a.startsWith('--callers='))?.slice(10);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map(); // node id -> microseconds
let t = profile.startTime;
let total = 0;
const lastFrom = last ? profile.endTime - last : Number.NEGATIVE_INFINITY;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  if (t - profile.startTime < from || t < lastFrom || (to && t - profile.startTime > to)) return;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

const short = (url) => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return `npm:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return url.replace(/^file:\/\//, '').replace(/^.*\/work\/main\//, '');
};
const byFn = new Map();
const byFile = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = nodes.get(id);
  const fn = `${f.functionName || '(anonymous)'}  ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  const fl = f.url ? short(f.url) : f.functionName || '(native)';
  byFile.set(fl, (byFile.get(fl) ?? 0) + us);
}
const print = (title, m) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
};
print('self time by file / package', byFile);
print('self time by function', byFn);

if (callersOf) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frame = (id) => {
    const f = nodes.get(id).callFrame;
    return `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber}`;
  };
  const paths = new Map();
  for (const [id, us] of self) {
    if (nodes.get(id).callFrame.functionName !== callersOf) continue;
    const chain = [];
    for (let c = parent.get(id), k = 0; c && k < 6; c = parent.get(c), k += 1) chain.push(frame(c));
    const key = chain.join('\n        < ');
    paths.set(key, (paths.get(key) ?? 0) + us);
  }
  print(`callers of ${callersOf}`, paths);
}
