/** The one payment interface every target implements (DESIGN.md §3 Payment). */
import type { PayParams } from '@contract/payment';

export type PayOutcome =
  | { status: 'success' }
  | { status: 'cancel' }
  | { status: 'fail'; message?: string }
  /** H5 left the page for the provider's cashier; the result arrives when the browser comes back. */
  | { status: 'redirected' };

export type Pay = (params: PayParams) => Promise<PayOutcome>;

/** Storage key of the order whose payment left the app (§4 payment return). */
export const PENDING_ORDER_KEY = 'pending_pay_order_no';
/** §9: the pay cache is keyed by order number. */
export const payCacheKey = (orderNo: string) => `pay_cache_${orderNo}`;
