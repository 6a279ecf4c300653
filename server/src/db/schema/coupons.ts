/**
 * The coupon and card domain (issue 11): scan-code claim activities with stock and a per-person limit, card
 * batches whose secret codes are stored only as HMAC-SHA256 digests, and the card vouchers customers hold.
 * Coupon templates and the customers' copies are in ordering.ts (the order screen spends them).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, users } from '../schema';
import { couponTemplates, userCoupons } from './ordering';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A scan-code claim page (getCouponActive?actSn=...): a set of coupons a customer may take. */
export const claimActivities = pgTable(
  'claim_activities',
  {
    actSn: text('act_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startAt: at('start_at'),
    endAt: at('end_at'),
    /** ONLINE | OFFLINE */
    status: text('status').notNull().default('ONLINE'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('claim_activities_project_idx').on(t.projectSn)],
);

/** One coupon of a claim activity. `claimed` only grows by an UPDATE guarded by `claimed < stock`. */
export const claimItems = pgTable(
  'claim_items',
  {
    itemId: text('item_id').primaryKey(),
    actSn: text('act_sn')
      .notNull()
      .references(() => claimActivities.actSn),
    couponSn: text('coupon_sn')
      .notNull()
      .references(() => couponTemplates.couponSn),
    stock: integer('stock').notNull(),
    claimed: integer('claimed').notNull().default(0),
    perPerson: integer('per_person').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('claim_items_act_idx').on(t.actSn, t.sort),
    // The database itself refuses a claim beyond the stock, whatever the code above it does.
    check('claim_items_stock_ck', sql`${t.claimed} >= 0 AND ${t.claimed} <= ${t.stock}`),
    check('claim_items_per_person_ck', sql`${t.perPerson} >= 1`),
  ],
);

/** Each copy a customer claimed; seq runs 1..perPerson, so the unique index holds the per-person limit. */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    claimId: text('claim_id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => claimItems.itemId),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    seq: integer('seq').notNull(),
    rcSn: text('rc_sn')
      .notNull()
      .references(() => userCoupons.rcSn),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_claims_item_user_seq_uq').on(t.itemId, t.userId, t.seq)],
);

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
  (t) => [index('card_vouchers_user_idx').on(t.userId), uniqueIndex('card_vouchers_code_uq').on(t.codeId), uniqueIndex('card_vouchers_card_no_uq').on(t.cardNo)],
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

/**
 * 新人礼包: what a project gives each new customer once, configured per project (the seed writes the demo's).
 * A row gives one copy of a coupon template (couponSn) or one voucher of a card batch (batchSn) in the state it
 * starts in; the day offsets place the copy's window and use in the past (null: the template's or batch's terms).
 */
export const welcomeGifts = pgTable(
  'welcome_gifts',
  {
    giftId: text('gift_id').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    couponSn: text('coupon_sn').references(() => couponTemplates.couponSn),
    batchSn: text('batch_sn').references(() => cardBatches.batchSn),
    /** Coupons: 1 unused, 2 used, 3 expired. Cards: 1 usable, 3 used, 4 expired, 5 invalid. */
    state: integer('state').notNull().default(1),
    /** Cards: 2 refunded. */
    refundState: integer('refund_state').notNull().default(0),
    startDaysAgo: integer('start_days_ago'),
    /** Negative: the window ends that many days after the grant. */
    endDaysAgo: integer('end_days_ago'),
    usedDaysAgo: integer('used_days_ago'),
    /** Cards: the history line after 获得卡券 (what happened to the voucher, days before the grant). */
    event: jsonb('event').$type<{ title: string; note: string; daysAgo: number }>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('welcome_gifts_project_idx').on(t.projectSn, t.sort),
    check('welcome_gifts_one_kind', sql`(${t.couponSn} is null) <> (${t.batchSn} is null)`),
  ],
);

/** Customers who were given their project's 新人礼包 (once each). */
export const welcomeGrants = pgTable('welcome_grants', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.userId),
  grantedAt: at('granted_at').notNull().defaultNow(),
});
