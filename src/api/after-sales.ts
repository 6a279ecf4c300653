/** After-sales calls (§7 After sales; /front/v1/after/sales/refund/apply). */
import type {
  AfterSaleDetail,
  AfterSaleRefer,
  AfterSaleSummary,
  LogisticsInfo,
  NegotiationRecord,
} from '@contract/after-sales';
import type { Paged } from '@contract/common';
import type { Request } from './request';

const P = '/front/v1/after/sales';

export interface ApplicationInput {
  type: 1 | 2;
  seqs: number[];
  amount: number;
  reason: string;
  description: string;
  images: string[];
}

export function createAfterSalesApi(request: Request) {
  return {
    refer: (orderNo: string, applicationNo?: string) =>
      request<AfterSaleRefer>({
        url: `${P}/refund/refer`,
        data: applicationNo ? { orderNo, applicationNo } : { orderNo },
        loading: true,
      }),
    apply: (orderNo: string, input: ApplicationInput) =>
      request<{ applicationNo: string }>({
        url: `${P}/refund/apply`,
        data: { orderNo, ...input },
        loading: '提交中...',
      }),
    edit: (applicationNo: string, input: ApplicationInput) =>
      request<{ applicationNo: string }>({ url: `${P}/edit`, data: { applicationNo, ...input }, loading: '提交中...' }),
    cancel: (applicationNo: string) =>
      request<null>({ url: `${P}/refund/cancel/${encodeURIComponent(applicationNo)}`, data: {}, loading: true }),
    list: (tab: string, page: number, perSize = 10) =>
      request<Paged<AfterSaleSummary>>({ url: `${P}/list`, method: 'GET', data: { tab, page, perSize } }),
    detail: (applicationNo: string) =>
      request<AfterSaleDetail>({ url: `${P}/${encodeURIComponent(applicationNo)}`, method: 'GET', data: {} }),
    records: (applicationNo: string) =>
      request<{ list: NegotiationRecord[] }>({ url: `${P}/record`, method: 'GET', data: { applicationNo } }),
    saveLogistics: (update: boolean, body: { applicationNo: string; carrierCode: string; trackingNo: string }) =>
      request<null>({
        url: update ? `${P}/logistics/update` : `${P}/logistics`,
        data: { ...body },
        loading: '提交中...',
      }),
    tracking: (carrierCode: string, trackingNo: string) =>
      request<LogisticsInfo>({
        url: `${P}/logistics/info/${encodeURIComponent(carrierCode)}/${encodeURIComponent(trackingNo)}`,
        method: 'GET',
        data: {},
      }),
  };
}
