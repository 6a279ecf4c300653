/**
 * Why 申请售后 is refused by the §3 refund window, worked out here by the server's own rule
 * (contract/rules/refund-window.ts) from the facts the order detail carries, so the customer reads the reason when
 * tapping the entry, before any form. Null when the window is open or the order takes no application anyway.
 */
import type { OrderDetail } from '@contract/payment';
import { refundWindow } from '@contract/rules/refund-window';

export function afterSaleRefusal(o: OrderDetail, now: number = Date.now()): string | null {
  const facts = o.refundWindowFacts;
  if (!facts) return null;
  const window = refundWindow(facts, now);
  return window.allowed ? null : window.reason;
}
