/**
 * The order detail's payments made (paidList, paidAmount): each paid period named with the channel of the payment
 * that settled it, a points order's points with their carrier, and cash that adds up to what the periods took.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IntegralSubmitResult } from '@contract/integral';
import type { OrderDetail } from '@contract/payment';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { payments } from '../../../src/domains/payment/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';

const POINTS_ITEM = 'integral-integral-02'; // 1000 联通积分 + ¥1
const PHONE = '13900002601';

describe('order detail: payments made and their channels', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  const db = () => h.database.db;
  const detail = async (orderNo: string) => {
    const res = await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token);
    assert.equal(res.status, 200, res.raw.body);
    return res.body.info;
  };

  before(async () => {
    h = await buildHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token } = await h.login('13600002601', 'integral'));
    userId = (await h.get<{ userId: string }>('/front/v1/user/cache', {}, token)).body.info.userId;
    // Querying the balance binds the phone the points orders spend from.
    for (const integralType of ['UNICOM_INTEGRAL', 'MOBILE_INTEGRAL']) {
      const bound = await h.post('/front/v1/activity/integral/balance', { integralType, phone: PHONE }, token);
      assert.equal(bound.status, 200, bound.raw.body);
    }
  });
  after(async () => h.close());

  it('a deposit paid through Baidu and a final at the cashier: two rows, two channels, cash adds up', async () => {
    const orderNo = `TPAID${Date.now()}`;
    const paidAt = new Date(Date.now() - 86_400_000);
    await db()
      .insert(orders)
      .values({
        orderNo,
        projectSn: 'integral',
        userId,
        actSn: 'demo-course-01',
        orderType: 'COURSE',
        orderPayType: 2,
        status: 'UNPAID_BALANCE',
        totalAmount: 300_00,
        snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: null } },
        expiresAt: null,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });
    await db()
      .insert(orderPayments)
      .values([
        {
          orderNo,
          seq: 1,
          kind: 'DEPOSIT',
          amount: 100_00,
          deductionAmount: 0,
          status: 'PAID',
          payType: 4,
          paidAmount: 100_00,
          paidAt,
        },
        {
          orderNo,
          seq: 2,
          kind: 'FINAL',
          amount: 200_00,
          deductionAmount: 0,
          status: 'UNPAID',
          dueTime: new Date(Date.now() + 7 * 86_400_000),
        },
      ]);
    // Baidu settles with pay type 4 (bank card); the channel is named by the provider that took the money.
    await db()
      .insert(payments)
      .values({
        paymentSn: `PS${orderNo}`,
        orderNo,
        seq: 1,
        amount: 100_00,
        provider: 'baidu',
        paySource: 'SWAN',
        tradeType: 'SWAN',
        status: 'SUCCESS',
        paidAt,
      });

    const before = await detail(orderNo);
    assert.deepEqual(
      before.paidList?.map((p) => [p.title, p.channel, p.amount]),
      [['定金', '百度支付', 100_00]],
    );
    assert.equal(before.paidAmount, 100_00);
    assert.equal(before.dueAmount, 200_00);
    assert.equal(before.depositInfoList[1].dueTime !== null, true, 'the final payment shows its due date');

    await payAtCashier(h, token, orderNo);
    const after = await detail(orderNo);
    assert.equal(after.orderStatus, 'PAID');
    assert.deepEqual(
      after.paidList?.map((p) => [p.title, p.channel, p.amount, p.points]),
      [
        ['定金', '百度支付', 100_00, null],
        ['尾款', '微信支付', 200_00, null],
      ],
    );
    assert.equal(after.paidAmount, after.totalAmount, 'what was paid adds up to the order total');
  });

  it('a points order lists its points with the carrier first, then its cash part once paid', async () => {
    const res = await h.post<IntegralSubmitResult>(
      '/front/v1/client/order/submit/integral',
      {
        actSn: POINTS_ITEM,
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
    const unpaid = await detail(orderNo);
    assert.deepEqual(
      unpaid.paidList?.map((p) => [p.title, p.channel, p.points, p.amount, p.returned]),
      [['积分兑换', '联通积分', 1000, 0, false]],
    );
    assert.equal(unpaid.paidAmount, 0);
    assert.deepEqual(unpaid.integral, { integralType: 'UNICOM_INTEGRAL', points: 1000, cashAmount: 100 });

    await payAtCashier(h, token, orderNo);
    const paid = await detail(orderNo);
    assert.deepEqual(
      paid.paidList?.map((p) => [p.title, p.channel, p.points ?? p.amount]),
      [
        ['积分兑换', '联通积分', 1000],
        ['订单支付', '微信支付', 100],
      ],
    );
    assert.equal(paid.paidAmount, 100);
  });

  it('a points-only order lists its points and no payment of ¥0', async () => {
    const res = await h.post<IntegralSubmitResult>(
      '/front/v1/client/order/submit/integral',
      {
        actSn: 'integral-integral-04',
        integralType: 'MOBILE_INTEGRAL',
        phone: PHONE,
        points: 800,
        cashAmount: 0,
        requestId: `pto${Date.now()}`,
      },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const d = await detail(res.body.info.orderNo);
    assert.equal(d.orderStatus, 'PAID');
    assert.deepEqual(
      d.paidList?.map((p) => [p.title, p.channel, p.points]),
      [['积分兑换', '移动积分', 800]],
    );
    assert.equal(d.paidAmount, 0);
  });

  it('a cancelled points order marks its points returned', async () => {
    const res = await h.post<IntegralSubmitResult>(
      '/front/v1/client/order/submit/integral',
      {
        actSn: POINTS_ITEM,
        integralType: 'UNICOM_INTEGRAL',
        phone: PHONE,
        points: 1000,
        cashAmount: 100,
        requestId: `ptc${Date.now()}`,
      },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const orderNo = res.body.info.orderNo;
    const cancelled = await h.post(`/front/v1/client/order/payment/order/cancel/${orderNo}`, {}, token);
    assert.equal(cancelled.status, 200, cancelled.raw.body);
    const d = await detail(orderNo);
    assert.equal(d.orderStatus, 'CANCELLED');
    assert.deepEqual(
      d.paidList?.map((p) => [p.channel, p.points, p.returned]),
      [['联通积分', 1000, true]],
    );
  });
});
