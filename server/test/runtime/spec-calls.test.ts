/**
 * Every call §7 shows with a path is served and documented: its path (and method, where §7 gives one) is in the
 * OpenAPI document at /docs. The spec audit (docs/spec-audit.md) reads its §7 table from this list.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Confirmation } from '@contract/order';
import { buildHarness, type Harness } from '../helpers/app';

let h: Harness;
let seq = 0;
const customer = async () => (await h.login(`1350001${String(1000 + (seq += 1)).slice(-4)}`)).token;

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

/** [method, or '*' where §7 shows none; path as §7 writes it, parameters in braces]. */
const SPEC_CALLS: [string, string][] = [
  // Forms and address
  ['get', '/front/v1/form/detail/{formSn}'],
  ['post', '/front/v1/form/commit'],
  ['post', '/front/v1/form/send/phone_check_code'],
  ['get', '/front/traffic/link/{id}'],
  ['get', '/front/v1/address/list'],
  ['get', '/front/v1/address/{id}'],
  ['delete', '/front/v1/address/{id}'],
  ['post', '/front/v1/address'],
  ['get', '/front/v1/common/area/childList'],
  // Orders
  ['get', '/front/v1/client/order/confirm/receipt'],
  ['get', '/front/v1/client/order/user/orders'],
  ['get', '/front/v1/client/order/details/{orderNo}/'],
  ['get', '/front/v1/client/order/confirm/data'],
  ['get', '/front/v1/client/order/v2/confirm/details'],
  ['get', '/front/v1/client/order/contract/details'],
  ['get', '/front/v1/client/order/contract/list'],
  ['get', '/front/v1/client/order/contract/file/url'],
  ['get', '/front/v1/client/order/payment/continue/{id}'],
  ['post', '/front/v1/client/order/submit'],
  ['post', '/front/v1/client/order/submit/integral'],
  ['post', '/front/v1/client/order/sign/link'],
  ['post', '/front/v1/client/order/payment/order/cancel/{id}'],
  ['post', '/front/v1/client/order/sign-up'],
  ['post', '/front/v1/client/order/integral/place/order'],
  ['post', '/front/v1/after/sales/refund/apply'],
  ['post', '/front/v2/client/course/order/after/submit'],
  ['post', '/front/v2/client/course/order/submit'],
  ['get', '/front/v2/client/course/order/details/{id}'],
  ['get', '/front/v2/client/course/order/installment/info'],
  ['get', '/front/v2/client/course/order/confirm/details'],
  // Coupons and cards; POST card/code/{id} is served for the two ids it takes, check and redeem.
  ['get', '/front/v1_2/coupon/order/list/{id}'],
  ['get', '/front/v1_2/coupon/coupon-list'],
  ['get', '/front/v1_2/coupon/use'],
  ['get', '/front/v1/client/card/code'],
  ['get', '/front/v1/client/card/code/details/{id}'],
  ['get', '/front/v1/client/card/code/history'],
  ['post', '/front/v1/client/card/code/check'],
  ['post', '/front/v1/client/card/code/redeem'],
  // Activities
  ['get', '/front/v1/activity/details'],
  ['get', '/front/v1/activity/spec-attrs'],
  ['get', '/front/v1/activity/hot-recommend'],
  ['get', '/front/v1/activity/share'],
  ['get', '/front/v1/activity/integral/binding/state'],
  ['get', '/front/v1/activity/scan/code/coupons/details'],
  ['get', '/front/v1/activity/comment/list'],
  ['get', '/front/v1/activity/product/introduce/{actSn}'],
  ['post', '/front/v1/activity/zero/activity/{id}'],
  ['post', '/front/v1/activity/integral/balance'],
  ['post', '/front/v1/activity/scan/code/receive/coupons/{id}'],
  ['post', '/front/v1/activity/comment/publish'],
  // Pages
  ['get', '/front/v1/customerPage/menu'],
  ['post', '/front/v1/customerPage/moduleInfo'],
  ['post', '/front/v1/customerPage/module/column/list'],
  ['post', '/front/v1/customerPage/column/more-level/list'],
  ['get', '/front/v1/search'],
  ['get', '/front/v1/client/user-info/list'],
  // Earnings
  ...['profit', 'getBankCardList', 'getAllBank', 'getIdentify', 'sendPhoneCode', 'service/agreement']
    .concat(['withdrawal/rule', 'withdrawal/record', 'withdrawal/detail', 'freezing/order'])
    .map((p): [string, string] => ['get', `/front/v1/personal/${p}`]),
  ...['updateBankCard', 'doIdentify', 'withdrawal'].map((p): [string, string] => ['post', `/front/v1/personal/${p}`]),
  // After sales (§7 shows no method for the last five)
  ['get', '/front/v1/after/sales/logistics/info/{a}/{b}'],
  ['get', '/front/v1/after/sales/list'],
  ['get', '/front/v1/after/sales/{id}'],
  ['get', '/front/v1/after/sales/record'],
  ['*', '/front/v1/after/sales/logistics'],
  ['*', '/front/v1/after/sales/logistics/update'],
  ['*', '/front/v1/after/sales/refund/refer'],
  ['*', '/front/v1/after/sales/edit'],
  ['*', '/front/v1/after/sales/refund/cancel/{applicationNo}'],
  // User service
  ['*', '/front/v1/entrance'],
  ['*', '/front/v1/user/auth'],
  ['*', '/front/v1/entrance/tips'],
  ['get', '/front/oss/sign'],
  ['*', '/front/v1/feedback/submit'],
  ['get', '/front/image/to/base64'],
  ['get', '/front/v1/user/cache'],
  // Auth service
  ['get', '/api/user/phone/login'],
  ['get', '/api/user/phone/verification/code'],
  ['*', '/api/text2QrCode'],
  ['get', '/js/getJSSign'],
];

/** Parameter names differ between the spec and the routes ({id} and {orderNo}); only their places count. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describe('§7 calls in /docs', () => {
  test('every call §7 shows with a path is served with its method and documented', async () => {
    const res = await h.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(res.status, 200);
    const paths = res.raw.json().paths as Record<string, Record<string, unknown>>;
    const byShape = new Map(Object.entries(paths).map(([p, ops]) => [shape(p), Object.keys(ops)]));
    const missing = SPEC_CALLS.filter(([method, path]) => {
      const methods = byShape.get(shape(path));
      return !methods || (method !== '*' && !methods.includes(method));
    });
    assert.deepEqual(missing, []);
  });
});

/** Instalment due times count from the moment of asking, so two answers a few ms apart differ only there. */
const withoutDueTimes = (c: Confirmation) => JSON.parse(JSON.stringify(c, (k, v) => (k === 'dueTime' ? null : v)));

describe('GET /front/v1/client/order/v2/confirm/details', () => {
  const V1 = '/front/v1/client/order/v2/confirm/details';
  const V2 = '/front/v2/client/course/order/confirm/details';

  test('recomputes a confirmation as the v2 course path does, goods and courses alike', async () => {
    const token = await customer();
    for (const [url, targetSn] of [
      ['/front/v1/client/order/confirm/data', 'demo-goods-01'],
      ['/front/v2/client/course/order/confirm', 'demo-course-01'],
    ]) {
      const c = await h.get<Confirmation>(url, { targetSn }, token);
      assert.equal(c.status, 200, c.raw.body);
      const { createOrderSn } = c.body.info;
      const v1 = await h.get<Confirmation>(V1, { createOrderSn }, token);
      assert.equal(v1.status, 200, v1.raw.body);
      assert.equal(v1.body.info.createOrderSn, createOrderSn);
      const v2 = await h.get<Confirmation>(V2, { createOrderSn }, token);
      assert.deepEqual(withoutDueTimes(v1.body.info), withoutDueTimes(v2.body.info));
    }
  });

  test('another customer’s confirmation is refused as on the v2 path; no session is 401', async () => {
    const owner = await customer();
    const c = await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' }, owner);
    const { createOrderSn } = c.body.info;
    const other = await customer();
    const v1 = await h.get(V1, { createOrderSn }, other);
    const v2 = await h.get(V2, { createOrderSn }, other);
    assert.notEqual(v1.status, 200);
    assert.equal(v1.status, v2.status);
    assert.equal(v1.body.message, v2.body.message);
    assert.equal((await h.get(V1, { createOrderSn })).status, 401);
    assert.equal((await h.get(V1, {}, owner)).status, 400);
  });
});
