import type { PayParams } from '../../contract/payment';
import { createH5Pay, payInWechat } from '../../src/platform/payment/index.h5';
import { createSwanPay } from '../../src/platform/payment/index.swan';
import { createWeappPay } from '../../src/platform/payment/index.weapp';
import { storage } from '../../src/platform/storage';
import { PENDING_ORDER_KEY } from '../../src/platform/payment/types';

const params: PayParams = {
  orderNo: 'O1',
  paymentSn: 'P1',
  payAmount: 100,
  mwebUrl: 'http://localhost/sandbox/cashier/P1',
  appId: 'wx1',
  timeStamp: '1',
  nonceStr: 'n',
  package1: 'prepay_id=1',
  signType: 'RSA',
  againSign: 'sig',
  orderInfo: { dealId: 'd' },
};

describe('H5 payment', () => {
  test('outside WeChat: stores the pending order number and goes to mwebUrl, back landing on the order', async () => {
    const go = jest.fn();
    const pay = createH5Pay(() => ({ userAgent: 'Mozilla/5.0 (iPhone)', bridge: undefined, go }));
    await expect(pay(params)).resolves.toEqual({ status: 'redirected' });
    expect(go).toHaveBeenCalledWith(params.mwebUrl, '/pages/order/orderDetail?orderNo=O1');
    expect(storage.get(PENDING_ORDER_KEY)).toBe('O1');
    storage.remove(PENDING_ORDER_KEY);
  });

  test.each([
    ['get_brand_wcpay_request:ok', { status: 'success' }],
    ['get_brand_wcpay_request:cancel', { status: 'cancel' }],
    ['get_brand_wcpay_request:fail', { status: 'fail', message: 'get_brand_wcpay_request:fail' }],
  ])('inside WeChat the bridge pays: %s', async (errMsg, outcome) => {
    const invoke = jest.fn((_api: string, _p: Record<string, unknown>, cb: (r: { err_msg: string }) => void) =>
      cb({ err_msg: errMsg }),
    );
    const pay = createH5Pay(() => ({ userAgent: 'Mozilla/5.0 MicroMessenger/8.0', bridge: { invoke }, go: jest.fn() }));
    await expect(pay(params)).resolves.toEqual(outcome);
    expect(invoke.mock.calls[0][0]).toBe('getBrandWCPayRequest');
    expect(invoke.mock.calls[0][1]).toMatchObject({ appId: 'wx1', package: 'prepay_id=1', paySign: 'sig' });
  });

  test('payInWechat passes the JSAPI fields', async () => {
    const invoke = jest.fn((_a: string, _p: Record<string, unknown>, cb: (r: { err_msg: string }) => void) =>
      cb({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    await payInWechat({ invoke }, params);
    expect(invoke.mock.calls[0][1]).toEqual({
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=1',
      signType: 'RSA',
      paySign: 'sig',
    });
  });

  test('no URL and no bridge: a failure, never a fake success', async () => {
    const pay = createH5Pay(() => ({ userAgent: 'x', bridge: undefined, go: jest.fn() }));
    await expect(pay({ ...params, mwebUrl: null })).resolves.toMatchObject({ status: 'fail' });
  });
});

describe('weapp payment', () => {
  test('success, cancel and failure from Taro.requestPayment', async () => {
    const ok = jest.fn(async () => ({ errMsg: 'requestPayment:ok' }));
    await expect(createWeappPay(ok as never)(params)).resolves.toEqual({ status: 'success' });
    expect(ok).toHaveBeenCalledWith(
      expect.objectContaining({ package: 'prepay_id=1', paySign: 'sig', timeStamp: '1', nonceStr: 'n' }),
    );
    const cancel = jest.fn(async () => Promise.reject({ errMsg: 'requestPayment:fail cancel' }));
    await expect(createWeappPay(cancel as never)(params)).resolves.toEqual({ status: 'cancel' });
    const fail = jest.fn(async () => Promise.reject({ errMsg: 'requestPayment:fail' }));
    await expect(createWeappPay(fail as never)(params)).resolves.toMatchObject({ status: 'fail' });
  });
});

describe('swan payment', () => {
  test('errCode 2 is a cancel', async () => {
    const api = (result: 'ok' | number) => () => ({
      requestPolymerPayment: (o: {
        orderInfo: Record<string, unknown>;
        success: () => void;
        fail: (e: { errCode?: number }) => void;
      }) => (result === 'ok' ? o.success() : o.fail({ errCode: result })),
    });
    await expect(createSwanPay(api('ok'))(params)).resolves.toEqual({ status: 'success' });
    await expect(createSwanPay(api(2))(params)).resolves.toEqual({ status: 'cancel' });
    await expect(createSwanPay(api(1))(params)).resolves.toMatchObject({ status: 'fail' });
  });
});
