/**
 * What the progress and logistics pages read of an application over the real app: where the refund goes back
 * (the provider of each payment it draws on, split by amount), whose turn it is and by when (the clock starts when
 * the application entered its state; a corrected tracking number does not restart it), the closing word of a final
 * state, and the goods inside a return parcel.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { AFTER_SALE_DUE_DAYS, type AfterSaleDetail, type LogisticsInfo } from '@contract/after-sales';
import { afterSaleApplications, afterSaleRecords } from '../../../src/domains/after-sales/schema';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { payments } from '../../../src/domains/payment/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';

process.env.SANDBOX_REFUND_DELAY_MS = '30';
const P = '/front/v1/after/sales';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('after-sales progress: refund channel, next step and deadline, parcel goods', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let seq = 0;
  const db = () => h.database.db;
  const ops = (url: string, payload: unknown = {}) =>
    h.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${h.config.opsKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const detail = async (no: string) => {
    const res = await h.get<AfterSaleDetail>(`${P}/${no}`, {}, token);
    assert.equal(res.status, 200, res.raw.body);
    return res.body.info;
  };
  const apply = async (body: Record<string, unknown>) => {
    const res = await h.post<{ applicationNo: string }>(
      `${P}/refund/apply`,
      { type: 1, reason: '不想要了', description: '', images: [], ...body },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    return res.body.info.applicationNo;
  };
  /** When the application last entered `state` (its negotiation record). */
  const enteredAt = async (no: string, state: string) => {
    const rows = await db()
      .select()
      .from(afterSaleRecords)
      .where(and(eq(afterSaleRecords.applicationNo, no), eq(afterSaleRecords.toState, state)));
    return rows.filter((r) => r.fromState !== state).pop()!.createdAt;
  };
  const plusDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS).toISOString();

  async function paidOrder(
    amounts: number[],
    snapshot: Record<string, unknown> = { course: { courseSn: 'C1', courseName: '成人高考专升本' } },
  ): Promise<string> {
    seq += 1;
    const orderNo = `ASP${Date.now()}${String(seq).padStart(4, '0')}`;
    const payType = amounts.length > 1 ? 3 : 1;
    await db()
      .insert(orders)
      .values({
        orderNo,
        projectSn: 'demo',
        userId,
        actSn: 'demo-course-01',
        orderType: 'COURSE',
        orderPayType: payType,
        status: 'UNPAID',
        totalAmount: amounts.reduce((a, b) => a + b, 0),
        snapshot,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
    await db()
      .insert(orderPayments)
      .values(
        amounts.map((amount, i) => ({ orderNo, seq: i + 1, kind: payType === 3 ? 'INSTALLMENT' : 'NORMAL', amount })),
      );
    for (let i = 0; i < amounts.length; i++) {
      await payAtCashier(h, token, orderNo);
    }
    return orderNo;
  }

  async function settled(no: string) {
    for (let i = 0; i < 200; i++) {
      const [a] = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.applicationNo, no));
      if (a.state !== 'REFUNDING') return a;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('refund never settled');
  }

  before(async () => {
    h = await buildHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token, userId } = await h.login('13900000191'));
  });
  after(async () => h.close());

  it("a pending application: the merchant has 3 days from the last edit, the money goes back through each payment's own channel", async () => {
    const orderNo = await paidOrder([3000, 2000]);
    // The second instalment was paid through WeChat Pay: that part of the refund goes back there.
    await db()
      .update(payments)
      .set({ provider: 'wechat' })
      .where(and(eq(payments.orderNo, orderNo), eq(payments.seq, 2), eq(payments.status, 'SUCCESS')));
    const no = await apply({ orderNo, amount: 4000, seqs: [1, 2] });
    let d = await detail(no);
    assert.deepEqual(d.refundTo, [
      { channel: 'sandbox', channelText: '沙箱收银台', amount: 3000 },
      { channel: 'wechat', channelText: '微信支付', amount: 1000 },
    ]);
    const [row] = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.applicationNo, no));
    assert.deepEqual(d.next, {
      actor: 'MERCHANT',
      text: '等待商家处理，商家同意后退款将原路退回至沙箱收银台、微信支付',
      dueLabel: '商家处理截止',
      dueAt: plusDays(row.updatedAt, AFTER_SALE_DUE_DAYS.APPLIED),
    });

    // An edit restarts the merchant's clock: it now decides on what the customer asks now.
    await new Promise((r) => setTimeout(r, 5));
    const edited = await h.post(
      `${P}/edit`,
      { applicationNo: no, type: 1, seqs: [1], amount: 1000, reason: '重复下单', description: '', images: [] },
      token,
    );
    assert.equal(edited.status, 200, edited.raw.body);
    d = await detail(no);
    const [after] = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.applicationNo, no));
    assert.ok(after.updatedAt > row.updatedAt);
    assert.equal(d.next.dueAt, plusDays(after.updatedAt, AFTER_SALE_DUE_DAYS.APPLIED));
    assert.deepEqual(d.refundTo, [{ channel: 'sandbox', channelText: '沙箱收银台', amount: 1000 }]);
  });

  it('return and refund: the customer has 7 days to send, the merchant 7 to receive (a corrected number keeps the clock), then a closing word', async () => {
    const orderNo = await paidOrder([8000], {
      course: { courseSn: 'G1', courseName: '考试教材套装', courseCover: '/static/demo/book.png' },
      skuCnt: 2,
    });
    const no = await apply({ orderNo, amount: 8000, type: 2 });
    assert.equal((await ops(`/ops/after-sales/${no}/return`, { message: '请寄回教材' })).status, 200);
    let d = await detail(no);
    assert.deepEqual(d.next, {
      actor: 'CUSTOMER',
      text: '请按退货地址寄回商品，并填写退货物流单号',
      dueLabel: '寄回截止',
      dueAt: plusDays(await enteredAt(no, 'RETURNING'), AFTER_SALE_DUE_DAYS.RETURNING),
    });

    assert.equal(
      (await h.post(`${P}/logistics`, { applicationNo: no, carrierCode: 'SF', trackingNo: 'SF1234567890123' }, token))
        .status,
      200,
    );
    const shippedAt = await enteredAt(no, 'SHIPPED');
    d = await detail(no);
    assert.deepEqual(
      [d.next.actor, d.next.dueLabel, d.next.dueAt],
      ['MERCHANT', '商家收货截止', plusDays(shippedAt, AFTER_SALE_DUE_DAYS.SHIPPED)],
    );
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(
      (
        await h.post(
          `${P}/logistics/update`,
          { applicationNo: no, carrierCode: 'YTO', trackingNo: 'YT1234567890123' },
          token,
        )
      ).status,
      200,
    );
    d = await detail(no);
    assert.equal(
      d.next.dueAt,
      plusDays(shippedAt, AFTER_SALE_DUE_DAYS.SHIPPED),
      'a corrected number does not give the merchant more time',
    );

    // The parcel page: carrier, number and what is inside (the order's item as bought).
    const track = await h.get<LogisticsInfo>(`${P}/logistics/info/YTO/YT1234567890123`, {}, token);
    assert.equal(track.status, 200, track.raw.body);
    assert.equal(track.body.info.applicationNo, no);
    assert.deepEqual(track.body.info.goods, { name: '考试教材套装', cover: '/static/demo/book.png', quantity: 2 });
    assert.equal(track.body.info.carrierName, '圆通速递');

    assert.equal((await ops(`/ops/after-sales/${no}/receive`)).status, 200);
    assert.equal((await settled(no)).state, 'REFUNDED');
    d = await detail(no);
    assert.deepEqual(d.next, {
      actor: null,
      text: '退款已原路退回至沙箱收银台，请留意账户到账通知',
      dueLabel: null,
      dueAt: null,
    });
    assert.deepEqual(d.refundTo, [{ channel: 'sandbox', channelText: '沙箱收银台', amount: 8000 }]);
  });

  it('refused and cancelled applications end with what the customer can still do; a parcel of an order without a cover says so', async () => {
    const orderNo = await paidOrder([6000]);
    const refused = await apply({ orderNo, amount: 1000 });
    assert.equal((await ops(`/ops/after-sales/${refused}/refuse`, { reason: '教材已拆封' })).status, 200);
    assert.deepEqual((await detail(refused)).next, {
      actor: null,
      text: '如有疑问，可联系客服或重新申请售后',
      dueLabel: null,
      dueAt: null,
    });
    const cancelled = await apply({ orderNo, amount: 1000, type: 2 });
    assert.equal((await h.post(`${P}/refund/cancel/${cancelled}`, {}, token)).status, 200);
    assert.deepEqual((await detail(cancelled)).next, {
      actor: null,
      text: '您已撤销本次申请，如仍有问题可重新申请售后',
      dueLabel: null,
      dueAt: null,
    });

    const returned = await apply({ orderNo, amount: 2000, type: 2 });
    await ops(`/ops/after-sales/${returned}/return`);
    assert.equal(
      (
        await h.post(
          `${P}/logistics`,
          { applicationNo: returned, carrierCode: 'SF', trackingNo: 'SF1234567890124' },
          token,
        )
      ).status,
      200,
    );
    const track = await h.get<LogisticsInfo>(`${P}/logistics/info/SF/SF1234567890124`, {}, token);
    assert.deepEqual(track.body.info.goods, { name: '成人高考专升本', cover: null, quantity: 1 });
  });
});
