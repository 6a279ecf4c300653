/** Orders after submit (§7 Orders): list, detail, pay / continue, cancel, instalments, contracts. */
import type { Paged } from '@contract/common';
import type { OrderTab } from '@contract/constants';
import type { OrderDetail, OrderSummary, PayParams } from '@contract/payment';
import type { Request } from './request';

export interface PayContext {
  paySource: 'H5' | 'WEAPP' | 'SWAN';
  tradeType: 'MWEB' | 'JSAPI' | 'SWAN';
  redirectUrl?: string;
}

export function createPaymentApi(request: Request) {
  return {
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
    /** Start or continue paying what is due now (the first payment right after submit, too). */
    pay: (orderNo: string, ctx: PayContext) =>
      request<PayParams>({
        url: `/front/v1/client/order/payment/continue/${encodeURIComponent(orderNo)}`,
        method: 'GET',
        data: { ...ctx },
        loading: true,
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
