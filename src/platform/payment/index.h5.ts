/**
 * H5 payment. Outside WeChat the order's mwebUrl (the provider's cashier) is opened with a redirect back, after
 * storing the order number for the §4 payment-return popup. Inside the WeChat browser WeixinJSBridge pays.
 * Never Taro.requestPayment here: a production H5 build reports success without paying.
 */
import type { PayParams } from '@contract/payment';
import { isWechatBrowser } from '../../domain/user-agent';
import { storage } from '../storage';
import { PENDING_ORDER_KEY, type Pay, type PayOutcome } from './types';

export * from './types';

interface H5Env {
  userAgent: string;
  bridge: { invoke(api: string, params: Record<string, unknown>, cb: (res: { err_msg: string }) => void): void } | undefined;
  go(url: string): void;
}

const browserEnv = (): H5Env => ({
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  bridge: typeof WeixinJSBridge === 'undefined' ? undefined : WeixinJSBridge,
  // replace, not assign: the cashier takes the paying page's place in history, so the browser's back button
  // from the cashier cannot land on a submit screen whose confirmation has been spent (the return URL opens the order).
  go: (url) => window.location.replace(url),
});

export function payInWechat(bridge: NonNullable<H5Env['bridge']>, params: PayParams): Promise<PayOutcome> {
  return new Promise((resolve) => {
    bridge.invoke(
      'getBrandWCPayRequest',
      {
        appId: params.appId,
        timeStamp: params.timeStamp,
        nonceStr: params.nonceStr,
        package: params.package1,
        signType: params.signType,
        paySign: params.againSign,
      },
      (res) => {
        if (res.err_msg === 'get_brand_wcpay_request:ok') resolve({ status: 'success' });
        else if (res.err_msg === 'get_brand_wcpay_request:cancel') resolve({ status: 'cancel' });
        else resolve({ status: 'fail', message: res.err_msg });
      },
    );
  });
}

export function createH5Pay(env: () => H5Env = browserEnv): Pay {
  return async (params) => {
    const e = env();
    if (isWechatBrowser(e.userAgent) && e.bridge && params.package1) return payInWechat(e.bridge, params);
    if (params.mwebUrl) {
      storage.set(PENDING_ORDER_KEY, params.orderNo);
      e.go(params.mwebUrl);
      return { status: 'redirected' };
    }
    return { status: 'fail', message: '当前环境不支持支付' };
  };
}

export const pay: Pay = createH5Pay();
