/**
 * Stock (docs/catalogue.md): submit takes one unit inside its transaction, sold out is §8 1006 该课程已售罄, two
 * customers racing for the last unit get one order, a cancelled or expired unpaid order gives its unit back once,
 * and an item without stock is never refused (its stock stays null, sold still counts).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Confirmation, SubmitResult } from '@contract/order';
import { activities } from '../../../src/domains/activity/schema';
import { expireUnpaidOrders } from '../../../src/domains/order/expiry';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';
import { customerWithAddress } from '../../helpers/customer';

let h: Harness;
let seq = 0;
const ACT = 'demo-course-05';
before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

const customer = () => customerWithAddress(h, `1390077${String(1000 + (seq += 1)).slice(-4)}`);

/** Confirmation and token first (both customers ready), then the submit itself. */
async function prepare(u: { t: string; addressId: string }) {
  const c = (await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: ACT }, u.t)).body.info;
  const rc = await h.get<{ orderToken: string }>(
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn: c.createOrderSn },
    u.t,
  );
  const payload = {
    createOrderSn: c.createOrderSn,
    orderDiscountList: [],
    discountsAmount: 0,
    payAmount: c.confirmOrderAmount.payAmount,
    totalAmount: c.confirmOrderAmount.orderTotalAmount,
    orderToken: rc.body.info.orderToken,
    orderPreAttachVO: {
      deliveryType: c.deliveryType,
      addressId: u.addressId,
      householdType: 'TALENT_IN',
      userExtra: JSON.stringify({
        userInfo: {
          e5name: '张三',
          e5idcd: '11010519491231002X',
          e5phon: '13800138000',
          e5mail: 'a@b.com',
          e5numb: '5',
          e5addr: '南山区',
        },
      }),
    },
  };
  return () => h.post<SubmitResult>('/front/v2/client/course/order/submit', payload, u.t);
}

async function setStock(stock: number | null, sold = 0) {
  await h.database.db.update(activities).set({ stock, sold }).where(eq(activities.actSn, ACT));
  invalidateReadModels(h.database.db, 'demo');
}
async function row() {
  const [a] = await h.database.db
    .select({ stock: activities.stock, sold: activities.sold, sales: activities.sales })
    .from(activities)
    .where(eq(activities.actSn, ACT));
  return a;
}

test('the last unit: two customers at once, exactly one order; the next hears 1006 该课程已售罄', async () => {
  await setStock(1);
  const [a, b] = await Promise.all([customer(), customer()]);
  const [sa, sb] = await Promise.all([prepare(a), prepare(b)]);
  const results = await Promise.all([sa(), sb()]);
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  assert.equal(ok.length, 1, results.map((r) => r.raw.body).join('\n'));
  assert.equal(refused[0].body.code, 1006);
  assert.equal(refused[0].body.message, '该课程已售罄');
  assert.deepEqual({ stock: (await row()).stock, sold: (await row()).sold }, { stock: 1, sold: 1 });
});

test('a cancelled unpaid order gives its unit back once; cancelling again changes nothing', async () => {
  await setStock(1);
  const u = await customer();
  const res = await (await prepare(u))();
  assert.equal(res.status, 200, res.raw.body);
  assert.equal((await row()).sold, 1);
  const path = `/front/v1/client/order/payment/order/cancel/${res.body.info.orderNo}`;
  const first = await h.post(path, {}, u.t);
  assert.equal(first.status, 200, first.raw.body);
  assert.equal((await row()).sold, 0);
  const again = await h.post(path, {}, u.t);
  assert.notEqual(again.status, 200);
  assert.equal((await row()).sold, 0);
  // The unit is for sale again.
  const next = await (await prepare(await customer()))();
  assert.equal(next.status, 200, next.raw.body);
});

test('the timeout sweep gives the unit back, once', async () => {
  await setStock(1);
  const res = await (await prepare(await customer()))();
  assert.equal(res.status, 200, res.raw.body);
  const later = new Date(Date.now() + 31 * 60 * 1000);
  assert.deepEqual(await expireUnpaidOrders(h.database.db, later, { orderNo: res.body.info.orderNo }), [
    res.body.info.orderNo,
  ]);
  assert.equal((await row()).sold, 0);
  assert.deepEqual(await expireUnpaidOrders(h.database.db, later, { orderNo: res.body.info.orderNo }), []);
  assert.equal((await row()).sold, 0);
});

test('unlimited stock: never refused, stock stays null, sold and sales count the order', async () => {
  await setStock(null, 0);
  const before = await row();
  const res = await (await prepare(await customer()))();
  assert.equal(res.status, 200, res.raw.body);
  const now = await row();
  assert.equal(now.stock, null);
  assert.equal(now.sold, 1);
  assert.equal(now.sales, before.sales + 1);
});

test('the database refuses sold beyond stock whatever the code does (CHECK)', async () => {
  await setStock(1, 1);
  await assert.rejects(h.database.db.update(activities).set({ sold: 2 }).where(eq(activities.actSn, ACT)));
});
