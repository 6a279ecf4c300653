/**
 * 订单管理 (/ops/v1/orders): the filters, one order's detail, cancelling only an unpaid order (audited), the CSV,
 * the project scope and the roles of every route, and malformed input answered 400.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Address } from '@contract/address';
import type { Confirmation, SubmitResult } from '@contract/order';
import { OPS_AUTH_MESSAGES as M, type AuditEntry } from '@contract/operators';
import type { OpsOrderDetail, OpsOrderItem } from '@contract/ops-orders';
import { formatChinaTime } from '@contract/rules/china-time';
import { afterSaleApplications } from '../../../src/domains/after-sales/schema';
import { couponTemplates, userCoupons } from '../../../src/domains/coupon/schema';
import { orders } from '../../../src/domains/order/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { payAtCashier } from '../../helpers/customer';
import { opsCall, operatorSession, OPS_KEY_AUTH } from '../operators/ops-client';

let h: Harness;
const PHONE = '13712345678';
let paid = '';
let unpaid = '';
let userId = '';

async function goodsOrder(t: string): Promise<string> {
  const address = await h.post<Address>(
    '/front/v1/address',
    {
      consigneeName: '李四',
      consigneeTelephone: '13900001111',
      fullAddress: '科技园2号',
      provinceId: '440000',
      cityId: '440100',
      areaId: '440106',
    },
    t,
  );
  const c = (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' }, t)).body
    .info;
  const ot = (
    await h.get<{ orderToken: string }>('/front/v1/client/order/confirm/receipt', { createOrderSn: c.createOrderSn }, t)
  ).body.info.orderToken;
  const placed = await h.post<SubmitResult>(
    '/front/v1/client/order/submit',
    {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.confirmOrderAmount.payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken: ot,
      orderPreAttachVO: { deliveryType: c.deliveryType, addressId: address.body.info.addressId },
    },
    t,
  );
  assert.equal(placed.status, 200, placed.raw.body);
  return placed.body.info.orderNo;
}

const asKey = (method: string, url: string, payload?: unknown) =>
  h.inject({
    method: method as 'GET',
    url,
    headers: OPS_KEY_AUTH,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function list(query: string): Promise<{ list: OpsOrderItem[]; total: number }> {
  const res = await asKey('GET', `/ops/v1/orders?${query}`);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as { list: OpsOrderItem[]; total: number };
}
const numbers = async (query: string) => (await list(query)).list.map((o) => o.orderNo);
async function detail(orderNo: string): Promise<OpsOrderDetail> {
  const res = await asKey('GET', `/ops/v1/orders/${orderNo}`);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as OpsOrderDetail;
}

before(async () => {
  h = await buildHarness();
  // The sandbox cashier notifies over real HTTP, as in production.
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const session = await h.login(PHONE);
  userId = session.userId;
  paid = await goodsOrder(session.token);
  await payAtCashier(h, session.token, paid, '/');
  unpaid = await goodsOrder(session.token);
  // The unpaid order spent a coupon of the project (as submission records it), and the paid one has an application.
  const [template] = await h.database.db
    .select()
    .from(couponTemplates)
    .where(eq(couponTemplates.projectSn, 'demo'))
    .limit(1);
  await h.database.db.insert(userCoupons).values({
    rcSn: 'RC-OPS-ORDERS',
    userId,
    couponSn: template.couponSn,
    state: 2,
    startTime: new Date(Date.now() - 86_400_000),
    endTime: new Date(Date.now() + 86_400_000),
    usedOrderNo: unpaid,
    usedAt: new Date(),
    source: 'ops:test',
  });
  const [row] = await h.database.db.select().from(orders).where(eq(orders.orderNo, unpaid));
  await h.database.db
    .update(orders)
    .set({ snapshot: { ...row.snapshot, coupon: { rcSn: 'RC-OPS-ORDERS', couponSn: template.couponSn } } })
    .where(eq(orders.orderNo, unpaid));
  await h.database.db.insert(afterSaleApplications).values({
    applicationNo: 'AS-OPS-ORDERS',
    projectSn: 'demo',
    userId,
    orderNo: paid,
    type: 1,
    seqs: [1],
    amount: 1,
    reason: '其他',
    state: 'APPLIED',
  });
});
after(async () => {
  await h.close();
});

describe('订单管理', () => {
  test('filters: phone, order number, state, project and China days', async () => {
    assert.deepEqual(await numbers(`phone=${PHONE}`), [unpaid, paid], 'newest first');
    assert.deepEqual(await numbers('phone=13900001111'), [unpaid, paid], 'the consignee phone too');
    assert.deepEqual(await numbers(`phone=${PHONE.slice(-6)}`), [unpaid, paid], 'part of a phone');
    assert.deepEqual(await numbers(`orderNo=${paid.slice(-10).toLowerCase()}`), [paid]);
    assert.deepEqual(await numbers(`phone=${PHONE}&state=TO_SHIP`), [paid]);
    assert.deepEqual(await numbers(`phone=${PHONE}&state=UNPAID`), [unpaid]);
    assert.deepEqual(await numbers(`phone=${PHONE}&state=PAID`), [], 'a parcel still to send is not 已完成');
    assert.deepEqual(await numbers(`phone=${PHONE}&projectSn=course`), []);
    assert.deepEqual(await numbers(`phone=${PHONE}&projectSn=demo`), [unpaid, paid]);
    const today = formatChinaTime(new Date(), 'YYYY-MM-DD');
    const tomorrow = formatChinaTime(new Date(Date.now() + 86_400_000), 'YYYY-MM-DD');
    assert.deepEqual(await numbers(`phone=${PHONE}&from=${today}&to=${today}`), [unpaid, paid]);
    assert.deepEqual(await numbers(`phone=${PHONE}&from=${tomorrow}`), []);
    const page = await list(`phone=${PHONE}&page=2&size=1`);
    assert.deepEqual([page.total, page.list.map((o) => o.orderNo)], [2, [paid]]);
    const item = page.list[0];
    assert.deepEqual(
      [item.stateText, item.phone, item.consignee, item.consigneePhone, item.paidAmount, item.orderType],
      ['待发货', PHONE, '李四', '13900001111', item.totalAmount, 'GOODS'],
    );
  });

  test('the detail: schedule, payments, coupon, after-sales, history and parcel', async () => {
    const d = await detail(paid);
    assert.equal(d.order.orderNo, paid);
    assert.equal(d.order.address, '广东省 广州市 天河区 科技园2号');
    assert.deepEqual(
      d.schedule.map((p) => [p.seq, p.kind, p.status]),
      [[1, 'NORMAL', 'PAID']],
    );
    assert.deepEqual(
      d.payments.map((p) => [p.provider, p.status]),
      [['sandbox', 'SUCCESS']],
    );
    assert.deepEqual(
      d.events.map((e) => e.event),
      ['PLACE', 'PAY'],
    );
    assert.deepEqual(
      d.afterSales.map((a) => [a.applicationNo, a.state]),
      [['AS-OPS-ORDERS', 'APPLIED']],
    );
    assert.deepEqual(d.refunds, []);
    assert.equal(d.shipment?.status, 'TO_SHIP');
    assert.deepEqual([d.mayShip, d.mayCancel], [true, false]);

    const u = await detail(unpaid);
    assert.deepEqual([u.mayShip, u.mayCancel, u.order.stateText], [false, true, '待付款']);
    assert.deepEqual(
      u.coupons.map((c) => [c.rcSn, c.state]),
      [['RC-OPS-ORDERS', 2]],
    );
    const missing = await asKey('GET', '/ops/v1/orders/SO-NO-SUCH-ORDER');
    assert.equal(missing.status, 404);
  });

  test('shipping from the detail shows in its history', async () => {
    const res = await asKey('POST', `/ops/orders/${paid}/ship`, { carrierName: '顺丰速运', trackingNo: 'SF55667788' });
    assert.equal(res.status, 200, res.raw.body);
    const d = await detail(paid);
    assert.equal(d.order.stateText, '待收货');
    assert.equal(d.events.at(-1)?.text, '已发货：顺丰速运 SF55667788');
    assert.deepEqual(await numbers(`phone=${PHONE}&state=SHIPPED`), [paid]);
  });

  test('cancel: only an unpaid order, the coupon goes back, audited with before and after', async () => {
    const refused = await asKey('POST', `/ops/v1/orders/${paid}/cancel`);
    assert.deepEqual([refused.status, refused.body.message], [409, '只能取消待付款的订单']);

    const { token } = await operatorSession(h, 'operator', ['demo']);
    const done = await opsCall(h, 'POST', `/ops/v1/orders/${unpaid}/cancel`, token);
    assert.equal(done.status, 200, done.raw.body);
    const after = done.body.info as OpsOrderDetail;
    assert.deepEqual([after.order.status, after.order.stateText, after.mayCancel], ['CANCELLED', '已取消', false]);
    assert.deepEqual(
      after.coupons.map((c) => [c.rcSn, c.state]),
      [['RC-OPS-ORDERS', 1]],
      'the coupon is the customer’s again',
    );
    assert.equal(after.events.at(-1)?.event, 'CANCEL');

    const again = await opsCall(h, 'POST', `/ops/v1/orders/${unpaid}/cancel`, token);
    assert.deepEqual([again.status, again.body.message], [409, '订单已取消']);

    const audit = await asKey('GET', '/ops/v1/audit?action=order.unpaid.cancel');
    const entries = (audit.body.info as { list: AuditEntry[] }).list.filter((e) => e.target === `order:${unpaid}`);
    assert.equal(entries.length, 1);
    assert.equal(entries[0].projectSn, 'demo');
    assert.deepEqual(
      [(entries[0].before as { status: string }).status, (entries[0].after as { status: string }).status],
      ['UNPAID', 'CANCELLED'],
    );
  });

  test('CSV: the filtered list, China time, yuan with two decimals', async () => {
    const res = await asKey('GET', `/ops/v1/orders.csv?phone=${PHONE}`);
    assert.equal(res.status, 200, String(res.raw.body));
    assert.match(String(res.raw.headers['content-type']), /^text\/csv/);
    assert.match(String(res.raw.headers['content-disposition']), /attachment; filename="orders-all-/);
    const text = res.raw.body;
    assert.ok(text.startsWith('\uFEFF订单号,项目,下单时间,状态,商品,数量,订单金额(元)'), text.slice(0, 80));
    const lines = text.trim().split('\r\n');
    assert.equal(lines.length, 3);
    const d = await detail(paid);
    const cells = lines.find((l) => l.startsWith(paid))!.split(',');
    assert.equal(cells[2], formatChinaTime(d.order.createdAt));
    assert.equal(cells[3], '待收货');
    assert.match(cells[6], /^\d+\.\d{2}$/);
    assert.equal(Math.round(Number(cells[6]) * 100), d.order.totalAmount);
    assert.equal(cells[10], PHONE);
    const none = await asKey('GET', `/ops/v1/orders.csv?phone=${PHONE}&projectSn=course`);
    assert.equal(none.raw.body.trim().split('\r\n').length, 1, 'only the header');
  });

  test("an operator of another project is refused this project's orders on every route", async () => {
    for (const role of ['operator', 'finance', 'support'] as const) {
      const { token } = await operatorSession(h, role, ['course']);
      for (const [method, url] of [
        ['GET', '/ops/v1/orders?projectSn=demo'],
        ['GET', '/ops/v1/orders.csv?projectSn=demo'],
        ['GET', `/ops/v1/orders/${paid}`],
        ['POST', `/ops/v1/orders/${paid}/cancel`],
      ]) {
        const res = await opsCall(h, method, url, token);
        assert.equal(res.status, 403, `${role} ${method} ${url}: ${res.raw.body}`);
        if (role === 'operator' || method === 'GET')
          assert.equal(res.body.message, M.forbiddenProject, `${role} ${method} ${url}`);
      }
      // Without a project named, the list and the CSV hold only the operator's projects.
      const own = await opsCall(h, 'GET', `/ops/v1/orders?phone=${PHONE}`, token);
      assert.deepEqual([own.status, (own.body.info as { total: number }).total], [200, 0]);
      const csv = await opsCall(h, 'GET', `/ops/v1/orders.csv?phone=${PHONE}`, token);
      assert.equal(csv.raw.body.trim().split('\r\n').length, 1);
    }
  });

  test('roles: everyone with orders reads; only owner and operator cancel', async () => {
    const expected = { owner: true, operator: true, finance: false, support: false } as const;
    for (const [role, mayCancel] of Object.entries(expected)) {
      const { token } = await operatorSession(h, role as keyof typeof expected, ['demo']);
      const read = await opsCall(h, 'GET', `/ops/v1/orders?phone=${PHONE}`, token);
      assert.equal(read.status, 200, `${role}: ${read.raw.body}`);
      assert.equal((await opsCall(h, 'GET', `/ops/v1/orders/${paid}`, token)).status, 200, role);
      const cancel = await opsCall(h, 'POST', `/ops/v1/orders/${paid}/cancel`, token);
      if (mayCancel) assert.equal(cancel.status, 409, `${role}: ${cancel.raw.body}`);
      else assert.deepEqual([cancel.status, cancel.body.message], [403, M.forbiddenRole], role);
    }
  });

  test('malformed input is a 400 with a Chinese message, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['/ops/v1/orders?page=x', '页码应为数字'],
      ['/ops/v1/orders?size=1000', '每页最多100条'],
      ['/ops/v1/orders?state=NOPE', '订单状态不正确'],
      ['/ops/v1/orders?from=2026-02-30', '开始日期不是有效日期'],
      ['/ops/v1/orders?from=2026-03-02&to=2026-03-01', '开始日期不能晚于结束日期'],
      ['/ops/v1/orders?phone=abc', '手机号应为3到11位数字'],
      ['/ops/v1/orders?orderNo=%25%27', '订单号只能包含字母、数字和-'],
      ['/ops/v1/orders?phone=1&phone=2', '手机号应为3到11位数字'],
      ['/ops/v1/orders.csv?to=yesterday', '结束日期格式应为YYYY-MM-DD'],
      [`/ops/v1/orders/${encodeURIComponent('订单')}`, '订单号只能包含字母、数字和-'],
    ];
    for (const [url, message] of cases) {
      const res = await asKey('GET', url);
      assert.equal(res.status, 400, `${url}: ${res.raw.body}`);
      assert.match(String(res.body.message), new RegExp(message), url);
    }
    const post = await asKey('POST', `/ops/v1/orders/${'x'.repeat(80)}/cancel`);
    assert.equal(post.status, 400, post.raw.body);
  });
});
