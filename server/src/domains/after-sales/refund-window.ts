/**
 * The facts of an order the §3 refund windows depend on (contract/rules/refund-window.ts): the item's refund
 * tags, the first payment, the parcel's receipt, and the operator's unsealed and activated marks. Reads tables
 * only, so the order view and the after-sales service share it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { refundWindow, type RefundWindow, type RefundWindowFacts } from '@contract/rules/refund-window';
import { activities } from '../activity/schema';
import { extrasOf } from '../activity/items';
import { orderMarks, orderPayments } from '../order/schema';
import type { Executor, OrderRow } from '../order/state-db';
import { shipments } from '../shipping/schema';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function refundTagsOf(db: Executor, actSn: string): Promise<number[]> {
  const [a] = await db.select().from(activities).where(eq(activities.actSn, actSn)).limit(1);
  const tags = a ? extrasOf(a).refundTags : undefined;
  return Array.isArray(tags) ? tags.filter((t): t is number => typeof t === 'number') : [];
}

/** The facts as the order detail sends them (times as ISO strings). */
export type OrderRefundFacts = RefundWindowFacts & {
  tags: number[];
  paidAt: string | null;
  receivedAt: string | null;
  unsealedAt: string | null;
  activatedAt: string | null;
};

export async function refundWindowFactsOf(db: Executor, order: OrderRow): Promise<OrderRefundFacts> {
  // One after another: inside a transaction the queries share one connection.
  const tags = await refundTagsOf(db, order.actSn);
  const [firstPaid] = await db
    .select({ paidAt: orderPayments.paidAt })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderNo, order.orderNo), eq(orderPayments.status, 'PAID')))
    .orderBy(asc(orderPayments.paidAt))
    .limit(1);
  const [parcel] = await db
    .select({ receivedAt: shipments.receivedAt })
    .from(shipments)
    .where(eq(shipments.orderNo, order.orderNo));
  const [marks] = await db.select().from(orderMarks).where(eq(orderMarks.orderNo, order.orderNo));
  return {
    tags,
    orderType: order.orderType,
    paidAt: iso(firstPaid?.paidAt),
    receivedAt: iso(parcel?.receivedAt),
    unsealedAt: iso(marks?.unsealedAt),
    activatedAt: iso(marks?.activatedAt),
  };
}

/** The refund window of the order at `now`. */
export async function refundWindowOf(db: Executor, order: OrderRow, now = new Date()): Promise<RefundWindow> {
  return refundWindow(await refundWindowFactsOf(db, order), now);
}
