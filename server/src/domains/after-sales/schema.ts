/**
 * After-sales: a customer's refund application on an order, every message and decision of both sides
 * (the negotiation history), the return shipment, and the refunds that move money back through the provider of
 * each original payment. Money is integer fen. States: contract/rules/after-sale.ts.
 */
import type { AfterSaleState } from '@contract/rules/after-sale';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../order/schema';
import { payments } from '../payment/schema';

export const afterSaleApplications = pgTable(
  'after_sale_applications',
  {
    applicationNo: text('application_no').primaryKey(),
    projectSn: text('project_sn').notNull(),
    userId: text('user_id').notNull(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    /** 1 仅退款, 2 退货退款. */
    type: integer('type').notNull(),
    /** Which payments of the order (order_payments.seq: the instalments, or 1 for a one-payment order). */
    seqs: jsonb('seqs').$type<number[]>().notNull(),
    /** Asked for, fen: never above what those payments paid less what is refunded or held by other applications. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    /** The storage's own URLs of the customer's uploads. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    state: text('state').$type<AfterSaleState>().notNull(),
    refuseReason: text('refuse_reason'),
    /** Settled so far by the provider, fen. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('after_sale_user_idx').on(t.userId, t.createdAt), index('after_sale_order_idx').on(t.orderNo)],
);

/** The negotiation history: one row per message or decision, written in the transaction that made it. */
export const afterSaleRecords = pgTable(
  'after_sale_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationNo: text('application_no')
      .notNull()
      .references(() => afterSaleApplications.applicationNo),
    /** CUSTOMER | MERCHANT | PROVIDER */
    actor: text('actor').notNull(),
    /** APPLY or an AfterSaleEvent. */
    event: text('event').notNull(),
    /** The reason, the note, the tracking number: what the other side should read. */
    message: text('message').notNull().default(''),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('after_sale_records_app_idx').on(t.applicationNo, t.id)],
);

/** The customer's return shipment; editable until the merchant confirms receipt. */
export const afterSaleLogistics = pgTable(
  'after_sale_logistics',
  {
    applicationNo: text('application_no')
      .primaryKey()
      .references(() => afterSaleApplications.applicationNo),
    carrierCode: text('carrier_code').notNull(),
    trackingNo: text('tracking_no').notNull(),
    /** Kuaidi100 asks for the phone's last digits for SF; optional. */
    phone: text('phone'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('after_sale_logistics_no_idx').on(t.carrierCode, t.trackingNo)],
);

/**
 * One refund of one payment. PENDING: handed to the provider; SUCCESS / FAILED: its notification said so. The
 * sum of a payment's PENDING and SUCCESS refunds never exceeds the payment (checked under the payment row lock).
 */
export const refunds = pgTable(
  'refunds',
  {
    refundSn: text('refund_sn').primaryKey(),
    applicationNo: text('application_no')
      .notNull()
      .references(() => afterSaleApplications.applicationNo),
    orderNo: text('order_no').notNull(),
    paymentSn: text('payment_sn')
      .notNull()
      .references(() => payments.paymentSn),
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<'PENDING' | 'SUCCESS' | 'FAILED'>().notNull().default('PENDING'),
    providerRefundId: text('provider_refund_id'),
    failReason: text('fail_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentSn), index('refunds_application_idx').on(t.applicationNo)],
);

/** Every verified refund notification, once: the unique (provider, notifyId) refuses a replay at the database. */
export const refundNotifications = pgTable(
  'refund_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    notifyId: text('notify_id').notNull(),
    refundSn: text('refund_sn').notNull(),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refund_notifications_uq').on(t.provider, t.notifyId)],
);
