/**
 * 我的's summary call: order counts agree with the order list's tabs (overdue unpaid orders count as
 * cancelled, as the list shows them), coupons count the usable ones only, nobody else's orders are counted, and
 * a visitor is refused with a clear message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Paged } from '@contract/common';
import type { HeldCoupon } from '@contract/coupon';
import type { OrderSummary } from '@contract/payment';
import type { UserSummary } from '@contract/user-summary';
import { orders, type OrderStatus } from '../../../src/domains/order/schema';
import { userCoupons } from '../../../src/domains/coupon/schema';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let seq = 0;
const phone = () => `1360000${String(1000 + (seq += 1)).slice(-4)}`;

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

async function makeOrder(
  userId: string,
  status: OrderStatus,
  expiresAt: Date | null = new Date(Date.now() + 30 * 60_000),
) {
  seq += 1;
  await h.database.db.insert(orders).values({
    orderNo: `S${Date.now()}${String(seq).padStart(4, '0')}`,
    projectSn: 'demo',
    userId,
    actSn: 'demo-course-01',
    orderType: 'COURSE',
    orderPayType: 1,
    status,
    totalAmount: 100,
    snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: null } },
    expiresAt,
  });
}

async function summary(token: string) {
  const res = await h.get<UserSummary>('/front/v1/user/summary', {}, token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}

async function listTotal(token: string, tab: string) {
  const res = await h.get<Paged<OrderSummary>>(
    '/front/v1/client/order/user/orders',
    { tab, page: 1, perSize: 50 },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info.total;
}

describe('GET /front/v1/user/summary', () => {
  test('a new customer has no orders and the demo coupons that are usable', async () => {
    const { token } = await h.login(phone());
    const s = await summary(token);
    assert.deepEqual(s.orders, { ALL: 0, UNPAID: 0, TO_SHIP: 0, TO_RECEIVE: 0, PAID: 0, CANCELLED: 0, REFUND: 0 });
    const unused = await h.get<Paged<HeldCoupon>>(
      '/front/v1_2/coupon/coupon-list',
      { state: '1', page: 1, perSize: 50 },
      token,
    );
    assert.equal(unused.status, 200, unused.raw.body);
    assert.ok(s.coupons > 0, 'the demo project gives usable coupons');
    assert.equal(s.coupons, unused.body.info.total, 'the count is the 未使用 tab');
  });

  test('order counts per tab match the order list, an overdue unpaid order counts as cancelled', async () => {
    const { token, userId } = await h.login(phone());
    await makeOrder(userId, 'UNPAID');
    await makeOrder(userId, 'UNPAID', new Date(Date.now() - 60_000));
    await makeOrder(userId, 'UNPAID_INSTALLMENTS', null);
    await makeOrder(userId, 'PAID', null);
    await makeOrder(userId, 'DEAL_DONE_COURSE', null);
    await makeOrder(userId, 'REFUND_PART', null);
    const s = await summary(token);
    assert.deepEqual(s.orders, { ALL: 6, UNPAID: 2, TO_SHIP: 0, TO_RECEIVE: 0, PAID: 2, CANCELLED: 1, REFUND: 1 });
    for (const tab of ['ALL', 'UNPAID', 'TO_SHIP', 'TO_RECEIVE', 'PAID', 'CANCELLED', 'REFUND'] as const) {
      assert.equal(s.orders[tab], await listTotal(token, tab), `tab ${tab}`);
    }
  });

  test('used and expired coupons are not counted; another customer’s orders are not counted', async () => {
    const a = await h.login(phone());
    const b = await h.login(phone());
    const before = await summary(a.token);
    const [one] = await h.database.db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, a.userId), eq(userCoupons.state, 1)));
    await h.database.db
      .update(userCoupons)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(userCoupons.rcSn, one.rcSn));
    await makeOrder(b.userId, 'PAID', null);
    const after = await summary(a.token);
    assert.equal(after.coupons, before.coupons - 1);
    assert.equal(after.orders.ALL, 0);
    assert.equal((await summary(b.token)).orders.PAID, 1);
  });

  test('a visitor (no phone) is asked to log in; no session is refused', async () => {
    const visitor = await h.enter('demo');
    const res = await h.get<UserSummary>('/front/v1/user/summary', {}, visitor);
    assert.equal(res.status, 403);
    assert.equal(res.body.message, '请先登录');
    const none = await h.get<UserSummary>('/front/v1/user/summary', {});
    assert.ok(none.status === 401 || none.status === 403, `status ${none.status}`);
  });
});
