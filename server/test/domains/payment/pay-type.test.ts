import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { OrderDetail, PayParams } from '@contract/payment';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { buildSandboxNotification, createSandboxProvider } from '../../../src/domains/payment/providers/sandbox';
import { buildHarness, type Harness } from '../../helpers/app';

/** §3 installment pay types: the channel that paid is recorded, and the order detail names it (支付方式, 支付时间). */
describe('pay type recorded and shown', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let n = 0;

  async function makeOrder(amount: number): Promise<string> {
    n += 1;
    const orderNo = `PT${Date.now()}${n}`;
    await h.database.db.insert(orders).values({
      orderNo,
      projectSn: 'demo',
      userId,
      actSn: 'demo-course-01',
      orderType: 'COURSE',
      orderPayType: 1,
      status: 'UNPAID',
      totalAmount: amount,
      snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: null } },
      expiresAt: new Date(Date.now() + 30 * 60_000),
      createdAt: new Date(),
    });
    await h.database.db
      .insert(orderPayments)
      .values({ orderNo, seq: 1, kind: 'NORMAL', amount, deductionAmount: 0, status: 'UNPAID' });
    return orderNo;
  }

  async function payAt(orderNo: string, form: string) {
    const res = await h.get<PayParams>(
      `/front/v1/client/order/payment/continue/${orderNo}`,
      { paySource: 'H5', tradeType: 'MWEB' },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const page = await h.inject({ method: 'GET', url: res.body.info.mwebUrl! });
    assert.match(String(page.raw.body), /name="payType" value="3"/, 'the cashier offers 支付宝');
    const confirm = await h.inject({
      method: 'POST',
      url: `/sandbox/cashier/${res.body.info.paymentSn}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    assert.equal(confirm.status, 200, String(confirm.raw.body));
  }

  const detail = async (orderNo: string) =>
    (await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token)).body.info;
  const payTypeOf = async (orderNo: string) =>
    (await h.database.db.select().from(orderPayments).where(eq(orderPayments.orderNo, orderNo)))[0].payType;

  before(async () => {
    h = await buildHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    token = await h.enterStored('demo');
    userId = (await h.get<{ userId: string }>('/front/v1/user/cache', {}, token)).body.info.userId;
  });
  after(() => h.close());

  it('records the channel picked at the sandbox cashier and shows it with the pay time', async () => {
    const unpaid = await makeOrder(100);
    const before = await detail(unpaid);
    assert.deepEqual([before.payTypeName, before.payTime], [null, null]);

    const alipay = await makeOrder(12345);
    const t0 = Date.now();
    await payAt(alipay, 'payType=3');
    assert.equal(await payTypeOf(alipay), 3);
    const d = await detail(alipay);
    assert.equal(d.payTypeName, '支付宝');
    assert.ok(d.payTime && Date.parse(d.payTime) >= t0 - 1000, String(d.payTime));

    const card = await makeOrder(200);
    await payAt(card, 'payType=4');
    assert.equal((await detail(card)).payTypeName, '银行卡');
  });

  it("anything but an offered channel pays as WeChat (1), the cashier's default", async () => {
    for (const form of ['', 'payType=2', 'payType=5', 'payType=abc']) {
      const orderNo = await makeOrder(300);
      await payAt(orderNo, form);
      assert.equal(await payTypeOf(orderNo), 1, form);
      assert.equal((await detail(orderNo)).payTypeName, '微信支付');
    }
  });

  it('a sandbox notification names its channel; one without a channel (older cashier) was WeChat; a forged channel fails the signature', () => {
    const key = 'k'.repeat(32);
    const p = createSandboxProvider({ key });
    const note = buildSandboxNotification({ paymentSn: 'P1', amount: 1 }, key, new Date(), 4);
    assert.equal(p.verifyNotification(note.body, note.headers).payType, 4);
    const legacy = JSON.stringify({ ...JSON.parse(note.body), payType: undefined });
    const signed = buildSandboxNotification({ paymentSn: 'P1', amount: 1 }, key);
    assert.equal(p.verifyNotification(signed.body, signed.headers).payType, 1);
    assert.throws(() => p.verifyNotification(legacy, note.headers), /签名错误/);
  });
});
