/**
 * §7: integral bind search and balance have order-side variants; the points order screen asks those, an item's
 * page the activity ones, with the same body.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { createIntegralApi } from '../../src/api/integral';
import type { RequestOptions } from '../../src/api/request';

function setup() {
  const sent: RequestOptions[] = [];
  const request = async <T>(options: RequestOptions): Promise<T> => {
    sent.push(options);
    return null as T;
  };
  return { api: createIntegralApi(request), sent };
}

test('balance and bind search go to the activity side by default and to the order side when asked', async () => {
  const { api, sent } = setup();
  const q = { integralType: 'MOBILE_INTEGRAL' as const, phone: '13800138000' };
  await api.balance(q);
  await api.balance(q, 'order');
  await api.bindSearch('UNICOM_INTEGRAL', '13800138000');
  await api.bindSearch('UNICOM_INTEGRAL', '13800138000', 'order');
  expect(sent.map((o) => o.url)).toEqual([
    '/front/v1/activity/integral/balance',
    '/front/v1/client/order/integral/balance',
    '/front/v1/activity/integral/bind/search',
    '/front/v1/client/order/integral/bind/search',
  ]);
  expect(sent[0].data).toEqual(sent[1].data);
  expect(sent[2].data).toEqual({ integralType: 'UNICOM_INTEGRAL', updatePhone: '13800138000' });
  expect(sent[3].data).toEqual(sent[2].data);
});

test('the points order screen hands the order side to its 积分查询 popup', () => {
  // A page test of this screen lives with the page tests; this pins the one prop the audit added.
  const source = readFileSync(join(__dirname, '../../src/subpackages/order/integral/integralOrder.tsx'), 'utf8');
  expect(source).toMatch(/<IntegralQuery[^>]*side="order"/);
});
