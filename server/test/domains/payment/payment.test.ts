import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import type { Paged } from '@contract/common';
import type { OrderDetail, OrderSummary, PayParams } from '@contract/payment';
import { orderPayments, orders, type OrderStatus } from '../../../src/domains/order/schema';
import { userCoupons } from '../../../src/domains/coupon/schema';
import { orderEvents } from '../../../src/domains/order/schema';
import { paymentNotifications, payments } from '../../../src/domains/payment/schema';
import { DEMO_AGREEMENT_SN } from '../../../src/domains/order/purchase-agreement';
import { expireUnpaidOrders } from '../../../src/domains/order/expiry';
import { buildSandboxNotification, SANDBOX_SIGNATURE_HEADER } from '../../../src/domains/payment/providers/sandbox';
import { buildHarness, type Harness } from '../../helpers/app';

const ACT_SN = 'demo-course-01';
// Relative: with PUBLIC_BASE_URL unset only same-origin paths are return targets (runtime/redirect.ts).
const REDIRECT = '/#/pages/order/orderDetail?orderNo=';
const H5 = { paySource: 'H5', tradeType: 'MWEB' } as const;

type Kind = 'NORMAL' | 'DEPOSIT' | 'FINAL' | 'INSTALLMENT';
interface Part {
  kind: Kind;
  amount: number;
  deduction?: number;
  paid?: boolean;
  dueTime?: Date;
}
interface OrderSpec {
  userId: string;
  payType: 1 | 2 | 3;
  parts: Part[];
  status?: OrderStatus;
  expiresAt?: Date | null;
  createdAt?: Date;
  snapshot?: Record<string, unknown>;
}

describe('orders after submit: list, detail, pay, notify, cancel, expiry, contracts', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let otherToken: string;
  let seq = 0;

  const db = () => h.database.db;

  async function visitor(): Promise<{ token: string; userId: string }> {
    const t = await h.enterStored('demo');
    const me = await h.get<{ userId: string }>('/front/v1/user/cache', {}, t);
    return { token: t, userId: me.body.info.userId };
  }

  /** An order as submission would write it: the orders row and its order_payments rows. */
  async function makeOrder(spec: OrderSpec): Promise<string> {
    seq += 1;
    const orderNo = `T${Date.now()}${String(seq).padStart(4, '0')}`;
    const total = spec.parts.reduce((s, p) => s + p.amount, 0);
    const paidCount = spec.parts.filter((p) => p.paid).length;
    const status: OrderStatus =
      spec.status ??
      (paidCount === 0
        ? 'UNPAID'
        : paidCount === spec.parts.length
          ? 'PAID'
          : spec.payType === 2
            ? 'UNPAID_BALANCE'
            : 'UNPAID_INSTALLMENTS');
    await db()
      .insert(orders)
      .values({
        orderNo,
        projectSn: 'demo',
        userId: spec.userId,
        actSn: ACT_SN,
        orderType: 'COURSE',
        orderPayType: spec.payType,
        status,
        totalAmount: total,
        snapshot: spec.snapshot ?? {
          course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: '/static/images/course-01.svg' },
        },
        expiresAt: spec.expiresAt === undefined ? new Date(Date.now() + 30 * 60_000) : spec.expiresAt,
        createdAt: spec.createdAt ?? new Date(),
      });
    await db()
      .insert(orderPayments)
      .values(
        spec.parts.map((p, i) => ({
          orderNo,
          seq: i + 1,
          kind: p.kind,
          amount: p.amount,
          deductionAmount: p.deduction ?? 0,
          dueTime: p.dueTime ?? null,
          status: p.paid ? 'PAID' : 'UNPAID',
          payType: p.paid ? 1 : null,
          paidAmount: p.paid ? p.amount - (p.deduction ?? 0) : null,
          paidAt: p.paid ? new Date() : null,
        })),
      );
    return orderNo;
  }

  const statusOf = async (orderNo: string) =>
    (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0].status;
  const eventCount = async (orderNo: string) =>
    (await db().select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderNo, orderNo)))[0].n;
  const detail = (orderNo: string, t = token) =>
    h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, t);
  const pay = (orderNo: string, extra: Record<string, unknown> = {}, t = token) =>
    h.get<PayParams>(
      `/front/v1/client/order/payment/continue/${orderNo}`,
      { ...H5, redirectUrl: REDIRECT + orderNo, ...extra },
      t,
    );

  /** The browser at the cashier: open the mwebUrl, press 确认支付, follow nothing (the 303 is checked). */
  async function payAtCashier(orderNo: string): Promise<{ params: PayParams; html: string }> {
    const res = await pay(orderNo);
    assert.equal(res.status, 200, res.raw.body);
    const params = res.body.info;
    const page = await h.inject({ method: 'GET', url: params.mwebUrl! });
    assert.equal(page.status, 200);
    const confirm = await h.inject({
      method: 'POST',
      url: `/sandbox/cashier/${params.paymentSn}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(confirm.status, 303, String(confirm.raw.body));
    assert.equal(confirm.raw.headers.location, REDIRECT + orderNo);
    return { params, html: String(page.raw.body) };
  }

  /** A notification as the sandbox cashier would send it, for replays and tampering. */
  async function openPayment(orderNo: string) {
    const res = await pay(orderNo);
    assert.equal(res.status, 200, res.raw.body);
    return res.body.info;
  }
  const notify = (body: string, headers: Record<string, string>) =>
    h.inject({ method: 'POST', url: '/pay/notify/sandbox', headers, payload: body });

  before(async () => {
    h = await buildHarness();
    // The cashier's notification goes over real HTTP to the listening server, as in production.
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    ({ token, userId } = await visitor());
    otherToken = (await visitor()).token;
  });
  after(() => h.close());

  it('lists orders by tab, newest first, paged', async () => {
    const u = await visitor();
    const t0 = Date.now() - 10 * 60_000;
    const at = (i: number) => new Date(t0 + i * 1000);
    const made: Record<string, string> = {};
    made.unpaid = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100 }],
      createdAt: at(1),
    });
    made.balance = await makeOrder({
      userId: u.userId,
      payType: 2,
      parts: [
        { kind: 'DEPOSIT', amount: 100, paid: true },
        { kind: 'FINAL', amount: 900 },
      ],
      createdAt: at(2),
    });
    made.paid = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100, paid: true }],
      createdAt: at(3),
    });
    made.cancelled = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100 }],
      status: 'CANCELLED',
      createdAt: at(4),
    });
    made.refund = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100, paid: true }],
      status: 'REFUND_PART',
      createdAt: at(5),
    });
    made.changed = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100, paid: true }],
      status: 'DEAL_DONE_COURSE',
      createdAt: at(6),
    });
    const url = '/front/v1/client/order/user/orders';
    const tab = async (name: string, page = 1, perSize = 10) =>
      (await h.get<Paged<OrderSummary>>(url, { tab: name, page, perSize }, u.token)).body.info;

    const all = await tab('ALL');
    assert.equal(all.total, 6);
    assert.deepEqual(
      all.list.map((o) => o.orderNo),
      [made.changed, made.refund, made.cancelled, made.paid, made.balance, made.unpaid],
    );
    assert.deepEqual(
      (await tab('UNPAID')).list.map((o) => o.orderNo),
      [made.balance, made.unpaid],
    );
    assert.deepEqual(
      (await tab('PAID')).list.map((o) => o.orderNo),
      [made.changed, made.paid],
    );
    assert.deepEqual(
      (await tab('CANCELLED')).list.map((o) => o.orderNo),
      [made.cancelled],
    );
    assert.deepEqual(
      (await tab('REFUND')).list.map((o) => o.orderNo),
      [made.refund],
    );

    const p1 = await tab('ALL', 1, 4);
    const p2 = await tab('ALL', 2, 4);
    assert.deepEqual([p1.list.length, p2.list.length, p1.total, p2.page], [4, 2, 6, 2]);

    const balance = all.list.find((o) => o.orderNo === made.balance)!;
    assert.equal(balance.courseName, '成人高考专升本');
    assert.deepEqual(
      [balance.canPay, balance.canCancel, balance.dueAmount, balance.installmentPayNum],
      [true, false, 900, 2],
    );
    const unpaid = all.list.find((o) => o.orderNo === made.unpaid)!;
    assert.deepEqual([unpaid.canPay, unpaid.canCancel, unpaid.dueAmount], [true, true, 100]);

    const bad = await h.get(url, { tab: 'SOMETHING' }, u.token);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 4000);
    assert.equal((await h.get(url, {})).status, 401);
  });

  it("shows a deposit order's and an instalment order's schedule in the detail", async () => {
    const due = new Date(Date.now() + 7 * 86_400_000);
    const dep = await makeOrder({
      userId,
      payType: 2,
      parts: [
        { kind: 'DEPOSIT', amount: 50000, deduction: 10000, paid: true },
        { kind: 'FINAL', amount: 250000, dueTime: due },
      ],
      // The shape order submission writes (domains/order/submit.ts).
      snapshot: {
        orderCourseInfo: {
          actSn: ACT_SN,
          courseSn: 'C2',
          packageSn: 'PK1',
          courseName: '会计初级职称',
          courseCover: null,
          skuCnt: 1,
          freight: 0,
        },
        courseName: '会计初级职称',
        cover: '/static/images/course-02.svg',
        skuCnt: 1,
        packageName: '全科套餐',
        packageCourseList: [
          { courseSn: 'C2', courseName: '会计初级职称', courseCover: null, courseAmount: 200000 },
          { courseSn: 'C3', courseName: '经济法基础', courseCover: null, courseAmount: 100000 },
        ],
        giftCourseList: [{ courseSn: 'G1', courseName: '赠送：考前串讲', courseCover: null, courseAmount: 0 }],
        confirmOrderAmount: {
          totalAmount: 320000,
          courseDiscountAmount: 0,
          packageDiscountAmount: 20000,
          freight: 0,
          orderTotalAmount: 300000,
        },
        goodsType: 'RIGHT_COURSE',
        address: null,
        applicant: [{ label: '姓名', value: '张三' }],
        householdType: 'TALENT_IN',
        remark: '周末上课',
        agreementSn: null,
        agreementName: null,
        coupon: null,
      },
    });
    const res = await detail(dep);
    assert.equal(res.status, 200, res.raw.body);
    const d = res.body.info;
    assert.equal(d.orderStatus, 'UNPAID_BALANCE');
    assert.deepEqual(d.depositInfoList, [
      {
        depositType: 1,
        installmentAmount: 50000,
        payFlag: true,
        installmentPayType: 1,
        deductionAmount: 10000,
        installmentPayAmount: 40000,
        dueTime: null,
      },
      {
        depositType: 2,
        installmentAmount: 250000,
        payFlag: false,
        installmentPayType: null,
        deductionAmount: 0,
        installmentPayAmount: null,
        dueTime: due.toISOString(),
      },
    ]);
    assert.deepEqual(d.installmentInfoList, []);
    assert.deepEqual(
      [d.installmentPayNum, d.dueAmount, d.canPay, d.canCancel, d.canSign],
      [2, 250000, true, false, false],
    );
    assert.deepEqual(
      [d.courseName, d.packageName, d.checkPackage, d.householdType, d.remark],
      ['会计初级职称', '全科套餐', true, 'TALENT_IN', '周末上课'],
    );
    assert.deepEqual(
      [d.cover, d.courseSn, d.goodsType, d.goodsAmount, d.courseNum, d.address],
      ['/static/images/course-02.svg', 'C2', 'RIGHT_COURSE', 320000, 3, null],
    );
    assert.deepEqual(d.giftCourseList, [{ courseSn: 'G1', courseName: '赠送：考前串讲' }]);
    assert.deepEqual(d.applicant, [{ label: '姓名', value: '张三' }]);
    assert.equal(d.expiresAt, null, 'only an UNPAID order expires');

    const inst = await makeOrder({
      userId,
      payType: 3,
      parts: [
        { kind: 'INSTALLMENT', amount: 10000, paid: true },
        { kind: 'INSTALLMENT', amount: 10000 },
        { kind: 'INSTALLMENT', amount: 10000 },
      ],
    });
    const i = (await detail(inst)).body.info;
    assert.deepEqual(
      i.installmentInfoList.map((r) => [r.installmentNum, r.payFlag, r.installmentPayAmount]),
      [
        [1, true, 10000],
        [2, false, null],
        [3, false, null],
      ],
    );
    assert.deepEqual([i.installmentPayNum, i.dueAmount, i.depositInfoList.length], [2, 10000, 0]);
    const info = await h.get<{ installmentPayNum: number; installmentInfoList: unknown[] }>(
      '/front/v2/client/course/order/installment/info',
      { orderNo: inst },
      token,
    );
    assert.equal(info.status, 200);
    assert.deepEqual([info.body.info.installmentPayNum, info.body.info.installmentInfoList.length], [2, 3]);
  });

  it("answers 404 订单不存在 (code 1008) for another user's order, and changes nothing", async () => {
    const mine = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 100 }] });
    const notMine = { state: false, message: '订单不存在', info: null, code: 1008 };
    for (const res of [
      await detail(mine, otherToken),
      await pay(mine, {}, otherToken),
      await h.post(`/front/v1/client/order/payment/order/cancel/${mine}`, {}, otherToken),
      await h.get('/front/v2/client/course/order/installment/info', { orderNo: mine }, otherToken),
      await h.get('/front/v1/client/order/contract/list', { orderNo: mine }, otherToken),
      await h.post('/front/v1/client/order/sign/link', { orderNo: mine }, otherToken),
      await detail('NO-SUCH-ORDER'),
    ]) {
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, notMine);
    }
    assert.equal(await statusOf(mine), 'UNPAID');
    assert.equal((await db().select().from(payments).where(eq(payments.orderNo, mine))).length, 0);
  });

  it('pays a normal order at the sandbox cashier: page shows the amount, confirm notifies, order PAID', async () => {
    const orderNo = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 12345 }] });
    const { params, html } = await payAtCashier(orderNo);
    assert.equal(params.payAmount, 12345);
    assert.match(params.mwebUrl!, new RegExp(`^/sandbox/cashier/${params.paymentSn}\\?redirect=`));
    assert.match(html, /¥123\.45/);
    assert.match(html, new RegExp(orderNo));
    assert.match(html, /确认支付/);
    assert.match(html, /取消支付/);
    assert.doesNotMatch(html, /<(script|link)[^>]+(src|href)="http/i, 'no external assets');

    assert.equal(await statusOf(orderNo), 'PAID');
    const d = (await detail(orderNo)).body.info;
    assert.deepEqual([d.canPay, d.canCancel, d.dueAmount, d.installmentPayNum], [false, false, 0, 2]);
    const [row] = await db().select().from(orderPayments).where(eq(orderPayments.orderNo, orderNo));
    assert.deepEqual([row.status, row.payType, row.paidAmount], ['PAID', 1, 12345]);
    const [p] = await db().select().from(payments).where(eq(payments.paymentSn, params.paymentSn));
    assert.equal(p.status, 'SUCCESS');
    assert.ok(p.txnId?.startsWith('SBX'));

    const again = await pay(orderNo);
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { state: false, message: '订单已支付', info: null, code: 4090 });
    // A second tap on 确认支付 goes back without paying twice.
    const twice = await h.inject({ method: 'POST', url: `/sandbox/cashier/${params.paymentSn}/confirm` });
    assert.equal(twice.status, 303);
    assert.equal(await eventCount(orderNo), 1);
  });

  it('deposit then final: UNPAID_BALANCE after the deposit, PAID after the final (two payments)', async () => {
    const orderNo = await makeOrder({
      userId,
      payType: 2,
      parts: [
        { kind: 'DEPOSIT', amount: 20000 },
        { kind: 'FINAL', amount: 180000 },
      ],
    });
    const first = await payAtCashier(orderNo);
    assert.equal(first.params.payAmount, 20000);
    assert.equal(await statusOf(orderNo), 'UNPAID_BALANCE');
    const mid = (await detail(orderNo)).body.info;
    assert.deepEqual(
      mid.depositInfoList.map((r) => [r.depositType, r.payFlag, r.installmentPayType]),
      [
        [1, true, 1],
        [2, false, null],
      ],
    );
    assert.deepEqual([mid.installmentPayNum, mid.dueAmount, mid.canCancel], [2, 180000, false]);
    const cancel = await h.post(`/front/v1/client/order/payment/order/cancel/${orderNo}`, {}, token);
    assert.equal(cancel.status, 409, 'a paid deposit cannot be cancelled');

    const second = await payAtCashier(orderNo);
    assert.equal(second.params.payAmount, 180000);
    assert.notEqual(second.params.paymentSn, first.params.paymentSn);
    assert.match(second.html, /¥1800/);
    assert.equal(await statusOf(orderNo), 'PAID');
    const events = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderNo, orderNo))
      .orderBy(orderEvents.id);
    assert.deepEqual(
      events.map((e) => [e.fromStatus, e.toStatus, e.seq]),
      [
        ['UNPAID', 'UNPAID_BALANCE', 1],
        ['UNPAID_BALANCE', 'PAID', 2],
      ],
    );
  });

  it('instalments: UNPAID_INSTALLMENTS through the periods, PAID after the last', async () => {
    const orderNo = await makeOrder({
      userId,
      payType: 3,
      parts: [
        { kind: 'INSTALLMENT', amount: 30000 },
        { kind: 'INSTALLMENT', amount: 30000 },
        { kind: 'INSTALLMENT', amount: 30001 },
      ],
    });
    const seen: string[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const info = (await detail(orderNo)).body.info;
      assert.equal(info.installmentPayNum, i);
      await payAtCashier(orderNo);
      seen.push(await statusOf(orderNo));
    }
    assert.deepEqual(seen, ['UNPAID_INSTALLMENTS', 'UNPAID_INSTALLMENTS', 'PAID']);
    const d = (await detail(orderNo)).body.info;
    assert.deepEqual(
      d.installmentInfoList.map((r) => r.installmentPayAmount),
      [30000, 30000, 30001],
    );
    assert.equal(d.installmentPayNum, 4);
  });

  it('a replayed notification changes nothing the second time', async () => {
    const orderNo = await makeOrder({
      userId,
      payType: 2,
      parts: [
        { kind: 'DEPOSIT', amount: 500 },
        { kind: 'FINAL', amount: 500 },
      ],
    });
    const params = await openPayment(orderNo);
    const note = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 500 }, h.config.sandboxPayKey);
    const first = await notify(note.body, note.headers);
    assert.equal(first.status, 200);
    assert.equal(await statusOf(orderNo), 'UNPAID_BALANCE');
    for (let i = 0; i < 3; i += 1) {
      const replay = await notify(note.body, note.headers);
      assert.equal(replay.status, 200, 'the provider is told it was handled');
    }
    // A second genuine notification (new txnId) for the settled payment: still nothing.
    const other = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 500 }, h.config.sandboxPayKey);
    assert.equal((await notify(other.body, other.headers)).status, 200);
    assert.equal(await statusOf(orderNo), 'UNPAID_BALANCE', 'the final was not paid by a replay');
    assert.equal(await eventCount(orderNo), 1);
    const notes = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentSn, params.paymentSn));
    assert.equal(notes.length, 1);
  });

  it('20 concurrent notifications for one payment make one state change', async () => {
    const orderNo = await makeOrder({
      userId,
      payType: 3,
      parts: [
        { kind: 'INSTALLMENT', amount: 700 },
        { kind: 'INSTALLMENT', amount: 700 },
      ],
    });
    const params = await openPayment(orderNo);
    const same = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 700 }, h.config.sandboxPayKey);
    const copies = Array.from({ length: 10 }, () => notify(same.body, same.headers));
    const distinct = Array.from({ length: 10 }, () => {
      const n = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 700 }, h.config.sandboxPayKey);
      return notify(n.body, n.headers);
    });
    const results = await Promise.all([...copies, ...distinct]);
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([200]));
    assert.equal(await statusOf(orderNo), 'UNPAID_INSTALLMENTS');
    assert.equal(await eventCount(orderNo), 1);
    const rows = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderNo, orderNo))
      .orderBy(orderPayments.seq);
    assert.deepEqual(
      rows.map((r) => r.status),
      ['PAID', 'UNPAID'],
    );
    const notes = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentSn, params.paymentSn));
    assert.equal(notes.length, 1);
  });

  it('refuses a tampered notification (400) and a wrong amount (400), changing nothing', async () => {
    const orderNo = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 9900 }] });
    const params = await openPayment(orderNo);
    const note = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 9900 }, h.config.sandboxPayKey);

    const cheaper = note.body.replace('"amount":9900', '"amount":1');
    const tampered = await notify(cheaper, note.headers);
    assert.equal(tampered.status, 400);
    assert.deepEqual(tampered.body, { state: false, message: '支付通知签名错误', info: null, code: 4000 });
    const forged = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 9900 }, 'not-the-sandbox-key');
    assert.equal((await notify(forged.body, forged.headers)).status, 400);
    const unsigned = await notify(note.body, { 'content-type': 'application/json' });
    assert.equal(unsigned.status, 400);
    const badSig = await notify(note.body, { ...note.headers, [SANDBOX_SIGNATURE_HEADER]: 'zz' });
    assert.equal(badSig.status, 400);

    const wrong = buildSandboxNotification({ paymentSn: params.paymentSn, amount: 100 }, h.config.sandboxPayKey);
    const mismatch = await notify(wrong.body, wrong.headers);
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.message, '支付金额不一致');

    const unknown = buildSandboxNotification({ paymentSn: 'P-nope', amount: 100 }, h.config.sandboxPayKey);
    assert.equal((await notify(unknown.body, unknown.headers)).status, 400);
    const garbage = await notify('{not json', { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'x' });
    assert.equal(garbage.status, 400);
    assert.equal((await h.inject({ method: 'POST', url: '/pay/notify/paypal', payload: '{}' })).status, 400);

    assert.equal(await statusOf(orderNo), 'UNPAID');
    assert.equal(await eventCount(orderNo), 0);
    const [p] = await db().select().from(payments).where(eq(payments.paymentSn, params.paymentSn));
    assert.equal(p.status, 'PENDING');
    assert.equal(
      (await db().select().from(paymentNotifications).where(eq(paymentNotifications.paymentSn, params.paymentSn)))
        .length,
      0,
    );
  });

  it('reuses the open payment, serves mini-programs the cashier (web-view), refuses a bad redirect', async () => {
    const orderNo = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 800 }] });
    const a = await openPayment(orderNo);
    const b = await openPayment(orderNo);
    assert.equal(a.paymentSn, b.paymentSn, 'a second tap does not open a second payment');

    // Mini-programs open the sandbox cashier in their web-view page: no redirect, the back button returns.
    const weapp = await pay(orderNo, { paySource: 'WEAPP', tradeType: 'JSAPI', redirectUrl: undefined });
    assert.equal(weapp.status, 200, weapp.raw.body);
    assert.match(weapp.body.info.mwebUrl!, /^\/sandbox\/cashier\/[^?]+$/);
    const swan = await pay(orderNo, { paySource: 'SWAN', tradeType: 'SWAN', redirectUrl: undefined });
    assert.equal(swan.status, 200, swan.raw.body);
    assert.ok(swan.body.info.mwebUrl);
    // In the WeChat browser the H5 storefront asks for JSAPI: the sandbox serves its web cashier there too.
    const wechatH5 = await pay(orderNo, { tradeType: 'JSAPI' });
    assert.equal(wechatH5.status, 200);
    assert.ok(wechatH5.body.info.mwebUrl);
    assert.equal(wechatH5.body.info.package1, null);

    const open = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'PENDING')));
    assert.equal(open.length, 1, 'a new attempt closes the older ones: one open payment');

    for (const redirectUrl of [
      'javascript:alert(1)',
      '//evil.example.com/x',
      '/\\evil.example/',
      '/\t/evil.example/',
      'https://evil.example/',
      'http://localhost:3000/#/x',
    ]) {
      const res = await pay(orderNo, { redirectUrl });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, '跳转地址不正确');
    }
    const badSource = await pay(orderNo, { paySource: 'PC' });
    assert.equal(badSource.status, 400);
  });

  it('the cashier never sends the browser to a stored target on another origin', async () => {
    const orderNo = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 500 }] });
    const params = await openPayment(orderNo);
    // A row written before the rules tightened (or by hand): the page checks the target again.
    await db()
      .update(payments)
      .set({ redirectUrl: '/\\evil.example/' })
      .where(eq(payments.paymentSn, params.paymentSn));
    const page = await h.inject({ method: 'GET', url: `/sandbox/cashier/${params.paymentSn}` });
    assert.doesNotMatch(String(page.raw.body), /evil\.example/);
    const cancel = await h.inject({ method: 'POST', url: `/sandbox/cashier/${params.paymentSn}/cancel` });
    assert.equal(cancel.status, 200);
    assert.equal(cancel.raw.headers.location, undefined);
    assert.doesNotMatch(String(cancel.raw.body), /evil\.example/);
  });

  it("the cashier's 取消支付 closes the payment and goes back; the order can be paid again", async () => {
    const orderNo = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 300 }] });
    const params = await openPayment(orderNo);
    const cancel = await h.inject({ method: 'POST', url: `/sandbox/cashier/${params.paymentSn}/cancel` });
    assert.equal(cancel.status, 303);
    assert.equal(cancel.raw.headers.location, REDIRECT + orderNo);
    assert.equal(await statusOf(orderNo), 'UNPAID');
    const page = await h.inject({ method: 'GET', url: `/sandbox/cashier/${params.paymentSn}` });
    assert.equal(page.status, 409);
    assert.match(String(page.raw.body), /该支付已关闭/);
    // The back button must ask again rather than show a cached page still offering 确认支付.
    assert.equal(page.raw.headers['cache-control'], 'no-store');
    const confirm = await h.inject({ method: 'POST', url: `/sandbox/cashier/${params.paymentSn}/confirm` });
    assert.equal(confirm.status, 409, 'a closed payment cannot be confirmed');
    assert.equal(await statusOf(orderNo), 'UNPAID');
    const again = await openPayment(orderNo);
    assert.notEqual(again.paymentSn, params.paymentSn);
    assert.equal((await h.inject({ method: 'GET', url: '/sandbox/cashier/P-unknown' })).status, 404);
  });

  /** The customer's copy of a demo coupon, spent on `orderNo` as submission spends it. */
  async function spendCoupon(owner: string, orderNo: string, couponSn = 'demo-cp-amount'): Promise<string> {
    const rcSn = `rc${randomBytes(8).toString('hex')}`;
    const now = Date.now();
    await db()
      .insert(userCoupons)
      .values({
        rcSn,
        userId: owner,
        couponSn,
        state: 2,
        usedOrderNo: orderNo,
        usedAt: new Date(),
        startTime: new Date(now - 86_400_000),
        endTime: new Date(now + 86_400_000),
        source: `test:${rcSn}`,
      });
    return rcSn;
  }
  const couponOf = async (rcSn: string) => (await db().select().from(userCoupons).where(eq(userCoupons.rcSn, rcSn)))[0];

  it('cancels an unpaid order only, returning its coupon; paying it afterwards is 409 订单已取消', async () => {
    const orderNo = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 400 }] });
    const rcSn = await spendCoupon(userId, orderNo);
    const open = await openPayment(orderNo);
    const res = await h.post<{ orderNo: string; orderStatus: string }>(
      `/front/v1/client/order/payment/order/cancel/${orderNo}`,
      {},
      token,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.info, { orderNo, orderStatus: 'CANCELLED' });
    const coupon = await couponOf(rcSn);
    assert.deepEqual(
      [coupon.state, coupon.usedOrderNo, coupon.usedAt],
      [1, null, null],
      "the coupon is the customer's again",
    );
    const [p] = await db().select().from(payments).where(eq(payments.paymentSn, open.paymentSn));
    assert.equal(p.status, 'CLOSED');
    const again = await h.post(`/front/v1/client/order/payment/order/cancel/${orderNo}`, {}, token);
    assert.deepEqual([again.status, again.body.message], [409, '订单已取消']);
    const payIt = await pay(orderNo);
    assert.deepEqual([payIt.status, payIt.body.message, payIt.body.code], [409, '订单已取消', 4090]);
    const d = (await detail(orderNo)).body.info;
    assert.deepEqual([d.orderStatus, d.canPay, d.canCancel], ['CANCELLED', false, false]);

    // Money that arrives anyway for the cancelled order is kept for a refund, not applied.
    const late = buildSandboxNotification({ paymentSn: open.paymentSn, amount: 400 }, h.config.sandboxPayKey);
    assert.equal((await notify(late.body, late.headers)).status, 200);
    assert.equal(await statusOf(orderNo), 'CANCELLED');
    const [after] = await db().select().from(payments).where(eq(payments.paymentSn, open.paymentSn));
    assert.equal(after.status, 'REFUND_PENDING');

    const paid = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 400, paid: true }] });
    const paidCoupon = await spendCoupon(userId, paid, 'demo-cp-percent');
    const refused = await h.post(`/front/v1/client/order/payment/order/cancel/${paid}`, {}, token);
    assert.deepEqual([refused.status, refused.body.message], [409, '订单已支付，无法取消']);
    assert.equal(await statusOf(paid), 'PAID');
    assert.equal((await couponOf(paidCoupon)).state, 2, 'a paid order keeps its coupon spent');
  });

  it('expires unpaid orders past their time (idempotent); paying one is 409 订单已过期', async () => {
    const u = await visitor();
    const past = new Date(Date.now() - 60_000);
    const expired = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100 }],
      expiresAt: past,
    });
    const rcSn = await spendCoupon(u.userId, expired);
    const lazy = await makeOrder({
      userId: u.userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100 }],
      expiresAt: past,
    });
    const alive = await makeOrder({ userId: u.userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 100 }] });
    const partly = await makeOrder({
      userId: u.userId,
      payType: 2,
      parts: [
        { kind: 'DEPOSIT', amount: 100, paid: true },
        { kind: 'FINAL', amount: 100 },
      ],
      expiresAt: past,
    });

    const swept = await expireUnpaidOrders(h.database.db, new Date(), { orderNo: expired });
    assert.deepEqual(swept, [expired]);
    assert.deepEqual(
      await expireUnpaidOrders(h.database.db, new Date(), { orderNo: expired }),
      [],
      'a second sweep changes nothing',
    );
    assert.equal(await statusOf(expired), 'CANCELLED');
    assert.deepEqual(
      [(await couponOf(rcSn)).state, (await couponOf(rcSn)).usedOrderNo],
      [1, null],
      'expiry returns the coupon',
    );

    // The list expires lazily too.
    const list = await h.get<Paged<OrderSummary>>('/front/v1/client/order/user/orders', { tab: 'CANCELLED' }, u.token);
    assert.deepEqual(list.body.info.list.map((o) => o.orderNo).sort(), [expired, lazy].sort());
    assert.equal(await statusOf(alive), 'UNPAID');
    assert.equal(await statusOf(partly), 'UNPAID_BALANCE', 'a paid deposit never expires');

    const payIt = await pay(expired, {}, u.token);
    assert.deepEqual([payIt.status, payIt.body.message], [409, '订单已过期']);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderNo, expired));
    assert.deepEqual(
      events.map((e) => e.event),
      ['EXPIRE'],
    );
  });

  it('settles a zero-amount payment at once (fee deduction covers it)', async () => {
    const orderNo = await makeOrder({
      userId,
      payType: 2,
      parts: [
        { kind: 'DEPOSIT', amount: 30000, deduction: 30000 },
        { kind: 'FINAL', amount: 60000 },
      ],
    });
    const first = await pay(orderNo);
    assert.equal(first.status, 200);
    assert.equal(first.body.info.payAmount, 0);
    assert.equal(first.body.info.mwebUrl, null);
    assert.equal(await statusOf(orderNo), 'UNPAID_BALANCE');
    const d = (await detail(orderNo)).body.info;
    assert.deepEqual(d.depositInfoList[0], {
      depositType: 1,
      installmentAmount: 30000,
      payFlag: true,
      installmentPayType: 5,
      deductionAmount: 30000,
      installmentPayAmount: 0,
      dueTime: null,
    });
    const next = await pay(orderNo);
    assert.equal(next.body.info.payAmount, 60000);
  });

  it('signs the purchase agreement: details, sign link, e-sign page, contract list and file', async () => {
    const orderNo = await makeOrder({
      userId,
      payType: 1,
      parts: [{ kind: 'NORMAL', amount: 100 }],
      snapshot: { course: { courseName: '成人高考' }, agreementSn: DEMO_AGREEMENT_SN },
    });
    const agreement = await h.get<{ agreementName: string; agreementContent: string }>(
      '/front/v1/client/order/contract/details',
      { agreementSn: DEMO_AGREEMENT_SN },
      token,
    );
    assert.equal(agreement.status, 200);
    assert.equal(agreement.body.info.agreementName, '课程购买协议');
    assert.match(agreement.body.info.agreementContent, /课程费用/);
    const missing = await h.get('/front/v1/client/order/contract/details', { agreementSn: 'nope' }, token);
    assert.deepEqual([missing.status, missing.body.message], [404, '协议不存在']);

    let d = (await detail(orderNo)).body.info;
    assert.deepEqual([d.agreementSn, d.agreementSigned, d.canSign], [DEMO_AGREEMENT_SN, false, true]);
    const empty = await h.get<{ list: unknown[] }>('/front/v1/client/order/contract/list', { orderNo }, token);
    assert.deepEqual(empty.body.info.list, []);

    const back = `/#/subpackages/order/order/ratifyAccord?orderNo=${orderNo}`;
    const link = await h.post<{ signUrl: string; flowId: string }>(
      '/front/v1/client/order/sign/link',
      { orderNo, redirectUrl: back },
      token,
    );
    assert.equal(link.status, 200, link.raw.body);
    const { signUrl, flowId } = link.body.info;
    assert.match(signUrl, new RegExp(`^/sandbox/esign/${flowId}\\?redirect=`));
    const again = await h.post<{ flowId: string }>(
      '/front/v1/client/order/sign/link',
      { orderNo, redirectUrl: back },
      token,
    );
    assert.equal(again.body.info.flowId, flowId, 'one open flow per order');

    const unsignedFile = await h.get('/front/v1/client/order/contract/file/url', { flowId }, token);
    assert.deepEqual([unsignedFile.status, unsignedFile.body.message], [409, '合同尚未签署']);

    const signPage = await h.inject({ method: 'GET', url: signUrl });
    assert.equal(signPage.status, 200);
    assert.match(String(signPage.raw.body), /课程购买协议/);
    assert.match(String(signPage.raw.body), /确认签署/);
    const confirm = await h.inject({
      method: 'POST',
      url: `/sandbox/esign/${flowId}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(confirm.status, 303);
    assert.equal(confirm.raw.headers.location, back);

    const list = await h.get<{
      list: Array<{ flowId: string; contractName: string; signed: boolean; signedAt: string | null }>;
    }>('/front/v1/client/order/contract/list', { orderNo }, token);
    assert.equal(list.body.info.list.length, 1);
    assert.deepEqual(
      [list.body.info.list[0].flowId, list.body.info.list[0].contractName, list.body.info.list[0].signed],
      [flowId, '课程购买协议', true],
    );
    assert.ok(list.body.info.list[0].signedAt);
    d = (await detail(orderNo)).body.info;
    assert.deepEqual([d.agreementSigned, d.canSign], [true, false]);

    const file = await h.get<{ url: string }>('/front/v1/client/order/contract/file/url', { flowId }, token);
    assert.equal(file.status, 200);
    assert.equal(file.body.info.url, `/sandbox/contract/${flowId}`);
    const contractPage = await h.inject({ method: 'GET', url: file.body.info.url });
    assert.equal(contractPage.status, 200);
    assert.match(String(contractPage.raw.body), /已签署/);

    const signedAgain = await h.post('/front/v1/client/order/sign/link', { orderNo }, token);
    assert.deepEqual([signedAgain.status, signedAgain.body.message], [409, '协议已签署']);
    const othersFile = await h.get('/front/v1/client/order/contract/file/url', { flowId }, otherToken);
    assert.deepEqual([othersFile.status, othersFile.body.message], [404, '合同不存在']);

    const noAgreement = await makeOrder({ userId, payType: 1, parts: [{ kind: 'NORMAL', amount: 100 }] });
    const none = await h.post('/front/v1/client/order/sign/link', { orderNo: noAgreement }, token);
    assert.deepEqual([none.status, none.body.message], [409, '该订单无需签署协议']);
    assert.equal((await detail(noAgreement)).body.info.canSign, false);
    assert.equal((await h.inject({ method: 'GET', url: '/sandbox/esign/F-unknown' })).status, 404);
  });

  it('leaves /pay and /sandbox outside the request signature, /front inside it', async () => {
    const unsigned = await h.inject({
      method: 'GET',
      url: `/front/v1/client/order/user/orders?token=${encodeURIComponent(token)}`,
    });
    assert.equal(unsigned.body.code, 4001);
    const id = randomBytes(4).toString('hex');
    const notifyRes = await h.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${id}"}`,
    });
    assert.equal(
      notifyRes.body.message,
      '支付通知签名错误',
      'checked by the provider signature, not the request signature',
    );
  });
});
