/**
 * §7 names some calls without a path (getOrderInfoApi, getWebUploadToken, getAddressList, getAddressById, the
 * order-side integral bind search and balance, order confirm v2 by targetSn, submit v2, the discount coupon list by
 * course or package, useDiscountCoupon): each is served, and its /docs entry carries the spec's name, so a reader of
 * the spec finds it. The calls this server adds for them work as their siblings do.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BalanceReply, BindingState } from '@contract/integral';
import type { DiscountCoupon } from '@contract/order';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let seq = 0;
const customer = async (projectSn = 'demo') =>
  (await h.login(`1350000${String(1000 + (seq += 1)).slice(-4)}`, projectSn)).token;

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

/** [operationId, method, path as /docs writes it, words the summary carries]. */
const NAMED: [string, string, string, string][] = [
  ['getOrderInfoApi', 'get', '/front/v1/client/order/details/{orderNo}/', 'getOrderInfoApi'],
  ['getWebUploadToken', 'get', '/front/oss/sign', 'getWebUploadToken'],
  ['getAddressList', 'get', '/front/v1/address/list', 'getAddressList'],
  ['getAddressById', 'get', '/front/v1/address/{id}', 'getAddressById'],
  ['orderIntegralBindSearch', 'post', '/front/v1/client/order/integral/bind/search', 'Order-side integral bind search'],
  ['orderIntegralBalance', 'post', '/front/v1/client/order/integral/balance', 'Order-side integral balance'],
  ['orderConfirmV2ByTargetSn', 'get', '/front/v2/client/course/order/confirm', 'Order confirm v2 by targetSn'],
  ['submitV2', 'post', '/front/v2/client/course/order/submit', 'Submit v2'],
  [
    'discountCouponList',
    'get',
    '/front/v2/client/course/order/discount/coupon/list',
    'Discount coupon list by course or package sn and total amount',
  ],
  ['useDiscountCoupon', 'get', '/front/v1_2/coupon/use', 'useDiscountCoupon'],
];

interface Operation {
  operationId?: string;
  summary?: string;
}

describe('the OpenAPI document names the calls §7 shows without a path', () => {
  test('each name is the operationId of its route, and its summary says it', async () => {
    const res = await h.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(res.status, 200);
    const paths = res.raw.json().paths as Record<string, Record<string, Operation>>;
    const ids = Object.values(paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    for (const [id, method, path, words] of NAMED) {
      const op = paths[path]?.[method];
      assert.ok(op, `${method.toUpperCase()} ${path} is in /docs`);
      assert.equal(op.operationId, id, path);
      assert.ok(op.summary?.startsWith(words), `${path}: "${op.summary}" begins with "${words}"`);
      assert.equal(ids.filter((x) => x === id).length, 1, `${id} names one operation`);
    }
  });
});

describe('discount coupon list by course or package sn and total amount', () => {
  const URL = '/front/v2/client/course/order/discount/coupon/list';

  test('by course sn and by package sn it answers the coupons of that item at that amount', async () => {
    const token = await customer();
    const byCourse = await h.get<{ list: DiscountCoupon[] }>(
      URL,
      { courseSn: 'demo-course-01', totalAmount: 298000 },
      token,
    );
    assert.equal(byCourse.status, 200, byCourse.raw.body);
    const sameItem = await h.get<{ list: DiscountCoupon[] }>(
      `/front/v1_2/coupon/order/list/demo-course-01`,
      { orderAmount: 298000 },
      token,
    );
    assert.deepEqual(byCourse.body.info.list, sameItem.body.info.list);
    assert.ok(byCourse.body.info.list.some((c) => c.isAvailable));

    const byPackage = await h.get<{ list: DiscountCoupon[] }>(
      URL,
      { packageSn: 'demo-pkg-adult', totalAmount: 298000 },
      token,
    );
    assert.equal(byPackage.status, 200, byPackage.raw.body);
    assert.deepEqual(byPackage.body.info.list, sameItem.body.info.list);
    // The amount decides availability: at 0 fen no threshold coupon can be used.
    const atZero = await h.get<{ list: DiscountCoupon[] }>(URL, { courseSn: 'demo-course-01', totalAmount: 0 }, token);
    assert.ok(atZero.body.info.list.every((c) => c.threshold === 0 || !c.isAvailable));
  });

  test('an unknown or another project’s sn is 404; neither sn, or a bad amount, is 400 in Chinese', async () => {
    const token = await customer();
    const unknown = await h.get(URL, { courseSn: 'nope', totalAmount: 1 }, token);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, '课程不存在');
    assert.equal((await h.get(URL, { packageSn: 'nope', totalAmount: 1 }, token)).body.message, '套餐不存在');
    // Another project's package is not this project's.
    assert.equal((await h.get(URL, { packageSn: 'course-pkg-adult', totalAmount: 1 }, token)).status, 404);
    const neither = await h.get(URL, { totalAmount: 1 }, token);
    assert.equal(neither.status, 400, JSON.stringify(neither.body));
    assert.equal(neither.body.message, '缺少课程或套餐编号');
    assert.equal((await h.get(URL, { courseSn: 'demo-course-01', totalAmount: -1 }, token)).status, 400);
    assert.equal((await h.get(URL, { courseSn: 'demo-course-01' })).status, 401);
  });
});

describe('order-side integral bind search and balance', () => {
  test('answer as the item-page calls do, on the same binding', async () => {
    const token = await customer('integral');
    const bound = await h.post<BindingState>(
      '/front/v1/client/order/integral/bind/search',
      { integralType: 'MOBILE_INTEGRAL', updatePhone: '13800138000' },
      token,
    );
    assert.equal(bound.status, 200, bound.raw.body);
    assert.equal(bound.body.info.phone, '13800138000');
    const state = await h.get<BindingState>(
      '/front/v1/activity/integral/binding/state',
      { integralType: 'MOBILE_INTEGRAL' },
      token,
    );
    assert.equal(state.body.info.phone, '13800138000');
    const orderSide = await h.post<BalanceReply>(
      '/front/v1/client/order/integral/balance',
      { integralType: 'MOBILE_INTEGRAL', phone: '13900001234' },
      token,
    );
    const itemSide = await h.post<BalanceReply>(
      '/front/v1/activity/integral/balance',
      { integralType: 'MOBILE_INTEGRAL', phone: '13900001234' },
      token,
    );
    assert.equal(orderSide.status, 200, orderSide.raw.body);
    assert.deepEqual(orderSide.body.info, itemSide.body.info);
    const bad = await h.post('/front/v1/client/order/integral/bind/search', { integralType: 'MOBILE_INTEGRAL' }, token);
    assert.equal(bad.status, 400);
  });
});
