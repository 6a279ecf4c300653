/**
 * Three real server processes on one PostgreSQL, for the multi-process tests: each file that uses them starts its
 * three on a fresh database of TEST_DATABASE_URL once (a start costs most of the file's time), signs requests as
 * the storefront does, and lets visitors enter and customers log in through any of them.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before } from 'node:test';
import pg from 'pg';
import { DEFAULT_OPS_KEY } from '../../src/config';
import { serverEnv, serverNodeArgs } from '../../src/node-settings.mjs';
import { signedRequest, type Method } from '../../../e2e/signed-fetch';

export const adminUrl = process.env.TEST_DATABASE_URL;
const root = join(__dirname, '..', '..', '..');
export const SMS_PER_IP_PER_HOUR = 3;
export const SMS_PER_MINUTE = 40;

export interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function startProcess(databaseUrl: string, env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: root,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '4',
      SMS_PROVIDER: 'log',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      SMS_PER_IP_PER_HOUR: String(SMS_PER_IP_PER_HOUR),
      SMS_PER_MINUTE: String(SMS_PER_MINUTE),
      OPS_KEY: DEFAULT_OPS_KEY,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const started = Date.now();
  while (!output.includes('Storefront ready')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() - started > 180_000) throw new Error(`server did not start in 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

export interface Answer<T = unknown> {
  status: number;
  body: { state: boolean; message: string; code?: number; info: T };
}

export async function send<T = unknown>(
  proc: Proc,
  req: { method: string; path: string; headers: Record<string, string>; body?: string },
  extra: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(proc.url + req.path, {
    method: req.method,
    headers: { ...req.headers, ...extra },
    body: req.body,
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

export const call = <T = unknown>(
  proc: Proc,
  method: Method,
  path: string,
  params: Record<string, unknown> = {},
  token = '',
  extra: Record<string, string> = {},
) => send<T>(proc, signedRequest(method, path, params, token), extra);

let phoneSeq = 0;
export const newPhone = () =>
  `1370${String(process.pid % 10_000).padStart(4, '0')}${String((phoneSeq += 1)).padStart(3, '0')}`;
let ipSeq = 0;
export const newClient = () => ({ 'x-forwarded-for': `198.51.100.${(ipSeq += 1)}` });

export interface Cluster {
  /** The three processes, started by the describe's `before`. */
  procs: Proc[];
  /** A connection to their database, to look at what they stored and to move time along. */
  sql: pg.Client;
  /** A new visitor's token (the entrance) through `proc`, as `client`. */
  enter(proc: Proc, client?: Record<string, string>): Promise<string>;
  sendCode(proc: Proc, phone: string, token: string, client: Record<string, string>): Promise<Answer>;
  /** The last code sent to `phone` by any of the three (SMS_PROVIDER=log writes it to the output). */
  lastCode(phone: string): string;
  /** Lets the phone's one-code-per-minute rule pass again without waiting a minute. */
  ageCodes(phone: string): Promise<unknown>;
  /** A customer with a phone, logged in through `proc`. */
  login(proc: Proc): Promise<{ token: string; phone: string }>;
}

/**
 * Call inside a describe: its `before` starts the three processes on a new database (`env` added to each one's
 * environment), its `after` stops them and drops the database. The fields are there once `before` has run.
 */
export function threeProcesses(env: Record<string, string> = {}): Cluster {
  let dbName = '';
  const cluster: Cluster = {
    procs: [],
    sql: undefined as unknown as pg.Client,
    async enter(proc, client = newClient()) {
      const res = await call<{ token: string }>(proc, 'POST', '/front/v1/entrance', { projectSn: 'demo' }, '', client);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.info.token;
    },
    sendCode: (proc, phone, token, client) =>
      call(proc, 'GET', '/api/user/phone/verification/code', { phone }, token, client),
    lastCode(phone) {
      const all = cluster.procs.flatMap((p) => [
        ...p.output().matchAll(new RegExp(`验证码 (\\d{6}) 已发送至 ${phone}`, 'g')),
      ]);
      return all.length ? all[all.length - 1][1] : '';
    },
    ageCodes: (phone) =>
      cluster.sql.query(`update sms_codes set created_at = now() - interval '61 seconds' where phone = $1`, [phone]),
    async login(proc) {
      const client = newClient();
      const phone = newPhone();
      const visitor = await cluster.enter(proc, client);
      assert.equal((await cluster.sendCode(proc, phone, visitor, client)).status, 200);
      const res = await call<{ token: string }>(
        proc,
        'GET',
        '/api/user/phone/login',
        { phone, code: cluster.lastCode(phone) },
        visitor,
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return { token: res.body.info.token, phone };
    },
  };

  before(async () => {
    dbName = `sf_test_${process.pid}_mp_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    // Started together: they migrate and seed one after the other (the start lock), not over each other.
    cluster.procs = await Promise.all([0, 1, 2].map(() => startProcess(url.toString(), env)));
    cluster.sql = new pg.Client({ connectionString: url.toString() });
    await cluster.sql.connect();
  });

  after(async () => {
    const { procs } = cluster;
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map((p) =>
        p.child.exitCode !== null || p.child.signalCode !== null ? null : new Promise((r) => p.child.once('exit', r)),
      ),
    );
    await cluster.sql?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  return cluster;
}

/** A delivery address of the customer's, through `proc` (广州 天河: every seeded item delivers there). */
export async function addAddress(proc: Proc, token: string): Promise<number> {
  const res = await call<{ addressId: number }>(
    proc,
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
    token,
  );
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.info.addressId;
}

/**
 * What the storefront submits for `targetSn` delivered to `addressId`, without a coupon: the confirmation read
 * through `confirmProc`, its order token through `receiptProc` (a customer's taps land on any process).
 */
export async function submitBody(
  [confirmProc, receiptProc]: [Proc, Proc],
  token: string,
  targetSn: string,
  addressId: number,
) {
  const confirm = await call<{
    createOrderSn: string;
    confirmOrderAmount: { payAmount: number; orderTotalAmount: number };
    deliveryType: number;
  }>(confirmProc, 'GET', '/front/v1/client/order/confirm/data', { targetSn }, token);
  assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
  const { createOrderSn, confirmOrderAmount, deliveryType } = confirm.body.info;
  const receipt = await call<{ orderToken: string }>(
    receiptProc,
    'GET',
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn },
    token,
  );
  assert.equal(receipt.status, 200, JSON.stringify(receipt.body));
  return {
    createOrderSn,
    orderToken: receipt.body.info.orderToken,
    orderDiscountList: [] as Record<string, unknown>[],
    discountsAmount: 0,
    payAmount: confirmOrderAmount.payAmount,
    totalAmount: confirmOrderAmount.orderTotalAmount,
    orderPreAttachVO: { deliveryType, addressId },
  };
}
