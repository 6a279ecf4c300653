/**
 * Carrier points. Two kinds of rows live here:
 * - ours: which phone a customer has bound per carrier (integral_bindings), the points price of points items
 *   (integral_items) and which order spent which points (integral_orders);
 * - the sandbox carrier's own books (carrier_accounts, carrier_transactions, carrier_auth_tickets), standing in
 *   for a carrier's system the way the sandbox cashier stands in for a payment provider. A live carrier adapter
 *   keeps these on the carrier's side and leaves the tables empty.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { orders } from '../order/schema';
import { users } from '../user/schema';

/** The phone a customer queries and spends points with, per carrier ('' = the item has no carrier: plain 积分). */
export const integralBindings = pgTable(
  'integral_bindings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    integralType: text('integral_type').notNull(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    phone: text('phone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.integralType] })],
);

/** Points price of a points item; an item without a row costs its list price in points and no cash. */
export const integralItems = pgTable('integral_items', {
  actSn: text('act_sn')
    .primaryKey()
    .references(() => activities.actSn),
  points: integer('points').notNull(),
  /** Cash part, fen (0: points only). */
  cashAmount: integer('cash_amount').notNull().default(0),
});

/**
 * The points an order spent. createOrderSn of the order is `integral:<userId>:<requestId>` (unique), so a
 * retried submit answers the first order instead of spending twice.
 */
export const integralOrders = pgTable(
  'integral_orders',
  {
    orderNo: text('order_no')
      .primaryKey()
      .references(() => orders.orderNo),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    integralType: text('integral_type').notNull(),
    phone: text('phone').notNull(),
    points: integer('points').notNull(),
    cashAmount: integer('cash_amount').notNull(),
    /** Set when the points went back (cancel, expiry, refund). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integral_orders_user_idx').on(t.userId, t.createdAt)],
);

/** Sandbox carrier: one points account per carrier and phone; the balance can never go below zero. */
export const carrierAccounts = pgTable(
  'carrier_accounts',
  {
    carrier: text('carrier').notNull(),
    phone: text('phone').notNull(),
    balance: integer('balance').notNull(),
    /** The carrier asks the subscriber to authorise (SMS code on its page) before it tells the balance. */
    authRequired: boolean('auth_required').notNull().default(false),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.carrier, t.phone] }),
    check('carrier_accounts_balance_nonneg', sql`${t.balance} >= 0`),
  ],
);

/** Sandbox carrier: every deduction and refund, once per reference (our orderNo) and kind. */
export const carrierTransactions = pgTable(
  'carrier_transactions',
  {
    id: serial('id').primaryKey(),
    carrier: text('carrier').notNull(),
    phone: text('phone').notNull(),
    /** DEDUCT | REFUND */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrier_transactions_ref_kind_idx').on(t.ref, t.kind)],
);

/** Sandbox carrier: an authorisation page visit (the random ticket is the capability), used once. */
export const carrierAuthTickets = pgTable('carrier_auth_tickets', {
  ticket: text('ticket').primaryKey(),
  carrier: text('carrier').notNull(),
  phone: text('phone').notNull(),
  callbackUrl: text('callback_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
});
