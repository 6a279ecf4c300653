/**
 * Order submission on the server: areas, addresses, confirmation amounts, coupons, the submit token and submit
 * with every §5 / §8 rule, another user's ids, and concurrency (one coupon, one token).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Address } from '@contract/address';
import type { Confirmation, DiscountCoupon, SubmitResult } from '@contract/order';
import { couponDiscount } from '@contract/rules/coupon';
import { activities } from '../../../src/domains/activity/schema';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { userCoupons } from '../../../src/domains/coupon/schema';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let token = '';
let otherToken = '';
let phoneSeq = 0;
const nextPhone = () => `1390000${String(1000 + (phoneSeq += 1)).slice(-4)}`;

before(async () => {
  h = await buildHarness();
  token = (await h.login(nextPhone())).token;
  otherToken = (await h.login(nextPhone())).token;
});
after(async () => h.close());

const SZ = { provinceId: '440000', cityId: '440300', areaId: '440305' }; // 深圳 南山 (restricted for course-07)
const GZ = { provinceId: '440000', cityId: '440100', areaId: '440106' }; // 广州 天河

async function addAddress(t: string, area = GZ, extra: Record<string, unknown> = {}) {
  const res = await h.post<Address>(
    '/front/v1/address',
    { consigneeName: '张三', consigneeTelephone: '13800138000', fullAddress: '科技园1号', ...area, ...extra },
    t,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}
async function confirm(t: string, targetSn: string) {
  const res = await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn }, t);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}
async function orderToken(t: string, createOrderSn: string) {
  const res = await h.get<{ orderToken: string }>('/front/v1/client/order/confirm/receipt', { createOrderSn }, t);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info.orderToken;
}
function body(
  c: Confirmation,
  orderTokenValue: string,
  extra: Record<string, unknown> = {},
  attach: Record<string, unknown> = {},
) {
  return {
    createOrderSn: c.createOrderSn,
    orderDiscountList: [],
    discountsAmount: 0,
    payAmount: c.confirmOrderAmount.payAmount,
    totalAmount: c.confirmOrderAmount.orderTotalAmount,
    orderToken: orderTokenValue,
    orderPreAttachVO: { deliveryType: c.deliveryType, ...attach },
    ...extra,
  };
}
const userExtra = (values: Record<string, string>) => JSON.stringify({ userInfo: values });
const FULL_FORM = {
  e5name: '张三',
  e5idcd: '11010519491231002X',
  e5phon: '13800138000',
  e5mail: 'a@b.com',
  e5numb: '5',
  e5addr: '南山区',
};

describe('areas and addresses', () => {
  test('area children come from the area data: provinces, cities, counties', async () => {
    const provinces = await h.get<{ list: { id: string; name: string }[] }>(
      '/front/v1/common/area/childList',
      { parentId: '0' },
      token,
    );
    assert.equal(provinces.body.info.list.length, 34);
    const cities = await h.get<{ list: { id: string; name: string }[] }>(
      '/front/v1/common/area/childList',
      { parentId: '440000' },
      token,
    );
    assert.ok(cities.body.info.list.some((c) => c.name === '深圳市'));
    const counties = await h.get<{ list: { id: string; name: string; hasChildren: boolean }[] }>(
      '/front/v1/common/area/childList',
      { parentId: '440300' },
      token,
    );
    assert.ok(counties.body.info.list.some((c) => c.name === '南山区' && !c.hasChildren));
  });

  test('create, default switching, read, delete; areas must belong together', async () => {
    const t = (await h.login(nextPhone())).token;
    const bad = await h.post(
      '/front/v1/address',
      {
        consigneeName: '张三',
        consigneeTelephone: '13800138000',
        fullAddress: 'x',
        provinceId: '440000',
        cityId: '110100',
        areaId: '110101',
      },
      t,
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, '所在地区有误');
    const badPhone = await h.post(
      '/front/v1/address',
      { consigneeName: '张三', consigneeTelephone: '123', fullAddress: 'x', ...GZ },
      t,
    );
    assert.equal(badPhone.body.message, '请输入正确的手机号码');
    const first = await addAddress(t);
    assert.equal(first.isDefault, true);
    assert.equal(first.fullAreaName, '广东省 广州市 天河区');
    const second = await addAddress(t, SZ, { isDefault: true });
    const list = await h.get<{ list: Address[] }>('/front/v1/address/list', {}, t);
    assert.deepEqual(
      list.body.info.list.map((a) => [a.addressId, a.isDefault]),
      [
        [second.addressId, true],
        [first.addressId, false],
      ],
    );
    const one = await h.get<Address>(`/front/v1/address/${first.addressId}`, {}, t);
    assert.equal(one.body.info.consigneeName, '张三');
    // Another user's address does not exist for this user: read, update, delete.
    assert.equal((await h.get(`/front/v1/address/${first.addressId}`, {}, otherToken)).status, 404);
    assert.equal(
      (
        await h.post(
          '/front/v1/address',
          {
            addressId: first.addressId,
            consigneeName: '李四',
            consigneeTelephone: '13800138000',
            fullAddress: 'x',
            ...GZ,
          },
          otherToken,
        )
      ).status,
      404,
    );
    const del = await h.delete(`/front/v1/address/${second.addressId}`, {}, otherToken);
    assert.equal(del.status, 404);
    const mine = await h.delete(`/front/v1/address/${second.addressId}`, {}, t);
    assert.equal(mine.status, 200);
    const after = await h.get<{ list: Address[] }>('/front/v1/address/list', {}, t);
    assert.deepEqual(
      after.body.info.list.map((a) => [a.addressId, a.isDefault]),
      [[first.addressId, true]],
    );
  });

  test('at most 20 addresses', async () => {
    const t = (await h.login(nextPhone())).token;
    for (let i = 0; i < 20; i += 1) await addAddress(t);
    const res = await h.post(
      '/front/v1/address',
      { consigneeName: '张三', consigneeTelephone: '13800138000', fullAddress: 'x', ...GZ },
      t,
    );
    assert.equal(res.body.message, '最多保存20个收货地址');
  });
});

describe('confirmation', () => {
  test('single payment with course discount, freight struck through, every field type, household', async () => {
    const c = await confirm(token, 'demo-course-05');
    assert.deepEqual(
      [
        c.orderPayType,
        c.confirmOrderAmount.totalAmount,
        c.confirmOrderAmount.courseDiscountAmount,
        c.confirmOrderAmount.freight,
        c.confirmOrderAmount.oldFreight,
      ],
      [1, 199000, 5000, 1200, 1500],
    );
    assert.equal(c.confirmOrderAmount.orderTotalAmount, 195200);
    assert.equal(c.confirmOrderAmount.payAmount, 195200);
    assert.equal(c.isHousehold, true);
    assert.deepEqual(
      new Set(c.restrict.map((r) => r.keyName)),
      new Set(['NAME', 'IDCARD', 'PHONE', 'EMAIL', 'NUMBER', 'ADDRESS', 'TEXT']),
    );
    assert.ok(c.restrict.every((r) => r.nKey.length === 6));
  });

  test('deposit + final, instalments, package with gifts, goods, zero price', async () => {
    const deposit = await confirm(token, 'demo-course-02');
    assert.equal(deposit.orderPayType, 2);
    assert.deepEqual(
      deposit.confirmOrderAmount.depositInfoList.map((d) => [d.depositType, d.installmentAmount]),
      [
        [1, 30000],
        [2, 138000],
      ],
    );
    assert.equal(deposit.confirmOrderAmount.payAmount, 30000);
    const inst = await confirm(token, 'demo-course-04');
    assert.equal(inst.confirmOrderAmount.installmentInfoList.length, 3);
    assert.equal(
      inst.confirmOrderAmount.installmentInfoList.reduce((n, i) => n + i.installmentAmount, 0),
      448000,
    );
    assert.equal(inst.confirmOrderAmount.payAmount, inst.confirmOrderAmount.installmentInfoList[0].installmentAmount);
    const six = await confirm(token, 'demo-course-01');
    assert.equal(six.confirmOrderAmount.installmentInfoList.length, 6);
    assert.equal(six.packageCourseList.length, 3);
    const pkg = await confirm(token, 'demo-course-03');
    assert.deepEqual(
      [pkg.confirmOrderAmount.totalAmount, pkg.confirmOrderAmount.packageDiscountAmount, pkg.giftCourseList.length],
      [159900, 20000, 2],
    );
    const goods = await h.get<Confirmation>(
      '/front/v1/client/order/confirm/data',
      { targetSn: 'demo-goods-02', skuCnt: 2 },
      token,
    );
    assert.equal(goods.body.info.orderType, 'GOODS');
    assert.equal(goods.body.info.confirmOrderAmount.orderTotalAmount, 1990 * 2 + 1000);
    const free = await confirm(token, 'demo-activity-02');
    assert.equal(free.confirmOrderAmount.payAmount, 0);
  });

  test("unknown, offline and another project's items; a visitor may not order", async () => {
    assert.equal((await h.get('/front/v2/client/course/order/confirm', { targetSn: 'nope' }, token)).status, 404);
    assert.equal(
      (await h.get('/front/v2/client/course/order/confirm', { targetSn: 'course-course-01' }, token)).status,
      404,
    );
    const off = await h.get('/front/v2/client/course/order/confirm', { targetSn: 'demo-course-09' }, token);
    assert.equal(off.body.code, 1003);
    const visitor = await h.enter('demo');
    const res = await h.get('/front/v2/client/course/order/confirm', { targetSn: 'demo-course-05' }, visitor);
    assert.equal(res.status, 403);
    assert.equal(res.body.message, '请先登录后再下单');
  });

  test("another user's confirmation is the §8 link error", async () => {
    const c = await confirm(token, 'demo-course-05');
    const res = await h.get('/front/v1/client/order/confirm/receipt', { createOrderSn: c.createOrderSn }, otherToken);
    assert.equal(res.body.code, 1002);
  });
});

describe('coupons', () => {
  test('availability reasons and amounts match the storefront rule', async () => {
    const c = await confirm(token, 'demo-course-05');
    const res = await h.get<{ list: DiscountCoupon[] }>(
      '/front/v2/client/course/order/coupons',
      { createOrderSn: c.createOrderSn },
      token,
    );
    const byName = Object.fromEntries(res.body.info.list.map((x) => [x.couponName, x]));
    assert.equal(byName['新人立减20元'].orderCouponAmount, 2000);
    assert.equal(byName['课程85折券'].orderCouponAmount, couponDiscount(byName['课程85折券'], 195200));
    assert.equal(byName['课程85折券'].orderCouponAmount, 29280);
    assert.equal(byName['满1000减100'].isAvailable, true);
    assert.equal(byName['满5000减800'].disabledReason, '未满足使用门槛（满5000元可用）');
    assert.equal(byName['已使用的10元券'].disabledReason, '已使用');
    assert.equal(byName['已过期的15元券'].disabledReason, '已过期');
    assert.equal(byName['英语课程专享券'].disabledReason, '不适用于当前商品');
    // Available first, biggest saving first.
    assert.equal(res.body.info.list[0].couponName, '课程85折券');
  });
});

describe('coupon threshold and ¥0 payments', () => {
  test('an instalment course meets 满1000减100 by its whole amount; the coupon comes off the first instalment', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = await confirm(t, 'demo-course-06');
    assert.equal(c.orderPayType, 3);
    assert.ok(c.confirmOrderAmount.payAmount < 100000 && c.confirmOrderAmount.orderTotalAmount >= 100000);
    const res = await h.get<{ list: DiscountCoupon[] }>(
      '/front/v2/client/course/order/coupons',
      { createOrderSn: c.createOrderSn },
      t,
    );
    const cp = res.body.info.list.find((x) => x.couponName === '满1000减100');
    assert.ok(cp);
    assert.deepEqual([cp.isAvailable, cp.disabledReason, cp.orderCouponAmount], [true, null, 10000]);
    const first = c.confirmOrderAmount.payAmount;
    const submitted = await h.post<SubmitResult>(
      '/front/v2/client/course/order/submit',
      body(c, await orderToken(t, c.createOrderSn), {
        orderDiscountList: [
          { discountType: 'DISCOUNT_RED', couponSn: cp.couponSn, discountReceiveSn: cp.rcSn, discountMoney: 10000 },
        ],
        discountsAmount: 10000,
        payAmount: first - 10000,
      }),
      t,
    );
    assert.equal(submitted.status, 200, submitted.raw.body);
    assert.equal(submitted.body.info.payAmount, first - 10000);
  });

  test('a ¥0 payment offers no coupon: each says why', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = await confirm(t, 'demo-activity-02');
    assert.equal(c.confirmOrderAmount.payAmount, 0);
    const res = await h.get<{ list: DiscountCoupon[] }>(
      '/front/v2/client/course/order/coupons',
      { createOrderSn: c.createOrderSn },
      t,
    );
    assert.ok(res.body.info.list.length > 0);
    assert.ok(res.body.info.list.every((x) => !x.isAvailable && x.orderCouponAmount === 0));
  });
});

describe('submit', () => {
  test('happy path with address, household, applicant form and a percent coupon', async () => {
    const t = (await h.login(nextPhone())).token;
    const address = await addAddress(t);
    const c = await confirm(t, 'demo-course-05');
    const coupons = (
      await h.get<{ list: DiscountCoupon[] }>(
        '/front/v2/client/course/order/coupons',
        { createOrderSn: c.createOrderSn },
        t,
      )
    ).body.info.list;
    const percent = coupons.find((x) => x.couponName === '课程85折券') as DiscountCoupon;
    const ot = await orderToken(t, c.createOrderSn);
    const res = await h.post<SubmitResult>(
      '/front/v2/client/course/order/submit',
      body(
        c,
        ot,
        {
          orderDiscountList: [
            {
              discountType: 'DISCOUNT_RED',
              couponSn: percent.couponSn,
              discountReceiveSn: percent.rcSn,
              discountMoney: 29280,
            },
          ],
          discountsAmount: 29280,
          payAmount: 195200 - 29280,
          remark: '请尽快发货',
        },
        { addressId: address.addressId, householdType: 'TALENT_IN', userExtra: userExtra(FULL_FORM) },
      ),
      t,
    );
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(res.body.info.payAmount, 165920);
    assert.equal(res.body.info.orderStatus, 'UNPAID');
    const [order] = await h.database.db.select().from(orders).where(eq(orders.orderNo, res.body.info.orderNo));
    assert.equal(order.discountAmount, 29280);
    assert.equal((order.snapshot as { householdType: string }).householdType, 'TALENT_IN');
    const [used] = await h.database.db.select().from(userCoupons).where(eq(userCoupons.rcSn, percent.rcSn));
    assert.deepEqual([used.state, used.usedOrderNo], [2, res.body.info.orderNo]);
    // The token is spent.
    const again = await h.post('/front/v2/client/course/order/submit', body(c, ot), t);
    assert.equal(again.body.code, 1011);
  });

  test('each server-side rule answers in Chinese and nothing is written', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = await confirm(t, 'demo-course-05');
    const attempt = async (extra: Record<string, unknown>, attach: Record<string, unknown>) =>
      h.post('/front/v2/client/course/order/submit', body(c, await orderToken(t, c.createOrderSn), extra, attach), t);
    assert.equal((await attempt({}, { userExtra: userExtra({}) })).body.message, '请输入姓名');
    assert.equal(
      (await attempt({}, { userExtra: userExtra({ ...FULL_FORM, e5idcd: '123' }) })).body.message,
      '请输入正确的身份证号码',
    );
    assert.equal((await attempt({}, { userExtra: userExtra(FULL_FORM) })).body.message, '请输入配送地址信息!');
    const address = await addAddress(t);
    assert.equal(
      (await attempt({}, { userExtra: userExtra(FULL_FORM), addressId: address.addressId })).body.message,
      '请选择入户类型!',
    );
    const foreign = await addAddress(otherToken);
    assert.equal(
      (await attempt({}, { userExtra: userExtra(FULL_FORM), addressId: foreign.addressId, householdType: 'TALENT_IN' }))
        .status,
      404,
    );
    const mismatch = await attempt(
      { payAmount: 1 },
      { userExtra: userExtra(FULL_FORM), addressId: address.addressId, householdType: 'TALENT_IN' },
    );
    assert.equal(mismatch.body.code, 1010);
    const long = await attempt(
      { remark: '长'.repeat(31) },
      { userExtra: userExtra(FULL_FORM), addressId: address.addressId, householdType: 'TALENT_IN' },
    );
    assert.equal(long.body.message, '备注不能超过30个字');
    const garbage = await attempt(
      {},
      { userExtra: '{not json', addressId: address.addressId, householdType: 'TALENT_IN' },
    );
    assert.equal(garbage.body.message, '用户信息格式有误');
    const rows = await h.database.db.select().from(orders).where(eq(orders.createOrderSn, c.createOrderSn));
    assert.equal(rows.length, 0);
  });

  test('restricted areas are refused', async () => {
    const t = (await h.login(nextPhone())).token;
    const sz = await addAddress(t, SZ);
    const c = await confirm(t, 'demo-course-07');
    const res = await h.post(
      '/front/v2/client/course/order/submit',
      body(c, await orderToken(t, c.createOrderSn), {}, { addressId: sz.addressId }),
      t,
    );
    assert.equal(res.body.message, '当前地区暂不支持购买，请切换地址再提交订单!');
  });

  test('§8 codes: 1003 off the shelf, 1005 unpaid exists (with its number), 1006 disabled', async () => {
    const t = (await h.login(nextPhone())).token;
    const first = await confirm(t, 'demo-course-04');
    const ok1 = await h.post<SubmitResult>(
      '/front/v2/client/course/order/submit',
      body(first, await orderToken(t, first.createOrderSn)),
      t,
    );
    assert.equal(ok1.status, 200, ok1.raw.body);
    const second = await confirm(t, 'demo-course-04');
    const dup = await h.post<null>(
      '/front/v2/client/course/order/submit',
      body(second, await orderToken(t, second.createOrderSn)),
      t,
    );
    assert.equal(dup.body.code, 1005);
    assert.deepEqual(dup.body.info, { orderNo: ok1.body.info.orderNo });

    const disabled = await confirm(t, 'demo-course-08');
    const res = await h.post(
      '/front/v2/client/course/order/submit',
      body(disabled, await orderToken(t, disabled.createOrderSn)),
      t,
    );
    assert.deepEqual([res.body.code, res.body.message], [1006, '课程报名已截止']);

    const c = await confirm(t, 'demo-course-06');
    const ot = await orderToken(t, c.createOrderSn);
    // An operator's change of an item: the write, then the read models dropped, as every writer of items does
    // (runtime/read-cache.ts); the submit reads the item from that model on the embedded database.
    await h.database.db.update(activities).set({ status: 'OFFLINE' }).where(eq(activities.actSn, 'demo-course-06'));
    invalidateReadModels(h.database.db, 'demo');
    try {
      const off = await h.post('/front/v2/client/course/order/submit', body(c, ot), t);
      assert.equal(off.body.code, 1003);
    } finally {
      await h.database.db.update(activities).set({ status: 'ONLINE' }).where(eq(activities.actSn, 'demo-course-06'));
      invalidateReadModels(h.database.db, 'demo');
    }
  });

  test('a price changed after the confirmation: the submit prices the item as it is now (1010), then orders at the new price', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-03' }, t)).body
      .info;
    assert.ok(c.createOrderSn, 'confirmation');
    const address = await addAddress(t);
    const [item] = await h.database.db.select().from(activities).where(eq(activities.actSn, 'demo-goods-03'));
    await h.database.db
      .update(activities)
      .set({ price: item.price + 100 })
      .where(eq(activities.actSn, item.actSn));
    invalidateReadModels(h.database.db, 'demo');
    try {
      const stale = await h.post(
        '/front/v1/client/order/submit',
        body(c, await orderToken(t, c.createOrderSn), {}, { addressId: address.addressId }),
        t,
      );
      assert.deepEqual([stale.status, stale.body.code], [400, 1010]);
      const fresh = body(
        c,
        await orderToken(t, c.createOrderSn),
        { totalAmount: c.confirmOrderAmount.orderTotalAmount + 100, payAmount: c.confirmOrderAmount.payAmount + 100 },
        { addressId: address.addressId },
      );
      const placed = await h.post<SubmitResult>('/front/v1/client/order/submit', fresh, t);
      assert.equal(placed.status, 200, placed.raw.body);
      assert.equal(placed.body.info.totalAmount, c.confirmOrderAmount.orderTotalAmount + 100);
    } finally {
      await h.database.db.update(activities).set({ price: item.price }).where(eq(activities.actSn, item.actSn));
      invalidateReadModels(h.database.db, 'demo');
    }
  });

  test('the submit reads the item in its own transaction: a price written without dropping the read models is seen', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-03' }, t)).body
      .info;
    const address = await addAddress(t);
    const [item] = await h.database.db.select().from(activities).where(eq(activities.actSn, 'demo-goods-03'));
    // Another process on the same database: this one's read models still hold the old price.
    await h.database.db
      .update(activities)
      .set({ price: item.price + 100 })
      .where(eq(activities.actSn, item.actSn));
    try {
      const stale = await h.post(
        '/front/v1/client/order/submit',
        body(c, await orderToken(t, c.createOrderSn), {}, { addressId: address.addressId }),
        t,
      );
      assert.deepEqual([stale.status, stale.body.code], [400, 1010]);
    } finally {
      await h.database.db.update(activities).set({ price: item.price }).where(eq(activities.actSn, item.actSn));
      invalidateReadModels(h.database.db, 'demo');
    }
  });

  test('prepared statements: a refused submit leaves its token unspent, the same token then orders once; each statement runs in the submit transaction', async () => {
    const t = (await h.login(nextPhone())).token;
    const address = await addAddress(t);
    // goods-01 twice: the second runs the statements already prepared on the connection.
    for (const targetSn of ['demo-goods-01', 'demo-goods-01', 'demo-course-02']) {
      const c = targetSn.startsWith('demo-goods')
        ? (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn }, t)).body.info
        : await confirm(t, targetSn);
      const path = targetSn.startsWith('demo-goods')
        ? '/front/v1/client/order/submit'
        : '/front/v2/client/course/order/submit';
      // course-02: deposit + final (two payment rows), shipped, with an applicant form.
      const attach = {
        ...(c.deliveryType === 4 ? {} : { addressId: address.addressId }),
        ...(targetSn === 'demo-course-02' ? { userExtra: userExtra({ b2name: '张三', b2phon: '13800138000' }) } : {}),
      };
      const ot = await orderToken(t, c.createOrderSn);
      // Refused after the token's UPDATE: the transaction rolls it back, so the token still works.
      const refused = await h.post(path, body(c, ot, { payAmount: c.confirmOrderAmount.payAmount + 1 }, attach), t);
      assert.deepEqual([refused.status, refused.body.code], [400, 1010]);
      const placed = await h.post<SubmitResult>(path, body(c, ot, {}, attach), t);
      assert.equal(placed.status, 200, placed.raw.body);
      assert.equal(placed.body.info.totalAmount, c.confirmOrderAmount.orderTotalAmount);
      const again = await h.post(path, body(c, ot, {}, attach), t);
      assert.equal(again.body.code, 1011);
      const [order] = await h.database.db.select().from(orders).where(eq(orders.orderNo, placed.body.info.orderNo));
      assert.deepEqual(
        [order.createOrderSn, order.totalAmount, order.status],
        [c.createOrderSn, c.confirmOrderAmount.orderTotalAmount, placed.body.info.orderStatus],
      );
      assert.ok(
        order.expiresAt && order.createdAt.getTime() <= order.expiresAt.getTime(),
        'an unpaid order expires after it was made',
      );
      const pays = await h.database.db.select().from(orderPayments).where(eq(orderPayments.orderNo, order.orderNo));
      assert.equal(
        pays.reduce((n, p) => n + p.amount, 0),
        c.confirmOrderAmount.orderTotalAmount,
      );
      if (c.deliveryType !== 4)
        assert.equal((order.snapshot as { address: Address | null }).address?.addressId, address.addressId);
    }
  });

  test('a zero-price order is paid at once', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = await confirm(t, 'demo-activity-02');
    const res = await h.post<SubmitResult>(
      '/front/v1/client/order/submit',
      body(c, await orderToken(t, c.createOrderSn)),
      t,
    );
    // A zero-price activity orders through the goods submit (it is not a course).
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual([res.body.info.payAmount, res.body.info.orderStatus], [0, 'PAID']);
    const pays = await h.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderNo, res.body.info.orderNo));
    assert.equal(pays[0].status, 'PAID');
  });

  test('malformed bodies are 400, never 500', async () => {
    for (const payload of [
      {},
      { createOrderSn: 1 },
      {
        createOrderSn: 'x',
        orderToken: 't',
        discountsAmount: -1,
        payAmount: 0,
        totalAmount: 0,
        orderPreAttachVO: { deliveryType: 4 },
      },
    ]) {
      const res = await h.post('/front/v2/client/course/order/submit', payload, token);
      assert.equal(res.status, 400, res.raw.body);
    }
  });
});

describe('concurrency', () => {
  test('50 submits with one order token make exactly one order', async () => {
    const t = (await h.login(nextPhone())).token;
    const c = await confirm(t, 'demo-course-03');
    const ot = await orderToken(t, c.createOrderSn);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => h.post<SubmitResult>('/front/v2/client/course/order/submit', body(c, ot), t)),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.ok(results.filter((r) => r.status !== 200).every((r) => r.body.code === 1011 || r.body.code === 1007));
    const rows = await h.database.db.select().from(orders).where(eq(orders.createOrderSn, c.createOrderSn));
    assert.equal(rows.length, 1);
  });

  test('50 submits with one coupon across 50 confirmations: the coupon is spent once', async () => {
    const t = (await h.login(nextPhone())).token;
    const address = await addAddress(t);
    const prepared = [];
    for (let i = 0; i < 50; i += 1) {
      const c = (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-02' }, t))
        .body.info;
      prepared.push({ c, ot: await orderToken(t, c.createOrderSn) });
    }
    const coupons = (
      await h.get<{ list: DiscountCoupon[] }>(
        '/front/v2/client/course/order/coupons',
        { createOrderSn: prepared[0].c.createOrderSn },
        t,
      )
    ).body.info.list;
    const amount = coupons.find((x) => x.couponName === '新人立减20元') as DiscountCoupon;
    const results = await Promise.all(
      prepared.map(({ c, ot }) =>
        h.post<SubmitResult>(
          '/front/v1/client/order/submit',
          body(
            c,
            ot,
            {
              orderDiscountList: [
                {
                  discountType: 'DISCOUNT_RED',
                  couponSn: amount.couponSn,
                  discountReceiveSn: amount.rcSn,
                  discountMoney: 2000,
                },
              ],
              discountsAmount: 2000,
              payAmount: c.confirmOrderAmount.payAmount - 2000,
            },
            { addressId: address.addressId },
          ),
          t,
        ),
      ),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.body.message).join(','));
    assert.ok(results.filter((r) => r.status !== 200).every((r) => r.body.message === '优惠券已被使用，请重新选择'));
    const withCoupon = await h.database.db.select().from(orders).where(eq(orders.actSn, 'demo-goods-02'));
    assert.equal(
      withCoupon.filter((o) => (o.snapshot as { coupon: { rcSn: string } | null }).coupon?.rcSn === amount.rcSn).length,
      1,
    );
    const spent = await h.database.db.select().from(userCoupons).where(eq(userCoupons.rcSn, amount.rcSn));
    assert.equal(spent[0].state, 2);
  });
});
