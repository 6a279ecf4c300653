/**
 * `npm run bench`: how fast the storefront is where a phone feels it, printed beside the issue's
 * baseline and goals.
 *
 * - API: the real server on loopback with a fresh database, and a bare Fastify JSON route, each in its own
 *   process, loaded by autocannon from this process at BENCH_CONNECTIONS (50) connections for BENCH_SECONDS each,
 *   after BENCH_WARMUP (2) unmeasured seconds of the same load. Every request is signed as the storefront signs it
 *   (e2e/signed-fetch.ts, shared with the e2e harness), with a fresh nonce, so replay protection does its real
 *   work; the read calls' requests are signed just before their timed window (BENCH_PRESIGN), so the window
 *   measures the server rather than the client's signing. The bare route is measured twice: its plain GET, and
 *   sent the same kind of signed request through the same client path as our calls ("x bare" is to the latter, "x
 *   plain" to the former). Order submit fetches a single-use order token and submits with it; it counts only when
 *   the orders it reports exist afterwards.
 * - Memory: the server's RSS after its first start (migrate + seed) and the highest RSS seen under load.
 * - The same API bench on PostgreSQL when Debian's postgresql is installed (scripts/ensure-postgres.sh) or
 *   BENCH_PG=1 asks for it (BENCH_PG=0 skips it); DATABASE_URL names another server. There the calls run again on
 *   BENCH_PROCESSES (3; 1 skips it) server processes on one fresh database, as docs/deployment.md deploys them:
 *   autocannon spreads its connections over them in turn and order submit sends each request to the next one (the
 *   round robin of nginx), printed side by side with the one process's figures.
 * - H5: the JS and CSS the first screen loads, on the wire as the build's .br (BENCH_H5_DIST: another build).
 *   BENCH_ONLY=h5 measures only this (no servers, no Lighthouse): the quick check after an H5 build.
 * - While working on one call: BENCH_ONLY=entrance,activity runs only the calls whose names contain one of those
 *   words ("order" for order submit); BENCH_SERVER_ARGS adds node flags to the server, e.g.
 *   `--cpu-prof --cpu-prof-dir=/tmp/prof` (the profile is written when the bench stops the server).
 * - BENCH_RATE=10000 loads every call at that fixed rate (requests per second, all connections together) instead
 *   of as fast as it goes: the server's CPU per request is then compared at one load, without the scheduling of
 *   a saturated run (a slower call leaves the load client idle more often, and waking it costs the server more).
 */
/// <reference path="./autocannon.d.ts" />
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { signedCall, signedRequest, type Method } from '../e2e/signed-fetch';
import { serverEnv, serverNodeArgs } from '../server/src/node-settings.mjs';

const root = join(__dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
/**
 * BENCH_WARMUP: seconds each call (the bare route's signed requests too) is loaded, unmeasured, just before its
 * timed window, so every row measures code V8 has already optimised. Without it the first call of a run (the
 * entrance) paid the server's warm-up in its own window: the first run of a series measured a few percent lower.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PROJECT = 'demo';
/** BENCH_ONLY: the calls to run (words their names contain); all when unset. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const wanted = (name: string) => !ONLY.length || ONLY.some((w) => name.includes(w));
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
/** BENCH_PROCESSES: server processes of the PostgreSQL run's second pass (1: no second pass). */
const PROCESSES = Math.max(1, Math.floor(Number(process.env.BENCH_PROCESSES ?? 3)) || 1);

/** The issue's figures (clean checkout, same machine) and goals, printed beside this run's. */
const BASELINE = {
  ratio: { entrance: 0.023, moduleInfo: 0.013 } as Record<string, number>,
  p99Ms: 1500,
  rssSeededMb: 875,
  rssInUseMb: '350-520',
  firstScreenJsKb: 244,
};
const GOALS = { ratio: 0.5, p99Ms: 50, submitPerSec: 200, rssMb: 300, firstScreenJsKb: 150, firstScreenCssKb: 20 };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * CPU time a process has used so far in microseconds (Linux /proc: user + system, all threads), or NaN. Per answered
 * request it is the server's cost of a call, which the req/s ratio shows only through the scheduling of three
 * processes on shared cores.
 */
function cpuUs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's ") ", in
    // clock ticks, which /proc always counts at 100 a second (USER_HZ) whatever the kernel's own tick.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/** Resident set size of a process in MB (Linux /proc), or NaN when it cannot be read. */
function rssMb(pid: number | undefined): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU microseconds and RSS MB of several processes together: what N server processes cost the machine. */
const cpuUsOf = (pids: (number | undefined)[]) => pids.reduce<number>((n, pid) => n + cpuUs(pid), 0);
const rssMbOf = (pids: (number | undefined)[]) => pids.reduce<number>((n, pid) => n + rssMb(pid), 0);

interface Running {
  base: string;
  pid: number | undefined;
  /** Newest SMS code written for a phone (demo SMS provider logs it). */
  smsCode(phone: string): Promise<string>;
  stop(): Promise<void>;
}

/** Spawns `args` with node and waits for `ready` on its output. Only a tail of the output up to `ready` is kept. */
async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<Running & { startSeconds: number }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let started = false;
  const codes = new Map<string, string>();
  // Under load the server writes a log line per request into this pipe, and this process shares the cores with
  // the server: once the server is up, a chunk is only decoded when it holds an SMS line (Buffer.includes).
  const read = (d: Buffer) => {
    if (!started) tail = (tail + d.toString()).slice(-20000);
    if (started && !d.includes('[sms]')) return;
    for (const m of d.toString().matchAll(/\[sms\] 验证码 (\d{6}) 已发送至 (\d+)/g)) codes.set(m[2], m[1]);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const t0 = Date.now();
  while (!tail.includes(ready)) {
    if (Date.now() - t0 > 120000 || child.exitCode !== null) {
      // A server still starting would outlive the bench and load the machine for whoever measures next.
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not start in 120 s:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  started = true;
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    startSeconds: (Date.now() - t0) / 1000,
    async smsCode(phone) {
      for (let i = 0; i < 100 && !codes.has(phone); i += 1) await new Promise((r) => setTimeout(r, 50));
      const code = codes.get(phone);
      if (!code) throw new Error(`no SMS code for ${phone}`);
      return code;
    },
    async stop() {
      // Ended already (a process killed by a signal has signalCode, not exitCode).
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const BARE = `const f = require('fastify')({ logger: false });
f.get('/json', async () => ({ hello: 'world' }));
f.listen({ port: Number(process.env.PORT), host: process.env.HOST }).then(() => console.log('bare ready'));`;

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  bad: number;
  note?: string;
  /** The server's highest RSS while this call was loaded (MB): which call grows the memory. */
  rssMb?: number;
  /** CPU time per answered request (microseconds) of the server process (all its threads) and of the load client. */
  serverUs?: number;
  clientUs?: number;
}

type Step = {
  method: Method;
  path: string;
  params?: (ctx: Record<string, unknown>) => Record<string, unknown>;
  token?: string;
  onBody?: (json: Envelope, ctx: Record<string, unknown>) => void;
  /** Any HTTP 200 counts (the bare route answers without the storefront's envelope). */
  anyOk?: boolean;
};
interface Envelope {
  state: boolean;
  message: string;
  info: Record<string, unknown> | null;
}

/**
 * Requests signed per second of a run before its timed window starts (BENCH_PRESIGN; 0 signs each request inside
 * the window). The client shares the machine's cores with the server, and signing one request (sha256 of the
 * sorted parameters, a fresh nonce) costs the client more than the bare route's whole plain GET, so signing inside
 * the window measured the load client as much as the server. Each pre-signed request still has its own nonce and
 * a timestamp well inside the 5-minute signature window, and is sent once; when the pool runs dry the rest are
 * signed on the fly.
 */
// The same for the bare route and our calls, so both go through the same client path; enough for the fastest of
// them (the bare route: about 40000 req/s signed on a quiet machine). It was 12000 for our calls and 30000 for the
// bare route: a call answering 20000 req/s ran dry after 5 s of an 8 s window and was signed inside the rest,
// charging the client's signing to our server, not to the bare route.
const PRESIGN_PER_SECOND = Number(process.env.BENCH_PRESIGN ?? 45000);
/** BENCH_RATE: a fixed request rate for every call (0: as fast as the server answers). */
const RATE = Number(process.env.BENCH_RATE || 0);

/** An answer is counted when it is HTTP 200 with `state: true`; the common case is read without parsing it. */
function accepted(status: number, body: string): Envelope | null {
  if (status !== 200) return null;
  let json: Envelope | null;
  try {
    json = JSON.parse(body) as Envelope;
  } catch {
    return null;
  }
  return json?.state ? json : null;
}

/**
 * autocannon on one call (or a sequence of calls per iteration), each request signed with a fresh nonce; highest RSS
 * seen.
 */
async function load(
  bases: string[],
  steps: Step[],
  pids: (number | undefined)[],
  seconds = SECONDS,
): Promise<{ result: autocannon.Result; rssMax: number; refused: number; serverUs: number; clientUs: number }> {
  let refused = 0;
  // A request made by setupRequest replaces autocannon's, host and port included, so it names its Host header
  // itself (without it every request said `Host: undefined:undefined`).
  // Several servers: autocannon gives its connections to them in turn, and the Host header is only a name here.
  const host = new URL(bases[0]).host;
  const sign = (s: Step, ctx: Record<string, unknown>) => {
    const r = signedRequest(s.method, s.path, s.params ? s.params(ctx) : {}, s.token);
    return { method: r.method, path: r.path, headers: { ...r.headers, host }, body: r.body };
  };
  // Only calls whose parameters do not depend on an earlier answer can be signed ahead.
  const pools = steps.map((s) =>
    s.onBody || steps.length > 1
      ? []
      : Array.from({ length: Math.ceil(PRESIGN_PER_SECOND * seconds) }, () => sign(s, {})),
  );
  let rssMax = rssMbOf(pids);
  const timer = setInterval(() => (rssMax = Math.max(rssMax, rssMbOf(pids))), 250);
  const cpu0 = { server: cpuUsOf(pids), client: process.cpuUsage() };
  const run = autocannon({
    url: bases.length === 1 ? bases[0] : bases,
    connections: CONNECTIONS,
    duration: seconds,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
    requests: steps.map((s, i) => ({
      setupRequest: (_req: unknown, ctx: Record<string, unknown>) => pools[i].pop() ?? sign(s, ctx),
      onResponse: (status: number, body: string, ctx: Record<string, unknown>) => {
        if (s.anyOk) {
          if (status !== 200) refused += 1;
          return;
        }
        // The envelope's first key is `state` (server/src/runtime/http.ts ok()), so a success is seen without parsing.
        if (!s.onBody && status === 200 && body.startsWith('{"state":true,')) return;
        const json = accepted(status, body);
        if (!json) refused += 1;
        else s.onBody?.(json, ctx);
      },
    })),
  });
  // A run that has not reported well after its duration is stopped (and said so) rather than waited on forever.
  const guard = setTimeout(
    () => {
      console.log(`  (autocannon still running ${seconds + 20} s after start: stopped)`);
      run.stop();
    },
    (seconds + 20) * 1000,
  );
  const result = await run;
  const client = process.cpuUsage(cpu0.client);
  const answered = Math.max(1, result.requests.total);
  const serverUs = (cpuUsOf(pids) - cpu0.server) / answered;
  const clientUs = (client.user + client.system) / answered;
  clearTimeout(guard);
  clearInterval(timer);
  return { result, rssMax, refused, serverUs, clientUs };
}

const row = (name: string, r: autocannon.Result, bad: number, note?: string): Row => ({
  name,
  reqPerSec: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  bad: bad + r.errors + r.timeouts,
  note,
});

/** A row from a load() run: its figures and the CPU per request of the server and the client. */
const loadRow = (name: string, l: Awaited<ReturnType<typeof load>>, note?: string): Row => ({
  ...row(name, l.result, l.refused, note),
  serverUs: l.serverUs,
  clientUs: l.clientUs,
});

interface Confirmation {
  createOrderSn: string;
  deliveryType: number;
  confirmOrderAmount: { orderTotalAmount: number; payAmount: number };
}

interface Fixture {
  visitorToken: string;
  customerToken: string;
  pageSn: string;
  columnSn: string;
  actSn: string;
  addressId: number;
}

async function fixture(server: Running): Promise<Fixture> {
  const call = <T>(method: Method, path: string, params: Record<string, unknown>, token = '') =>
    signedCall<T>(server.base, method, path, params, token);
  const visitorToken = (await call<{ token: string }>('POST', '/front/v1/entrance', { projectSn: PROJECT })).token;
  const menu = await call<{ tabList: { pageSn: string | null }[] }>(
    'GET',
    '/front/v1/customerPage/menu',
    {},
    visitorToken,
  );
  const pageSn = menu.tabList[0].pageSn as string;
  const page = await call<{ modules: { columnSn: string | null; cards: { actSn: string }[] }[] }>(
    'POST',
    '/front/v1/customerPage/moduleInfo',
    { pageSn },
    visitorToken,
  );
  const column = page.modules.find((m) => m.columnSn && m.cards.length);
  if (!column?.columnSn) throw new Error('the demo home has no column');
  // A customer (phone login) for orders.
  const phone = '13900009999';
  let customerToken = (await call<{ token: string }>('POST', '/front/v1/entrance', { projectSn: PROJECT })).token;
  await call('GET', '/api/user/phone/verification/code', { phone }, customerToken);
  customerToken = (
    await call<{ token: string }>(
      'GET',
      '/api/user/phone/login',
      { phone, code: await server.smsCode(phone) },
      customerToken,
    )
  ).token;
  const address = await call<{ addressId: number }>(
    'POST',
    '/front/v1/address',
    {
      consigneeName: '张三',
      consigneeTelephone: '13800138000',
      fullAddress: '科技园1号',
      provinceId: '440000',
      cityId: '440100',
      areaId: '440106',
    },
    customerToken,
  );
  return {
    visitorToken,
    customerToken,
    pageSn,
    columnSn: column.columnSn,
    actSn: column.cards[0].actSn,
    addressId: address.addressId,
  };
}

/** The bare route: its plain GET, and the signed requests our calls are sent. */
async function measureBare(bareServer: Running, token: string): Promise<{ bare: Row; bareSigned: Row }> {
  const bareRun = await autocannon({ url: `${bareServer.base}/json`, connections: CONNECTIONS, duration: SECONDS });
  const bare = row('bare Fastify GET /json', bareRun, bareRun.non2xx);
  // The bare route again, sent what every call below is sent and through the same client path: a signed request
  // (query and headers as the storefront's) with its own nonce, pre-signed and handed to autocannon one by one.
  // autocannon builds such a request afresh each time, while it builds the plain GET above once; on these two
  // shared cores that cost of the load client alone holds the bare route to about 0.63 of its plain rate (28 319
  // against 44 897 req/s, load 1.5), which the plain ratio charges to our server. The ratio to this row measures
  // the server; the plain one is printed beside it.
  const bareSteps: Step[] = [{ method: 'GET', path: '/json', token, anyOk: true }];
  if (WARMUP > 0) await load([bareServer.base], bareSteps, [bareServer.pid], WARMUP);
  const signedBare = await load([bareServer.base], bareSteps, [bareServer.pid]);
  const bareSigned = loadRow('bare Fastify, signed requests', signedBare);
  return { bare, bareSigned };
}

type ApiResult = { rows: Row[]; bare: Row; bareSigned: Row; startSeconds: number; rssSeeded: number; rssLoad: number };

/**
 * The API calls on `processes` server processes (one database; RSS and server CPU are theirs added up). `bareOf`: the
 * bare route's rows of an earlier run, measured again only when not given.
 */
async function apiBench(
  label: string,
  databaseUrl: string,
  processes = 1,
  bareOf?: Pick<ApiResult, 'bare' | 'bareSigned'>,
): Promise<ApiResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-bench-'));
  // The entrance limit per client (services/limits.ts) would refuse the benchmark's own loop of new visitors.
  // The server's node settings (server/src/node-settings.mjs) as `npm start` passes them, then BENCH_SERVER_ARGS
  // (a later flag wins: BENCH_SERVER_ARGS=--max-semi-space-size=16 measures without one; an environment value such
  // as MALLOC_ARENA_MAX=16 is kept). Passed here rather than left to main.ts's relaunch, so that server.pid is the
  // process whose memory is measured.
  // Several are started together, as a deployment's are: one migrates and seeds, the others wait on its lock.
  const servers = await Promise.all(
    Array.from({ length: processes }, () =>
      startProcess(
        serverNodeArgs(SERVER_ARGS),
        serverEnv({
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          ENTRANCE_PER_IP_PER_MINUTE: '1000000',
        }) as Record<string, string>,
        'Storefront ready',
      ),
    ),
  );
  const [server] = servers;
  const bases = servers.map((x) => x.base);
  const pids = servers.map((x) => x.pid);
  const startSeconds = Math.max(...servers.map((x) => x.startSeconds));
  const rssSeeded = rssMbOf(pids);
  console.log(
    `\n[${label}] server start (fresh database, migrate + seed): ${startSeconds.toFixed(1)} s, ` +
      `RSS ${rssSeeded.toFixed(0)} MB`,
  );
  const bareServer = bareOf ? null : await startProcess(['-e', BARE], {}, 'bare ready');
  const rows: Row[] = [];
  let rssLoad = rssSeeded;
  try {
    const f = await fixture(server);
    if (process.env.BENCH_DEBUG) console.log('fixture ready');
    const { bare, bareSigned } = bareOf ?? (await measureBare(bareServer as Running, f.visitorToken));
    await bareServer?.stop();

    const measure = async (name: string, steps: Step[], note?: string) => {
      if (!wanted(name)) return;
      if (process.env.BENCH_DEBUG) console.log(`${new Date().toISOString()} ${name}`);
      if (WARMUP > 0) await load(bases, steps, pids, WARMUP);
      const loaded = await load(bases, steps, pids);
      rssLoad = Math.max(rssLoad, loaded.rssMax);
      rows.push({ ...loadRow(name, loaded, note), rssMb: loaded.rssMax });
    };
    await measure('entrance (returning visitor)', [
      { method: 'POST', path: '/front/v1/entrance', params: () => ({ projectSn: PROJECT }), token: f.visitorToken },
    ]);
    await measure(
      'entrance (new visitor)',
      [{ method: 'POST', path: '/front/v1/entrance', params: () => ({ projectSn: PROJECT }) }],
      'a signed visitor token, no row written',
    );
    await measure('customerPage/menu', [{ method: 'GET', path: '/front/v1/customerPage/menu', token: f.visitorToken }]);
    await measure('customerPage/moduleInfo', [
      {
        method: 'POST',
        path: '/front/v1/customerPage/moduleInfo',
        params: () => ({ pageSn: f.pageSn }),
        token: f.visitorToken,
      },
    ]);
    await measure('module/column/list', [
      {
        method: 'POST',
        path: '/front/v1/customerPage/module/column/list',
        params: () => ({ columnSn: f.columnSn, page: 1, perSize: 10 }),
        token: f.visitorToken,
      },
    ]);
    await measure('activity/details', [
      { method: 'GET', path: '/front/v1/activity/details', params: () => ({ actSn: f.actSn }), token: f.visitorToken },
    ]);

    if (!wanted('order submit')) return { rows, bare, bareSigned, startSeconds, rssSeeded, rssLoad };
    // Order submit as the storefront orders: a confirmation (one order each: createOrderSn is unique), a
    // single-use order token, then the submit, by CONNECTIONS customers' clients in a loop. The submit's own
    // latency is what the percentiles show; the rate is orders per second of the whole loop.
    const orderNos = new Set<string>();
    const times: number[] = [];
    let failed = 0;
    let firstError = '';
    const t0 = Date.now();
    let rssMax = rssLoad;
    const timer = setInterval(() => (rssMax = Math.max(rssMax, rssMbOf(pids))), 250);
    const debug = (what: string) => process.env.BENCH_DEBUG && console.log(`${new Date().toISOString()} ${what}`);
    debug('order submit');
    // Each request to the next server in turn, as nginx's round robin sends a customer's taps.
    let turn = 0;
    const call = <T>(method: Method, path: string, params: Record<string, unknown>) =>
      signedCall<T>(bases[(turn += 1) % bases.length], method, path, params, f.customerToken, undefined, 30_000);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() - t0 < SECONDS * 1000) {
          try {
            const c = await call<Confirmation>('GET', '/front/v1/client/order/confirm/data', {
              targetSn: `${PROJECT}-goods-01`,
            });
            const { orderToken } = await call<{ orderToken: string }>('GET', '/front/v1/client/order/confirm/receipt', {
              createOrderSn: c.createOrderSn,
            });
            const t = performance.now();
            const done = await call<{ orderNo: string }>('POST', '/front/v1/client/order/submit', {
              createOrderSn: c.createOrderSn,
              orderToken,
              orderDiscountList: [],
              discountsAmount: 0,
              payAmount: c.confirmOrderAmount.payAmount,
              totalAmount: c.confirmOrderAmount.orderTotalAmount,
              orderPreAttachVO: { deliveryType: c.deliveryType, addressId: f.addressId },
            });
            times.push(performance.now() - t);
            orderNos.add(done.orderNo);
          } catch (err) {
            failed += 1;
            firstError ||= (err as Error).message;
          }
        }
      }),
    );
    clearInterval(timer);
    rssLoad = Math.max(rssLoad, rssMax);
    const seconds = (Date.now() - t0) / 1000;
    debug(`order submit done: ${orderNos.size} orders, ${failed} failed`);
    // Correct only when every order the submits reported is in the customer's list (its total) and readable.
    const list = await signedCall<{ total: number }>(
      server.base,
      'GET',
      '/front/v1/client/order/user/orders',
      { tab: 'ALL', page: 1, perSize: 1 },
      f.customerToken,
    );
    const sample = [...orderNos].slice(0, 20);
    const readable = await Promise.all(
      sample.map((no) =>
        signedCall(server.base, 'GET', `/front/v1/client/order/details/${no}/`, {}, f.customerToken).then(
          () => 1,
          () => 0,
        ),
      ),
    );
    debug('orders checked');
    const correct = list.total === orderNos.size && readable.every((x) => x === 1);
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : Number.NaN;
    rows.push({
      name: 'order submit',
      reqPerSec: orderNos.size / seconds,
      p50: pct(50),
      p99: pct(99),
      bad: failed + (correct ? 0 : Math.abs(orderNos.size - list.total) || 1),
      rssMb: rssMax,
      note: `${orderNos.size} orders (confirm + token + submit per order; latency of the submit); ${correct ? 'all in the order list' : `ONLY ${list.total} in the order list`}${firstError ? `; first failure: ${firstError}` : ''}`,
    });
    return { rows, bare, bareSigned, startSeconds, rssSeeded, rssLoad };
  } finally {
    await bareServer?.stop();
    if (process.env.BENCH_DEBUG) console.log('stopping the server');
    await Promise.all(servers.map((x) => x.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printApi(label: string, r: Awaited<ReturnType<typeof apiBench>>) {
  const fmt = (n: number, w: number, d = 0) => n.toFixed(d).padStart(w);
  console.log(
    `[${label}] ${CONNECTIONS} connections, ${SECONDS} s per call; goal >= ${GOALS.ratio}x bare, p99 <= ${GOALS.p99Ms} ms, submit >= ${GOALS.submitPerSec}/s`,
  );
  console.log('x bare: to the bare route sent signed requests through the same client path; x plain: to its plain GET');
  console.log('srv us / cli us: CPU microseconds per answered request of the server process and of the load client');
  console.log(
    `${'call'.padEnd(30)} ${'req/s'.padStart(7)} ${'x bare'.padStart(7)} ${'x plain'.padStart(7)} ${'baseline'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'refused'.padStart(7)} ${'RSS MB'.padStart(6)} ${'srv us'.padStart(6)} ${'cli us'.padStart(6)}`,
  );
  const ratios = (x: Row) =>
    [
      (x.reqPerSec / r.bareSigned.reqPerSec).toFixed(3).padStart(7),
      (x.reqPerSec / r.bare.reqPerSec).toFixed(3).padStart(7),
    ].join(' ');
  const line = (x: Row, ratio: string) =>
    console.log(
      `${x.name.padEnd(30)} ${fmt(x.reqPerSec, 7)} ${ratio} ${(BASELINE.ratio[x.name.split(' ')[0].replace('customerPage/', '')] ? `${BASELINE.ratio[x.name.split(' ')[0].replace('customerPage/', '')]}x` : '').padStart(8)} ${fmt(x.p50, 7)} ${fmt(x.p99, 7)} ${fmt(x.bad, 7)} ${x.rssMb === undefined ? ''.padStart(6) : fmt(x.rssMb, 6)} ${x.serverUs === undefined ? ''.padStart(6) : fmt(x.serverUs, 6, 1)} ${x.clientUs === undefined ? ''.padStart(6) : fmt(x.clientUs, 6, 1)}${x.note ? `  ${x.note}` : ''}`,
    );
  line(r.bare, ''.padStart(15));
  line(r.bareSigned, ratios(r.bareSigned));
  for (const x of r.rows) line(x, x.name === 'order submit' ? ''.padStart(15) : ratios(x));
  console.log(
    `[${label}] RSS after first start ${r.rssSeeded.toFixed(0)} MB, highest under load ${r.rssLoad.toFixed(0)} MB (baseline ${BASELINE.rssSeededMb} MB / ${BASELINE.rssInUseMb} MB; goal <= ${GOALS.rssMb} MB)`,
  );
}

/** The same calls on 1 and on N processes, side by side: what adding processes gives on this machine. */
function printProcesses(one: ApiResult, many: ApiResult, n: number) {
  const fmt = (x: number | undefined, w: number, d = 0) => (x === undefined ? '' : x.toFixed(d)).padStart(w);
  console.log(
    `\n[PostgreSQL] 1 and ${n} server processes on one database: the client gives its ${CONNECTIONS} connections ` +
      'to them in turn, and each submit loop request to the next; srv us: their CPU per request added up',
  );
  const pair = (a: string, w: number) => `${`${a} 1`.padStart(w)} ${`${a} ${n}`.padStart(w)}`;
  const head = [pair('req/s', 8), `${n}/1`.padStart(6), pair('p50', 6), pair('p99', 6), pair('bad', 6)];
  console.log(['call'.padEnd(30), ...head, pair('srv us', 9)].join(' '));
  for (const a of one.rows) {
    const b = many.rows.find((x) => x.name === a.name);
    if (!b) continue;
    const cells = [fmt(a.reqPerSec, 8), fmt(b.reqPerSec, 8), fmt(b.reqPerSec / a.reqPerSec, 6, 2)];
    cells.push(fmt(a.p50, 6), fmt(b.p50, 6), fmt(a.p99, 6), fmt(b.p99, 6), fmt(a.bad, 6), fmt(b.bad, 6));
    cells.push(fmt(a.serverUs, 9, 1), fmt(b.serverUs, 9, 1));
    console.log([a.name.padEnd(30), ...cells].join(' '));
  }
  const mb = (x: number) => x.toFixed(0);
  console.log(
    `[PostgreSQL] RSS of the servers together (1 / ${n} processes): after the first start ` +
      `${mb(one.rssSeeded)} / ${mb(many.rssSeeded)} MB, highest under load ${mb(one.rssLoad)} / ${mb(many.rssLoad)} MB`,
  );
}

/** The PostgreSQL to bench on: DATABASE_URL, or Debian's started by scripts/ensure-postgres.sh (as npm test does). */
function postgresUrl(): string | null {
  if (process.env.BENCH_PG === '0') return null;
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const installed = existsSync('/usr/bin/pg_lsclusters');
  if (!installed && process.env.BENCH_PG !== '1') return null;
  try {
    return execFileSync('bash', [join(root, 'scripts/ensure-postgres.sh'), 'start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  } catch (err) {
    console.log(`PostgreSQL not available: ${(err as Error).message}`);
    return null;
  }
}

/**
 * The files the first screen loads: the entry's scripts and styles (index.html), plus the page chunks of the two
 * first routes (the entrance, which enters the project, and the home it opens), found through the chunk ids the
 * webpack runtime maps to those pages.
 */
export function firstScreenFiles(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?((?:js|css)\/[^"]+)"/g)].map((m) => m[1]);
  const app = files.find((f) => /^js\/app\./.test(f));
  if (!app) return files;
  const code = readFileSync(join(dist, app), 'utf8');
  // Named chunks (config/index.ts: pages-common, swiper) are files by name, the others by id: the runtime's map.
  const named = code.match(/\.u=function\(\w\)\{return"js\/"\+\((\{[^}]*\})\[\w\]\|\|\w\)/);
  const names: Record<string, string> = named ? (JSON.parse(named[1]) as Record<string, string>) : {};
  for (const page of ['pages/entrance/entrance', 'pages/index/index']) {
    // Taro's router table: `"path":"pages/index/index","load":function(a,o){return[s.e(8458).then(...)` (or
    // Promise.all([s.e(1),s.e(2)]).then(...) when the page's chunk needs shared ones).
    const at = code.indexOf(`"path":"${page}","load"`);
    if (at < 0) continue;
    const head = code.slice(at, code.indexOf('.then(', at));
    const ids = [...head.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]);
    for (const id of ids) {
      for (const dir of ['js', 'css']) {
        for (const f of readdirSync(join(dist, dir))) {
          if (f.startsWith(`${names[id] ?? id}.`) && (f.endsWith('.js') || f.endsWith('.css')))
            files.push(`${dir}/${f}`);
        }
      }
    }
  }
  return [...new Set(files)];
}

function h5FirstLoad() {
  // BENCH_H5_DIST measures another build (e.g. a TARO_OUTPUT_ROOT build) than dist/h5.
  const dist = process.env.BENCH_H5_DIST || join(root, 'dist/h5');
  if (!existsSync(join(dist, 'index.html'))) {
    console.log(`\nH5 first screen: ${dist} missing (npm run build:h5)`);
    return;
  }
  let js = 0;
  let css = 0;
  const files = firstScreenFiles(dist);
  for (const a of files) {
    // What goes on the wire to a browser accepting br: the build's .br when it exists (server/src/runtime/static.ts).
    const wire = existsSync(join(dist, `${a}.br`))
      ? statSync(join(dist, `${a}.br`)).size
      : brotliCompressSync(readFileSync(join(dist, a))).length;
    if (a.endsWith('.js')) js += wire;
    else css += wire;
  }
  const all = readdirSync(join(dist, 'js'))
    .filter((f) => f.endsWith('.js'))
    .reduce((n, f) => n + statSync(join(dist, 'js', f)).size, 0);
  console.log(`\nH5 first screen (entry + entrance + home chunks, ${files.length} files) on the wire, br:`);
  console.log(
    `  JS ${(js / 1024).toFixed(0)} KB (goal <= ${GOALS.firstScreenJsKb} KB; baseline ${BASELINE.firstScreenJsKb} KB gzip), CSS ${(css / 1024).toFixed(0)} KB (goal <= ${GOALS.firstScreenCssKb} KB); all JS of the build ${(all / 1024).toFixed(0)} KB raw`,
  );
}

/** A database of the bench's own on that server (a fresh one, as the PGlite run gets), dropped afterwards. */
async function withOwnDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `sf_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name}`).catch((err) =>
      console.log(`bench database ${name} not dropped: ${(err as Error).message}`),
    );
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'h5') return h5FirstLoad();
  const pglite = await apiBench('PGlite', '');
  const pgUrl = postgresUrl();
  const onPg = pgUrl ? await withOwnDatabase(pgUrl, (url) => apiBench('PostgreSQL', url)) : null;
  // A fresh database again for the N processes, so both passes start from the same seed.
  const onPgMany =
    pgUrl && onPg && PROCESSES > 1
      ? await withOwnDatabase(pgUrl, (url) => apiBench(`PostgreSQL, ${PROCESSES} processes`, url, PROCESSES, onPg))
      : null;
  printApi('PGlite', pglite);
  if (onPg) printApi('PostgreSQL', onPg);
  if (onPg && onPgMany) printProcesses(onPg, onPgMany, PROCESSES);
  if (!onPg) console.log('[PostgreSQL] skipped (no postgresql installed; BENCH_PG=1 installs and starts it)');
  if (ONLY.length) return; // one call's figures asked for, not the H5 ones
  h5FirstLoad();
  // Lighthouse on the same build when Chromium is present; it starts a server of its own.
  const lighthouse = await import('./lighthouse');
  if (lighthouse.chromiumPresent()) await lighthouse.runLighthouse();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
