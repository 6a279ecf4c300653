/**
 * The coupon and card domain: scan-code claim activities with stock and a per-person limit, card
 * batches whose secret codes are stored only as HMAC-SHA256 digests, and the card vouchers customers hold.
 * Coupon templates and the customers' copies are in ordering.ts (the order screen spends them).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../runtime/database/columns';
import { cardBatches } from '../card/schema';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';

export const couponTemplates = pgTable('coupon_templates', {
  couponSn: text('coupon_sn').primaryKey(),
  projectSn: text('project_sn')
    .notNull()
    .references(() => projects.projectSn),
  couponName: text('coupon_name').notNull(),
  /** 1 amount off, 2 percent off. */
  couponType: integer('coupon_type').notNull(),
  couponAmount: integer('coupon_amount').notNull(),
  threshold: integer('threshold').notNull().default(0),
  upperLimit: integer('upper_limit').notNull().default(0),
  /** Items it applies to; empty means every item of the project. */
  scopeActSns: jsonb('scope_act_sns').$type<string[]>().notNull().default([]),
  scopeText: text('scope_text').notNull(),
  validityType: integer('validity_type').notNull().default(1),
  validityDays: integer('validity_days'),
  instructions: text('instructions').notNull().default(''),
  /** A coupon used on a partner's page: 去使用 opens it (jumpType 3). */
  useUrl: text('use_url'),
  /** validityType 2 (start and end) and 4 (end) use fixed dates (contract/rules/coupon-validity.ts). */
  validStart: at('valid_start'),
  validEnd: at('valid_end'),
  /** ACTIVE | ENDED: an ended template is given out no more (copies already held stay usable). */
  status: text('status').notNull().default('ACTIVE'),
});

export const userCoupons = pgTable(
  'user_coupons',
  {
    rcSn: text('rc_sn').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    couponSn: text('coupon_sn')
      .notNull()
      .references(() => couponTemplates.couponSn),
    /** 1 unused, 2 used, 3 expired. */
    state: integer('state').notNull().default(1),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    usedOrderNo: text('used_order_no'),
    usedAt: at('used_at'),
    receivedAt: at('received_at').notNull().defaultNow(),
    /** How the copy was given: claim:<claimId>, card:<voucherSn>, welcome (新人礼包) or ops:<grant>. */
    source: text('source').notNull(),
  },
  (t) => [
    index('user_coupons_user_idx').on(t.userId),
    uniqueIndex('user_coupons_user_template_source_idx').on(t.userId, t.couponSn, t.source),
  ],
);

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
