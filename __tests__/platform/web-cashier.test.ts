import { createSwanPay } from '../../src/platform/payment/index.swan';
import { createWeappPay } from '../../src/platform/payment/index.weapp';
import { PENDING_ORDER_KEY } from '../../src/platform/payment/types';
import { cashierUrl, openWebCashier } from '../../src/platform/payment/web-cashier';
import { storage } from '../../src/platform/storage';
import { payParams } from '../fixtures/payment';

const sandbox = payParams({ orderNo: 'O9', paymentSn: 'P9', mwebUrl: '/sandbox/cashier/P9' });

describe('sandbox cashier in a mini-program web-view', () => {
  test('the cashier path is made absolute on the API origin; nothing else is opened', () => {
    expect(cashierUrl('/sandbox/cashier/P9', 'http://192.168.1.5:10086/api')).toBe(
      'http://192.168.1.5:10086/sandbox/cashier/P9',
    );
    expect(cashierUrl('https://pay.example.com/c/1', 'http://x')).toBe('https://pay.example.com/c/1');
    expect(cashierUrl('sandbox/cashier/P9', 'http://x')).toBeNull();
    expect(cashierUrl('/sandbox/cashier/P9', '')).toBeNull();
  });

  test('the order detail replaces the paying page, the cashier opens over it, the order waits for the pay-check', async () => {
    const open = jest.fn(async () => undefined);
    await expect(openWebCashier(sandbox, { apiBase: 'http://127.0.0.1:10086', open })).resolves.toEqual({
      status: 'redirected',
    });
    expect(open.mock.calls).toEqual([
      ['pages/order/orderDetail', { orderNo: 'O9' }, 'replace'],
      ['pages/thirdParty/webView', { url: 'http://127.0.0.1:10086/sandbox/cashier/P9' }, 'push'],
    ]);
    expect(storage.get(PENDING_ORDER_KEY)).toBe('O9');
    storage.remove(PENDING_ORDER_KEY);
    await expect(openWebCashier({ ...sandbox, mwebUrl: null }, { apiBase: 'http://x', open })).resolves.toMatchObject({
      status: 'fail',
    });
  });

  test('weapp and swan take the web cashier only when the server sent no channel fields', async () => {
    const web = jest.fn(async () => ({ status: 'redirected' as const }));
    const requestPayment = jest.fn();
    await expect(createWeappPay(requestPayment as never, web)(sandbox)).resolves.toEqual({ status: 'redirected' });
    expect(requestPayment).not.toHaveBeenCalled();
    const polymer = jest.fn();
    await expect(createSwanPay(() => ({ requestPolymerPayment: polymer }), web)(sandbox)).resolves.toEqual({
      status: 'redirected',
    });
    expect(polymer).not.toHaveBeenCalled();
    expect(web).toHaveBeenCalledTimes(2);
  });
});
