/**
 * `npm run bench`: how fast the storefront is where a phone feels it. Starts the real server on loopback with a
 * fresh database, signs requests like the storefront, and reports latency percentiles and throughput for the
 * calls of the first screen; then the gzip size of what the H5 loads first. Bounded in count and time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { computeSign, DEFAULT_SIGN_KEY, makeNonce } from '../contract/signature';

const root = join(__dirname, '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

function signed(method: string, path: string, params: Record<string, unknown>): Record<string, unknown> {
  const p = { ...params, timestamp: Date.now(), nonceStr: makeNonce() + makeNonce() };
  return { ...p, sign: computeSign({ method, path }, p, process.env.SIGN_KEY || DEFAULT_SIGN_KEY) };
}

/** As src/api/request.ts: the token goes in a POST body, or in the X-Token header of a GET (never the URL). */
async function call(base: string, method: 'GET' | 'POST', path: string, params: Record<string, unknown>, token?: string) {
  const body = signed(method, path, method === 'POST' && token ? { ...params, token } : params);
  const url = method === 'GET' ? `${base}${path}?${new URLSearchParams(body as Record<string, string>)}` : `${base}${path}`;
  const res = await fetch(url, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : token ? { 'x-token': token } : undefined,
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { state: boolean; info: unknown; message: string };
  if (!json.state) throw new Error(`${path}: ${json.message}`);
  return json.info;
}

async function measure(name: string, fn: () => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(`${name.padEnd(28)} p50 ${pct(50).padStart(6)} ms  p95 ${pct(95).padStart(6)} ms  ${((times.length / total) * 1000).toFixed(0).padStart(5)} req/s`);
}

function h5FirstLoad() {
  // BENCH_H5_DIST measures another build (e.g. a TARO_OUTPUT_ROOT build) than dist/h5.
  const dist = process.env.BENCH_H5_DIST || join(root, 'dist/h5');
  try {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/?((?:js|css)\/[^"]+)"/g)].map((m) => m[1]);
    let raw = 0;
    let gz = 0;
    let br = 0;
    let js = 0;
    let css = 0;
    for (const a of assets) {
      const buf = readFileSync(join(dist, a));
      raw += buf.length;
      gz += gzipSync(buf).length;
      // What goes on the wire to a browser accepting br: the build's .br when it exists (server/src/plugins/static.ts).
      const wire = (() => {
        try {
          return readFileSync(join(dist, `${a}.br`)).length;
        } catch {
          return brotliCompressSync(buf).length;
        }
      })();
      br += wire;
      if (a.endsWith('.js')) js += wire;
      else css += wire;
    }
    console.log(`H5 first screen on the wire (br): JS ${(js / 1024).toFixed(0)} KB, CSS ${(css / 1024).toFixed(0)} KB`);
    const all = readdirSync(join(dist, 'js')).filter((f) => f.endsWith('.js')).reduce((n, f) => n + statSync(join(dist, 'js', f)).size, 0);
    console.log(`H5 first load: ${assets.length} files, ${(raw / 1024).toFixed(0)} KB (${(gz / 1024).toFixed(0)} KB gzip, ${(br / 1024).toFixed(0)} KB br); all JS ${(all / 1024).toFixed(0)} KB`);
  } catch {
    console.log('H5 first load: dist/h5 missing (npm run build:h5)');
  }
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    // The entrance limit per client (services/limits.ts) would refuse the benchmark's own loop of new visitors.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL || '', ENTRANCE_PER_IP_PER_MINUTE: '1000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const t0 = Date.now();
  while (!out.includes('Storefront ready')) {
    if (Date.now() - t0 > 60000 || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`server start (fresh database, migrate + seed): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${port}`;
  try {
    const entered = (await call(base, 'POST', '/front/v1/entrance', { projectSn: 'demo' })) as { token: string };
    const token = entered.token;
    const menu = (await call(base, 'GET', '/front/v1/customerPage/menu', {}, token)) as { tabList: { pageSn: string | null }[] };
    const pageSn = menu.tabList[0].pageSn as string;
    console.log(`${REQUESTS} requests per call, ${CONCURRENCY} at a time:`);
    await measure('entrance (new visitor)', () => call(base, 'POST', '/front/v1/entrance', { projectSn: 'demo' }));
    await measure('customerPage/menu', () => call(base, 'GET', '/front/v1/customerPage/menu', {}, token));
    await measure('customerPage/moduleInfo', () => call(base, 'POST', '/front/v1/customerPage/moduleInfo', { pageSn }, token));
    await measure('search', () => call(base, 'GET', '/front/v1/search', { keyword: '课', page: 1, perSize: 10 }, token));
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  h5FirstLoad();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
