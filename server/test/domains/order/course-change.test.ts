/**
 * Course changes over the real app: the operator API moves a paid course order to another
 * course; the old order is DEAL_DONE_COURSE, the new one carries what was paid as 费用抵扣 on its schedule (never
 * above its price), takes no coupon, cannot be cancelled away, and the rest is paid through the sandbox cashier.
 * Refused cases answer 4xx in Chinese, never 500.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { CourseChangeOptions, CourseChangeResult } from '@contract/after-sales';
import type { OrderDetail } from '@contract/payment';
import { courseChanges } from '../../../src/domains/order/schema';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { orderEvents } from '../../../src/domains/order/schema';
import { spreadDeduction } from '../../../src/domains/order/course-change';
import { PAY_TYPE_NAMES, PAY_TYPES } from '../../../src/domains/payment/providers/types';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';

const OLD_COURSE = 'demo-course-01';
const NEW_COURSE = 'demo-course-04'; // three instalments
process.env.SANDBOX_REFUND_DELAY_MS = '30';

/** Polls `check` every 20 ms, at most 4 s (the sandbox refund notifies after SANDBOX_REFUND_DELAY_MS). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the refund never settled');
}

describe('pure: the deduction spread over the new payments', () => {
  const rows = (...amounts: number[]) => amounts.map((amount) => ({ amount }));
  const cases: Array<[number[], number, number[]]> = [
    [[1000], 0, [0]],
    [[1000], 400, [400]],
    [[1000], 1000, [1000]],
    [[1000], 5000, [1000]],
    [[400, 300, 300], 500, [400, 100, 0]],
    [[400, 300, 300], 1000, [400, 300, 300]],
    [[400, 300, 300], 99999, [400, 300, 300]],
    [[400, 300, 300], -5, [0, 0, 0]],
    [[400, 300], 12.7, [12, 0]],
  ];
  for (const [amounts, credit, expected] of cases) {
    it(`${amounts.join('+')} with credit ${credit} -> ${expected.join('+')}`, () => {
      const out = spreadDeduction(rows(...amounts), credit);
      assert.deepEqual(
        out.map((r) => r.deductionAmount),
        expected,
      );
      assert.ok(
        out.reduce((s, r) => s + r.deductionAmount, 0) <= amounts.reduce((a, b) => a + b, 0),
        'never above the price',
      );
    });
  }
});

describe('course change: operator API, schedules with 费用抵扣, refusals', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let seq = 0;
  const db = () => h.database.db;
  const ops = (method: 'GET' | 'POST', url: string, payload?: unknown, key = h.config.opsKey) =>
    h.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${key}`,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload !== undefined ? JSON.stringify(payload) : undefined,
    });
  const change = (orderNo: string, body: unknown) => ops('POST', `/ops/orders/${orderNo}/change-course`, body);
  const info = <T>(res: { body: unknown }) => (res.body as { info: T }).info;
  const message = (res: { body: unknown }) => (res.body as { message: string }).message;
  const detail = async (orderNo: string) => {
    const res = await h.get<OrderDetail>(`/front/v1/client/order/details/${orderNo}/`, {}, token);
    assert.equal(res.status, 200, res.raw.body);
    return res.body.info;
  };

  async function payDue(orderNo: string) {
    return payAtCashier(h, token, orderNo);
  }

  /** A course order as submission writes it, `payCount` of its payments paid at the sandbox cashier. */
  async function order(
    amounts: number[],
    payCount = amounts.length,
    actSn = OLD_COURSE,
    orderType = 'COURSE',
  ): Promise<string> {
    seq += 1;
    const orderNo = `CC${Date.now()}${String(seq).padStart(4, '0')}`;
    const payType = amounts.length > 1 ? 3 : 1;
    await db()
      .insert(orders)
      .values({
        orderNo,
        projectSn: 'demo',
        userId,
        actSn,
        orderType,
        orderPayType: payType,
        status: 'UNPAID',
        totalAmount: amounts.reduce((a, b) => a + b, 0),
        snapshot: { courseName: '成人高考专升本', applicant: [{ label: '姓名', keyName: 'NAME', value: '张三' }] },
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
    await db()
      .insert(orderPayments)
      .values(
        amounts.map((amount, i) => ({ orderNo, seq: i + 1, kind: payType === 3 ? 'INSTALLMENT' : 'NORMAL', amount })),
      );
    for (let i = 0; i < payCount; i++) await payDue(orderNo);
    return orderNo;
  }

  let phone = 13900000140;
  before(async () => {
    h = await buildHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  // A fresh customer per test: one unpaid order per course and customer (§8 1005) holds for changes too.
  beforeEach(async () => {
    ({ token, userId } = await h.login(String((phone += 1))));
  });
  after(async () => h.close());

  it('options: the credit (what the order paid) and the courses it may move to, with price and deduction', async () => {
    const orderNo = await order([10000, 10000, 10000], 2);
    const res = await ops('GET', `/ops/orders/${orderNo}/course-change`);
    assert.equal(res.status, 200, String(res.raw.body));
    const o = info<CourseChangeOptions>(res);
    assert.deepEqual(
      [o.credit, o.allowed, o.notAllowedReason, o.orderStatus],
      [20000, true, null, 'UNPAID_INSTALLMENTS'],
    );
    assert.ok(!o.courses.some((c) => c.actSn === OLD_COURSE), 'not to the same course');
    const target = o.courses.find((c) => c.actSn === NEW_COURSE);
    assert.ok(target && target.price > 20000);
    assert.equal(target.deductionAmount, 20000);
  });

  it('to an instalment course: old order DEAL_DONE_COURSE, the new schedule shows 费用抵扣, no coupon, the rest paid at the cashier', async () => {
    const oldNo = await order([10000, 10000, 10000], 2);
    const res = await change(oldNo, { actSn: NEW_COURSE, message: '客户申请换课' });
    assert.equal(res.status, 200, String(res.raw.body));
    const r = info<CourseChangeResult>(res);
    assert.deepEqual(
      [r.oldOrderNo, r.oldOrderStatus, r.credit, r.deductionAmount, r.uncovered],
      [oldNo, 'DEAL_DONE_COURSE', 20000, 20000, 0],
    );

    const old = await detail(oldNo);
    assert.equal(old.orderStatus, 'DEAL_DONE_COURSE');
    assert.deepEqual([old.canPay, old.canCancel, old.canApplyAfterSale], [false, false, false]);
    assert.deepEqual([old.courseChange?.direction, old.courseChange?.orderNo], ['TO', r.newOrderNo]);
    assert.equal(old.courseChange?.message, '客户申请换课');
    const payOld = await h.get(
      `/front/v1/client/order/payment/continue/${oldNo}`,
      { paySource: 'H5', tradeType: 'MWEB' },
      token,
    );
    assert.deepEqual([payOld.status, payOld.body.message], [409, '订单已换课']);
    // The order's history (order_events) records the change.
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderNo, oldNo)).orderBy(orderEvents.id);
    const last = events.at(-1)!;
    assert.deepEqual(
      [last.event, last.fromStatus, last.toStatus],
      ['CHANGE_COURSE', 'UNPAID_INSTALLMENTS', 'DEAL_DONE_COURSE'],
    );

    const fresh = await detail(r.newOrderNo);
    assert.equal(fresh.actSn, NEW_COURSE);
    assert.equal(fresh.orderPayType, 3);
    assert.equal(fresh.discountAmount, 0, '§6: no coupon on a changed-course order');
    assert.equal(fresh.totalAmount, r.price);
    assert.equal(fresh.deductionAmount, 20000);
    assert.deepEqual(
      [fresh.courseChange?.direction, fresh.courseChange?.orderNo, fresh.courseChange?.deductionAmount],
      ['FROM', oldNo, 20000],
    );
    assert.equal(fresh.applicant[0]?.value, '张三', 'the enrolled applicant carries over');
    const list = fresh.installmentInfoList;
    assert.equal(
      list.reduce((s, i) => s + i.installmentAmount, 0),
      r.price,
    );
    assert.deepEqual(
      list.map((i) => i.deductionAmount),
      spreadDeduction(
        list.map((i) => ({ amount: i.installmentAmount })),
        20000,
      ).map((x) => x.deductionAmount),
    );
    assert.ok(list[0].installmentAmount > 20000, 'the first instalment is only partly covered');
    assert.equal(fresh.orderStatus, 'UNPAID');
    assert.equal(fresh.expiresAt, null, 'a changed order never expires');
    assert.deepEqual(
      [fresh.canPay, fresh.canCancel, fresh.dueAmount],
      [true, false, list[0].installmentAmount - 20000],
    );
    const cancel = await h.post(`/front/v1/client/order/payment/order/cancel/${r.newOrderNo}`, {}, token);
    assert.deepEqual([cancel.status, cancel.body.message], [409, '换课订单含费用抵扣，无法取消']);
    const [snap] = await db()
      .select({ snapshot: orders.snapshot })
      .from(orders)
      .where(eq(orders.orderNo, r.newOrderNo));
    assert.deepEqual([snap.snapshot.confirmOrderType, snap.snapshot.coupon], [2, null]);

    // The rest of the first instalment at the cashier: the row shows 费用抵扣 and what was actually paid.
    await payDue(r.newOrderNo);
    const paid = await detail(r.newOrderNo);
    assert.equal(paid.orderStatus, 'UNPAID_INSTALLMENTS');
    const first = paid.installmentInfoList[0];
    assert.deepEqual(
      [first.payFlag, first.deductionAmount, first.installmentPayAmount],
      [true, 20000, list[0].installmentAmount - 20000],
    );
    assert.equal(paid.installmentPayNum, 2);
  });

  it('credit above the new price: the deduction stops at the price, the new order is paid by fee deduction', async () => {
    const oldNo = await order([9_000_000]);
    const r = info<CourseChangeResult>(await change(oldNo, { actSn: NEW_COURSE }));
    assert.equal(r.deductionAmount, r.price, 'never above the new price');
    assert.equal(r.uncovered, 9_000_000 - r.price);
    assert.equal(r.newOrderStatus, 'PAID');
    const fresh = await detail(r.newOrderNo);
    assert.equal(fresh.orderStatus, 'PAID');
    assert.equal(fresh.deductionAmount, r.price);
    for (const row of fresh.installmentInfoList)
      assert.deepEqual(
        [row.payFlag, row.installmentPayType, row.installmentPayAmount, row.deductionAmount],
        [true, 5, 0, row.installmentAmount],
      );
    assert.equal(fresh.payTypeName, PAY_TYPE_NAMES[PAY_TYPES.DEDUCTION]);
    const [saved] = await db().select().from(courseChanges).where(eq(courseChanges.oldOrderNo, oldNo));
    assert.deepEqual([saved.newOrderNo, saved.credit, saved.deductionAmount], [r.newOrderNo, 9_000_000, r.price]);
  });

  it('a partly refunded order changes with what it kept: paid less refunded is the credit', async () => {
    const oldNo = await order([10000, 10000, 10000], 2);
    const applied = await h.post<{ applicationNo: string }>(
      '/front/v1/after/sales/refund/apply',
      { orderNo: oldNo, type: 1, seqs: [2], amount: 4000, reason: '不想要了', description: '', images: [] },
      token,
    );
    assert.equal(applied.status, 200, applied.raw.body);
    assert.equal((await ops('POST', `/ops/after-sales/${applied.body.info.applicationNo}/agree`, {})).status, 200);
    // The sandbox refund notifies asynchronously: wait (bounded, on the database) for the order to move.
    await until(
      async () => (await db().select().from(orders).where(eq(orders.orderNo, oldNo)))[0].status === 'REFUND_PART',
    );
    const r = info<CourseChangeResult>(await change(oldNo, { actSn: NEW_COURSE }));
    assert.deepEqual([r.oldOrderStatus, r.credit, r.deductionAmount], ['DEAL_DONE_COURSE', 16000, 16000]);
    assert.equal((await detail(r.newOrderNo)).installmentInfoList[0].deductionAmount, 16000);
  });

  it('refused: unpaid, already changed (also twice at once), same course, unknown course, goods order, open application', async () => {
    const unpaid = await order([5000], 0);
    assert.deepEqual(
      [(await change(unpaid, { actSn: NEW_COURSE })).status, message(await change(unpaid, { actSn: NEW_COURSE }))],
      [409, '订单未支付，无法换课'],
    );
    const paid = await order([5000]);
    assert.deepEqual(
      [(await change(paid, { actSn: OLD_COURSE })).status, message(await change(paid, { actSn: OLD_COURSE }))],
      [400, '请选择其他课程'],
    );
    const unknown = await change(paid, { actSn: 'demo-nope' });
    assert.deepEqual([unknown.status, message(unknown)], [404, '新课程不存在或已下架']);
    const goods = await change(paid, { actSn: 'demo-goods-01' });
    assert.equal(goods.status, 404, 'only courses');
    const both = await Promise.all([change(paid, { actSn: NEW_COURSE }), change(paid, { actSn: 'demo-course-06' })]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
    assert.equal(message(both.find((r) => r.status === 409)!), '订单已换课');
    const made = await db().select().from(courseChanges).where(eq(courseChanges.oldOrderNo, paid));
    assert.equal(made.length, 1, 'one new order, not two');

    const withApp = await order([5000]);
    const applied = await h.post(
      '/front/v1/after/sales/refund/apply',
      { orderNo: withApp, type: 1, amount: 1000, reason: '不想要了', description: '', images: [] },
      token,
    );
    assert.equal(applied.status, 200, applied.raw.body);
    const open = await change(withApp, { actSn: NEW_COURSE });
    assert.deepEqual([open.status, message(open)], [409, '该订单有处理中的售后申请，请先处理']);
    const goodsOrder = await order([5000], 1, 'demo-goods-02', 'GOODS');
    const notCourse = await change(goodsOrder, { actSn: NEW_COURSE });
    assert.deepEqual([notCourse.status, message(notCourse)], [400, '该订单不是课程订单']);
    const opts = info<CourseChangeOptions>(await ops('GET', `/ops/orders/${unpaid}/course-change`));
    assert.deepEqual([opts.allowed, opts.notAllowedReason], [false, '订单未支付，无法换课']);
  });

  it('malformed input: 400 in Chinese, unknown order 404, no key 401, never 500', async () => {
    const paid = await order([5000]);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /请选择新课程/],
      [{ actSn: '' }, /请选择新课程/],
      [{ actSn: 123 }, /请选择新课程/],
      [{ actSn: 'x'.repeat(65) }, /课程编号不正确/],
      [{ actSn: NEW_COURSE, message: 'x'.repeat(101) }, /留言不能超过100个字/],
      [{ actSn: NEW_COURSE, message: 5 }, /留言格式不正确/],
      [{ actSn: NEW_COURSE, packageSn: 'nope' }, /套餐不存在/],
      [[1, 2], /./],
      ['not json', /./],
    ];
    for (const [body, text] of cases) {
      const res =
        typeof body === 'string'
          ? await h.inject({
              method: 'POST',
              url: `/ops/orders/${paid}/change-course`,
              headers: { authorization: `Bearer ${h.config.opsKey}`, 'content-type': 'application/json' },
              payload: body,
            })
          : await change(paid, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${String(res.raw.body)}`);
      assert.match(message(res), text);
      assert.match(message(res), /[\u4e00-\u9fff]/);
    }
    assert.equal(
      (await db().select().from(courseChanges).where(eq(courseChanges.oldOrderNo, paid))).length,
      0,
      'nothing changed',
    );
    assert.equal((await change('NO-SUCH-ORDER', { actSn: NEW_COURSE })).status, 404);
    assert.equal((await ops('GET', '/ops/orders/NO-SUCH-ORDER/course-change')).status, 404);
    assert.equal(
      (await ops('POST', `/ops/orders/${paid}/change-course`, { actSn: NEW_COURSE }, 'wrong-key')).status,
      401,
    );
    assert.equal((await h.inject({ method: 'GET', url: `/ops/orders/${paid}/course-change` })).status, 401);
  });
});
