/**
 * The order state machine applied to the database: lock the order row, ask domains/order/state.ts, write the
 * new state and an order_events row, all inside the caller's transaction. Cancellation and expiry also close
 * the order's open payments and hand the coupon back to the customer (submission's releaseCoupon: the copy
 * marked used with this orderNo becomes unused) in that same transaction.
 */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { orderPayments, orders, type OrderStatus } from './schema';
import { orderEvents } from './schema';
import { payments } from '../payment/schema';
import { AppError, conflict } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { releaseCoupon } from '../coupon/service';
import { refundOrderPoints } from '../integral/service';
import { transition, type OrderEvent } from './state';
import { giveBackUnit } from './stock';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: both run queries the same way. */
export type Executor = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;

export const ORDER_NOT_FOUND = '订单不存在';
export const orderNotFound = () => new AppError(404, ERROR_CODES.ORDER_NOT_FOUND, ORDER_NOT_FOUND);

/** The order row, locked until the transaction ends (FOR UPDATE); null when it is not there. */
export async function lockOrder(tx: Tx, orderNo: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return row ?? null;
}

/** The order row, whoever's it is (the sandbox cashier and providers' callbacks); null when it is not there. */
export async function findOrder(db: Executor, orderNo: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return row ?? null;
}

/** The customer's own order (another user's order is "not there", code 1008). */
export async function findUserOrder(db: Executor, userId: string, orderNo: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw orderNotFound();
  return row;
}

export async function orderPaymentRows(db: Executor, orderNo: string): Promise<OrderPaymentRow[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderNo, orderNo)).orderBy(asc(orderPayments.seq));
}

/** Moves a locked order by `event` or throws 409 with the machine's reason; returns the new state. */
export async function applyOrderEvent(
  tx: Tx,
  order: OrderRow,
  event: OrderEvent,
  at: Date,
  extra: { paymentSn?: string } = {},
): Promise<OrderStatus> {
  const result = transition(order.status, event);
  if (!result.ok) throw conflict(result.reason);
  await tx.update(orders).set({ status: result.to, updatedAt: at }).where(eq(orders.orderNo, order.orderNo));
  await tx.insert(orderEvents).values({
    orderNo: order.orderNo,
    event: event.type,
    fromStatus: order.status,
    toStatus: result.to,
    seq: event.type === 'PAY' ? event.seq : null,
    paymentSn: extra.paymentSn ?? null,
    createdAt: at,
  });
  order.status = result.to;
  return result.to;
}

export async function closePendingPayments(tx: Tx, orderNo: string, at: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'CLOSED', updatedAt: at })
    .where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'PENDING')));
}

/**
 * Cancels (CANCEL) or expires (EXPIRE) a locked UNPAID order: state, open payments closed, coupon returned.
 * Refuses (409) when anything has been paid.
 */
export async function endUnpaidOrder(tx: Tx, order: OrderRow, event: 'CANCEL' | 'EXPIRE', at: Date): Promise<void> {
  const paid = await tx
    .select({ seq: orderPayments.seq })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderNo, order.orderNo), eq(orderPayments.status, 'PAID')))
    .limit(1);
  if (paid.length > 0) throw conflict('订单已支付，无法取消');
  // A changed-course order holds the old course's money as 费用抵扣 (course-change.ts): it is never dropped.
  const deducted = await tx
    .select({ seq: orderPayments.seq })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderNo, order.orderNo), gt(orderPayments.deductionAmount, 0)))
    .limit(1);
  if (deducted.length > 0) throw conflict('换课订单含费用抵扣，无法取消');
  await applyOrderEvent(tx, order, { type: event }, at);
  await closePendingPayments(tx, order.orderNo, at);
  await releaseCoupon(tx, order.orderNo, order.userId);
  // A points order's carrier points go back with it.
  await refundOrderPoints(tx, order.orderNo, at);
  // The unit the submit took goes back to the stock (this move to CANCELLED happens once).
  if ((order.snapshot as { stockTaken?: boolean } | null)?.stockTaken) await giveBackUnit(tx, order.actSn);
}

/** The customer cancels an unpaid order of theirs. */
export async function cancelOrder(db: Db, input: { userId: string; orderNo: string; now?: Date }): Promise<OrderRow> {
  const at = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderNo);
    if (!order || order.userId !== input.userId) throw orderNotFound();
    await endUnpaidOrder(tx, order, 'CANCEL', at);
    return order;
  });
}

/** Whether a CANCELLED order ended by expiry (the texts differ: 订单已过期 / 订单已取消). */
export async function cancelledByExpiry(db: Executor, orderNo: string): Promise<boolean> {
  const [last] = await db
    .select({ event: orderEvents.event })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderNo, orderNo), eq(orderEvents.toStatus, 'CANCELLED')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return last?.event === 'EXPIRE';
}
