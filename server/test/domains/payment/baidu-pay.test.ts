/**
 * Baidu polymer cashier against a local fake of Baidu's hosts over real HTTP (test/fakes/baidu-pay.ts): the
 * order query (findByTpOrderId with the open API's access_token, renewed when Baidu says it expired), refunds
 * (applyOrderRefund on the current refund host, rsaSign checked by the fake), the refund audit and result callbacks
 * signed
 * with Baidu's key (tampered and replayed ones refused or changing nothing), and an after-sales refund of a
 * Baidu payment end to end, including two refunds at once.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { OrderDetail, PayParams } from '@contract/payment';
import { loadConfig } from '../../../src/config';
import { afterSaleApplications, refunds } from '../../../src/domains/after-sales/schema';
import { createBaiduPayProvider } from '../../../src/domains/payment/providers/baidu-pay';
import {
  BAIDU_REFUND_NOT_PAID,
  createBaiduRefundProvider,
} from '../../../src/domains/payment/providers/baidu-pay-refund';
import { startBaiduPayFake, type BaiduPayFake } from '../../fakes/baidu-pay';
import { buildHarness, type Harness } from '../../helpers/app';
import { insertUnpaidOrder } from '../../helpers/unpaid-order';
import { refusal } from '../../helpers/refusal';

let bd: BaiduPayFake;
before(async () => {
  bd = await startBaiduPayFake();
});
after(() => bd.stop());

const config = () => loadConfig(bd.env()).baiduPay;

describe('Baidu pay: order query and refunds against the fake', () => {
  const orderInfo = (tpOrderId: string, totalAmount = 12345) => ({ tpOrderId, totalAmount: String(totalAmount) });

  it('query: unknown and unpaid are null, paid is the transaction; an expired access_token is renewed once', async () => {
    const p = createBaiduPayProvider(config());
    assert.equal(await p.query!('P-BD-UNKNOWN'), null);
    const order = bd.open(orderInfo('P-BD-Q1'));
    assert.equal(await p.query!('P-BD-Q1'), null);
    bd.pay('P-BD-Q1');
    const tokensBefore = bd.state.tokenRequests;
    assert.deepEqual(await p.query!('P-BD-Q1'), {
      paymentSn: 'P-BD-Q1',
      txnId: order.orderId,
      amount: 12345,
      status: 'SUCCESS',
      payType: 4,
    });
    assert.equal(bd.state.tokenRequests, tokensBefore, 'the token is kept');
    bd.expireTokens();
    assert.equal((await p.query!('P-BD-Q1'))?.txnId, order.orderId);
    assert.equal(bd.state.tokenRequests, tokensBefore + 1);
  });

  it('refund: looks the order up, applies with rsaSign and the part amount; Baidu refusals are told; an unpaid order is refused before', async () => {
    const p = createBaiduRefundProvider(config());
    const order = bd.open(orderInfo('P-BD-R1', 10000));
    const req = {
      refundSn: 'R-BD-1',
      paymentSn: 'P-BD-R1',
      txnId: order.orderId,
      amount: 3000,
      paymentAmount: 10000,
      reason: '课程时间冲突',
    };
    assert.equal((await refusal(p.submit(req))).message, BAIDU_REFUND_NOT_PAID);
    bd.pay('P-BD-R1');
    const { providerRefundId } = await p.submit(req);
    const atBaidu = bd.state.refunds.get(providerRefundId)!;
    const { rsaSign: _sign, ...sent } = atBaidu.fields;
    assert.deepEqual(sent, {
      orderId: order.orderId,
      userId: order.userId,
      refundType: '2',
      refundReason: '课程时间冲突',
      tpOrderId: 'P-BD-R1',
      appKey: 'MMMabc',
      applyRefundMoney: '3000',
      bizRefundBatchId: 'R-BD-1',
    });
    // The same refund again is the same batch at Baidu.
    assert.deepEqual(await p.submit(req), { providerRefundId });
    const over = await refusal(p.submit({ ...req, refundSn: 'R-BD-2', amount: 7001 }));
    assert.deepEqual([over.statusCode, over.message], [400, '百度收银台退款失败：退款金额超过可退金额']);
    // Another Baidu order than the one that paid us is not refunded.
    assert.equal(
      (await refusal(p.submit({ ...req, refundSn: 'R-BD-3', txnId: '999' }))).message,
      BAIDU_REFUND_NOT_PAID,
    );
  });

  it("refund results: verified with Baidu's key; a tampered or foreign-key one is refused", () => {
    const p = createBaiduRefundProvider(config());
    const batch = [...bd.state.refunds.values()][0].refundBatchId;
    const ok = bd.refundResult(batch, '1');
    assert.deepEqual(p.verifyNotification(ok, {}), {
      providerRefundId: batch,
      paymentSn: 'P-BD-R1',
      notifyId: batch,
      status: 'SUCCESS',
    });
    assert.deepEqual(p.verifyNotification(bd.refundResult(batch, '2'), {}), {
      providerRefundId: batch,
      paymentSn: 'P-BD-R1',
      notifyId: batch,
      status: 'FAIL',
      reason: '百度收银台退款失败',
    });
    assert.throws(() => p.verifyNotification(ok.replace('refundStatus=1', 'refundStatus=2'), {}), /退款通知签名错误/);
    assert.throws(
      () => p.verifyNotification(bd.refundResult(batch, '1', bd.intruder.privateKey), {}),
      /退款通知签名错误/,
    );
  });

  it('a half configuration is a start-up error naming what is missing', () => {
    assert.throws(() => loadConfig({ BAIDU_PAY_APP_KEY: 'MMMabc' }), /BAIDU_PAY_DEAL_ID is missing/);
    const { BAIDU_SWAN_APP_SECRET: _s, ...noSecret } = bd.env();
    assert.throws(() => loadConfig(noSecret), /Baidu pay needs BAIDU_SWAN_APP_KEY and BAIDU_SWAN_APP_SECRET/);
    assert.throws(
      () => loadConfig({ ...bd.env(), BAIDU_PAY_REFUND_BASE: 'etrade-api.baidu.com' }),
      /BAIDU_PAY_REFUND_BASE must be an absolute/,
    );
  });
});

describe('an after-sales refund of a Baidu payment goes back through Baidu', () => {
  let h: Harness;
  let origin = '';
  let token = '';
  let userId = '';
  before(async () => {
    h = await buildHarness({ env: bd.env() });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    ({ token, userId } = await h.login('13900000171'));
  });
  after(() => h.close());

  const form = (path: string, body: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  const ops = (url: string) =>
    h.inject({ method: 'POST', url, headers: { authorization: `Bearer ${h.config.opsKey}` } });
  const stateOf = async (applicationNo: string) =>
    (
      await h.database.db
        .select()
        .from(afterSaleApplications)
        .where(eq(afterSaleApplications.applicationNo, applicationNo))
    )[0];

  /** A SWAN order of 12345 fen: the orderInfo the mini-program gets, then Baidu's cashier opened on it. */
  async function openOrder(n: number) {
    const orderNo = `BDR${Date.now()}${n}`;
    await insertUnpaidOrder(h, { orderNo, userId, amount: 12345 });
    const params = (
      await h.get<PayParams>(
        `/front/v1/client/order/payment/continue/${orderNo}`,
        { paySource: 'SWAN', tradeType: 'SWAN' },
        token,
      )
    ).body.info;
    return { orderNo, paymentSn: params.paymentSn, baidu: bd.open(params.orderInfo as Record<string, string>) };
  }
  const orderStatus = async (orderNo: string) =>
    (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info.orderStatus;
  async function apply(orderNo: string, amount: number) {
    const res = await h.post<{ applicationNo: string }>(
      '/front/v1/after/sales/refund/apply',
      { orderNo, type: 1, reason: '不想要了', description: '', images: [], amount },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    return res.body.info.applicationNo;
  }

  it('paid by notification or found by the pay-check; agree -> Baidu refund -> audit 1 -> result settles it once', async () => {
    const a = await openOrder(1);
    assert.equal(await orderStatus(a.orderNo), 'UNPAID', 'Baidu holds it unpaid');
    const paid = await form('/pay/notify/baidu', bd.pay(a.paymentSn));
    assert.deepEqual(await paid.json(), { errno: 0, msg: 'success', data: { isConsumed: 2 } });
    assert.equal(await orderStatus(a.orderNo), 'PAID');
    // Paid at Baidu, no notification came: the pay-check finds it.
    const b = await openOrder(2);
    bd.pay(b.paymentSn);
    assert.equal(await orderStatus(b.orderNo), 'PAID');

    const no = await apply(a.orderNo, 5000);
    assert.equal((await ops(`/ops/after-sales/${no}/agree`)).status, 200);
    const [refund] = await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no));
    assert.deepEqual([refund.provider, refund.status, refund.amount], ['baidu', 'PENDING', 5000]);
    const batch = refund.providerRefundId!;
    assert.equal(bd.state.refunds.get(batch)?.amount, 5000);

    // Baidu asks before it refunds: ours, for 5000; a batch we never applied for on a payment with nothing held is
    // refused.
    const audit = await form('/refund/audit/baidu', bd.audit(batch, a.paymentSn));
    assert.deepEqual(await audit.json(), {
      errno: 0,
      msg: 'success',
      data: { auditStatus: 1, calculateRes: { refundPayMoney: 5000 } },
    });
    const stranger = await form('/refund/audit/baidu', bd.audit('999999', b.paymentSn));
    assert.equal(((await stranger.json()) as { data: { auditStatus: number } }).data.auditStatus, 2);
    const forged = await form('/refund/audit/baidu', bd.audit(batch, a.paymentSn, bd.intruder.privateKey));
    assert.equal(forged.status, 400);

    const result = bd.refundResult(batch, '1');
    const first = await form('/refund/notify/baidu', result);
    assert.deepEqual(await first.json(), { errno: 0, msg: 'success', data: {} });
    assert.deepEqual([(await stateOf(no)).state, (await stateOf(no)).refundedAmount], ['REFUNDED', 5000]);
    assert.equal(await orderStatus(a.orderNo), 'REFUND_PART');
    // Baidu resends until it hears errno 0: the same result again changes nothing; a tampered one is refused.
    assert.equal((await form('/refund/notify/baidu', result)).status, 200);
    const tampered = await form('/refund/notify/baidu', result.replace('refundStatus=1', 'refundStatus=2'));
    assert.equal(tampered.status, 400);
    const [after1] = await h.database.db.select().from(refunds).where(eq(refunds.refundSn, refund.refundSn));
    assert.equal(after1.status, 'SUCCESS');

    // Two refunds of the whole of b at once: one goes to Baidu, the other is refused; never more than b paid.
    const no2 = await apply(b.orderNo, 12345);
    const both = await Promise.all([ops(`/ops/after-sales/${no2}/agree`), ops(`/ops/after-sales/${no2}/agree`)]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
    const rows = await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no2));
    assert.deepEqual(
      rows.map((r) => r.amount),
      [12345],
    );
    assert.equal([...bd.state.refunds.values()].filter((r) => r.tpOrderId === b.paymentSn).length, 1);
  });

  it('a refund Baidu refuses fails at once with its reason and the application can be refunded again', async () => {
    const c = await openOrder(3);
    await form('/pay/notify/baidu', bd.pay(c.paymentSn));
    const no = await apply(c.orderNo, 2000);
    bd.state.refuseRefund = { errno: 10003, msg: '企业余额不足' };
    const res = await ops(`/ops/after-sales/${no}/agree`);
    assert.deepEqual(
      [res.status, (res.body as { message: string }).message],
      [400, '百度收银台退款失败：企业余额不足'],
    );
    const [failed] = await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no));
    assert.equal(failed.status, 'FAILED');
    assert.equal((await ops(`/ops/after-sales/${no}/refund`)).status, 200);
    const pending = (await h.database.db.select().from(refunds).where(eq(refunds.applicationNo, no))).filter(
      (r) => r.status === 'PENDING',
    );
    assert.equal(pending.length, 1);
    assert.equal(bd.state.refunds.get(pending[0].providerRefundId!)?.amount, 2000);

    // Baidu asks about a batch this server cannot place: while the retry's own batch id is not yet recorded (its
    // answer overtaken), that could be the retry or the refused first attempt: 3, ask again; once it is, any other
    // batch on that payment is refused (2) and the retry's is agreed (1).
    const auditOf = async (batch: string) =>
      (
        (await (await form('/refund/audit/baidu', bd.audit(batch, c.paymentSn))).json()) as {
          data: { auditStatus: number };
        }
      ).data.auditStatus;
    const batch = pending[0].providerRefundId!;
    await h.database.db
      .update(refunds)
      .set({ providerRefundId: null })
      .where(eq(refunds.refundSn, pending[0].refundSn));
    assert.equal(await auditOf('888888'), 3);
    await h.database.db
      .update(refunds)
      .set({ providerRefundId: batch })
      .where(eq(refunds.refundSn, pending[0].refundSn));
    assert.deepEqual([await auditOf('888888'), await auditOf(batch)], [2, 1]);
  });
});
