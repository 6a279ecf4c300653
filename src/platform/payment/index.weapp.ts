/**
 * WeChat mini-program payment: Taro.requestPayment with the JSAPI fields the server signed (WeChat Pay); with the
 * sandbox (no package, a cashier URL) the web cashier opens in the web-view page.
 */
import Taro from '@tarojs/taro';
import type { Pay } from './types';
import { openWebCashier } from './web-cashier';

export * from './types';

export function createWeappPay(
  requestPayment: typeof Taro.requestPayment = Taro.requestPayment,
  webCashier: Pay = (p) => openWebCashier(p),
): Pay {
  return async (params) => {
    if (!params.package1 && params.mwebUrl) return webCashier(params);
    try {
      await requestPayment({
        timeStamp: params.timeStamp || '',
        nonceStr: params.nonceStr || '',
        package: params.package1 || '',
        signType: (params.signType || 'RSA') as 'RSA',
        paySign: params.againSign || '',
      });
      return { status: 'success' };
    } catch (err) {
      const errMsg = String((err as { errMsg?: string })?.errMsg || '');
      return /cancel/i.test(errMsg) ? { status: 'cancel' } : { status: 'fail', message: errMsg };
    }
  };
}

export const pay: Pay = createWeappPay();
