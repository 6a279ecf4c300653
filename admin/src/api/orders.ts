/** 订单管理: the orders list, one order, cancelling an unpaid one and the CSV export (/ops/v1/orders). */
import type { z } from 'zod';
import type { opsOrderFilter, opsOrderList, opsOrderListQuery, OpsOrderDetail } from '@contract/ops-orders';
import { ApiError, call, NETWORK_MESSAGE, withQuery } from './client';

export type OrderListQuery = z.input<typeof opsOrderListQuery>;
export type OrderFilter = z.infer<typeof opsOrderFilter>;
export type OrderList = z.infer<typeof opsOrderList>;
export type OrderItem = OrderList['list'][number];
export type { OpsOrderDetail };

const path = (orderNo: string) => `/ops/v1/orders/${encodeURIComponent(orderNo)}`;

export const listOrders = (query: OrderListQuery) =>
  call<OrderList>('GET', '/ops/v1/orders', { query: query as Record<string, string | number | undefined> });

export const getOrder = (orderNo: string) => call<OpsOrderDetail>('GET', path(orderNo));

export const cancelOrder = (orderNo: string) => call<OpsOrderDetail>('POST', `${path(orderNo)}/cancel`);

/** 标记已拆封 / 标记已激活: the marks the refund tags 5 and 6 read. */
export const markOrder = (orderNo: string, mark: 'unsealed' | 'activated') =>
  call<OpsOrderDetail>('POST', `${path(orderNo)}/${mark}`);

/**
 * Downloads the filtered list as CSV: fetched with the session's bearer token (a plain link would carry none),
 * then saved under the server's file name.
 */
export async function downloadOrdersCsv(token: string, filter: OrderFilter): Promise<void> {
  let res: Response;
  try {
    res = await fetch(withQuery('/ops/v1/orders.csv', filter), { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; code?: number } | null;
    throw new ApiError(body?.message || `导出失败（${res.status}），请稍后重试`, res.status, body?.code);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
