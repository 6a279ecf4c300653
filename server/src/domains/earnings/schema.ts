/**
 * Promoter earnings: promoters, commission rules per item, commissions per attributed order, the
 * ledger every balance is summed from, real-name identities, bank cards, withdrawals and payout notifications.
 * Money is integer fen. There is no balance column anywhere: a balance is the sum of ledger rows, and every
 * change is one inserted row (signed amount), never an update.
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../runtime/database/columns';
import { activities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { orders } from '../order/schema';
import { users } from '../user/schema';

/**
 * Who earns: a user the operator (or the seed) made a promoter. The row is also the lock every balance
 * change of this promoter takes first (SELECT ... FOR UPDATE), so concurrent withdrawals run one at a time.
 */
export const promoters = pgTable(
  'promoters',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.userId),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    /** Carried by share links (?promoterCode=); unique across projects. */
    promoterCode: text('promoter_code').notNull(),
    /** ACTIVE | DISABLED: a disabled promoter earns nothing new but keeps (and may withdraw) its balance. */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promoters_code_uq').on(t.promoterCode)],
);

/** The commission an item pays: FIXED fen per order, or RATE in basis points of the order's goods amount. */
export const commissionRules = pgTable('commission_rules', {
  actSn: text('act_sn')
    .primaryKey()
    .references(() => activities.actSn),
  mode: text('mode').$type<'FIXED' | 'RATE'>().notNull(),
  value: integer('value').notNull(),
});

/**
 * One commission per attributed order (unique order_no). PENDING: the order is not fully paid yet (no ledger
 * row). FROZEN: paid; in the frozen bucket until release_at. SETTLED: released to the withdrawable bucket.
 * CANCELLED: the order was cancelled, or refunded before release. reversed_amount is what refunds took back
 * (cancelled from frozen, or clawed back from withdrawable after release).
 */
export const commissions = pgTable(
  'commissions',
  {
    id: text('id').primaryKey(),
    promoterUserId: text('promoter_user_id')
      .notNull()
      .references(() => promoters.userId),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.userId),
    actSn: text('act_sn').notNull(),
    /** The order's goods amount the commission was computed on (total less freight), fen. */
    baseAmount: integer('base_amount').notNull(),
    amount: integer('amount').notNull(),
    reversedAmount: integer('reversed_amount').notNull().default(0),
    status: text('status').$type<'PENDING' | 'FROZEN' | 'SETTLED' | 'CANCELLED'>().notNull(),
    paidAt: at('paid_at'),
    releaseAt: at('release_at'),
    settledAt: at('settled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commissions_order_uq').on(t.orderNo),
    index('commissions_promoter_idx').on(t.promoterUserId, t.createdAt),
  ],
);

/**
 * The ledger. bucket FROZEN or AVAILABLE; amount signed. (kind, ref) is unique, so one event (a release, a
 * refund reaching a given total, a withdrawal, its return) can never be booked twice, whoever retries it.
 */
export const earningLedger = pgTable(
  'earning_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoterUserId: text('promoter_user_id')
      .notNull()
      .references(() => promoters.userId),
    bucket: text('bucket').$type<'FROZEN' | 'AVAILABLE'>().notNull(),
    /** COMMISSION | RELEASE | COMMISSION_CANCEL | CLAWBACK | WITHDRAWAL | WITHDRAWAL_RETURN */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    /** The line's text in the ledger view (course name, withdrawal number). */
    title: text('title').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('earning_ledger_event_uq').on(t.kind, t.ref, t.bucket),
    index('earning_ledger_promoter_idx').on(t.promoterUserId, t.createdAt),
  ],
);

/** Real-name verification: the ID number only encrypted (and as an HMAC to find duplicates), never in clear. */
export const identities = pgTable(
  'identities',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.userId),
    projectSn: text('project_sn').notNull(),
    realName: text('real_name').notNull(),
    idNumberEnc: text('id_number_enc').notNull(),
    idNumberHash: text('id_number_hash').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    verifiedAt: at('verified_at').notNull(),
  },
  // One person verifies one account per project: a second account cannot borrow the same identity.
  (t) => [uniqueIndex('identities_project_id_uq').on(t.projectSn, t.idNumberHash)],
);

/** Bank cards; the number encrypted, the hash to refuse the same card twice, the tail for display. */
export const bankCards = pgTable(
  'bank_cards',
  {
    cardId: text('card_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    cardNoEnc: text('card_no_enc').notNull(),
    cardNoHash: text('card_no_hash').notNull(),
    cardTail: text('card_tail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
  },
  (t) => [index('bank_cards_user_idx').on(t.userId), uniqueIndex('bank_cards_user_hash_uq').on(t.userId, t.cardNoHash)],
);

/**
 * Withdrawals. REVIEWING -> PAYING (approved, handed to the payout provider) -> SUCCESS | FAILED;
 * REVIEWING -> REJECTED. FAILED and REJECTED book the amount back (WITHDRAWAL_RETURN). (user, request_id) is
 * unique: a retried request answers the first one's withdrawal.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    withdrawalNo: text('withdrawal_no').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => promoters.userId),
    requestId: text('request_id').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    /** amount - fee: what reaches the card or the balance. */
    actualAmount: integer('actual_amount').notNull(),
    /** The card paid; null when the payout goes to the earner's WeChat balance (no card involved). */
    cardId: text('card_id').references(() => bankCards.cardId),
    /** Where the money went as it was at request time: bank, masked card and holder, or 微信零钱 and the real name. */
    cardSnapshot: jsonb('card_snapshot')
      .$type<{ bankName: string; cardMasked: string; holderName: string }>()
      .notNull(),
    status: text('status').$type<'REVIEWING' | 'PAYING' | 'SUCCESS' | 'FAILED' | 'REJECTED'>().notNull(),
    reason: text('reason'),
    payoutRef: text('payout_ref'),
    /**
     * WeChat payouts (transfer to balance): the earner's openid in the app that will confirm the transfer, fixed
     * when the withdrawal is requested; null for the sandbox.
     */
    payee: jsonb('payee').$type<{ platform: 'WEAPP' | 'WECHAT_H5'; appId: string; openid: string }>(),
    /** WeChat's package_info while the transfer waits for the earner to confirm it in WeChat (待确认收款). */
    confirmPackage: text('confirm_package'),
    createdAt: at('created_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_request_uq').on(t.userId, t.requestId),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Every verified payout notification once: (provider, txn_id) unique refuses a replay. */
export const payoutNotifications = pgTable(
  'payout_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    txnId: text('txn_id').notNull(),
    withdrawalNo: text('withdrawal_no')
      .notNull()
      .references(() => withdrawals.withdrawalNo),
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_notifications_txn_uq').on(t.provider, t.txnId)],
);
