/**
 * H5 payment. Outside WeChat the order's mwebUrl (the provider's cashier) is opened with a redirect back, after
 * storing the order number for the §4 payment-return popup. Inside the WeChat browser WeixinJSBridge pays.
 * Never Taro.requestPayment here: a production H5 build reports success without paying.
 */
import type { PayParams } from '@contract/payment';
import { ROUTES, toUrl } from '../../domain/routes';
import { isWechatBrowser } from '../../domain/user-agent';
import { leaveFor } from '../provider-page';
import { storage } from '../storage';
import { PENDING_ORDER_KEY, type Pay, type PayOutcome } from './types';

export * from './types';

interface H5Env {
  userAgent: string;
  bridge:
    { invoke(api: string, params: Record<string, unknown>, cb: (res: { err_msg: string }) => void): void } | undefined;
  /** Opens the cashier `url`; `back` is the order's hash route, where the browser's back button must land. */
  go(url: string, back: string): void;
}

const browserEnv = (): H5Env => ({
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  bridge: typeof WeixinJSBridge === 'undefined' ? undefined : WeixinJSBridge,
  go: (url, back) => {
    // The paying page's entry becomes the order's detail and the cashier opens over it: back from the cashier
    // lands on the order, where the pay-check asks (§4 payment return) as the cashier's own return does; never
    // on a submit screen whose confirmation is spent, nor on the item behind it.
    window.history.replaceState(window.history.state, '', `#${back}`);
    leaveFor(url);
  },
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
      e.go(params.mwebUrl, toUrl(ROUTES.orderDetail, { orderNo: params.orderNo }));
      return { status: 'redirected' };
    }
    return { status: 'fail', message: '当前环境不支持支付' };
  };
}

export const pay: Pay = createH5Pay();
