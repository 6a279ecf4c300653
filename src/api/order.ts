/**
 * Order calls (§7 Orders), the client side of server/src/domains/order: confirmation, coupons, submit token and
 * submit; then the orders themselves: list, detail, cancel, 确认收货 and contracts. Paying one is api.payment.
 */
import type { Paged } from '@contract/common';
import type { OrderTab } from '@contract/constants';
import type { Agreement, Confirmation, DiscountCoupon, SubmitPayload, SubmitResult } from '@contract/order';
import type { OrderDetail, OrderSummary } from '@contract/payment';
import type { Request } from './request';

type SubmitBody = Omit<SubmitPayload, 'timestamp' | 'nonceStr' | 'sign' | 'token'>;

export function createOrderApi(request: Request) {
  return {
    confirmCourse: (params: { targetSn: string; packageSn?: string; thirdEnum?: string }) =>
      request<Confirmation>({ url: '/front/v2/client/course/order/confirm', method: 'GET', data: params }),
    /** A single-use order link's confirmation (its item, package and price; no coupons). */
    confirmLink: (orderLink: string) =>
      request<Confirmation>({ url: '/front/v2/client/course/order/confirm/link', method: 'GET', data: { orderLink } }),
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
    list: (tab: OrderTab, page: number, perSize = 10) =>
      request<Paged<OrderSummary>>({
        url: '/front/v1/client/order/user/orders',
        method: 'GET',
        data: { tab, page, perSize },
      }),
    detail: (orderNo: string) =>
      request<OrderDetail>({ url: `/front/v1/client/order/details/${encodeURIComponent(orderNo)}/`, method: 'GET' }),
    /** A course order's details (§7 v2 course order); any other order is refused as not found. */
    courseDetail: (orderNo: string) =>
      request<OrderDetail>({
        url: `/front/v2/client/course/order/details/${encodeURIComponent(orderNo)}`,
        method: 'GET',
      }),
    cancel: (orderNo: string) =>
      request<{ orderNo: string; orderStatus: string }>({
        url: `/front/v1/client/order/payment/order/cancel/${encodeURIComponent(orderNo)}`,
        loading: true,
      }),
    /** 确认收货 of a shipped goods order. */
    receive: (orderNo: string) =>
      request<{ orderNo: string }>({ url: '/front/v1/client/order/receive', data: { orderNo }, loading: true }),
    contracts: (orderNo: string) =>
      request<{ list: { flowId: string; contractName: string; signed: boolean; signedAt: string | null }[] }>({
        url: '/front/v1/client/order/contract/list',
        method: 'GET',
        data: { orderNo },
      }),
    contractFile: (flowId: string) =>
      request<{ url: string }>({ url: '/front/v1/client/order/contract/file/url', method: 'GET', data: { flowId } }),
    signLink: (orderNo: string, redirectUrl?: string) =>
      request<{ signUrl: string; flowId: string }>({
        url: '/front/v1/client/order/sign/link',
        data: { orderNo, redirectUrl },
        loading: true,
      }),
  };
}
