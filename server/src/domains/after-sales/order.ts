/**
 * What the order detail shows of after-sales (§3 refundVO): refunded so far and when, the newest
 * application, and whether 申请售后 is offered (paid, the §3 refund tags allow it, money left, none open).
 * Reads tables only, so order-view can use it without importing the after-sales services.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AFTER_SALE_STATE_TEXT, OPEN_AFTER_SALE_STATES, refundAllowedByTags } from '@contract/rules/after-sale';
import { activities } from '../activity/schema';
import { afterSaleApplications, refunds } from './schema';
import { orderPayments } from '../order/schema';
import { extrasOf } from '../activity/items';
import type { Executor, OrderRow } from '../order/state-db';
import { PAID_STATES } from '../order/state';

export async function afterSaleOfOrder(db: Executor, order: OrderRow) {
  const [latest] = await db
    .select()
    .from(afterSaleApplications)
    .where(eq(afterSaleApplications.orderNo, order.orderNo))
    .orderBy(desc(afterSaleApplications.createdAt))
    .limit(1);
  const [{ amount, at }] = await db
    .select({
      amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int`,
      at: sql<Date | string | null>`max(${refunds.settledAt})`,
    })
    .from(refunds)
    .where(and(eq(refunds.orderNo, order.orderNo), eq(refunds.status, 'SUCCESS')));
  const refundVO = latest
    ? {
        refundAmount: Number(amount),
        refundTime: at ? new Date(at).toISOString() : null,
        applicationNo: latest.applicationNo,
        afterSaleState: latest.state,
        afterSaleStateText: AFTER_SALE_STATE_TEXT[latest.state],
      }
    : null;

  let canApplyAfterSale = false;
  if (
    (PAID_STATES.includes(order.status) || order.status === 'REFUND_PART') &&
    !(latest && OPEN_AFTER_SALE_STATES.includes(latest.state))
  ) {
    const [a] = await db.select().from(activities).where(eq(activities.actSn, order.actSn)).limit(1);
    const tags = a ? extrasOf(a).refundTags : undefined;
    if (refundAllowedByTags(Array.isArray(tags) ? tags : [])) {
      const [{ paid }] = await db
        .select({ paid: sql<number>`coalesce(sum(${orderPayments.paidAmount}), 0)::int` })
        .from(orderPayments)
        .where(and(eq(orderPayments.orderNo, order.orderNo), eq(orderPayments.status, 'PAID')));
      const [{ held }] = await db
        .select({ held: sql<number>`coalesce(sum(${afterSaleApplications.amount}), 0)::int` })
        .from(afterSaleApplications)
        .where(
          and(
            eq(afterSaleApplications.orderNo, order.orderNo),
            inArray(afterSaleApplications.state, [...OPEN_AFTER_SALE_STATES, 'REFUNDED']),
          ),
        );
      canApplyAfterSale = Number(paid) - Number(held) > 0;
    }
  }
  return { refundVO, canApplyAfterSale };
}
