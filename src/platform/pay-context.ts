/** Which payment the server should prepare for this target, and where an H5 cashier sends the browser back. */
import type { PayContext } from '../api/payment';
import { returnUrl } from '../domain/return-url';
import { ROUTES, toUrl } from '../domain/routes';
import { isWechatBrowser } from '../domain/user-agent';

export function payContext(orderNo: string): PayContext {
  if (process.env.TARO_ENV === 'weapp') return { paySource: 'WEAPP', tradeType: 'JSAPI' };
  if (process.env.TARO_ENV === 'swan') return { paySource: 'SWAN', tradeType: 'SWAN' };
  const back = returnUrl(API_BASE, window.location, toUrl(ROUTES.orderDetail, { orderNo }));
  return {
    paySource: 'H5',
    tradeType: isWechatBrowser(navigator.userAgent) ? 'JSAPI' : 'MWEB',
    redirectUrl: back,
  };
}
