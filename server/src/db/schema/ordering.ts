/**
 * Order submission: what each item needs to be ordered (order_configs), coupons (templates and the copies
 * customers received), confirmations, single-use order tokens and delivery addresses. Money is integer fen.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities, projects, users } from '../schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Ordering rules of one item, everything that is about buying it rather than showing it. */
export interface OrderConfig {
  /** 1 normal, 2 deposit + final, 3 instalment. */
  orderPayType: number;
  /** Deposit of a deposit order, fen; the final payment is the rest. */
  depositAmount?: number;
  finalDueDays?: number;
  /** Instalment count; the order total is split evenly, the remainder on the first period. */
  installmentNum?: number;
  /** Days between instalments. */
  installmentIntervalDays?: number;
  /** 4 = nothing is shipped; 1 = express. */
  deliveryType: number;
  freight: number;
  oldFreight?: number;
  /** 2 = only some areas may buy (invalidAreas lists the others). */
  freightAreasType: number;
  invalidAreas: { provinceId: string; cityId: string | null; areaId: string | null; name: string }[];
  isHousehold: boolean;
  agreementSn: string | null;
  electronicProtocol: boolean;
  restrict: {
    nKey: string;
    keyName: 'TEXT' | 'NAME' | 'IDCARD' | 'IDCARD_OUT' | 'NUMBER' | 'PHONE' | 'EMAIL' | 'ADDRESS';
    label: string;
    required: boolean;
    idCardType: 'IDCARD' | 'IDCARD_OUT' | null;
    multiline?: boolean;
    submitTips?: string | null;
  }[];
  courseDiscountAmount: number;
  /** Packages this item is sold as (the first is the default), with their courses and discount. */
  packages: { packageSn: string; packageName: string; price: number; discount: number; courses: { courseSn: string; courseName: string; courseAmount: number }[] }[];
  giftCourses: { courseSn: string; courseName: string; courseAmount: number }[];
  disableFlag: boolean;
  disableReason: string | null;
  hasProductIntroduce: boolean;
  /** 2: an order changed from another course (no coupons). */
  confirmOrderType: number;
}

export const orderConfigs = pgTable('order_configs', {
  actSn: text('act_sn')
    .primaryKey()
    .references(() => activities.actSn),
  config: jsonb('config').$type<OrderConfig>().notNull(),
});

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
  /** For the demo: the copy a customer receives starts as used (2) or expired (3). */
  demoState: integer('demo_state').notNull().default(1),
  /** DEMO: every customer of the project is given one; ISSUED: only by a claim, a card or an operator. */
  grantMode: text('grant_mode').notNull().default('DEMO'),
  /** A coupon used on a partner's page: 去使用 opens it (jumpType 3). */
  useUrl: text('use_url'),
  /** validityType 2 (start and end) and 4 (end) use fixed dates (contract/rules/coupon-validity.ts). */
  validStart: at('valid_start'),
  validEnd: at('valid_end'),
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
    /** demo (one per customer and template), or claim:<claimId> / card:<voucherSn> / ops:<grant> for issued copies. */
    source: text('source').notNull().default('demo'),
  },
  (t) => [index('user_coupons_user_idx').on(t.userId), uniqueIndex('user_coupons_user_template_source_idx').on(t.userId, t.couponSn, t.source)],
);

export const confirmations = pgTable(
  'order_confirmations',
  {
    createOrderSn: text('create_order_sn').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    actSn: text('act_sn')
      .notNull()
      .references(() => activities.actSn),
    packageSn: text('package_sn'),
    skuCnt: integer('sku_cnt').notNull().default(1),
    thirdEnum: text('third_enum'),
    /** TARGET: from a detail page; LINK: a single-use order link. */
    creatType: text('creat_type').notNull().default('TARGET'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_confirmations_user_idx').on(t.userId)],
);

export const orderTokens = pgTable(
  'order_tokens',
  {
    token: text('token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    createOrderSn: text('create_order_sn')
      .notNull()
      .references(() => confirmations.createOrderSn),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    // The order of issue, to the microsecond: two tokens issued in one millisecond share their expiry, and the prune
    // keeps the newest (services/order-submit.ts issueOrderToken).
    issuedAt: at('issued_at').notNull().default(sql`clock_timestamp()`),
  },
  // Issuing a token prunes the confirmation's unused ones: without this the prune scans every token ever issued.
  (t) => [index('order_tokens_confirmation_idx').on(t.createOrderSn)],
);

export const addresses = pgTable(
  'addresses',
  {
    addressId: text('address_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    provinceId: text('province_id').notNull(),
    cityId: text('city_id').notNull(),
    areaId: text('area_id').notNull(),
    fullAreaName: text('full_area_name').notNull(),
    consigneeName: text('consignee_name').notNull(),
    consigneeTelephone: text('consignee_telephone').notNull(),
    fullAddress: text('full_address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
