/** The card tables (drizzle pg-core); money is integer fen, times timestamptz. */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';

/** A kind of card voucher sold or given away as secret codes; a code redeems to one voucher of this batch. */
export const cardBatches = pgTable('card_batches', {
  batchSn: text('batch_sn').primaryKey(),
  projectSn: text('project_sn')
    .notNull()
    .references(() => projects.projectSn),
  cardName: text('card_name').notNull(),
  /** Face value in fen (0 for a voucher that is not money, e.g. a free lesson). */
  faceValue: integer('face_value').notNull().default(0),
  description: text('description').notNull().default(''),
  /** Newline-separated notes, like a coupon's instructions. */
  instructions: text('instructions').notNull().default(''),
  /** Coupon templates granted into 我的优惠券 with the voucher. */
  couponSns: jsonb('coupon_sns').$type<string[]>().notNull().default([]),
  /** The voucher is valid this many days from redeeming. */
  validityDays: integer('validity_days').notNull().default(365),
  /** Codes cannot be redeemed after this (null: no deadline). */
  redeemEndAt: at('redeem_end_at'),
  /** When the codes left the server (their one export); from then on no copy of them is kept. */
  exportedAt: at('exported_at'),
  /** When the batch was voided: its unused codes were set to 5 then. */
  voidedAt: at('voided_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * One secret code. Only HMAC-SHA256(CARD_CODE_KEY, normalised code) is kept, so a database dump does not reveal
 * codes; `tail` (last 4 characters) lets an operator tell codes apart. State 1 unused, 2 redeemed, 5 voided.
 */
export const cardCodes = pgTable(
  'card_codes',
  {
    codeId: text('code_id').primaryKey(),
    batchSn: text('batch_sn')
      .notNull()
      .references(() => cardBatches.batchSn),
    codeHash: text('code_hash').notNull(),
    tail: text('tail').notNull(),
    /** The code sealed with AES-256-GCM until its batch is exported once, then null. */
    sealed: text('sealed'),
    state: integer('state').notNull().default(1),
    redeemedBy: text('redeemed_by').references(() => users.userId),
    redeemedAt: at('redeemed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_codes_hash_uq').on(t.codeHash), index('card_codes_batch_idx').on(t.batchSn)],
);

/**
 * A card voucher a customer holds (couponList). State 1 usable, 3 used, 4 expired, 5 invalid; refundState 2
 * refunded. `cardNo` is the voucher number shown with 复制 (not the secret it was redeemed with).
 */
export const cardVouchers = pgTable(
  'card_vouchers',
  {
    voucherSn: text('voucher_sn').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    batchSn: text('batch_sn')
      .notNull()
      .references(() => cardBatches.batchSn),
    codeId: text('code_id').references(() => cardCodes.codeId),
    cardNo: text('card_no').notNull(),
    state: integer('state').notNull().default(1),
    refundState: integer('refund_state').notNull().default(0),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('card_vouchers_user_idx').on(t.userId),
    uniqueIndex('card_vouchers_code_uq').on(t.codeId),
    uniqueIndex('card_vouchers_card_no_uq').on(t.cardNo),
  ],
);

/** What happened to a voucher (兑换, 使用, 过期, 作废, 退款), for its details page. */
export const cardVoucherEvents = pgTable(
  'card_voucher_events',
  {
    eventId: text('event_id').primaryKey(),
    voucherSn: text('voucher_sn')
      .notNull()
      .references(() => cardVouchers.voucherSn),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('card_voucher_events_voucher_idx').on(t.voucherSn, t.at)],
);

/**
 * Wrong card codes per customer: the count in the current window and when the last one came. Kept in the
 * database (one row per customer, locked while a code is checked) so that parallel guesses and several server
 * processes see one count.
 */
export const cardGuards = pgTable('card_guards', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.userId),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull(),
  lastFailureAt: at('last_failure_at'),
});
