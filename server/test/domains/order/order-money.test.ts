/**
 * The money of an order as customers walking the store see it: a percent coupon on a deposit or instalment course
 * is a percent of the whole order (the payment made at submit carries it, any rest goes on to the next payments),
 * a coupon outside its window is neither offered nor accepted, and an item that says 包邮 is charged no freight.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Address } from '@contract/address';
import type { Confirmation, DiscountCoupon, SubmitResult } from '@contract/order';
import { chinaTime } from '@contract/rules/china-time';
import { FREE_SHIPPING } from '@contract/rules/freight';
import { activities } from '../../../src/domains/activity/schema';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { couponTemplates, userCoupons } from '../../../src/domains/coupon/schema';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let seq = 0;
const customer = () => h.login(`1360000${String(1000 + (seq += 1)).slice(-4)}`);

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

const COURSE_CONFIRM = '/front/v2/client/course/order/confirm';
const GOODS_CONFIRM = '/front/v1/client/order/confirm/data';
const COURSE_SUBMIT = '/front/v2/client/course/order/submit';
const GOODS_SUBMIT = '/front/v1/client/order/submit';

async function confirm(token: string, targetSn: string, url = COURSE_CONFIRM) {
  const res = await h.get<Confirmation>(url, { targetSn }, token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}
async function coupons(token: string, c: Confirmation) {
  const res = await h.get<{ list: DiscountCoupon[] }>(
    '/front/v2/client/course/order/coupons',
    { createOrderSn: c.createOrderSn },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info.list;
}
async function orderToken(token: string, c: Confirmation) {
  const res = await h.get<{ orderToken: string }>(
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn: c.createOrderSn },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info.orderToken;
}
async function addAddress(token: string) {
  const res = await h.post<Address>(
    '/front/v1/address',
    {
      consigneeName: '张三',
      consigneeTelephone: '13800138000',
      fullAddress: '体育西路1号',
      provinceId: '440000',
      cityId: '440100',
      areaId: '440106',
    },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}

/** A submit of `c` with a coupon worth `discount` and the payment now due `payAmount`. */
async function submit(
  token: string,
  c: Confirmation,
  coupon: { couponSn: string; rcSn: string } | null,
  discount: number,
  payAmount: number,
  attach: Record<string, unknown> = {},
  url = COURSE_SUBMIT,
) {
  return h.post<SubmitResult>(
    url,
    {
      createOrderSn: c.createOrderSn,
      orderDiscountList: coupon
        ? [
            {
              discountType: 'DISCOUNT_RED',
              couponSn: coupon.couponSn,
              discountReceiveSn: coupon.rcSn,
              discountMoney: discount,
            },
          ]
        : [],
      discountsAmount: discount,
      payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken: await orderToken(token, c),
      orderPreAttachVO: { deliveryType: c.deliveryType, ...attach },
    },
    token,
  );
}
async function paymentsOf(orderNo: string) {
  const rows = await h.database.db.select().from(orderPayments).where(eq(orderPayments.orderNo, orderNo));
  return rows.sort((a, b) => a.seq - b.seq).map((p) => [p.amount, p.status]);
}
const named = (list: DiscountCoupon[], name: string) => {
  const found = list.find((c) => c.couponName === name);
  assert.ok(found, name);
  return found;
};

describe('a percent coupon is a percent of the whole order', () => {
  test('课程85折券 on the ¥1680 course with a ¥300 deposit takes ¥252 (not ¥45); the deposit carries it', async () => {
    const { token } = await customer();
    const address = await addAddress(token);
    const c = await confirm(token, 'demo-course-02');
    assert.deepEqual(
      [c.orderPayType, c.confirmOrderAmount.orderTotalAmount, c.confirmOrderAmount.payAmount],
      [2, 168000, 30000],
    );
    const list = await coupons(token, c);
    const percent = named(list, '课程85折券');
    assert.deepEqual([percent.isAvailable, percent.orderCouponAmount], [true, 25200]);
    // The threshold coupon was already judged on the whole order; both agree on what they measure.
    assert.equal(named(list, '满1000减100').orderCouponAmount, 10000);

    const attach = {
      addressId: address.addressId,
      userExtra: JSON.stringify({ userInfo: { b2name: '张三', b2phon: '13800138000' } }),
    };
    const old = await submit(token, c, percent, 4500, 25500, attach);
    assert.deepEqual([old.status, old.body.code], [400, 1010], 'the first-payment-only figure is refused');
    const res = await submit(token, c, percent, 25200, 4800, attach);
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual([res.body.info.payAmount, res.body.info.totalAmount], [4800, 142800]);
    // 定金 ¥48 + 尾款 ¥1380 = ¥1428 = ¥1680 − ¥252.
    assert.deepEqual(await paymentsOf(res.body.info.orderNo), [
      [4800, 'UNPAID'],
      [138000, 'UNPAID'],
    ]);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.orderNo, res.body.info.orderNo));
    assert.deepEqual([order.totalAmount, order.discountAmount], [142800, 25200]);
  });

  test('on the ¥4480 course in three instalments it stops at its ¥300 limit (15% of ¥4480), not 15% of one instalment', async () => {
    const { token } = await customer();
    const c = await confirm(token, 'demo-course-04');
    const rows = c.confirmOrderAmount.installmentInfoList.map((i) => i.installmentAmount);
    assert.deepEqual(rows, [149334, 149333, 149333]);
    const percent = named(await coupons(token, c), '课程85折券');
    assert.equal(percent.orderCouponAmount, 30000);
    const res = await submit(token, c, percent, 30000, 149334 - 30000);
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(await paymentsOf(res.body.info.orderNo), [
      [119334, 'UNPAID'],
      [149333, 'UNPAID'],
      [149333, 'UNPAID'],
    ]);
  });

  test('a discount larger than the deposit goes on to the final payment; the ¥0 deposit is settled at once', async () => {
    const { token, userId } = await customer();
    const address = await addAddress(token);
    const couponSn = `demo-cp-half-${seq}`;
    await h.database.db.insert(couponTemplates).values({
      couponSn,
      projectSn: 'demo',
      couponName: '半价券',
      couponType: 2,
      couponAmount: 50,
      scopeText: '全部商品可用',
    });
    const rcSn = `rc-half-${seq}`;
    await h.database.db.insert(userCoupons).values({
      rcSn,
      userId,
      couponSn,
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 86_400_000),
      source: 'test',
    });
    const c = await confirm(token, 'demo-course-02');
    const half = named(await coupons(token, c), '半价券');
    assert.equal(half.orderCouponAmount, 84000);
    const attach = {
      addressId: address.addressId,
      userExtra: JSON.stringify({ userInfo: { b2name: '张三', b2phon: '13800138000' } }),
    };
    const res = await submit(token, c, half, 84000, 0, attach);
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(
      [res.body.info.payAmount, res.body.info.totalAmount, res.body.info.orderStatus],
      [0, 84000, 'UNPAID_BALANCE'],
    );
    assert.deepEqual(await paymentsOf(res.body.info.orderNo), [
      [0, 'PAID'],
      [84000, 'UNPAID'],
    ]);
  });
});

describe('a coupon is used only inside its window', () => {
  const startOfTomorrow = () => chinaTime(new Date())!.startOf('day').add(1, 'day').toDate();
  const endOfToday = () => chinaTime(new Date())!.endOf('day').toDate();

  async function partnerCopy(userId: string, startTime: Date, endTime: Date) {
    const rcSn = `rc-partner-${(seq += 1)}`;
    await h.database.db
      .insert(userCoupons)
      .values({ rcSn, userId, couponSn: 'demo-cp-partner', startTime, endTime, source: `test:${rcSn}` });
    return rcSn;
  }

  test('合作商家20元券 valid from tomorrow: not offered at checkout (尚未生效), refused on submit, left unused', async () => {
    const { token, userId } = await customer();
    const rcSn = await partnerCopy(userId, startOfTomorrow(), new Date(startOfTomorrow().getTime() + 30 * 86_400_000));
    const c = await confirm(token, 'demo-course-04');
    const partner = named(await coupons(token, c), '合作商家20元券');
    assert.deepEqual([partner.isAvailable, partner.disabledReason, partner.orderCouponAmount], [false, '尚未生效', 0]);
    // Its own 去使用 says the same.
    const use = await h.get('/front/v1_2/coupon/use', { couponSn: 'demo-cp-partner', page: 1, perSize: 10 }, token);
    assert.equal(use.body.message, '该优惠券尚未生效');

    const res = await submit(
      token,
      c,
      { couponSn: 'demo-cp-partner', rcSn },
      2000,
      c.confirmOrderAmount.payAmount - 2000,
    );
    assert.deepEqual([res.status, res.body.message], [400, '尚未生效']);
    const [copy] = await h.database.db.select().from(userCoupons).where(eq(userCoupons.rcSn, rcSn));
    assert.equal(copy.state, 1);
    assert.equal(
      (await h.database.db.select().from(orders).where(eq(orders.createOrderSn, c.createOrderSn))).length,
      0,
    );
  });

  test('a copy whose end has passed is refused on submit (已过期)', async () => {
    const { token, userId } = await customer();
    const rcSn = await partnerCopy(userId, new Date(Date.now() - 10 * 86_400_000), new Date(Date.now() - 1000));
    const c = await confirm(token, 'demo-course-04');
    assert.equal(named(await coupons(token, c), '合作商家20元券').disabledReason, '已过期');
    const res = await submit(
      token,
      c,
      { couponSn: 'demo-cp-partner', rcSn },
      2000,
      c.confirmOrderAmount.payAmount - 2000,
    );
    assert.deepEqual([res.status, res.body.message], [400, '已过期']);
  });

  test('a copy expiring today is used until the last moment of the China day', async () => {
    const { token, userId } = await customer();
    const rcSn = await partnerCopy(userId, new Date(Date.now() - 10 * 86_400_000), endOfToday());
    const c = await confirm(token, 'demo-course-04');
    const partner = named(await coupons(token, c), '合作商家20元券');
    assert.deepEqual([partner.isAvailable, partner.orderCouponAmount], [true, 2000]);
    const res = await submit(
      token,
      c,
      { couponSn: 'demo-cp-partner', rcSn },
      2000,
      c.confirmOrderAmount.payAmount - 2000,
    );
    assert.equal(res.status, 200, res.raw.body);
    const [copy] = await h.database.db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.rcSn, rcSn), eq(userCoupons.userId, userId)));
    assert.deepEqual([copy.state, copy.usedOrderNo], [2, res.body.info.orderNo]);
  });
});

describe('包邮 means no freight', () => {
  test('every item whose card or detail says 包邮 is charged no freight, and the rest do not say it', async () => {
    const { token } = await customer();
    const items = await h.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.projectSn, 'demo'), eq(activities.status, 'ONLINE')));
    let checked = 0;
    for (const a of items.filter((x) => x.actType === 'GOODS' || x.actType === 'COURSE')) {
      const attrs = (
        await h.get<{ attrs: { name: string; value: string }[] }>(
          '/front/v1/activity/spec-attrs',
          { actSn: a.actSn },
          token,
        )
      ).body.info.attrs;
      const c = await confirm(token, a.actSn, a.actType === 'GOODS' ? GOODS_CONFIRM : COURSE_CONFIRM);
      if (c.disableFlag) continue;
      const says = a.tags.includes(FREE_SHIPPING) || attrs.some((x) => x.value.includes(FREE_SHIPPING));
      const free = c.deliveryType !== 4 && c.confirmOrderAmount.freight === 0;
      assert.equal(says, free, `${a.actName}: says 包邮 ${says}, freight ${c.confirmOrderAmount.freight}`);
      checked += 1;
    }
    assert.ok(checked >= 10);
  });

  test('护眼LED台灯 (包邮) is ordered and paid without freight; 备考笔记本 pays ¥10 and no longer says 包邮', async () => {
    const { token } = await customer();
    const address = await addAddress(token);
    const lamp = await confirm(token, 'demo-goods-03', GOODS_CONFIRM);
    assert.deepEqual([lamp.confirmOrderAmount.freight, lamp.confirmOrderAmount.orderTotalAmount], [0, 15900]);
    const res = await submit(token, lamp, null, 0, 15900, { addressId: address.addressId }, GOODS_SUBMIT);
    assert.equal(res.status, 200, res.raw.body);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.orderNo, res.body.info.orderNo));
    assert.deepEqual([order.freight, order.totalAmount], [0, 15900]);
    const detail = await h.get<{ freight: number }>(
      `/front/v1/client/order/details/${res.body.info.orderNo}/`,
      {},
      token,
    );
    assert.equal(detail.body.info.freight, 0);

    const notebook = await confirm(token, 'demo-goods-02', GOODS_CONFIRM);
    assert.equal(notebook.confirmOrderAmount.freight, 1000);
    const attrs = (
      await h.get<{ attrs: { value: string }[] }>('/front/v1/activity/spec-attrs', { actSn: 'demo-goods-02' }, token)
    ).body.info.attrs;
    assert.ok(
      attrs.every((x) => !x.value.includes(FREE_SHIPPING)),
      JSON.stringify(attrs),
    );
  });
});
