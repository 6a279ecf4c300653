/** Paying an order (§7 Orders, §4 pay flow): start or continue the payment due now. The orders are api.order. */
import type { PayParams } from '@contract/payment';
import type { Request } from './request';

export interface PayContext {
  paySource: 'H5' | 'WEAPP' | 'SWAN';
  tradeType: 'MWEB' | 'JSAPI' | 'SWAN';
  redirectUrl?: string;
}

export function createPaymentApi(request: Request) {
  return {
    /** Start or continue paying what is due now (the first payment right after submit, too). */
    pay: (orderNo: string, ctx: PayContext) =>
      request<PayParams>({
        url: `/front/v1/client/order/payment/continue/${encodeURIComponent(orderNo)}`,
        method: 'GET',
        data: { ...ctx },
        loading: true,
      }),
  };
}
