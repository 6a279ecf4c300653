/**
 * Coupons and claims: 我的优惠券 by state, useDiscountCoupon's jumps, the scan-code claim with stock
 * and per-person limits (also under 20 concurrent claims), a claimed coupon spent on an order and given back on
 * cancel, and nobody else's coupon ever visible or usable.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Paged } from '@contract/common';
import type { ClaimDetails, CouponUse, HeldCoupon } from '@contract/coupon';
import type { Confirmation, DiscountCoupon, SubmitResult } from '@contract/order';
import { cardVouchers } from '../../../src/domains/card/schema';
import { claimItems, welcomeGifts, welcomeGrants } from '../../../src/domains/coupon/schema';
import { userCoupons } from '../../../src/domains/coupon/schema';
import { thirdPartyEnum } from '../../../src/domains/coupon/held';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let seq = 0;
const phone = () => `1370000${String(1000 + (seq += 1)).slice(-4)}`;
const customer = async (projectSn = 'demo') => h.login(phone(), projectSn);
const OPS = () => ({ authorization: `Bearer ${h.config.opsKey}` });

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

async function held(token: string, state: string) {
  const res = await h.get<Paged<HeldCoupon>>('/front/v1_2/coupon/coupon-list', { state, page: 1, perSize: 50 }, token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}
async function claimPage(token: string, actSn = 'demo-scan-1') {
  const res = await h.get<ClaimDetails>('/front/v1/activity/scan/code/coupons/details', { actSn }, token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}
const receive = (token: string, itemId: string) =>
  h.post<{ rcSn: string; item: ClaimDetails['coupons'][number] }>(
    `/front/v1/activity/scan/code/receive/coupons/${itemId}`,
    {},
    token,
  );

async function ops<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await h.inject({ method, url, headers: OPS(), payload: payload as never });
  return res as unknown as { status: number; body: { state: boolean; message: string; info: T } };
}

/** A claim activity of one fresh template, for the limit and concurrency tests. */
async function makeClaim(stock: number, perPerson: number) {
  const t = await ops<{ couponSn: string }>('POST', '/ops/coupon/templates', {
    projectSn: 'demo',
    couponName: '并发测试券',
    couponType: 1,
    couponAmount: 500,
    validityType: 1,
    validityDays: 3,
  });
  assert.equal(t.status, 200, JSON.stringify(t.body));
  const a = await ops<{ actSn: string; claimUrl: string; items: { itemId: string }[] }>('POST', '/ops/coupon/claims', {
    projectSn: 'demo',
    title: '并发测试',
    items: [{ couponSn: t.body.info.couponSn, stock, perPerson }],
  });
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return {
    couponSn: t.body.info.couponSn,
    actSn: a.body.info.actSn,
    itemId: a.body.info.items[0].itemId,
    claimUrl: a.body.info.claimUrl,
  };
}

describe('我的优惠券', () => {
  test('tabs by state: unused, used, expired, and history (used + expired); demo gifts only, no issued templates', async () => {
    const { token } = await customer();
    const unused = await held(token, '1');
    assert.ok(unused.list.length >= 4);
    assert.ok(unused.list.every((c) => c.state === 1));
    assert.ok(
      !unused.list.some((c) => c.couponSn.includes('-cp-scan-') || c.couponSn.includes('-cp-card-')),
      'issued templates are not gifts',
    );
    // Soonest-ending first.
    const ends = unused.list.map((c) => c.endTime!);
    assert.deepEqual(ends, [...ends].sort());
    assert.deepEqual(
      (await held(token, '2')).list.map((c) => [c.couponName, c.state]),
      [['已使用的10元券', 2]],
    );
    assert.deepEqual(
      (await held(token, '3')).list.map((c) => [c.couponName, c.state]),
      [['已过期的15元券', 3]],
    );
    assert.equal((await held(token, 'history')).total, 2);
  });

  test('paging: perSize and page split the list', async () => {
    const { token } = await customer();
    const all = await held(token, '1');
    const p1 = await h.get<Paged<HeldCoupon>>(
      '/front/v1_2/coupon/coupon-list',
      { state: '1', page: 1, perSize: 2 },
      token,
    );
    const p2 = await h.get<Paged<HeldCoupon>>(
      '/front/v1_2/coupon/coupon-list',
      { state: '1', page: 2, perSize: 2 },
      token,
    );
    assert.deepEqual(
      [...p1.body.info.list, ...p2.body.info.list].map((c) => c.rcSn),
      all.list.slice(0, 4).map((c) => c.rcSn),
    );
    assert.equal(p1.body.info.total, all.total);
  });

  test('an unused copy past its end shows in 已过期', async () => {
    const { token, userId } = await customer();
    const [first] = (await held(token, '1')).list;
    await h.database.db
      .update(userCoupons)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(and(eq(userCoupons.rcSn, first.rcSn), eq(userCoupons.userId, userId)));
    assert.ok((await held(token, '3')).list.some((c) => c.rcSn === first.rcSn && c.state === 3));
    assert.ok(!(await held(token, '1')).list.some((c) => c.rcSn === first.rcSn));
  });

  test('bad state or paging is 400; a visitor is asked to log in (403); no token is 401', async () => {
    const { token } = await customer();
    const bad = await h.get('/front/v1_2/coupon/coupon-list', { state: '9' }, token);
    assert.deepEqual([bad.status, bad.body.message], [400, '优惠券状态不正确']);
    assert.equal((await h.get('/front/v1_2/coupon/coupon-list', { perSize: 999 }, token)).status, 400);
    const visitor = await h.enter();
    assert.equal((await h.get('/front/v1_2/coupon/coupon-list', {}, visitor)).status, 403);
    assert.equal((await h.get('/front/v1_2/coupon/coupon-list', {})).status, 401);
  });
});

describe('新人礼包', () => {
  test('given once, on the first look at coupons or cards, with the vouchers; a project without one gives nothing', async () => {
    const { token, userId } = await customer();
    const copies = async () =>
      (await h.database.db.select().from(userCoupons).where(eq(userCoupons.userId, userId))).length;
    assert.equal(await copies(), 0, 'nothing before the customer looks');
    const first = await held(token, '1');
    const given = await copies();
    assert.ok(given >= 7, `the seeded gift's coupons (${given})`);
    await Promise.all([held(token, '1'), held(token, '2'), held(token, '3')]);
    assert.equal(await copies(), given, 'a later look gives nothing more');
    assert.deepEqual(
      (await held(token, '1')).list.map((c) => c.rcSn),
      first.list.map((c) => c.rcSn),
    );
    const vouchers = await h.database.db.select().from(cardVouchers).where(eq(cardVouchers.userId, userId));
    assert.equal(vouchers.length, 4, 'one voucher in each past state');
    assert.equal((await h.database.db.select().from(welcomeGrants).where(eq(welcomeGrants.userId, userId))).length, 1);

    await h.database.db.delete(welcomeGifts).where(eq(welcomeGifts.projectSn, 'course'));
    const other = await customer('course');
    assert.equal((await held(other.token, '1')).list.length, 0);
  });
});

describe('useDiscountCoupon', () => {
  test('a coupon for every item goes to the home tab (1)', async () => {
    const { token } = await customer();
    await held(token, '1');
    const res = await h.get<CouponUse>(
      '/front/v1_2/coupon/use',
      { couponSn: 'demo-cp-amount', page: 1, perSize: 10 },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(
      [res.body.info.jumpType, res.body.info.targetSn, res.body.info.activityList.result.length],
      [1, null, 0],
    );
  });

  test('a coupon for some items lists them (2, targetSn = couponSn); the more-activity list pages them', async () => {
    const { token } = await customer();
    await held(token, '1');
    const res = await h.get<CouponUse>(
      '/front/v1_2/coupon/use',
      { couponSn: 'demo-cp-other', page: 1, perSize: 10 },
      token,
    );
    assert.equal(res.body.info.jumpType, 2);
    assert.equal(res.body.info.targetSn, 'demo-cp-other');
    assert.deepEqual(
      res.body.info.activityList.result.map((a) => a.actSn),
      ['demo-course-07'],
    );
    const more = await h.post<{ list: { actSn: string }[]; columnTitle: string }>(
      '/front/v1/customerPage/column/more-level/list',
      { couponSn: 'demo-cp-other', page: 1, perSize: 10 },
      token,
    );
    assert.equal(more.status, 200, more.raw.body);
    assert.deepEqual(
      [more.body.info.list.map((a) => a.actSn), more.body.info.columnTitle],
      [['demo-course-07'], '适用活动'],
    );
  });

  test('a scoped coupon whose items are all offline answers jumpType 2 with an empty list', async () => {
    const { token } = await customer();
    const t = await ops<{ couponSn: string }>('POST', '/ops/coupon/templates', {
      projectSn: 'demo',
      couponName: '下架商品券',
      couponType: 1,
      couponAmount: 100,
      validityType: 5,
      scopeActSns: ['demo-course-09'],
    });
    assert.equal(t.status, 200, JSON.stringify(t.body));
    const a = await ops<{ items: { itemId: string }[] }>('POST', '/ops/coupon/claims', {
      projectSn: 'demo',
      title: '空列表',
      items: [{ couponSn: t.body.info.couponSn, stock: 5 }],
    });
    assert.equal((await receive(token, a.body.info.items[0].itemId)).status, 200);
    const res = await h.get<CouponUse>(
      '/front/v1_2/coupon/use',
      { couponSn: t.body.info.couponSn, page: 1, perSize: 10 },
      token,
    );
    assert.deepEqual([res.body.info.jumpType, res.body.info.activityList.result], [2, []]);
  });

  test('used or expired copies cannot be used (409 with the reason); someone else’s or an unknown coupon is 404; a bad couponSn is 400', async () => {
    const { token } = await customer();
    await held(token, '1');
    const used = await h.get('/front/v1_2/coupon/use', { couponSn: 'demo-cp-used' }, token);
    assert.deepEqual([used.status, used.body.message], [409, '该优惠券已使用']);
    const expired = await h.get('/front/v1_2/coupon/use', { couponSn: 'demo-cp-expired' }, token);
    assert.deepEqual([expired.status, expired.body.message], [409, '该优惠券已过期']);
    // A claimed coupon is this customer's only; another customer never got one.
    const other = await customer();
    assert.equal((await receive(token, 'demo-scan-1-2')).status, 200);
    assert.equal((await h.get('/front/v1_2/coupon/use', { couponSn: 'demo-cp-scan-90' }, other.token)).status, 404);
    assert.equal(
      (
        await h.post(
          '/front/v1/customerPage/column/more-level/list',
          { couponSn: 'demo-cp-scan-90', page: 1, perSize: 10 },
          other.token,
        )
      ).status,
      404,
    );
    // Another project's coupon is not found either.
    assert.equal((await h.get('/front/v1_2/coupon/use', { couponSn: 'course-cp-amount' }, token)).status, 404);
    for (const couponSn of ['', 'a b', '../x', 'x'.repeat(65), '优惠券']) {
      const res = await h.get('/front/v1_2/coupon/use', { couponSn }, token);
      assert.equal(res.status, 400, `couponSn ${couponSn}`);
    }
    assert.equal(
      (await h.post('/front/v1/customerPage/column/more-level/list', { couponSn: 'a b', page: 1, perSize: 10 }, token))
        .status,
      400,
    );
  });

  test('a partner coupon opens its page (3, targetSn = URL)', async () => {
    const { token } = await customer();
    const t = await ops<{ couponSn: string }>('POST', '/ops/coupon/templates', {
      projectSn: 'demo',
      couponName: '合作券',
      couponType: 1,
      couponAmount: 100,
      validityType: 1,
      validityDays: 5,
      useUrl: 'https://partner.example.com/use',
    });
    const a = await ops<{ items: { itemId: string }[] }>('POST', '/ops/coupon/claims', {
      projectSn: 'demo',
      title: '合作',
      items: [{ couponSn: t.body.info.couponSn, stock: 5 }],
    });
    await receive(token, a.body.info.items[0].itemId);
    const res = await h.get<CouponUse>('/front/v1_2/coupon/use', { couponSn: t.body.info.couponSn }, token);
    assert.deepEqual(
      [res.body.info.jumpType, res.body.info.targetSn, res.body.info.actEnum],
      [3, 'https://partner.example.com/use', 'SKIP_OUTSIDE_APPLE'],
    );
  });

  test('a coupon used on a page of ours says so in actEnum (IMAGE_TEXT_H5); the other jumps carry none', async () => {
    const { token } = await customer();
    await held(token, '1');
    const res = await h.get<CouponUse>('/front/v1_2/coupon/use', { couponSn: 'demo-cp-amount' }, token);
    assert.equal(res.body.info.actEnum, null);
    assert.equal(thirdPartyEnum('/static/pages/guide.html'), 'IMAGE_TEXT_H5');
    assert.equal(thirdPartyEnum('//elsewhere.example.com/x'), 'SKIP_OUTSIDE_APPLE');
    const claimed = await receive(token, 'demo-scan-2-3');
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    // 领取次月有效 starts next month: not usable yet, and says so.
    const early = await h.get('/front/v1_2/coupon/use', { couponSn: 'demo-cp-next-month' }, token);
    assert.deepEqual([early.status, early.body.message], [409, '该优惠券尚未生效']);
  });
});

describe('scan-code claim', () => {
  test('the claim page: coupons with stock and limit, 已领完 for a gone one; a claim lands in 我的优惠券', async () => {
    const { token } = await customer();
    const page = await claimPage(token);
    assert.equal(page.status, 'ONGOING');
    assert.deepEqual(
      page.coupons.map((c) => [c.couponName, c.perPerson, c.state]),
      [
        ['扫码立减30元', 1, 'AVAILABLE'],
        ['扫码专享9折券', 2, 'AVAILABLE'],
        ['限量50元券', 1, 'SOLD_OUT'],
      ],
    );
    const res = await receive(token, 'demo-scan-1-1');
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(res.body.info.item.state, 'CLAIMED');
    const mine = await held(token, '1');
    const got = mine.list.find((c) => c.rcSn === res.body.info.rcSn);
    assert.ok(got);
    assert.deepEqual([got.couponName, got.validityType, got.validityDays], ['扫码立减30元', 1, 7]);
    assert.equal((await claimPage(token)).coupons[0].state, 'CLAIMED');
  });

  test('per-person limit: 1 then 已领取; 2 for the 9折 coupon; sold out is refused', async () => {
    const { token } = await customer();
    assert.equal((await receive(token, 'demo-scan-1-1')).status, 200);
    const again = await receive(token, 'demo-scan-1-1');
    assert.deepEqual([again.status, again.body.code, again.body.message], [409, 4211, '您已领取过该优惠券']);
    assert.equal((await receive(token, 'demo-scan-1-2')).status, 200);
    const second = await receive(token, 'demo-scan-1-2');
    assert.equal(second.status, 200);
    assert.equal(second.body.info.item.state, 'CLAIMED');
    const third = await receive(token, 'demo-scan-1-2');
    assert.deepEqual([third.status, third.body.message], [409, '每人限领2张，您已领完']);
    const gone = await receive(token, 'demo-scan-1-3');
    assert.deepEqual([gone.status, gone.body.code, gone.body.message], [409, 4210, '优惠券已领完']);
    assert.equal((await held(token, '1')).list.filter((c) => c.couponSn === 'demo-cp-scan-90').length, 2);
  });

  test('visitors see the page but must log in to claim; unknown, other-project and malformed ids', async () => {
    const visitor = await h.enter();
    assert.equal((await claimPage(visitor)).coupons.length, 3);
    assert.equal((await receive(visitor, 'demo-scan-1-1')).status, 403);
    const { token } = await customer();
    assert.equal((await receive(token, 'nope')).status, 404);
    assert.equal((await receive(token, 'course-scan-1-1')).status, 404, 'another project’s claim');
    assert.equal(
      (await h.get('/front/v1/activity/scan/code/coupons/details', { actSn: 'course-scan-1' }, token)).status,
      404,
    );
    assert.equal((await h.get('/front/v1/activity/scan/code/coupons/details', { actSn: 'a b' }, token)).status, 400);
    assert.equal((await h.get('/front/v1/activity/scan/code/coupons/details', {}, token)).status, 400);
    assert.equal((await receive(token, 'a%20b')).status, 400);
  });

  test('an activity not started or ended refuses claims', async () => {
    const { token } = await customer();
    const t = await ops<{ couponSn: string }>('POST', '/ops/coupon/templates', {
      projectSn: 'demo',
      couponName: '未开始',
      couponType: 1,
      couponAmount: 100,
      validityType: 5,
    });
    const later = await ops<{ items: { itemId: string }[] }>('POST', '/ops/coupon/claims', {
      projectSn: 'demo',
      title: '明年',
      startAt: '2099-01-01T00:00:00+08:00',
      items: [{ couponSn: t.body.info.couponSn, stock: 5 }],
    });
    const r1 = await receive(token, later.body.info.items[0].itemId);
    assert.deepEqual([r1.status, r1.body.message], [409, '活动尚未开始']);
    const past = await ops<{ items: { itemId: string }[] }>('POST', '/ops/coupon/claims', {
      projectSn: 'demo',
      title: '去年',
      startAt: '2020-01-01T00:00:00+08:00',
      endAt: '2020-02-01T00:00:00+08:00',
      items: [{ couponSn: t.body.info.couponSn, stock: 5 }],
    });
    const r2 = await receive(token, past.body.info.items[0].itemId);
    assert.deepEqual([r2.status, r2.body.message], [409, '活动已结束']);
  });

  test('20 customers claiming a stock of 5 at once: exactly 5 succeed', async () => {
    const { itemId } = await makeClaim(5, 1);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => customer().then((c) => c.token)));
    const results = await Promise.all(tokens.map((t) => receive(t, itemId)));
    assert.equal(results.filter((r) => r.status === 200).length, 5);
    assert.ok(
      results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.message === '优惠券已领完'),
    );
    const [row] = await h.database.db.select().from(claimItems).where(eq(claimItems.itemId, itemId));
    assert.equal(row.claimed, 5);
  });

  test('one customer claiming 20 times at once with a limit of 3: exactly 3 copies', async () => {
    const { itemId, couponSn } = await makeClaim(100, 3);
    const { token, userId } = await customer();
    const results = await Promise.all(Array.from({ length: 20 }, () => receive(token, itemId)));
    assert.equal(results.filter((r) => r.status === 200).length, 3);
    const copies = await h.database.db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, userId), eq(userCoupons.couponSn, couponSn)));
    assert.equal(copies.length, 3);
    const [row] = await h.database.db.select().from(claimItems).where(eq(claimItems.itemId, itemId));
    assert.equal(row.claimed, 3);
  });
});

describe('a claimed coupon on an order', () => {
  test('spent by submit (gone from 未使用), given back when the order is cancelled', async () => {
    const { token } = await customer();
    const claimed = await receive(token, 'demo-scan-1-1');
    const rcSn = claimed.body.info.rcSn;
    const c = (
      await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: 'demo-course-06' }, token)
    ).body.info;
    const coupons = await h.get<{ list: DiscountCoupon[] }>(
      '/front/v2/client/course/order/coupons',
      { createOrderSn: c.createOrderSn },
      token,
    );
    const cp = coupons.body.info.list.find((x) => x.rcSn === rcSn);
    assert.ok(cp && cp.isAvailable && cp.orderCouponAmount === 3000, JSON.stringify(cp));
    const orderToken = (
      await h.get<{ orderToken: string }>(
        '/front/v1/client/order/confirm/receipt',
        { createOrderSn: c.createOrderSn },
        token,
      )
    ).body.info.orderToken;
    const submitted = await h.post<SubmitResult>(
      '/front/v2/client/course/order/submit',
      {
        createOrderSn: c.createOrderSn,
        orderDiscountList: [
          { discountType: 'DISCOUNT_RED', couponSn: cp.couponSn, discountReceiveSn: rcSn, discountMoney: 3000 },
        ],
        discountsAmount: 3000,
        payAmount: c.confirmOrderAmount.payAmount - 3000,
        totalAmount: c.confirmOrderAmount.orderTotalAmount,
        orderToken,
        orderPreAttachVO: { deliveryType: c.deliveryType },
      },
      token,
    );
    assert.equal(submitted.status, 200, submitted.raw.body);
    assert.ok(!(await held(token, '1')).list.some((x) => x.rcSn === rcSn));
    assert.ok((await held(token, '2')).list.some((x) => x.rcSn === rcSn));
    const cancel = await h.post(
      `/front/v1/client/order/payment/order/cancel/${submitted.body.info.orderNo}`,
      {},
      token,
    );
    assert.equal(cancel.status, 200, cancel.raw.body);
    assert.ok((await held(token, '1')).list.some((x) => x.rcSn === rcSn));
  });

  test('coupons for an item and amount (order/list/{id}); unknown item 404; bad amount 400', async () => {
    const { token } = await customer();
    await receive(token, 'demo-scan-1-1');
    const res = await h.get<{ list: DiscountCoupon[] }>(
      '/front/v1_2/coupon/order/list/demo-course-06',
      { orderAmount: 50000 },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    assert.ok(
      res.body.info.list.some((x) => x.couponSn === 'demo-cp-scan-30' && x.isAvailable && x.orderCouponAmount === 3000),
    );
    assert.equal((await h.get('/front/v1_2/coupon/order/list/nope', { orderAmount: 1 }, token)).status, 404);
    assert.equal((await h.get('/front/v1_2/coupon/order/list/demo-course-06', { orderAmount: -1 }, token)).status, 400);
    assert.equal(
      (await h.get('/front/v1_2/coupon/order/list/demo-course-06', { orderAmount: 'x' }, token)).status,
      400,
    );
  });
});

describe('operator API (coupons)', () => {
  test('needs the bearer OPS_KEY', async () => {
    assert.equal((await h.inject({ method: 'GET', url: '/ops/coupon/templates?projectSn=demo' })).status, 401);
    assert.equal(
      (
        await h.inject({
          method: 'GET',
          url: '/ops/coupon/templates?projectSn=demo',
          headers: { authorization: 'Bearer wrong' },
        })
      ).status,
      401,
    );
  });

  test('templates are checked (validity, percent, project, scope) and listed with their use', async () => {
    const bad = [
      { projectSn: 'demo', couponName: 'x', couponType: 1, couponAmount: 100, validityType: 1 },
      { projectSn: 'demo', couponName: 'x', couponType: 2, couponAmount: 100, validityType: 5 },
      { projectSn: 'nope', couponName: 'x', couponType: 1, couponAmount: 100, validityType: 5 },
      {
        projectSn: 'demo',
        couponName: 'x',
        couponType: 1,
        couponAmount: 100,
        validityType: 2,
        validStart: '2026-02-01T00:00:00+08:00',
        validEnd: '2026-01-01T00:00:00+08:00',
      },
      {
        projectSn: 'demo',
        couponName: 'x',
        couponType: 1,
        couponAmount: 100,
        validityType: 5,
        scopeActSns: ['course-course-01'],
      },
      // 1 to 9 are the kinds; 7 (days from receipt, capped by a date) needs its date.
      { projectSn: 'demo', couponName: 'x', couponType: 1, couponAmount: 100, validityType: 10 },
      { projectSn: 'demo', couponName: 'x', couponType: 1, couponAmount: 100, validityType: 7, validityDays: 7 },
    ];
    for (const b of bad) assert.equal((await ops('POST', '/ops/coupon/templates', b)).status, 400, JSON.stringify(b));
    const { token } = await customer();
    await receive(token, 'demo-scan-1-1');
    const list = await ops<{ list: { couponSn: string; issued: number }[] }>(
      'GET',
      '/ops/coupon/templates?projectSn=demo',
    );
    const scan = list.body.info.list.find((t) => t.couponSn === 'demo-cp-scan-30');
    // Every template reaches customers by a claim, a card, the 新人礼包 or an operator: no grant mode to show.
    assert.ok(scan && scan.issued >= 1 && !('grantMode' in scan));
  });

  test('claim activities list their stock, claimed count and printable URL', async () => {
    const list = await ops<{
      list: { actSn: string; claimUrl: string; items: { claimed: number; stock: number }[] }[];
    }>('GET', '/ops/coupon/claims?projectSn=demo');
    const demo = list.body.info.list.find((a) => a.actSn === 'demo-scan-1');
    assert.ok(demo);
    assert.equal(
      demo.claimUrl,
      '/#/subpackages/activity/getCouponActive/getCouponActive?actSn=demo-scan-1&projectSn=demo',
    );
    assert.equal(demo.items[2].claimed, demo.items[2].stock);
    const none = await ops('POST', '/ops/coupon/claims', {
      projectSn: 'demo',
      title: 'x',
      items: [{ couponSn: 'course-cp-scan-30', stock: 1 }],
    });
    assert.equal(none.status, 400, 'another project’s template');
  });
});

describe('claim QR code (operator)', () => {
  test('the claim URL is encoded as the QR to print; without the qrcode library it is a clear 503', async () => {
    const encoded: string[] = [];
    const withQr = await buildHarness({
      database: h.database,
      closeDatabase: false,
      app: {
        qrEncoder: {
          toDataUrl: async (text) => (
            encoded.push(text),
            `data:image/png;base64,${Buffer.from(text).toString('base64')}`
          ),
        },
      },
    });
    try {
      const res = await withQr.inject({
        method: 'GET',
        url: '/ops/coupon/claims/demo-scan-1/qr',
        headers: { authorization: `Bearer ${withQr.config.opsKey}` },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const info = res.body.info as { claimUrl: string; qr: string };
      assert.equal(
        info.claimUrl,
        '/#/subpackages/activity/getCouponActive/getCouponActive?actSn=demo-scan-1&projectSn=demo',
      );
      assert.deepEqual(encoded, [info.claimUrl]);
      assert.match(info.qr, /^data:image\/png;base64,/);
      assert.equal(
        (
          await withQr.inject({
            method: 'GET',
            url: '/ops/coupon/claims/nope/qr',
            headers: { authorization: `Bearer ${withQr.config.opsKey}` },
          })
        ).status,
        404,
      );
      assert.equal((await withQr.inject({ method: 'GET', url: '/ops/coupon/claims/demo-scan-1/qr' })).status, 401);
    } finally {
      await withQr.close();
    }
    const bare = await buildHarness({ database: h.database, closeDatabase: false, app: { qrEncoder: null } });
    try {
      const res = await bare.inject({
        method: 'GET',
        url: '/ops/coupon/claims/demo-scan-1/qr',
        headers: { authorization: `Bearer ${bare.config.opsKey}` },
      });
      assert.equal(res.status, 503);
      assert.equal(res.body.message, '二维码服务暂不可用（服务器未安装 qrcode 组件）');
    } finally {
      await bare.close();
    }
  });
});
