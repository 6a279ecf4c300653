/**
 * Orders and their payments. The order-submission capability creates them; payment and after-sales move them
 * through their states; the catalogue reads them to know who bought what (reviews). Money is integer fen.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../runtime/database/columns';
import { activities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';

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
export const PURCHASED_STATUSES: readonly OrderStatus[] = [
  'UNPAID_BALANCE',
  'UNPAID_INSTALLMENTS',
  'PAID',
  'REFUND_PART',
  'DEAL_DONE_COURSE',
];

export const orders = pgTable(
  'orders',
  {
    orderNo: text('order_no').primaryKey(),
    /** The confirmation it was submitted from: unique, so a confirmation makes at most one order. */
    createOrderSn: text('create_order_sn'),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    actSn: text('act_sn')
      .notNull()
      .references(() => activities.actSn),
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
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
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
  /**
   * The operator's own plan (console 定金/分期): each period's amount, summing to one item's payable, and its due
   * day after the order (the first 0). When set it replaces the even split and the interval.
   */
  installmentPlan?: { amount: number; dueDays: number }[];
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
  packages: {
    packageSn: string;
    packageName: string;
    price: number;
    discount: number;
    courses: { courseSn: string; courseName: string; courseAmount: number }[];
  }[];
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
    /** The order link a LINK confirmation was opened from (order_links). */
    orderLinkSn: text('order_link_sn').references(() => orderLinks.linkSn),
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
    // keeps the newest (domains/order/submit.ts issueOrderToken).
    issuedAt: at('issued_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  // Issuing a token prunes the confirmation's unused ones: without this the prune scans every token ever issued.
  (t) => [index('order_tokens_confirmation_idx').on(t.createOrderSn)],
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
    /** Who runs the flow: sandbox (flowId is ours) or esign (flowId is e签宝's signFlowId). */
    provider: text('provider').notNull().default('sandbox'),
    /** Set when the provider ended the flow unsigned (revoked, expired, refused): a new tap opens a new flow. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
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

/**
 * A course change (DEAL_DONE_COURSE): the operator moved a paid course order to another course.
 * The old order became DEAL_DONE_COURSE; `newOrderNo` is the order for the new course, whose payments carry
 * `deductionAmount` (费用抵扣) of what the old one had received (`credit`, fen). `deductionAmount` never exceeds
 * the new order's price; what it could not cover is `uncovered`. One change per old order (unique).
 */
export const courseChanges = pgTable(
  'course_changes',
  {
    oldOrderNo: text('old_order_no')
      .primaryKey()
      .references(() => orders.orderNo),
    newOrderNo: text('new_order_no')
      .notNull()
      .references(() => orders.orderNo),
    credit: integer('credit').notNull(),
    deductionAmount: integer('deduction_amount').notNull(),
    uncovered: integer('uncovered').notNull().default(0),
    /** The operator's note, shown with the change on both orders. */
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_changes_new_uq').on(t.newOrderNo)],
);

/**
 * What the operator marked on an order that the §3 refund tags depend on: goods unsealed (已拆封, tag 5) and a
 * course activated (已激活, tags 3 and 6). One row per marked order; a mark is set once, with who set it.
 */
export const orderMarks = pgTable('order_marks', {
  orderNo: text('order_no')
    .primaryKey()
    .references(() => orders.orderNo),
  unsealedAt: at('unsealed_at'),
  unsealedBy: text('unsealed_by'),
  activatedAt: at('activated_at'),
  activatedBy: text('activated_by'),
});

/**
 * A single-use order link (下单链接): an operator offers one customer (by phone) one course at one of its prices
 * until an expiry. The URL carries a random token; only its SHA-256 is kept, so the URL is shown once, when issued.
 * Opening it makes LINK confirmations (no coupons, §6); the first order submitted from one uses the link
 * (`orderNo`, `usedAt`), in the submit's transaction under the link's row lock (domains/order/order-links.ts).
 */
export const orderLinks = pgTable(
  'order_links',
  {
    linkSn: text('link_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    actSn: text('act_sn')
      .notNull()
      .references(() => activities.actSn),
    /** The package chosen (its price), or null for an item without packages (its own price). */
    packageSn: text('package_sn'),
    /** The order total offered, fen: a later change of the item's price makes the link invalid, never dearer. */
    amount: integer('amount').notNull(),
    phone: text('phone').notNull(),
    /** The operator's note (whom it is for), shown in the console only. */
    note: text('note').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    voidedAt: at('voided_at'),
    voidedBy: text('voided_by'),
    orderNo: text('order_no').references(() => orders.orderNo),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('order_links_token_uq').on(t.tokenHash),
    index('order_links_project_idx').on(t.projectSn, t.createdAt),
  ],
);
