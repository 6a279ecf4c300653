/**
 * Orders and their payments. The order-submission capability creates them; payment and after-sales move them
 * through their states; the catalogue reads them to know who bought what (reviews). Money is integer fen.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities, projects, users } from '../schema';

/**
 * Server-side order states. UNPAID: nothing paid yet. UNPAID_BALANCE: deposit paid, final due.
 * UNPAID_INSTALLMENTS: some instalments paid. PAID: everything paid. CANCELLED: cancelled or expired before any
 * payment. REFUND / REFUND_PART: refunded in full / in part. DEAL_DONE_COURSE: changed to another course.
 */
export const ORDER_STATUSES = [
  'UNPAID',
  'UNPAID_BALANCE',
  'UNPAID_INSTALLMENTS',
  'PAID',
  'CANCELLED',
  'REFUND',
  'REFUND_PART',
  'DEAL_DONE_COURSE',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An order in one of these states means the user bought the item (reviews, repeat-purchase rules). */
export const PURCHASED_STATUSES: readonly OrderStatus[] = ['UNPAID_BALANCE', 'UNPAID_INSTALLMENTS', 'PAID', 'REFUND_PART', 'DEAL_DONE_COURSE'];

export const orders = pgTable(
  'orders',
  {
    orderNo: text('order_no').primaryKey(),
    /** The confirmation it was submitted from: unique, so a confirmation makes at most one order. */
    createOrderSn: text('create_order_sn'),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
    userId: text('user_id').notNull().references(() => users.userId),
    actSn: text('act_sn').notNull().references(() => activities.actSn),
    /** COURSE | GOODS */
    orderType: text('order_type').notNull(),
    /** 1 normal, 2 deposit + final, 3 instalment. */
    orderPayType: integer('order_pay_type').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    /** The whole order after course/package discounts and coupon, with freight. */
    totalAmount: integer('total_amount').notNull(),
    /** Coupon discount, fen. */
    discountAmount: integer('discount_amount').notNull().default(0),
    freight: integer('freight').notNull().default(0),
    /** Everything else the order fixed at submit (course, package, address, applicant info, household, remark). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull().default({}),
    /** Unpaid orders expire at this time (the coupon goes back to the customer). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_user_act_idx').on(t.userId, t.actSn, t.status),
    uniqueIndex('orders_create_order_sn_idx').on(t.createOrderSn),
  ],
);

/**
 * One row per payment of an order: a normal order has one, a deposit order two (deposit, final), an
 * instalment order one per period. `seq` is the installmentPayNum it answers to.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    orderNo: text('order_no').notNull().references(() => orders.orderNo),
    seq: integer('seq').notNull(),
    /** NORMAL | DEPOSIT | FINAL | INSTALLMENT */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    deductionAmount: integer('deduction_amount').notNull().default(0),
    dueTime: timestamp('due_time', { withTimezone: true }),
    /** UNPAID | PAID */
    status: text('status').notNull().default('UNPAID'),
    /** §3 installment pay types: 1 WeChat, 2 scan-code, 3 Alipay, 4 bank card, 5 fee deduction. */
    payType: integer('pay_type'),
    paidAmount: integer('paid_amount'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderNo, t.seq] })],
);
