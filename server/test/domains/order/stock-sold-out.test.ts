/**
 * Sold out on the storefront (docs/catalogue.md): the item detail says soldOut once the last unit is held, even
 * while its cached read model is warm, and says it no more once that order is cancelled; the confirmation refuses a
 * sold-out item early with the submit's §8 1006 该课程已售罄. An unlimited item is never sold out.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ActivityDetail } from '@contract/activity';
import type { Confirmation, SubmitResult } from '@contract/order';
import { activities } from '../../../src/domains/activity/schema';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';
import { customerWithAddress } from '../../helpers/customer';

let h: Harness;
let seq = 0;
const ACT = 'demo-course-06';
before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

const customer = () => customerWithAddress(h, `1390088${String(1000 + (seq += 1)).slice(-4)}`);

const confirm = (t: string) => h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: ACT }, t);
const detail = async (t: string) => {
  const res = await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: ACT }, t);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
};

async function buy(u: { t: string; addressId: string }) {
  const c = await confirm(u.t);
  assert.equal(c.status, 200, c.raw.body);
  const info = c.body.info;
  const rc = await h.get<{ orderToken: string }>(
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn: info.createOrderSn },
    u.t,
  );
  const res = await h.post<SubmitResult>(
    '/front/v2/client/course/order/submit',
    {
      createOrderSn: info.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: info.confirmOrderAmount.payAmount,
      totalAmount: info.confirmOrderAmount.orderTotalAmount,
      orderToken: rc.body.info.orderToken,
      orderPreAttachVO: {
        deliveryType: info.deliveryType,
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
    },
    u.t,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info.orderNo;
}

async function setStock(stock: number | null) {
  await h.database.db.update(activities).set({ stock, sold: 0 }).where(eq(activities.actSn, ACT));
  invalidateReadModels(h.database.db, 'demo');
}

test('an unlimited item is never sold out', async () => {
  await setStock(null);
  const u = await customer();
  assert.equal((await detail(u.t)).soldOut, false);
  await buy(u);
  assert.equal((await detail((await customer()).t)).soldOut, false);
});

test('the sale of the last unit shows on the cached detail at once; a cancel puts it back on sale', async () => {
  await setStock(1);
  const [a, b] = [await customer(), await customer()];
  // Both look first: the item's read model is cached with one unit left.
  assert.equal((await detail(a.t)).soldOut, false);
  assert.equal((await detail(b.t)).soldOut, false);
  const orderNo = await buy(a);
  assert.equal((await detail(b.t)).soldOut, true);
  const refused = await confirm(b.t);
  assert.equal(refused.status, 400, refused.raw.body);
  assert.equal(refused.body.code, 1006);
  assert.equal(refused.body.message, '该课程已售罄');
  const cancelled = await h.post(`/front/v1/client/order/payment/order/cancel/${orderNo}`, {}, a.t);
  assert.equal(cancelled.status, 200, cancelled.raw.body);
  assert.equal((await detail(b.t)).soldOut, false);
  assert.equal((await confirm(b.t)).status, 200);
});

test('a stock raised by the merchant puts a sold-out item back on sale', async () => {
  await setStock(1);
  await buy(await customer());
  const b = await customer();
  assert.equal((await detail(b.t)).soldOut, true);
  // What the console's save does: the new total, then the read models dropped.
  await h.database.db.update(activities).set({ stock: 2 }).where(eq(activities.actSn, ACT));
  invalidateReadModels(h.database.db, 'demo');
  assert.equal((await detail(b.t)).soldOut, false);
});
