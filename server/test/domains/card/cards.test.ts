/**
 * Card vouchers and card-secret redeem: check then redeem, each refusal with its own message, codes
 * typed with spaces and in lower case, one success out of 20 concurrent redeems, wrong codes slowed then refused,
 * secrets never stored in clear, the operator's batches (codes returned once as CSV), and nobody else's voucher.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { CardEvent, CardPreview, CardVoucher } from '@contract/card';
import type { Paged } from '@contract/common';
import type { HeldCoupon } from '@contract/coupon';
import { cardCodes, cardGuards } from '../../../src/domains/card/schema';
import { FREE_FAILURES, LOCK_FAILURES } from '../../../src/domains/card/service';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let seq = 0;
const phone = () => `1360000${String(1000 + (seq += 1)).slice(-4)}`;
const customer = async () => h.login(phone(), 'demo');
let nextDemo = 0;
/** Each test redeems its own demo code (DEMO-CARD-0001 ... 0010). */
const demoCode = () => `DEMO-CARD-${String((nextDemo += 1)).padStart(4, '0')}`;

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

const check = (token: string, cardCode: string) =>
  h.post<{ preview: CardPreview }>('/front/v1/client/card/code/check', { cardCode }, token);
const redeem = (token: string, cardCode: string) =>
  h.post<{ voucher: CardVoucher }>('/front/v1/client/card/code/redeem', { cardCode }, token);
const cards = async (token: string) =>
  (await h.get<Paged<CardVoucher>>('/front/v1/client/card/code', { page: 1, perSize: 50 }, token)).body.info;

async function newBatch(count: number, extra: Record<string, unknown> = {}) {
  const res = await h.inject({
    method: 'POST',
    url: '/ops/card/batches',
    headers: { authorization: `Bearer ${h.config.opsKey}` },
    payload: { projectSn: 'demo', cardName: '测试卡', faceValue: 1000, count, ...extra } as never,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const info = res.body.info as { batch: { batchSn: string; codes: number; redeemed: number }; csv: string };
  return { ...info, codes: info.csv.trim().split('\n').slice(1) };
}

describe('redeem', () => {
  test('check shows what a code gives; redeem makes the voucher and its coupons the customer’s', async () => {
    const { token } = await customer();
    const code = demoCode();
    const preview = await check(token, code);
    assert.equal(preview.status, 200, preview.raw.body);
    assert.equal(preview.body.info.preview.cardName, '精品课体验卡');
    assert.deepEqual(
      preview.body.info.preview.coupons.map((c) => c.couponName),
      ['礼品卡赠50元券', '合作商家20元券'],
    );
    const res = await redeem(token, code);
    assert.equal(res.status, 200, res.raw.body);
    const v = res.body.info.voucher;
    assert.deepEqual([v.cardName, v.state, v.refundState], ['精品课体验卡', 1, 0]);
    assert.match(v.cardNo, /^\d{16}$/);
    const list = await cards(token);
    assert.equal(list.list[0].voucherSn, v.voucherSn, 'usable vouchers first');
    const coupons = (
      await h.get<Paged<HeldCoupon>>('/front/v1_2/coupon/coupon-list', { state: '1', page: 1, perSize: 50 }, token)
    ).body.info.list;
    assert.ok(coupons.some((c) => c.couponName === '礼品卡赠50元券' && c.validityType === 5));
  });

  test('spaces, hyphens and lower case are ignored', async () => {
    const { token } = await customer();
    const code = demoCode().toLowerCase().replace(/-/g, ' ');
    assert.equal((await redeem(token, ` ${code}  `)).status, 200);
  });

  test('used, invalid, expired and wrong codes each have their own message; a malformed one is 400', async () => {
    const { token } = await customer();
    const cases: Array<[string, number, number, string]> = [
      ['DEMO-USED-0001', 409, 4202, '该卡密已被使用'],
      ['DEMO-VOID-0001', 409, 4204, '该卡密已失效'],
      ['DEMO-EXPD-0001', 409, 4203, '该卡密已过期'],
      ['ZZZZ-ZZZZ-ZZZZ', 400, 4201, '卡密错误，请核对后重新输入'],
    ];
    for (const [code, status, errorCode, message] of cases) {
      for (const call of [check, redeem]) {
        const res = await call(token, code);
        assert.deepEqual([res.status, res.body.code, res.body.message], [status, errorCode, message], code);
      }
      // The guard is reset between cases so only the message is tested here.
      await h.database.db.delete(cardGuards);
    }
    for (const code of ['abc', '卡密卡密卡密卡密', 'x'.repeat(40), '!!!!!!!!!!']) {
      const res = await redeem(token, code);
      assert.deepEqual([res.status, res.body.message], [400, '卡密格式不正确，请核对后重新输入'], code);
    }
    assert.equal((await redeem(token, '')).status, 400);
    assert.equal((await h.post('/front/v1/client/card/code/redeem', {}, token)).status, 400);
  });

  test('another project’s code is a wrong code here', async () => {
    const { token } = await customer();
    const res = await redeem(token, 'COURSE-CARD-0001');
    assert.equal(res.body.code, 4201);
  });

  test('a code redeems once: 20 customers at once, one voucher', async () => {
    const { codes } = await newBatch(1);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => customer().then((c) => c.token)));
    const results = await Promise.all(tokens.map((t) => redeem(t, codes[0])));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.ok(
      results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.message === '该卡密已被使用'),
    );
    const [{ n }] = await h.database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from card_vouchers where code_id in (select code_id from card_codes where tail = ${codes[0].replace(/-/g, '').slice(-4)})`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    assert.equal(n, 1);
  });

  test('the same customer redeeming one code 20 times at once gets one voucher', async () => {
    const { codes } = await newBatch(1);
    const { token } = await customer();
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(token, codes[0])));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
  });
});

describe('wrong codes are slowed, then refused', () => {
  test(`after ${FREE_FAILURES} wrong codes the next must wait; after ${LOCK_FAILURES} the customer is refused for a while`, async () => {
    const { token, userId } = await customer();
    for (let i = 0; i < FREE_FAILURES; i += 1) assert.equal((await redeem(token, 'WRONGCODE0' + i)).body.code, 4201);
    const slowed = await redeem(token, demoCode());
    assert.equal(slowed.status, 429);
    assert.match(slowed.body.message, /^卡密错误次数较多，请\d+秒后再试$/);
    // Even the right code waits: the wait is about the customer, not the code.
    const back = (ms: number) =>
      h.database.db
        .update(cardGuards)
        .set({ lastFailureAt: new Date(Date.now() - ms) })
        .where(eq(cardGuards.userId, userId));
    for (let i = FREE_FAILURES; i < LOCK_FAILURES; i += 1) {
      await back(61_000);
      assert.equal((await redeem(token, 'WRONGCODE1' + i)).body.code, 4201, `wrong ${i + 1}`);
    }
    await back(61_000);
    const locked = await redeem(token, 'WRONGCODE99');
    assert.equal(locked.status, 429);
    assert.match(locked.body.message, /^卡密错误次数过多，请\d+分钟后再试$/);
    // Another customer is not affected.
    assert.equal((await check((await customer()).token, 'DEMO-CARD-0010')).status, 200);
    // Wrong codes are forgotten an hour after the last one.
    await back(61 * 60_000);
    assert.equal((await redeem(token, 'WRONGCODE77')).body.code, 4201);
  });

  test('20 wrong codes at once: only the free ones are even compared', async () => {
    const { token } = await customer();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => redeem(token, `PARALLEL${String(i).padStart(4, '0')}`)),
    );
    assert.equal(results.filter((r) => r.body.code === 4201).length, FREE_FAILURES);
    assert.equal(results.filter((r) => r.status === 429).length, 20 - FREE_FAILURES);
  });
});

describe('vouchers', () => {
  test('demo vouchers in every past state; details with history; copy number shown', async () => {
    const { token } = await customer();
    const list = await cards(token);
    const states = list.list.map((v) => [v.state, v.refundState]).sort();
    assert.deepEqual(states, [
      [3, 0],
      [4, 0],
      [5, 0],
      [5, 2],
    ]);
    const used = list.list.find((v) => v.state === 3)!;
    const details = await h.get<CardVoucher>(`/front/v1/client/card/code/details/${used.voucherSn}`, {}, token);
    assert.equal(details.status, 200, details.raw.body);
    assert.equal(details.body.info.cardNo, used.cardNo);
    const history = await h.get<Paged<CardEvent>>(
      '/front/v1/client/card/code/history',
      { voucherSn: used.voucherSn, page: 1, perSize: 10 },
      token,
    );
    assert.deepEqual(
      history.body.info.list.map((e) => e.title),
      ['已使用', '获得卡券'],
    );
    assert.equal((await cards(token)).total, 4, 'demo vouchers are given once');
  });

  test('another customer’s voucher is not found; malformed ids are 400', async () => {
    const a = await customer();
    const b = await customer();
    const redeemed = await redeem(a.token, demoCode());
    const sn = redeemed.body.info.voucher.voucherSn;
    assert.equal((await h.get(`/front/v1/client/card/code/details/${sn}`, {}, b.token)).status, 404);
    assert.equal((await h.get('/front/v1/client/card/code/history', { voucherSn: sn }, b.token)).status, 404);
    assert.ok(!(await cards(b.token)).list.some((v) => v.voucherSn === sn));
    assert.equal((await h.get('/front/v1/client/card/code/details/a%20b', {}, a.token)).status, 400);
    assert.equal((await h.get('/front/v1/client/card/code/history', {}, a.token)).status, 400);
  });

  test('a visitor cannot list, check or redeem', async () => {
    const visitor = await h.enter();
    assert.equal((await h.get('/front/v1/client/card/code', {}, visitor)).status, 403);
    assert.equal((await redeem(visitor, 'DEMO-CARD-0009')).status, 403);
  });
});

describe('operator batches', () => {
  test('codes come back once as CSV, are stored only as HMACs, and redeem; the batch counts them', async () => {
    const created = await newBatch(5, { couponSns: ['demo-cp-scan-30'] });
    assert.equal(created.codes.length, 5);
    for (const c of created.codes) assert.match(c, /^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const stored = await h.database.db.select().from(cardCodes).where(eq(cardCodes.batchSn, created.batch.batchSn));
    const dump = JSON.stringify(stored);
    for (const c of created.codes)
      assert.ok(!dump.includes(c.replace(/-/g, '')) && !dump.includes(c), 'no code in clear');
    const { token } = await customer();
    assert.equal((await redeem(token, created.codes[2])).status, 200);
    const list = await h.inject({
      method: 'GET',
      url: '/ops/card/batches?projectSn=demo',
      headers: { authorization: `Bearer ${h.config.opsKey}` },
    });
    const batch = (list.body.info as { list: { batchSn: string; codes: number; redeemed: number }[] }).list.find(
      (b) => b.batchSn === created.batch.batchSn,
    );
    assert.deepEqual([batch?.codes, batch?.redeemed], [5, 1]);
  });

  test('bad batches are 400; no bearer is 401', async () => {
    const bad = await h.inject({
      method: 'POST',
      url: '/ops/card/batches',
      headers: { authorization: `Bearer ${h.config.opsKey}` },
      payload: { projectSn: 'demo', cardName: 'x', count: 0 },
    });
    assert.equal(bad.status, 400);
    const foreign = await h.inject({
      method: 'POST',
      url: '/ops/card/batches',
      headers: { authorization: `Bearer ${h.config.opsKey}` },
      payload: { projectSn: 'demo', cardName: 'x', count: 1, couponSns: ['course-cp-amount'] },
    });
    assert.equal(foreign.status, 400);
    assert.equal(
      (
        await h.inject({
          method: 'POST',
          url: '/ops/card/batches',
          payload: { projectSn: 'demo', cardName: 'x', count: 1 },
        })
      ).status,
      401,
    );
  });
});
