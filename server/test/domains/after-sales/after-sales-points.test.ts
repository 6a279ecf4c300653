/**
 * Carrier points come back when a points order is refunded through after-sales: the
 * order's cash part goes back through the sandbox refund provider, and when the order becomes REFUND its points
 * are returned to the carrier balance, exactly once (a replayed refund notification changes nothing).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { BalanceReply, IntegralSubmitResult } from '@contract/integral';
import { afterSaleApplications, refunds } from '../../../src/domains/after-sales/schema';
import { activities } from '../../../src/domains/activity/schema';
import { integralOrders } from '../../../src/domains/integral/schema';
import { orders } from '../../../src/domains/order/schema';
import { buildRefundNotification } from '../../../src/domains/payment/providers/refund';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';

process.env.SANDBOX_REFUND_DELAY_MS = '30';
const ITEM = 'integral-integral-02'; // 1000 联通积分 + ¥1
const PHONE = '13900002600'; // demo balance 7800 联通积分

describe('after-sales: a refunded points order gives its carrier points back', () => {
  let h: Harness;
  let token: string;
  const db = () => h.database.db;
  const balance = async () => {
    const res = await h.post<BalanceReply>(
      '/front/v1/activity/integral/balance',
      { integralType: 'UNICOM_INTEGRAL', phone: PHONE },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const { balance } = res.body.info;
    assert.ok(typeof balance === 'number', 'the demo phone needs no authorisation');
    return balance;
  };

  before(async () => {
    h = await buildHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token } = await h.login('13600002600', 'integral'));
    // The demo points items carry refund tag 2 (不支持退款); this merchant allows refunds on this one.
    const [item] = await db().select().from(activities).where(eq(activities.actSn, ITEM));
    await db()
      .update(activities)
      .set({ detail: { ...(item.detail as object), refundTags: [1] } })
      .where(eq(activities.actSn, ITEM));
  });
  after(async () => h.close());

  it('paid points order, whole refund: balance back once, a replayed notification changes nothing', async () => {
    const start = await balance();
    const res = await h.post<IntegralSubmitResult>(
      '/front/v1/client/order/submit/integral',
      {
        actSn: ITEM,
        integralType: 'UNICOM_INTEGRAL',
        phone: PHONE,
        points: 1000,
        cashAmount: 100,
        requestId: `pts${Date.now()}`,
      },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const orderNo = res.body.info.orderNo;
    assert.equal(await balance(), start - 1000);
    // The ¥1 cash part is paid at the sandbox cashier.
    await payAtCashier(h, token, orderNo);

    const applied = await h.post<{ applicationNo: string }>(
      '/front/v1/after/sales/refund/apply',
      { orderNo, type: 1, amount: 100, reason: '不想要了', description: '', images: [] },
      token,
    );
    assert.equal(applied.status, 200, applied.raw.body);
    const no = applied.body.info.applicationNo;
    const agreed = await h.inject({
      method: 'POST',
      url: `/ops/after-sales/${no}/agree`,
      headers: { authorization: `Bearer ${h.config.opsKey}` },
    });
    assert.equal(agreed.status, 200, String(agreed.raw.body));
    // The sandbox notifies asynchronously: wait (bounded, on the database) for the application to settle.
    for (let i = 0; i < 200; i++) {
      const [a] = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.applicationNo, no));
      if (a.state === 'REFUNDED') break;
      assert.notEqual(i, 199, `refund never settled (${a.state})`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const [order] = await db().select().from(orders).where(eq(orders.orderNo, orderNo));
    assert.equal(order.status, 'REFUND');
    assert.equal(await balance(), start, 'the 1000 points are back');
    const [row] = await db().select().from(integralOrders).where(eq(integralOrders.orderNo, orderNo));
    assert.ok(row.refundedAt, 'the points order is marked returned');

    // The provider sends the same notification again: DUPLICATE, and the points are not given twice.
    const [refund] = await db().select().from(refunds).where(eq(refunds.applicationNo, no));
    const replay = buildRefundNotification(
      { refundSn: refund.refundSn, amount: refund.amount, status: 'SUCCESS', notifyId: refund.providerRefundId! },
      h.config.sandboxPayKey,
    );
    const again = await h.inject({
      method: 'POST',
      url: '/refund/notify/sandbox',
      headers: replay.headers,
      payload: replay.body,
    });
    assert.equal(again.status, 200);
    assert.equal((again.body as { info: { outcome: string } }).info.outcome, 'DUPLICATE');
    assert.equal(await balance(), start, 'still given back exactly once');
  });
});
