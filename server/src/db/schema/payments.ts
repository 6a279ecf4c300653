/**
 * Payments (one attempt to pay one order_payments row through a provider), the provider notifications that
 * settle them, the order state history, and e-sign contracts. Money is integer fen.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderStatus } from './orders';
import { orders } from './orders';

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
    orderNo: text('order_no').notNull().references(() => orders.orderNo),
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

/** Every state change of an order, written in the transaction that made it (so CANCELLED says why). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    /** PAY | CANCEL | EXPIRE | REFUND_FULL | REFUND_PART | CHANGE_COURSE */
    event: text('event').notNull(),
    fromStatus: text('from_status').$type<OrderStatus>().notNull(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** PAY: the seq paid; the payment that paid it. */
    seq: integer('seq'),
    paymentSn: text('payment_sn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderNo, t.id)],
);

/** One e-sign flow of an order's purchase agreement (sandbox e-sign page until a real provider is wired). */
export const contracts = pgTable(
  'contracts',
  {
    flowId: text('flow_id').primaryKey(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    agreementSn: text('agreement_sn').notNull(),
    contractName: text('contract_name').notNull(),
    /** Where the signing page sends the browser back. */
    redirectUrl: text('redirect_url'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contracts_order_idx').on(t.orderNo)],
);

/**
 * Purchase agreements by agreementSn (§3 agreement): order configs name one (agreementSn), contract/details and
 * the e-sign pages read its text here. The demo purchase agreement is seeded by db/seed/ordering.ts.
 */
export const agreements = pgTable('agreements', {
  agreementSn: text('agreement_sn').primaryKey(),
  agreementName: text('agreement_name').notNull(),
  agreementContent: text('agreement_content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
