import { createApi } from '../../src/api';
import { createPaymentApi } from '../../src/api/payment';
import type { RequestOptions } from '../../src/api/request';

describe('order api (§7 Orders): the orders are api.order, paying one is api.payment', () => {
  const calls: RequestOptions[] = [];
  const request = jest.fn(async (o: RequestOptions) => {
    calls.push(o);
    return {} as never;
  });
  const api = createApi(request as never);

  beforeEach(() => {
    calls.length = 0;
  });

  test.each<[string, () => Promise<unknown>, Partial<RequestOptions>]>([
    [
      'list',
      () => api.order.list('UNPAID', 2),
      { url: '/front/v1/client/order/user/orders', method: 'GET', data: { tab: 'UNPAID', page: 2, perSize: 10 } },
    ],
    ['detail', () => api.order.detail('O 1'), { url: '/front/v1/client/order/details/O%201/', method: 'GET' }],
    [
      'course detail',
      () => api.order.courseDetail('O1'),
      { url: '/front/v2/client/course/order/details/O1', method: 'GET' },
    ],
    ['cancel', () => api.order.cancel('O1'), { url: '/front/v1/client/order/payment/order/cancel/O1', loading: true }],
    [
      'receive',
      () => api.order.receive('O1'),
      { url: '/front/v1/client/order/receive', data: { orderNo: 'O1' }, loading: true },
    ],
    [
      'contracts',
      () => api.order.contracts('O1'),
      { url: '/front/v1/client/order/contract/list', method: 'GET', data: { orderNo: 'O1' } },
    ],
    [
      'contract file',
      () => api.order.contractFile('F1'),
      { url: '/front/v1/client/order/contract/file/url', method: 'GET', data: { flowId: 'F1' } },
    ],
    [
      'sign link',
      () => api.order.signLink('O1', 'https://shop.example/'),
      { url: '/front/v1/client/order/sign/link', data: { orderNo: 'O1', redirectUrl: 'https://shop.example/' } },
    ],
    [
      'pay',
      () => api.payment.pay('O1', { paySource: 'H5', tradeType: 'MWEB' }),
      {
        url: '/front/v1/client/order/payment/continue/O1',
        method: 'GET',
        data: { paySource: 'H5', tradeType: 'MWEB' },
        loading: true,
      },
    ],
  ])('%s', async (_name, call, expected) => {
    await call();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject(expected);
  });

  test('the payment module holds only the payment call', () => {
    expect(Object.keys(createPaymentApi(request as never))).toEqual(['pay']);
  });
});
