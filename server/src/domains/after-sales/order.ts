/**
 * What the order detail shows of after-sales (§3 refundVO): refunded so far and when, the newest
 * application, and whether 申请售后 is offered (paid, money left, none open, the §3 refund window open) with the
 * window's facts.
 * Reads tables only, so order-view can use it without importing the after-sales services.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AFTER_SALE_STATE_TEXT, NO_REFUND_TAG, OPEN_AFTER_SALE_STATES } from '@contract/rules/after-sale';
import { refundWindow } from '@contract/rules/refund-window';
import { afterSaleApplications, refunds } from './schema';
import { orderPayments } from '../order/schema';
import { refundWindowFactsOf, type OrderRefundFacts } from './refund-window';
import type { Executor, OrderRow } from '../order/state-db';
import { PAID_STATES } from '../order/state';

export async function afterSaleOfOrder(db: Executor, order: OrderRow, now = new Date()) {
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

  // 申请售后 is offered when the order is paid, no application is open and money is left; the §3 refund window
  // (contract/rules/refund-window.ts) then decides, and its facts go to the storefront, which explains a refusal.
  let canApplyAfterSale = false;
  let refundWindowFacts: OrderRefundFacts | null = null;
  if (
    (PAID_STATES.includes(order.status) || order.status === 'REFUND_PART') &&
    !(latest && OPEN_AFTER_SALE_STATES.includes(latest.state))
  ) {
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
    if (Number(paid) - Number(held) > 0) {
      const facts = await refundWindowFactsOf(db, order);
      // Tag 2 never offers the entry; a window that closed shows it with its reason.
      if (!facts.tags.includes(NO_REFUND_TAG)) refundWindowFacts = facts;
      canApplyAfterSale = refundWindow(facts, now).allowed;
    }
  }
  return { refundVO, canApplyAfterSale, refundWindowFacts };
}
