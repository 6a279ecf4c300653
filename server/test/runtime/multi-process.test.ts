/**
 * Three real server processes on one PostgreSQL (DESIGN.md §5), started as `npm start` starts one, on a fresh
 * database, with requests spread across them: every short-lived guard holds for the three together, a change made
 * through one is served by another within a second, and nothing acknowledged is lost when one is killed under load.
 * The PostgreSQL run of the server tests only (TEST_DATABASE_URL): PGlite is one process by design.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEFAULT_OPS_KEY } from '../../src/config';
import { FREE_FAILURES, LOCK_FAILURES, generateCardCode } from '../../src/domains/card/service';
import { serverEnv, serverNodeArgs } from '../../src/node-settings.mjs';
import { signedRequest, type Method } from '../../../e2e/signed-fetch';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = join(__dirname, '..', '..', '..');
const SMS_PER_IP_PER_HOUR = 3;
const SMS_PER_MINUTE = 40;

interface Proc {
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

async function startProcess(databaseUrl: string): Promise<Proc> {
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

interface Answer<T = unknown> {
  status: number;
  body: { state: boolean; message: string; code?: number; info: T };
}

async function send<T = unknown>(
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

const call = <T = unknown>(
  proc: Proc,
  method: Method,
  path: string,
  params: Record<string, unknown> = {},
  token = '',
  extra: Record<string, string> = {},
) => send<T>(proc, signedRequest(method, path, params, token), extra);

let phoneSeq = 0;
const newPhone = () =>
  `1370${String(process.pid % 10_000).padStart(4, '0')}${String((phoneSeq += 1)).padStart(3, '0')}`;
let ipSeq = 0;
const newClient = () => ({ 'x-forwarded-for': `198.51.100.${(ipSeq += 1)}` });

describe('three server processes on one PostgreSQL', { skip: !adminUrl }, () => {
  let procs: Proc[] = [];
  let sql: pg.Client;
  let dbName = '';

  before(async () => {
    dbName = `sf_test_${process.pid}_mp_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    // Started together: they migrate and seed one after the other (the start lock), not over each other.
    procs = await Promise.all([0, 1, 2].map(() => startProcess(url.toString())));
    sql = new pg.Client({ connectionString: url.toString() });
    await sql.connect();
  });

  after(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map((p) =>
        p.child.exitCode !== null || p.child.signalCode !== null ? null : new Promise((r) => p.child.once('exit', r)),
      ),
    );
    await sql?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  const enter = async (proc: Proc, client = newClient()) => {
    const res = await call<{ token: string }>(proc, 'POST', '/front/v1/entrance', { projectSn: 'demo' }, '', client);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.info.token;
  };
  const sendCode = (proc: Proc, phone: string, token: string, client: Record<string, string>) =>
    call(proc, 'GET', '/api/user/phone/verification/code', { phone }, token, client);
  const lastCode = (phone: string) => {
    const all = procs.flatMap((p) => [...p.output().matchAll(new RegExp(`验证码 (\\d{6}) 已发送至 ${phone}`, 'g'))]);
    return all.length ? all[all.length - 1][1] : '';
  };
  /** Lets the phone's one-code-per-minute rule pass again without waiting a minute. */
  const ageCodes = (phone: string) =>
    sql.query(`update sms_codes set created_at = now() - interval '61 seconds' where phone = $1`, [phone]);

  const login = async (proc: Proc) => {
    const client = newClient();
    const phone = newPhone();
    const visitor = await enter(proc, client);
    assert.equal((await sendCode(proc, phone, visitor, client)).status, 200);
    const res = await call<{ token: string }>(
      proc,
      'GET',
      '/api/user/phone/login',
      { phone, code: lastCode(phone) },
      visitor,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { token: res.body.info.token, phone };
  };

  it('all three answer /healthz and /readyz', async () => {
    for (const p of procs) {
      assert.equal((await fetch(`${p.url}/healthz`)).status, 200);
      assert.equal((await fetch(`${p.url}/readyz`)).status, 200);
    }
  });

  it('a request replayed to another process is refused', async () => {
    const token = await enter(procs[0]);
    const req = signedRequest('GET', '/front/v1/customerPage/menu', {}, token);
    assert.equal((await send(procs[0], req)).status, 200);
    const again = await send(procs[1], req);
    assert.equal(again.status, 400);
    assert.equal(again.body.message, '重复的请求');
    assert.equal((await send(procs[2], req)).status, 400);
  });

  it('a session ended through one process is refused by another within a second', async () => {
    const client = newClient();
    const visitor = await enter(procs[0], client);
    // Process 1 remembers the visitor's session.
    for (let i = 0; i < 2; i += 1)
      assert.equal((await call(procs[1], 'GET', '/front/v1/customerPage/menu', {}, visitor)).status, 200);
    const phone = newPhone();
    assert.equal((await sendCode(procs[0], phone, visitor, client)).status, 200);
    const login = await call(procs[0], 'GET', '/api/user/phone/login', { phone, code: lastCode(phone) }, visitor);
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const until = Date.now() + 1_000;
    let status = 0;
    while (Date.now() < until) {
      status = (await call(procs[1], 'GET', '/front/v1/customerPage/menu', {}, visitor)).status;
      if (status !== 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 401, 'the old visitor token is refused by process 1');
  });

  it('a change made through one process is served by another within a second', async () => {
    const token = await enter(procs[1]);
    const menu = async (p: Proc) =>
      (await call<{ tabList: { title: string }[] }>(p, 'GET', '/front/v1/customerPage/menu', {}, token)).body.info
        .tabList[1].title;
    const before = await menu(procs[1]);
    assert.equal(await menu(procs[1]), before, 'served (and remembered) by process 1');
    const ops = { authorization: `Bearer ${DEFAULT_OPS_KEY}`, 'content-type': 'application/json' };
    const tabs = (await (await fetch(`${procs[0].url}/ops/pages/tabs?projectSn=demo`, { headers: ops })).json()) as {
      info: { list: { pageSn: string }[] };
    };
    const title = before === '精品课' ? '好课' : '精品课';
    const changed = await fetch(`${procs[0].url}/ops/pages/tabs/1`, {
      method: 'PATCH',
      headers: ops,
      body: JSON.stringify({ projectSn: 'demo', title, pageSn: tabs.info.list[1].pageSn }),
    });
    assert.equal(changed.status, 200, await changed.clone().text());
    const until = Date.now() + 1_000;
    let seen = before;
    while (Date.now() < until && seen !== title) {
      seen = await menu(procs[1]);
      if (seen !== title) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(seen, title);
    assert.equal(await menu(procs[2]), title);
  });

  let customers: { token: string; phone: string }[] = [];
  it('customers log in through any process (for the load below)', async () => {
    customers = [];
    for (let i = 0; i < 6; i += 1) customers.push(await login(procs[i % 3]));
  });

  it('SMS codes per phone per day hold across processes', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i += 1) {
      const p = procs[i % 3];
      const client = newClient();
      const res = await sendCode(p, phone, await enter(p, client), client);
      assert.equal(res.status, 200, `code ${i + 1} through process ${i % 3}: ${JSON.stringify(res.body)}`);
      await ageCodes(phone);
    }
    const client = newClient();
    const refused = await sendCode(procs[1], phone, await enter(procs[1], client), client);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, '该手机号今日获取验证码次数已达上限，请明天再试');
  });

  it('SMS codes per client hold across processes', async () => {
    const client = newClient();
    const token = await enter(procs[0], client);
    for (let i = 0; i < SMS_PER_IP_PER_HOUR; i += 1)
      assert.equal((await sendCode(procs[i % 3], newPhone(), token, client)).status, 200);
    const refused = await sendCode(procs[2], newPhone(), token, client);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, '获取验证码太频繁，请稍后再试');
  });

  it('wrong code guesses per phone hold across processes', async () => {
    const phone = newPhone();
    const client = newClient();
    const token = await enter(procs[0], client);
    assert.equal((await sendCode(procs[0], phone, token, client)).status, 200);
    const wrong = lastCode(phone) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i += 1) {
      const res = await call(procs[i % 3], 'GET', '/api/user/phone/login', { phone, code: wrong }, token, client);
      assert.equal(res.status, 400, JSON.stringify(res.body));
    }
    const locked = await call(
      procs[1],
      'GET',
      '/api/user/phone/login',
      { phone, code: lastCode(phone) },
      token,
      client,
    );
    assert.equal(locked.status, 429);
  });

  it('SMS codes for the whole server hold across processes', async () => {
    // What the tests above sent counts too: the budget is the server's. A window about to end is waited out.
    const window = async () =>
      (
        await sql.query(
          `select count, extract(epoch from reset_at - now()) * 1000 as left_ms from rate_limits
           where key = 'sms:all' and reset_at > now()`,
        )
      ).rows[0] as { count: number; left_ms: number } | undefined;
    let current = await window();
    if (current && current.left_ms < 30_000) {
      await new Promise((r) => setTimeout(r, current!.left_ms + 100));
      current = await window();
    }
    const count = current?.count ?? 0;
    let passed = 0;
    let refused: Answer | null = null;
    while (!refused && passed <= SMS_PER_MINUTE) {
      const client = newClient();
      const p = procs[passed % 3];
      const token = await enter(p, client);
      for (let i = 0; i < SMS_PER_IP_PER_HOUR && !refused; i += 1) {
        const res = await sendCode(procs[(passed + i) % 3], newPhone(), token, client);
        if (res.status === 200) passed += 1;
        else refused = res;
      }
    }
    assert.equal(passed, SMS_PER_MINUTE - count);
    assert.equal(refused?.status, 429);
    assert.equal(refused?.body.message, '短信发送繁忙，请稍后再试');
  });

  it('one order per order token, whichever processes the submits reach', async () => {
    const { token } = customers[1];
    const address = await call<{ addressId: number }>(
      procs[2],
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
    assert.equal(address.status, 200, JSON.stringify(address.body));
    const confirm = await call<{
      createOrderSn: string;
      confirmOrderAmount: { payAmount: number; orderTotalAmount: number };
      deliveryType: number;
    }>(procs[0], 'GET', '/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' }, token);
    assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
    const { createOrderSn, confirmOrderAmount, deliveryType } = confirm.body.info;
    const receipt = await call<{ orderToken: string }>(
      procs[1],
      'GET',
      '/front/v1/client/order/confirm/receipt',
      { createOrderSn },
      token,
    );
    assert.equal(receipt.status, 200, JSON.stringify(receipt.body));
    const body = {
      createOrderSn,
      orderToken: receipt.body.info.orderToken,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: confirmOrderAmount.payAmount,
      totalAmount: confirmOrderAmount.orderTotalAmount,
      orderPreAttachVO: { deliveryType, addressId: address.body.info.addressId },
    };
    const countOrders = async () =>
      Number(
        (
          await sql.query(
            `select count(*) as n from orders o join sessions s on s.user_id = o.user_id
             where s.token_hash = encode(sha256($1::bytea), 'hex')`,
            [token],
          )
        ).rows[0].n,
      );
    const before = await countOrders();
    // The same submit, signed afresh for each process, sent to all three at once (and twice to one).
    const answers = await Promise.all(
      [0, 1, 2, 0].map((i) => call(procs[i], 'POST', '/front/v1/client/order/submit', body, token)),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.body)));
    for (const a of answers) assert.ok(a.status < 500, JSON.stringify(a.body));
    assert.equal(await countOrders(), before + 1);
  });

  it('the card-code lock-out holds across processes', async () => {
    const { token } = customers[0];
    const check = (p: Proc) =>
      call(p, 'POST', '/front/v1/client/card/code/check', { cardCode: generateCardCode() }, token);
    // Wrong codes through each process in turn; the back-off between them is waited out by moving the last
    // failure back, as time passing would (the lock itself is what is tested).
    for (let i = 0; i < LOCK_FAILURES; i += 1) {
      const res = await check(procs[i % 3]);
      assert.equal(res.status, 400, `wrong code ${i + 1}: ${JSON.stringify(res.body)}`);
      if (i + 1 >= FREE_FAILURES && i + 1 < LOCK_FAILURES)
        await sql.query(`update card_guards set last_failure_at = now() - interval '20 minutes'`);
    }
    for (const p of procs) {
      const locked = await check(p);
      assert.equal(locked.status, 429);
      assert.match(locked.body.message, /^卡密错误次数过多，请\d+分钟后再试$/);
    }
  });

  it('nothing acknowledged is lost when one process is killed (SIGKILL) under load', async () => {
    const acknowledged: string[] = [];
    let failed = 0;
    let n = 0;
    const worker = async (p: Proc, until: number, { token, phone }: { token: string; phone: string }) => {
      // Each customer keeps at most 20 addresses: past that its worker stops.
      for (let own = 0; Date.now() < until && own < 20; own += 1) {
        const name = `压测${(n += 1)}`;
        try {
          const res = await call(
            p,
            'POST',
            '/front/v1/address',
            {
              consigneeName: name,
              consigneeTelephone: phone,
              provinceId: '440000',
              cityId: '440300',
              areaId: '440305',
              fullAddress: `科技园${n}号`,
              isDefault: false,
            },
            token,
          );
          if (res.status === 200) acknowledged.push(name);
          else failed += 1;
        } catch {
          failed += 1; // The killed process's connections: never acknowledged.
        }
      }
    };
    const until = Date.now() + 3_000;
    const load = [0, 1, 2, 0, 1, 2].map((i, w) => worker(procs[i], until, customers[w]));
    await new Promise((r) => setTimeout(r, 1_000));
    procs[0].child.kill('SIGKILL');
    await Promise.all(load);
    assert.ok(acknowledged.length > 10, `${acknowledged.length} acknowledged, ${failed} failed`);
    const { rows } = await sql.query(`select consignee_name from addresses where consignee_name = any($1)`, [
      acknowledged,
    ]);
    assert.equal(rows.length, acknowledged.length, 'every acknowledged address is stored');
    // The two left serve on.
    assert.equal((await fetch(`${procs[1].url}/readyz`)).status, 200);
  });
});
