import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import type { KeyValueStorage } from '../../src/platform/storage';
import { PENDING_ORDER_KEY, payCacheKey, type Pay } from '../../src/platform/payment/types';
import { PaymentStore } from '../../src/stores/payment';
import { payParams } from '../fixtures/payment';

function memory(): KeyValueStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (k) => (data.has(k) ? (data.get(k) as never) : null),
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}
const params = (payAmount: number) => payParams({ payAmount });

function setup(payAmount: number, pay: Pay, fail?: ApiError) {
  const storage = memory();
  const payApi = jest.fn(async () => {
    if (fail) throw fail;
    return params(payAmount);
  });
  const api = { payment: { pay: payApi } } as unknown as Api;
  const store = new PaymentStore(api, storage, { pay, context: () => ({ paySource: 'H5', tradeType: 'MWEB' }) });
  return { store, storage, payApi };
}

describe('payment store', () => {
  test('right after submit a ¥0 first payment opens the order without asking the server to pay', async () => {
    const pay = jest.fn();
    const { store, payApi } = setup(500, pay);
    const d = await store.payAfterSubmit({ orderNo: 'O1', payAmount: 0 });
    // A deposit or instalment order whose first payment was 0 must not start the next payment by itself.
    expect(payApi).not.toHaveBeenCalled();
    expect(pay).not.toHaveBeenCalled();
    expect(d).toMatchObject({ toast: null, navigate: { to: 'orderDetail', mode: 'replace' }, orderNo: 'O1' });
  });

  test('right after submit a payable order goes to payment', async () => {
    const pay = jest.fn(async () => ({ status: 'success' as const }));
    const { store, payApi } = setup(500, pay);
    const d = await store.payAfterSubmit({ orderNo: 'O1', payAmount: 500 });
    expect(payApi).toHaveBeenCalledTimes(1);
    expect(d.toast).toBe('支付成功');
  });

  test('a zero amount skips payment and opens the order', async () => {
    const pay = jest.fn();
    const { store } = setup(0, pay);
    const d = await store.payOrder('O1', 'submit');
    expect(pay).not.toHaveBeenCalled();
    expect(d.navigate).toEqual({ to: 'orderDetail', mode: 'replace' });
  });

  test('success clears the stored order number and the pay cache', async () => {
    const { store, storage } = setup(100, async () => ({ status: 'success' }));
    storage.set(PENDING_ORDER_KEY, 'O1');
    const d = await store.payOrder('O1', 'list');
    expect(d.toast).toBe('支付成功');
    expect(storage.data.has(PENDING_ORDER_KEY)).toBe(false);
    expect(storage.data.has(payCacheKey('O1'))).toBe(false);
  });

  test('a redirect keeps the cache and the pending number for the return', async () => {
    const { store, storage } = setup(100, async () => {
      storage.set(PENDING_ORDER_KEY, 'O1');
      return { status: 'redirected' };
    });
    const d = await store.payOrder('O1', 'submit');
    expect(d.navigate).toBeNull();
    expect(storage.data.get(payCacheKey('O1'))).toMatchObject({ paymentSn: 'P1' });
    expect(store.takePendingOrder()).toBe('O1');
    expect(store.takePendingOrder()).toBeNull();
  });

  test('the server refusing (already paid, not yours) shows its message', async () => {
    const { store } = setup(100, jest.fn(), new ApiError('订单已支付', 'business', 4090));
    const d = await store.payOrder('O1', 'detail');
    expect(d.toast).toBe('订单已支付');
  });

  test('a network failure shows 支付异常, 请重试!', async () => {
    const { store } = setup(100, jest.fn(), new ApiError('当前网络不可用，请检查网络设置', 'offline'));
    expect((await store.payOrder('O1', 'detail')).toast).toBe('支付异常, 请重试!');
  });
});
