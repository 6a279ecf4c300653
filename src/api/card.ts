/** Card calls (§7 Card): the customer's vouchers, details, history, and the two steps of a card-secret redeem. */
import type { CardEvent, CardPreview, CardVoucher } from '@contract/card';
import type { Paged } from '@contract/common';
import type { Request } from './request';

export function createCardApi(request: Request) {
  return {
    list: (page: number, perSize = 10) =>
      request<Paged<CardVoucher>>({ url: '/front/v1/client/card/code', method: 'GET', data: { page, perSize } }),
    details: (voucherSn: string) =>
      request<CardVoucher>({
        url: `/front/v1/client/card/code/details/${encodeURIComponent(voucherSn)}`,
        method: 'GET',
      }),
    history: (voucherSn: string, page: number, perSize = 10) =>
      request<Paged<CardEvent>>({
        url: '/front/v1/client/card/code/history',
        method: 'GET',
        data: { voucherSn, page, perSize },
      }),
    /** The secret goes in the body of a POST, never in a URL. */
    check: (cardCode: string) =>
      request<{ preview: CardPreview }>({
        url: '/front/v1/client/card/code/check',
        data: { cardCode },
        loading: '查询中...',
      }),
    redeem: (cardCode: string) =>
      request<{ voucher: CardVoucher }>({
        url: '/front/v1/client/card/code/redeem',
        data: { cardCode },
        loading: '兑换中...',
      }),
  };
}
