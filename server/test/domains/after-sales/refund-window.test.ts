/**
 * Refund windows of the §3 tags over the real app: paid orders written as payment leaves them, a goods parcel
 * received at a chosen time, the operator's 已拆封 / 已激活 marks through /ops (audited), and what the customer's
 * refund/refer, refund/apply and order detail then say. Refusals are 409 with the rule's Chinese reason.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { AfterSaleRefer } from '@contract/after-sales';
import type { OpsOrderDetail } from '@contract/ops-orders';
import type { OrderDetail } from '@contract/payment';
import { REFUND_WINDOW_MESSAGES } from '@contract/rules/refund-window';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { shipments } from '../../../src/domains/shipping/schema';
import { auditLog } from '../../../src/domains/operators/schema';
import { buildHarness, type Harness } from '../../helpers/app';

const P = '/front/v1/after/sales';
const DAY = 24 * 3600_000;

describe('refund windows: tags 3 to 6 refused by the server, explained to the customer', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let n = 0;
  const db = () => h.database.db;
  const ops = <T = OpsOrderDetail>(url: string) =>
    h.inject({ method: 'POST', url, headers: { authorization: `Bearer ${h.config.opsKey}` } }) as Promise<{
      status: number;
      body: { message: string; info: T };
    }>;

  /** A paid order of `actSn`, its one payment made `paidAgo` ms ago; goods get a parcel received `receivedAgo` ago. */
  async function paidOrder(actSn: string, type: 'GOODS' | 'COURSE', paidAgo: number, receivedAgo?: number | null) {
    n += 1;
    const orderNo = `RW${Date.now()}${String(n).padStart(3, '0')}`;
    const paidAt = new Date(Date.now() - paidAgo);
    await db()
      .insert(orders)
      .values({
        orderNo,
        projectSn: 'demo',
        userId,
        actSn,
        orderType: type,
        orderPayType: 1,
        status: 'PAID',
        totalAmount: 5000,
        snapshot: { courseName: '测试商品' },
        createdAt: paidAt,
      });
    await db()
      .insert(orderPayments)
      .values({ orderNo, seq: 1, kind: 'NORMAL', amount: 5000, status: 'PAID', paidAmount: 5000, paidAt });
    if (type === 'GOODS' && receivedAgo !== undefined) {
      const receivedAt = receivedAgo === null ? null : new Date(Date.now() - receivedAgo);
      await db()
        .insert(shipments)
        .values({
          orderNo,
          status: receivedAt ? 'RECEIVED' : 'SHIPPED',
          carrierName: '顺丰速运',
          trackingNo: 'SF1234567890123',
          shippedAt: paidAt,
          receivedAt,
          receivedBy: receivedAt ? 'CUSTOMER' : null,
        });
    }
    return orderNo;
  }
  const refer = async (orderNo: string) =>
    (await h.post<AfterSaleRefer>(`${P}/refund/refer`, { orderNo }, token)).body.info;
  const apply = (orderNo: string) =>
    h.post<{ applicationNo: string }>(
      `${P}/refund/apply`,
      { orderNo, type: 1, amount: 5000, reason: '不想要了', description: '', images: [] },
      token,
    );
  const detail = async (orderNo: string) =>
    (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;

  before(async () => {
    h = await buildHarness();
    ({ token, userId } = await h.login('13700137001', 'demo'));
  });
  after(async () => {
    await h.close();
  });

  it('tag 3 on goods: 7 days from receipt to the second; before receipt the customer may apply', async () => {
    const inside = await paidOrder('demo-goods-01', 'GOODS', 20 * DAY, 7 * DAY - 5_000);
    assert.equal((await refer(inside)).allowed, true);
    assert.equal((await detail(inside)).canApplyAfterSale, true);
    assert.equal((await apply(inside)).status, 200);

    const late = await paidOrder('demo-goods-01', 'GOODS', 20 * DAY, 7 * DAY + 2_000);
    const r = await refer(late);
    assert.equal(r.allowed, false);
    assert.match(r.notAllowedReason ?? '', /^已超过7天无理由退货期限/);
    const refused = await apply(late);
    assert.deepEqual([refused.status, refused.body.message], [409, r.notAllowedReason]);
    const d = await detail(late);
    assert.equal(d.canApplyAfterSale, false);
    assert.deepEqual(d.refundWindowFacts?.tags, [3, 5]);
    assert.ok(d.refundWindowFacts?.receivedAt, 'the storefront gets the receipt to explain the refusal');

    const onTheWay = await paidOrder('demo-goods-01', 'GOODS', 30 * DAY, null);
    assert.equal((await refer(onTheWay)).allowed, true);
  });

  it('tag 5: the operator marks the goods unsealed (once, audited), then no application is taken', async () => {
    const orderNo = await paidOrder('demo-goods-01', 'GOODS', 3 * DAY, DAY);
    const before = await h.inject({
      method: 'GET',
      url: `/ops/v1/orders/${orderNo}`,
      headers: { authorization: `Bearer ${h.config.opsKey}` },
    });
    const marks = (before.body as { info: OpsOrderDetail }).info.marks;
    assert.deepEqual([marks.mayMarkUnsealed, marks.mayMarkActivated, marks.unsealedAt], [true, false, null]);

    const marked = await ops(`/ops/v1/orders/${orderNo}/unsealed`);
    assert.equal(marked.status, 200);
    assert.ok(marked.body.info.marks.unsealedAt);
    assert.equal(marked.body.info.marks.unsealedBy, 'OPS_KEY');
    assert.equal(marked.body.info.marks.mayMarkUnsealed, false);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.mark.unsealed'), eq(auditLog.target, `order:${orderNo}`)));
    assert.ok(audit, 'the mark is audited');

    const again = await ops(`/ops/v1/orders/${orderNo}/unsealed`);
    assert.deepEqual([again.status, again.body.message], [409, '订单已标记为已拆封']);
    const wrong = await ops(`/ops/v1/orders/${orderNo}/activated`);
    assert.deepEqual([wrong.status, wrong.body.message], [409, '只有课程订单可以标记已激活']);

    assert.equal((await refer(orderNo)).notAllowedReason, REFUND_WINDOW_MESSAGES.unsealed);
    const refused = await apply(orderNo);
    assert.deepEqual([refused.status, refused.body.message], [409, '商品已拆封，不支持退款']);
    const d = await detail(orderNo);
    assert.equal(d.canApplyAfterSale, false);
    assert.ok(d.refundWindowFacts?.unsealedAt);
  });

  it('tag 6: a course marked activated takes no application; tag 3 on a course counts from activation', async () => {
    const six = await paidOrder('demo-course-01', 'COURSE', DAY);
    assert.equal((await refer(six)).allowed, true);
    assert.equal((await ops(`/ops/v1/orders/${six}/activated`)).status, 200);
    const refused = await apply(six);
    assert.deepEqual([refused.status, refused.body.message], [409, '课程已激活，不支持退款']);
    const goodsOnly = await ops(`/ops/v1/orders/${six}/unsealed`);
    assert.deepEqual([goodsOnly.status, goodsOnly.body.message], [409, '只有商品订单可以标记已拆封']);

    const three = await paidOrder('demo-course-03', 'COURSE', 30 * DAY);
    assert.equal((await refer(three)).allowed, true, 'not activated yet: the week has not begun');
    assert.equal((await ops(`/ops/v1/orders/${three}/activated`)).status, 200);
    assert.equal((await refer(three)).allowed, true, 'activated just now: inside the week');
  });

  it('tag 4 on a course: refused once 7 days have passed since payment', async () => {
    const fresh = await paidOrder('demo-course-08', 'COURSE', 6 * DAY);
    assert.equal((await refer(fresh)).allowed, true);
    const old = await paidOrder('demo-course-08', 'COURSE', 8 * DAY);
    const refused = await apply(old);
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /^该商品不支持7天无理由退货，已超过7天售后期限/);
  });

  it('marks: an unpaid order, an unknown one and a malformed number are refused without a 5xx', async () => {
    const orderNo = await paidOrder('demo-goods-01', 'GOODS', DAY, null);
    await db().update(orders).set({ status: 'UNPAID' }).where(eq(orders.orderNo, orderNo));
    const unpaid = await ops(`/ops/v1/orders/${orderNo}/unsealed`);
    assert.deepEqual([unpaid.status, unpaid.body.message], [409, '订单未支付，不能标记']);
    assert.equal((await ops('/ops/v1/orders/NO-SUCH-ORDER/unsealed')).status, 404);
    assert.ok((await ops(`/ops/v1/orders/${'%E4'.repeat(3)}/activated`)).status < 500);
  });
});
