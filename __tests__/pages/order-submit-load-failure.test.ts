/**
 * §8: when the order confirmation cannot be loaded, the submit screen offers the 温馨提示 popup with the code, the
 * info and the response it came with, 返回首页 and 重新加载; a reload that works shows the order.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { courseConfirmation } from '../fixtures/order';
import { asCustomer } from './customer';
import { all, openAt, passDuplicateWindow, route, tap, text, waitFor } from './harness';

asCustomer();

const CONFIRM = '/front/v2/client/course/order/confirm';

test('the failure popup shows code, info and response; 重新加载 loads the order', async () => {
  let fail = true;
  route('GET', CONFIRM, () =>
    fail
      ? { error: '课程已下架，请联系客服安排其他课程!', code: 1003, status: 400 }
      : { info: courseConfirmation({ createOrderSn: 'CO9' }) },
  );
  route('GET', '/front/v2/client/course/order/coupons', () => ({ info: { list: [] } }));
  route('GET', '/front/v1/client/order/confirm/receipt', () => ({ info: { orderToken: 'OT9' } }));
  await openAt('/pages/order/courseOrderSubmit?targetSn=A1');
  await waitFor(() => expect(all('#order-load-failure').length).toBe(1));
  expect(text('.sf-tip__title')).toBe('温馨提示');
  expect(text('.sf-tip__message')).toBe('课程已下架，请联系客服安排其他课程!');
  expect(all('#order-load-failure > *').map((l) => l.textContent)).toEqual([
    '错误码：1003',
    '返回信息：无',
    '响应：HTTP 400',
  ]);
  expect(all('.sf-tip__btn').map((b) => b.textContent)).toEqual(['重新加载', '返回首页']);

  fail = false;
  passDuplicateWindow();
  tap(all('.sf-tip__btn--cancel')[0]);
  await waitFor(() => expect(all('.sf-submit__bar').length).toBe(1));
  expect(all('#order-load-failure').length).toBe(0);
});

test('no response at all: the popup says so, with no code and no info', async () => {
  route('GET', CONFIRM, () => {
    throw Object.assign(new Error('request:fail'), { errMsg: 'request:fail' });
  });
  await openAt('/pages/order/courseOrderSubmit?targetSn=A2');
  await waitFor(() => expect(all('#order-load-failure').length).toBe(1));
  expect(text('.sf-tip__message')).toBe('请求失败，稍后再试哦~');
  expect(all('#order-load-failure > *').map((l) => l.textContent)).toEqual([
    '错误码：无',
    '返回信息：无',
    '响应：未收到响应',
  ]);
});
