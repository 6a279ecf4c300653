/**
 * After-sales over the real app: an order paid through the sandbox cashier, applications and their
 * limits, the operator's decisions, refunds through the sandbox provider (its signed notification arrives over
 * HTTP), idempotent notifications, the concurrent case, privacy between customers and malformed input.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { AfterSaleDetail, AfterSaleRefer, LogisticsInfo, NegotiationRecord } from '@contract/after-sales';
import type { Paged } from '@contract/common';
import type { OrderDetail } from '@contract/payment';
import type { UploadCredentials } from '@contract/upload';
import { afterSaleApplications, refunds } from '../../../src/domains/after-sales/schema';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { userCoupons } from '../../../src/domains/coupon/schema';
import { payments } from '../../../src/domains/payment/schema';
import { buildRefundNotification } from '../../../src/domains/payment/providers/refund';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';
import { BOUNDARY, PNG_1PX, multipart, postFields } from '../../helpers/upload';

process.env.SANDBOX_REFUND_DELAY_MS = '30';
const ACT_SN = 'demo-course-01';
const P = '/front/v1/after/sales';

describe('after-sales: applications, decisions, refunds, logistics', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let other: { token: string; userId: string };
  let seq = 0;
  const db = () => h.database.db;
  const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    h.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${h.config.opsKey}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload ? JSON.stringify(payload) : undefined,
    });

  /** An unpaid order as submission writes it, then paid period by period at the sandbox cashier. */
  async function paidOrder(
    owner: string,
    ownerToken: string,
    amounts: number[],
    payCount = amounts.length,
  ): Promise<string> {
    seq += 1;
    const orderNo = `AS${Date.now()}${String(seq).padStart(4, '0')}`;
    const payType = amounts.length > 1 ? 3 : 1;
    await db()
      .insert(orders)
      .values({
        orderNo,
        projectSn: 'demo',
        userId: owner,
        actSn: ACT_SN,
        orderType: 'COURSE',
        orderPayType: payType,
        status: 'UNPAID',
        totalAmount: amounts.reduce((a, b) => a + b, 0),
        snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本' } },
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
    await db()
      .insert(orderPayments)
      .values(
        amounts.map((amount, i) => ({ orderNo, seq: i + 1, kind: payType === 3 ? 'INSTALLMENT' : 'NORMAL', amount })),
      );
    for (let i = 0; i < payCount; i++) {
      await payAtCashier(h, ownerToken, orderNo);
    }
    return orderNo;
  }

  async function upload(as: string): Promise<string> {
    const cred = (await h.get<UploadCredentials>('/front/oss/sign', {}, as)).body.info;
    const key = `${cred.dir}as${randomBytes(4).toString('hex')}.png`;
    const res = await h.inject({
      method: 'POST',
      url: '/storage',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(postFields(cred, key), { data: PNG_1PX }),
    });
    assert.equal(res.status, 200, String(res.raw.body));
    return `http://localhost:3000/storage/${key}`;
  }

  const apply = (body: Record<string, unknown>, t = token) =>
    h.post<{ applicationNo: string }>(
      `${P}/refund/apply`,
      { type: 1, reason: '不想要了', description: '', images: [], ...body },
      t,
    );
  const detail = (no: string, t = token) => h.get<AfterSaleDetail>(`${P}/${no}`, {}, t);
  const orderOf = async (orderNo: string) => (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
  /** Waits (polling the database, bounded) until the sandbox's refund notification has been applied. */
  async function settled(applicationNo: string) {
    for (let i = 0; i < 200; i++) {
      const [a] = await db()
        .select()
        .from(afterSaleApplications)
        .where(eq(afterSaleApplications.applicationNo, applicationNo));
      if (a.state !== 'REFUNDING') return a;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('refund never settled');
  }

  before(async () => {
    h = await buildHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token, userId } = await h.login('13900000131'));
    other = await h.login('13900000132');
  });
  after(async () => h.close());

  it('refer offers what was paid; an amount above it is refused with the limit, nothing written', async () => {
    const orderNo = await paidOrder(userId, token, [30000]);
    const refer = await h.post<AfterSaleRefer>(`${P}/refund/refer`, { orderNo }, token);
    assert.equal(refer.status, 200, refer.raw.body);
    assert.equal(refer.body.info.allowed, true);
    assert.equal(refer.body.info.maxAmount, 30000);
    assert.deepEqual(
      refer.body.info.payments.map((p) => [p.seq, p.label, p.refundable]),
      [[1, '订单金额', 30000]],
    );
    const over = await apply({ orderNo, amount: 30001 });
    assert.deepEqual([over.status, over.body.message], [400, '退款金额不能超过可退金额300元']);
    const none = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.orderNo, orderNo));
    assert.equal(none.length, 0);
  });

  it('whole refund with an image: agree on the operator side, the sandbox refunds and notifies, the order is REFUND, its coupon comes back', async () => {
    const orderNo = await paidOrder(userId, token, [20000]);
    const rcSn = `rc${randomBytes(8).toString('hex')}`;
    await db()
      .insert(userCoupons)
      .values({
        rcSn,
        userId,
        couponSn: 'demo-cp-amount',
        state: 2,
        usedOrderNo: orderNo,
        usedAt: new Date(),
        startTime: new Date(Date.now() - 86_400_000),
        endTime: new Date(Date.now() + 86_400_000),
        source: `test:${rcSn}`,
      });
    const image = await upload(token);
    const res = await apply({ orderNo, amount: 20000, images: [image], description: '课程时间冲突' });
    assert.equal(res.status, 200, res.raw.body);
    const no = res.body.info.applicationNo;
    const before = (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;
    assert.equal(before.refundVO?.afterSaleStateText, '待商家处理');
    assert.equal(before.canApplyAfterSale, false, 'one open application at a time');

    const agreed = await ops('POST', `/ops/after-sales/${no}/agree`, { message: '同意' });
    assert.equal(agreed.status, 200, String(agreed.raw.body));
    const app = await settled(no);
    assert.equal(app.state, 'REFUNDED');
    assert.equal(app.refundedAmount, 20000);
    assert.equal((await orderOf(orderNo)).status, 'REFUND');
    const d = (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;
    assert.equal(d.refundVO?.refundAmount, 20000);
    assert.ok(d.refundVO?.refundTime);
    assert.equal(d.refundVO?.afterSaleStateText, '退款成功');
    const [coupon] = await db().select().from(userCoupons).where(eq(userCoupons.rcSn, rcSn));
    assert.deepEqual([coupon.state, coupon.usedOrderNo], [1, null], 'a wholly refunded order hands its coupon back');
    const history = (await h.get<{ list: NegotiationRecord[] }>(`${P}/record`, { applicationNo: no }, token)).body.info
      .list;
    assert.deepEqual(
      history.map((r) => r.event),
      ['APPLY', 'AGREE', 'REFUND', 'REFUND_SETTLED'],
    );
    assert.deepEqual(
      history.map((r) => r.actorText),
      ['买家', '商家', '商家', '系统'],
    );
    const view = (await detail(no)).body.info;
    assert.equal(view.images.length, 1);
    // Nothing more to refund: a second application is refused.
    const again = await apply({ orderNo, amount: 1 });
    assert.equal(again.status, 409);
  });

  it('a refund notification is applied once: a replay and a tampered one change nothing', async () => {
    const orderNo = await paidOrder(userId, token, [5000]);
    const no = (await apply({ orderNo, amount: 5000 })).body.info.applicationNo;
    // The sandbox has notified once; then its very notification is replayed.
    await ops('POST', `/ops/after-sales/${no}/agree`);
    await settled(no);
    const [refund] = await db().select().from(refunds).where(eq(refunds.applicationNo, no));
    const replay = buildRefundNotification(
      { refundSn: refund.refundSn, amount: refund.amount, status: 'SUCCESS', notifyId: refund.providerRefundId! },
      h.config.sandboxPayKey,
    );
    const r1 = await h.inject({
      method: 'POST',
      url: '/refund/notify/sandbox',
      headers: replay.headers,
      payload: replay.body,
    });
    assert.equal(r1.status, 200);
    assert.equal((r1.body as { info: { outcome: string } }).info.outcome, 'DUPLICATE');
    const fresh = buildRefundNotification(
      { refundSn: refund.refundSn, amount: refund.amount, status: 'FAIL' },
      h.config.sandboxPayKey,
    );
    const r2 = await h.inject({
      method: 'POST',
      url: '/refund/notify/sandbox',
      headers: fresh.headers,
      payload: fresh.body,
    });
    assert.equal(
      (r2.body as { info: { outcome: string } }).info.outcome,
      'DUPLICATE',
      'a settled refund does not change',
    );
    const tampered = await h.inject({
      method: 'POST',
      url: '/refund/notify/sandbox',
      headers: fresh.headers,
      payload: fresh.body.replace('FAIL', 'SUCCESS'),
    });
    assert.deepEqual([tampered.status, (tampered.body as { message: string }).message], [400, '退款通知签名错误']);
    const [after1] = await db().select().from(refunds).where(eq(refunds.refundSn, refund.refundSn));
    assert.equal(after1.status, 'SUCCESS');
    assert.equal((await orderOf(orderNo)).status, 'REFUND');
  });

  it('concurrent applications never hold more than the order paid', async () => {
    const orderNo = await paidOrder(userId, token, [9000]);
    const results = await Promise.all(Array.from({ length: 8 }, () => apply({ orderNo, amount: 6000 })));
    const okCount = results.filter((r) => r.status === 200).length;
    assert.equal(okCount, 1, results.map((r) => r.body.message).join(','));
    for (const r of results.filter((x) => x.status !== 200)) assert.ok([400, 409].includes(r.status));
    const rows = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.orderNo, orderNo));
    assert.equal(
      rows.reduce((s, r) => s + r.amount, 0),
      6000,
    );
  });

  it('refunds of a payment never exceed what it paid, even when the operator refunds twice at once', async () => {
    const orderNo = await paidOrder(userId, token, [4000]);
    const no = (await apply({ orderNo, amount: 4000 })).body.info.applicationNo;
    // Someone refunded 1 fen of this payment outside this application: the 4000 no longer fits.
    const [pay] = await db().select().from(payments).where(eq(payments.orderNo, orderNo));
    const [stray] = await db()
      .insert(afterSaleApplications)
      .values({
        applicationNo: `ASX${Date.now()}`,
        projectSn: 'demo',
        userId,
        orderNo,
        type: 1,
        seqs: [],
        amount: 1,
        reason: '其他',
        state: 'CANCELLED',
      })
      .returning();
    await db()
      .insert(refunds)
      .values({
        refundSn: `RX${Date.now()}`,
        applicationNo: stray.applicationNo,
        orderNo,
        paymentSn: pay.paymentSn,
        amount: 1,
        provider: 'sandbox',
        status: 'SUCCESS',
      });
    const res = await ops('POST', `/ops/after-sales/${no}/agree`);
    assert.deepEqual([res.status, (res.body as { message: string }).message], [409, '退款金额超过该笔支付的可退金额']);
    const [still] = await db().select().from(afterSaleApplications).where(eq(afterSaleApplications.applicationNo, no));
    assert.equal(still.state, 'APPLIED', 'the refused refund rolled the decision back');

    const orderNo2 = await paidOrder(userId, token, [4000]);
    const no2 = (await apply({ orderNo: orderNo2, amount: 4000 })).body.info.applicationNo;
    const both = await Promise.all([
      ops('POST', `/ops/after-sales/${no2}/agree`),
      ops('POST', `/ops/after-sales/${no2}/agree`),
    ]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
    await settled(no2);
    const rs = await db().select().from(refunds).where(eq(refunds.applicationNo, no2));
    assert.equal(
      rs.reduce((s, r) => s + r.amount, 0),
      4000,
    );
  });

  it('part of an instalment order: REFUND_PART, later instalments can no longer be paid', async () => {
    const orderNo = await paidOrder(userId, token, [3000, 3000, 3000], 2);
    const refer = (await h.post<AfterSaleRefer>(`${P}/refund/refer`, { orderNo }, token)).body.info;
    assert.deepEqual(
      refer.payments.map((p) => [p.label, p.refundable]),
      [
        ['第1期', 3000],
        ['第2期', 3000],
      ],
    );
    const bad = await apply({ orderNo, seqs: [3], amount: 100 });
    assert.deepEqual([bad.status, bad.body.message], [400, '请选择已支付的期数']);
    const over = await apply({ orderNo, seqs: [2], amount: 3001 });
    assert.equal(over.body.message, '退款金额不能超过可退金额30元');
    const no = (await apply({ orderNo, seqs: [2], amount: 2500 })).body.info.applicationNo;
    await ops('POST', `/ops/after-sales/${no}/agree`);
    assert.equal((await settled(no)).state, 'REFUNDED');
    assert.equal((await orderOf(orderNo)).status, 'REFUND_PART');
    const payNext = await h.get(
      `/front/v1/client/order/payment/continue/${orderNo}`,
      { paySource: 'H5', tradeType: 'MWEB' },
      token,
    );
    assert.equal(payNext.status, 409);
    const refer2 = (await h.post<AfterSaleRefer>(`${P}/refund/refer`, { orderNo }, token)).body.info;
    assert.equal(refer2.maxAmount, 3500);
  });

  it('return and refund: goods asked back, tracking number checked per carrier and editable until received, then refunded', async () => {
    const orderNo = await paidOrder(userId, token, [8000]);
    const no = (await apply({ orderNo, amount: 8000, type: 2 })).body.info.applicationNo;
    const early = await h.post(
      `${P}/logistics`,
      { applicationNo: no, carrierCode: 'SF', trackingNo: 'SF1234567890123' },
      token,
    );
    assert.deepEqual([early.status, early.body.message], [409, '当前无需寄回商品']);
    assert.equal((await ops('POST', `/ops/after-sales/${no}/return`, { message: '请寄回教材' })).status, 200);
    const d0 = (await detail(no)).body.info;
    assert.equal(d0.canWriteLogistics, true);
    assert.equal(d0.returnAddress?.consigneeName, '商城售后部');
    const wrong = await h.post(`${P}/logistics`, { applicationNo: no, carrierCode: 'SF', trackingNo: '12345' }, token);
    assert.deepEqual([wrong.status, wrong.body.message], [400, '顺丰速运单号格式不正确（SF开头加12-13位数字）']);
    const first = await h.post(
      `${P}/logistics`,
      { applicationNo: no, carrierCode: 'SF', trackingNo: 'sf 1234 5678 9012' },
      token,
    );
    assert.equal(first.status, 200, first.raw.body);
    const fixed = await h.post(
      `${P}/logistics/update`,
      { applicationNo: no, carrierCode: 'YTO', trackingNo: 'YT1234567890123' },
      token,
    );
    assert.equal(fixed.status, 200, fixed.raw.body);
    const track = await h.get<LogisticsInfo>(`${P}/logistics/info/YTO/YT1234567890123`, {}, token);
    assert.equal(track.status, 200, track.raw.body);
    assert.equal(track.body.info.carrierName, '圆通速递');
    assert.equal(track.body.info.stateText, '已揽收');
    assert.ok(track.body.info.traces.length >= 1);
    const notMine = await h.get(`${P}/logistics/info/YTO/YT1234567890123`, {}, other.token);
    assert.equal(notMine.status, 404);
    assert.equal((await ops('POST', `/ops/after-sales/${no}/receive`)).status, 200);
    const late = await h.post(
      `${P}/logistics/update`,
      { applicationNo: no, carrierCode: 'SF', trackingNo: 'SF1234567890123' },
      token,
    );
    assert.equal(late.status, 409);
    assert.equal((await settled(no)).state, 'REFUNDED');
    const history = (await detail(no)).body.info.records.map((r) => r.event);
    assert.deepEqual(history, ['APPLY', 'ASK_RETURN', 'SHIP', 'SHIP', 'RECEIVE', 'REFUND', 'REFUND_SETTLED']);
  });

  it('refuse needs a reason the customer then reads; cancel and edit only while pending', async () => {
    const orderNo = await paidOrder(userId, token, [6000]);
    const no = (await apply({ orderNo, amount: 1000 })).body.info.applicationNo;
    // The apply page editing this application may ask up to everything again; anyone else sees what is left.
    assert.equal((await h.post<AfterSaleRefer>(`${P}/refund/refer`, { orderNo }, token)).body.info.maxAmount, 5000);
    assert.equal(
      (await h.post<AfterSaleRefer>(`${P}/refund/refer`, { orderNo, applicationNo: no }, token)).body.info.maxAmount,
      6000,
    );
    const edited = await h.post(
      `${P}/edit`,
      { applicationNo: no, type: 1, amount: 2000, reason: '质量问题', description: '改一下', images: [] },
      token,
    );
    assert.equal(edited.status, 200, edited.raw.body);
    assert.equal((await detail(no)).body.info.amount, 2000);
    const empty = await ops('POST', `/ops/after-sales/${no}/refuse`, { reason: ' ' });
    assert.equal(empty.status, 400);
    assert.equal((await ops('POST', `/ops/after-sales/${no}/refuse`, { reason: '课程已开始学习' })).status, 200);
    const d = (await detail(no)).body.info;
    assert.deepEqual([d.state, d.stateText, d.refuseReason], ['REFUSED', '商家已拒绝', '课程已开始学习']);
    assert.equal(d.records.at(-1)?.message, '课程已开始学习');
    const cancelRefused = await h.post(`${P}/refund/cancel/${no}`, {}, token);
    assert.deepEqual([cancelRefused.status, cancelRefused.body.message], [409, '售后申请已被拒绝']);

    const no2 = (await apply({ orderNo, amount: 6000 })).body.info.applicationNo;
    assert.equal((await h.post(`${P}/refund/cancel/${no2}`, {}, token)).status, 200);
    assert.equal((await detail(no2)).body.info.stateText, '已撤销');
    const list = await h.get<Paged<{ applicationNo: string }>>(`${P}/list`, { tab: 'CLOSED' }, token);
    assert.ok(list.body.info.list.some((a) => a.applicationNo === no2));
    assert.equal((await orderOf(orderNo)).status, 'PAID');
  });

  it("another customer's application is never visible", async () => {
    const orderNo = await paidOrder(userId, token, [1000]);
    const no = (await apply({ orderNo, amount: 1000 })).body.info.applicationNo;
    assert.equal((await detail(no, other.token)).status, 404);
    assert.equal((await h.get(`${P}/record`, { applicationNo: no }, other.token)).status, 404);
    assert.equal((await h.post(`${P}/refund/cancel/${no}`, {}, other.token)).status, 404);
    assert.equal(
      (await h.post(`${P}/edit`, { applicationNo: no, type: 1, amount: 1, reason: '其他' }, other.token)).status,
      404,
    );
    const list = await h.get<Paged<{ applicationNo: string }>>(`${P}/list`, {}, other.token);
    assert.ok(!list.body.info.list.some((a) => a.applicationNo === no));
    assert.equal(
      (await apply({ orderNo, amount: 1 }, other.token)).status,
      404,
      "nor can one apply on another's order",
    );
    const foreignImage = await upload(other.token);
    const o2 = await paidOrder(userId, token, [1000]);
    const img = await apply({ orderNo: o2, amount: 100, images: [foreignImage] });
    assert.deepEqual([img.status, img.body.message], [400, '图片不存在或不是您上传的，请重新上传']);
  });

  it('malformed input is a 400 with a Chinese message, never a 500; operator routes need the key', async () => {
    const orderNo = await paidOrder(userId, token, [1000]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ orderNo, amount: '12' }, '请输入退款金额'],
      [{ orderNo, amount: 1.5 }, '退款金额最多两位小数'],
      [{ orderNo, amount: 0 }, '退款金额必须大于0'],
      [{ orderNo, amount: 100, reason: '随便' }, '请选择退款原因'],
      [{ orderNo, amount: 100, images: Array(7).fill('x') }, '最多上传6张图片'],
      [{ orderNo, amount: 100, type: 3 }, '请选择售后类型'],
      [{ amount: 100 }, '缺少订单编号'],
    ];
    for (const [body, message] of cases) {
      const res = await apply(body);
      assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
    }
    const badTab = await h.get(`${P}/list`, { tab: 'NOPE' }, token);
    assert.equal(badTab.status, 400);
    const noKey = await h.inject({ method: 'GET', url: '/ops/after-sales' });
    assert.equal(noKey.status, 401);
    const badNotify = await h.inject({ method: 'POST', url: '/refund/notify/sandbox', payload: 'not json' });
    assert.equal(badNotify.status, 400);
  });
});
