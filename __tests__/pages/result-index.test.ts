/** §2 result success/index, the generic outcome page (README "Result page"): texts from one table, ways on per kind. */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import { all, currentRoute, openAt, route, tap, text, waitFor } from './harness';

asCustomer();

test('a zero-price sign-up: 报名成功, nothing paid, the order number and the way to it', async () => {
  route('GET', '/front/v1/client/order/detail', () => ({ error: '订单不存在' }));
  await openAt('/subpackages/result/success/index?kind=signUp&orderNo=SO123');
  expect(text('#result-title')).toBe('报名成功');
  expect(text('.sf-result__text')).toContain('无需支付');
  expect(text('#result-order-no')).toBe('订单号：SO123');
  expect(all('.sf-result__btn').map((b) => b.textContent)).toEqual(['查看订单', '返回首页']);
  tap(all('#result-order')[0]);
  await waitFor(() => expect(currentRoute()).toBe('pages/order/orderDetail'));
});

test('an unknown kind still ends well: 操作完成 with 我的订单 and 返回首页, no order link without a number', async () => {
  await openAt('/subpackages/result/success/index?kind=nope');
  expect(text('#result-title')).toBe('操作完成');
  expect(all('.sf-result__btn').map((b) => b.textContent)).toEqual(['我的订单', '返回首页']);
  expect(all('#result-order-no').length).toBe(0);
});
