/**
 * Payments (one attempt to pay one order_payments row through a provider), the provider notifications that
 * settle them, the order state history, and e-sign contracts. Money is integer fen.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../order/schema';

/**
 * PENDING: handed to the provider, not paid. SUCCESS: the provider's verified notification said paid.
 * CLOSED: cancelled at the cashier, replaced by a newer attempt, or its order was cancelled.
 * REFUND_PENDING: money arrived for a payment its order could no longer take (cancelled, or that period was
 * already paid by another attempt); it must be refunded by hand.
 */
export const PAYMENT_STATUSES = ['PENDING', 'SUCCESS', 'CLOSED', 'REFUND_PENDING'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    /** Random and unguessable: the sandbox cashier URL carries it and needs no session. */
    paymentSn: text('payment_sn').primaryKey(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    /** The order_payments row this pays. */
    seq: integer('seq').notNull(),
    amount: integer('amount').notNull(),
    /** sandbox | wechat | baidu | free (zero amount, settled at once) */
    provider: text('provider').notNull(),
    /** H5 | WEAPP | SWAN */
    paySource: text('pay_source').notNull(),
    /** MWEB | JSAPI | SWAN */
    tradeType: text('trade_type').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('PENDING'),
    /** Where the provider's page sends the browser back (H5). */
    redirectUrl: text('redirect_url'),
    /** The provider's transaction id, from the notification that settled it. */
    txnId: text('txn_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderNo, t.seq)],
);

/** Every verified notification, once: the unique (provider, txnId) refuses a replay at the database. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    txnId: text('txn_id').notNull(),
    paymentSn: text('payment_sn')
      .notNull()
      .references(() => payments.paymentSn),
    amount: integer('amount').notNull(),
    /** What the notification did: APPLIED (order moved) or REFUND_PENDING. */
    outcome: text('outcome').notNull(),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_txn_uq').on(t.provider, t.txnId)],
);
