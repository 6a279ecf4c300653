/** Order submission calls (§7 Orders): confirmation, coupons, submit token, submit. */
import type { Agreement, Confirmation, DiscountCoupon, SubmitPayload, SubmitResult } from '@contract/order';
import type { Request } from './request';

type SubmitBody = Omit<SubmitPayload, 'timestamp' | 'nonceStr' | 'sign' | 'token'>;

export function createOrderApi(request: Request) {
  return {
    confirmCourse: (params: { targetSn: string; packageSn?: string; thirdEnum?: string }) =>
      request<Confirmation>({ url: '/front/v2/client/course/order/confirm', method: 'GET', data: params }),
    confirmGoods: (params: { targetSn: string; skuCnt?: number }) =>
      request<Confirmation>({ url: '/front/v1/client/order/confirm/data', method: 'GET', data: params }),
    confirmDetails: (createOrderSn: string, addressId?: string) =>
      request<Confirmation>({
        url: '/front/v2/client/course/order/confirm/details',
        method: 'GET',
        data: { createOrderSn, addressId },
      }),
    coupons: (createOrderSn: string) =>
      request<{ list: DiscountCoupon[] }>({
        url: '/front/v2/client/course/order/coupons',
        method: 'GET',
        data: { createOrderSn },
      }),
    orderToken: (createOrderSn: string) =>
      request<{ orderToken: string }>({
        url: '/front/v1/client/order/confirm/receipt',
        method: 'GET',
        data: { createOrderSn },
      }),
    submitCourse: (body: SubmitBody) =>
      request<SubmitResult>({
        url: '/front/v2/client/course/order/submit',
        data: body as unknown as Record<string, unknown>,
        loading: '正在发起下单...',
      }),
    agreement: (agreementSn: string) =>
      request<Agreement>({
        url: '/front/v1/client/order/contract/details',
        method: 'GET',
        data: { agreementSn },
        loading: true,
      }),
    submitGoods: (body: SubmitBody) =>
      request<SubmitResult>({
        url: '/front/v1/client/order/submit',
        data: body as unknown as Record<string, unknown>,
        loading: '正在发起下单...',
      }),
  };
}
