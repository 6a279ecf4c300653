/**
 * Three real server processes on one PostgreSQL (DESIGN.md §5), started as `npm start` starts one, on a fresh
 * database, with requests spread across them: every short-lived guard holds for the three together, a change made
 * through one is served by another within a second, and nothing acknowledged is lost when one is killed under load.
 * The PostgreSQL run of the server tests only (TEST_DATABASE_URL): PGlite is one process by design.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type pg from 'pg';
import { DEFAULT_OPS_KEY } from '../../src/config';
import { FREE_FAILURES, LOCK_FAILURES, generateCardCode } from '../../src/domains/card/service';
import { signedRequest } from '../../../e2e/signed-fetch';
import {
  addAddress,
  adminUrl,
  call,
  newClient,
  newPhone,
  send,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_MINUTE,
  submitBody,
  threeProcesses,
  type Answer,
  type Proc,
} from './multi-process-helpers';

describe('three server processes on one PostgreSQL', { skip: !adminUrl }, () => {
  const cluster = threeProcesses();
  const { enter, sendCode, lastCode, ageCodes, login } = cluster;
  let procs: Proc[] = [];
  let sql: pg.Client;
  before(() => {
    ({ procs, sql } = cluster);
  });

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
    const addressId = await addAddress(procs[2], token);
    const body = await submitBody([procs[0], procs[1]], token, 'demo-goods-01', addressId);
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
