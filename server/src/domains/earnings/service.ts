/**
 * Promoters, attribution and commissions. The rules:
 * - An order submitted with an ACTIVE promoter's code of the same project (not the promoter's own order) is
 *   attributed at submit, and earns what its item's commission rule says (FIXED fen or RATE basis points of the
 *   goods amount = total less freight). Unknown codes attribute nothing and never block the order.
 * - PENDING until the order is fully paid; then FROZEN (a COMMISSION row in the frozen bucket) until
 *   release_at = last payment + COMMISSION_FREEZE_DAYS; then SETTLED (a RELEASE pair moves it to AVAILABLE).
 * - A refund before release cancels the refunded share from the frozen bucket (all of it on a full refund); after
 *   release it is clawed back from AVAILABLE, which may go negative (later commissions make it up; no
 *   withdrawal meanwhile). `onOrderRefunded(orderNo, refundedTotal)` takes the order's cumulative refunded amount,
 *   so calling it again with the same total changes nothing.
 * Every balance change is a ledger row written in the same transaction as the state change, after the
 * promoter's row is locked; (kind, ref, bucket) is unique, so no event is booked twice.
 * Settlement is lazy: it runs for a promoter when its earnings are read or a withdrawal is made, and for everyone
 * from the operator API, writing only when something is due.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  COMMISSION_STATE_TEXT,
  LEDGER_KIND_TEXT,
  type ProfitInfo,
  type CommissionOrder,
  type CommissionState,
  type LedgerKind,
  type LedgerLine,
} from '@contract/earnings';
import { maskPhone } from '@contract/rules/fields';
import { activities } from '../activity/schema';
import { users } from '../user/schema';
import { commissionRules, commissions, earningLedger, promoters } from './schema';
import { orderPayments, orders } from '../order/schema';
import { AppError, notFound } from '../../runtime/http';
import { ERROR_CODES } from '@contract/common';
import type { Db } from '../../runtime/database/plugin';
import { findIdentity } from './identity';
import type { Executor, Tx } from '../order/state-db';

export type PromoterRow = typeof promoters.$inferSelect;
type CommissionRow = typeof commissions.$inferSelect;

export const EARNINGS_MESSAGES = {
  notPromoter: '您还不是推广员，暂无收益功能',
} as const;

export const notPromoter = () => new AppError(403, ERROR_CODES.BAD_INPUT, EARNINGS_MESSAGES.notPromoter);

const DAY_MS = 86_400_000;

export async function findPromoter(db: Executor, userId: string): Promise<PromoterRow | null> {
  const [row] = await db.select().from(promoters).where(eq(promoters.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * The promoter's row, locked for the rest of the transaction: every balance change of one promoter queues here.
 * NO KEY UPDATE, so an order submit inserting a commission that references the row (a key-share lock) is not held up.
 */
export async function lockPromoter(tx: Tx, userId: string): Promise<PromoterRow> {
  const [row] = await tx.select().from(promoters).where(eq(promoters.userId, userId)).for('no key update');
  if (!row) throw notPromoter();
  return row;
}

const newPromoterCode = () => `P${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Makes a user a promoter (operator API, seed); idempotent: an existing promoter keeps its code and is re-activated.
 */
export async function ensurePromoter(
  db: Executor,
  userId: string,
  projectSn: string,
  code?: string,
): Promise<PromoterRow> {
  const existing = await findPromoter(db, userId);
  if (existing) {
    if (existing.status !== 'ACTIVE')
      await db.update(promoters).set({ status: 'ACTIVE' }).where(eq(promoters.userId, userId));
    return { ...existing, status: 'ACTIVE' };
  }
  const [row] = await db
    .insert(promoters)
    .values({ userId, projectSn, promoterCode: code ?? newPromoterCode() })
    .returning();
  return row;
}

/** fen of commission an item's rule gives on `base` fen; never more than the base. */
export function commissionFor(rule: { mode: 'FIXED' | 'RATE'; value: number } | null, base: number): number {
  if (!rule || base <= 0) return 0;
  const raw = rule.mode === 'FIXED' ? rule.value : Math.floor((base * rule.value) / 10_000);
  return Math.max(0, Math.min(base, raw));
}

/**
 * Called once inside order submit's transaction: records the order's commission when the code names an active
 * promoter of the project other than the buyer and the item pays one. Returns whether it did.
 */
export async function recordAttribution(
  tx: Executor,
  input: {
    orderNo: string;
    promoterCode?: string | null;
    buyerUserId: string;
    projectSn: string;
    actSn: string;
    totalAmount: number;
    freight: number;
    now?: Date;
  },
): Promise<boolean> {
  const code = input.promoterCode?.trim().toUpperCase();
  if (!code || !/^P[0-9A-F]{10}$/.test(code)) return false;
  const [promoter] = await tx.select().from(promoters).where(eq(promoters.promoterCode, code)).limit(1);
  if (
    !promoter ||
    promoter.status !== 'ACTIVE' ||
    promoter.projectSn !== input.projectSn ||
    promoter.userId === input.buyerUserId
  )
    return false;
  const [rule] = await tx.select().from(commissionRules).where(eq(commissionRules.actSn, input.actSn)).limit(1);
  const base = Math.max(0, input.totalAmount - input.freight);
  const amount = commissionFor(rule ?? null, base);
  if (amount <= 0) return false;
  await tx.insert(commissions).values({
    id: `CM${randomBytes(8).toString('hex').toUpperCase()}`,
    promoterUserId: promoter.userId,
    orderNo: input.orderNo,
    buyerUserId: input.buyerUserId,
    actSn: input.actSn,
    baseAmount: base,
    amount,
    status: 'PENDING',
    createdAt: input.now ?? new Date(),
  });
  return true;
}

interface Booking {
  promoterUserId: string;
  bucket: 'FROZEN' | 'AVAILABLE';
  kind: LedgerKind;
  ref: string;
  amount: number;
  title: string;
  createdAt: Date;
}

/** One ledger row, at most once per (kind, ref, bucket); returns whether it was new. */
export async function book(tx: Executor, row: Booking): Promise<boolean> {
  if (row.amount === 0) return false;
  const inserted = await tx.insert(earningLedger).values(row).onConflictDoNothing().returning({ id: earningLedger.id });
  return inserted.length > 0;
}

const titleOf = async (tx: Executor, actSn: string) => {
  const [a] = await tx
    .select({ name: activities.actName })
    .from(activities)
    .where(eq(activities.actSn, actSn))
    .limit(1);
  return a?.name ?? actSn;
};

/** When the order was fully paid: the last payment's time, or null while any payment is unpaid. */
async function fullyPaidAt(tx: Executor, orderNo: string): Promise<Date | null> {
  const rows = await tx
    .select({ status: orderPayments.status, paidAt: orderPayments.paidAt })
    .from(orderPayments)
    .where(eq(orderPayments.orderNo, orderNo));
  if (!rows.length || rows.some((r) => r.status !== 'PAID')) return null;
  return rows.reduce<Date | null>(
    (latest, r) => (r.paidAt && (!latest || r.paidAt > latest) ? r.paidAt : latest),
    null,
  );
}

/** The reversal a refund of `refundedTotal` fen implies (cumulative): proportional, all of it on a full refund. */
export function reversalFor(c: Pick<CommissionRow, 'amount' | 'baseAmount'>, refundedTotal: number): number {
  if (refundedTotal <= 0) return 0;
  if (refundedTotal >= c.baseAmount) return c.amount;
  return Math.floor((c.amount * refundedTotal) / c.baseAmount);
}

/** Applies a cumulative refund to one commission, under its promoter's lock. */
async function applyRefund(tx: Tx, c: CommissionRow, refundedTotal: number, now: Date): Promise<void> {
  const target = reversalFor(c, refundedTotal);
  const delta = target - c.reversedAmount;
  if (delta <= 0 || c.status === 'CANCELLED') return;
  const title = await titleOf(tx, c.actSn);
  const ref = `${c.id}:${target}`;
  const full = target >= c.amount;
  if (c.status === 'FROZEN') {
    await book(tx, {
      promoterUserId: c.promoterUserId,
      bucket: 'FROZEN',
      kind: 'COMMISSION_CANCEL',
      ref,
      amount: -delta,
      title,
      createdAt: now,
    });
  } else if (c.status === 'SETTLED') {
    await book(tx, {
      promoterUserId: c.promoterUserId,
      bucket: 'AVAILABLE',
      kind: 'CLAWBACK',
      ref,
      amount: -delta,
      title,
      createdAt: now,
    });
  }
  const status: CommissionState = full && c.status !== 'SETTLED' ? 'CANCELLED' : c.status;
  await tx.update(commissions).set({ reversedAmount: target, status }).where(eq(commissions.id, c.id));
}

/**
 * The after-sales hook: `refundedTotal` is everything refunded on the order so far, fen. Before release it
 * cancels that share of the frozen commission; after release it claws it back from the withdrawable balance.
 */
export async function onOrderRefunded(db: Db, orderNo: string, refundedTotal: number, now = new Date()): Promise<void> {
  if (!Number.isInteger(refundedTotal) || refundedTotal < 0)
    throw new RangeError('refundedTotal must be a non-negative integer (fen)');
  await db.transaction(async (tx) => {
    const [first] = await tx.select().from(commissions).where(eq(commissions.orderNo, orderNo)).limit(1);
    if (!first) return;
    await lockPromoter(tx, first.promoterUserId);
    const [c] = await tx.select().from(commissions).where(eq(commissions.id, first.id));
    await applyRefund(tx, c, refundedTotal, now);
  });
}

/** Moves one promoter's commissions along (pay, cancel, full refund, release); writes only when something is due. */
export async function settlePromoter(
  db: Db,
  promoterUserId: string,
  freezeDays: number,
  now = new Date(),
): Promise<void> {
  // A cheap read first: most reads find nothing due and write nothing.
  const due = await dueCommissions(db, promoterUserId, now);
  if (!due) return;
  await db.transaction(async (tx) => {
    await lockPromoter(tx, promoterUserId);
    const rows = await tx
      .select({ c: commissions, orderStatus: orders.status, total: orders.totalAmount })
      .from(commissions)
      .innerJoin(orders, eq(orders.orderNo, commissions.orderNo))
      .where(and(eq(commissions.promoterUserId, promoterUserId), inArray(commissions.status, ['PENDING', 'FROZEN'])));
    for (const { c, orderStatus } of rows) {
      if (c.status === 'PENDING') {
        if (orderStatus === 'CANCELLED' || orderStatus === 'REFUND' || orderStatus === 'DEAL_DONE_COURSE') {
          await tx
            .update(commissions)
            .set({ status: 'CANCELLED' })
            .where(and(eq(commissions.id, c.id), eq(commissions.status, 'PENDING')));
          continue;
        }
        const paidAt =
          orderStatus === 'PAID' || orderStatus === 'REFUND_PART' ? await fullyPaidAt(tx, c.orderNo) : null;
        if (!paidAt) continue;
        const releaseAt = new Date(paidAt.getTime() + freezeDays * DAY_MS);
        const title = await titleOf(tx, c.actSn);
        const live = c.amount - c.reversedAmount;
        await book(tx, {
          promoterUserId,
          bucket: 'FROZEN',
          kind: 'COMMISSION',
          ref: c.id,
          amount: live,
          title,
          createdAt: paidAt,
        });
        await tx
          .update(commissions)
          .set({ status: live > 0 ? 'FROZEN' : 'CANCELLED', paidAt, releaseAt })
          .where(eq(commissions.id, c.id));
        if (live > 0) await maybeRelease(tx, { ...c, status: 'FROZEN', paidAt, releaseAt }, orderStatus, now);
      } else {
        await maybeRelease(tx, c, orderStatus, now);
      }
    }
  });
}

async function maybeRelease(tx: Tx, c: CommissionRow, orderStatus: string, now: Date): Promise<void> {
  if (orderStatus === 'REFUND') {
    await applyRefund(tx, c, c.baseAmount, now);
    return;
  }
  if (!c.releaseAt || c.releaseAt > now) return;
  const live = c.amount - c.reversedAmount;
  const title = await titleOf(tx, c.actSn);
  await book(tx, {
    promoterUserId: c.promoterUserId,
    bucket: 'FROZEN',
    kind: 'RELEASE',
    ref: c.id,
    amount: -live,
    title,
    createdAt: now,
  });
  await book(tx, {
    promoterUserId: c.promoterUserId,
    bucket: 'AVAILABLE',
    kind: 'RELEASE',
    ref: c.id,
    amount: live,
    title,
    createdAt: now,
  });
  await tx
    .update(commissions)
    .set({ status: 'SETTLED', settledAt: now })
    .where(and(eq(commissions.id, c.id), eq(commissions.status, 'FROZEN')));
}

/** Whether any open commission of the promoter has something due (paid, cancelled, refunded, or past release). */
async function dueCommissions(db: Db, promoterUserId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(commissions)
    .innerJoin(orders, eq(orders.orderNo, commissions.orderNo))
    .where(
      and(
        eq(commissions.promoterUserId, promoterUserId),
        sql`(
          (${commissions.status} = 'PENDING' and ${orders.status} in ('PAID','REFUND_PART','CANCELLED','REFUND','DEAL_DONE_COURSE'))
          or (${commissions.status} = 'FROZEN' and (${orders.status} = 'REFUND' or ${commissions.releaseAt} <= ${now.toISOString()}))
        )`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Settles every promoter with something due (operator API). */
export async function settleAll(db: Db, freezeDays: number, now = new Date()): Promise<number> {
  const all = await db.select({ userId: promoters.userId }).from(promoters);
  for (const p of all) await settlePromoter(db, p.userId, freezeDays, now);
  return all.length;
}

export interface Balances {
  withdrawable: number;
  frozen: number;
  totalEarned: number;
  withdrawn: number;
}

/** Every balance, summed from the ledger. */
export async function balancesOf(db: Executor, promoterUserId: string): Promise<Balances> {
  const rows = await db
    .select({
      bucket: earningLedger.bucket,
      kind: earningLedger.kind,
      sum: sql<string>`coalesce(sum(${earningLedger.amount}), 0)`,
    })
    .from(earningLedger)
    .where(eq(earningLedger.promoterUserId, promoterUserId))
    .groupBy(earningLedger.bucket, earningLedger.kind);
  const out: Balances = { withdrawable: 0, frozen: 0, totalEarned: 0, withdrawn: 0 };
  for (const r of rows) {
    const v = Number(r.sum);
    if (r.bucket === 'AVAILABLE') out.withdrawable += v;
    else out.frozen += v;
    if (r.kind === 'COMMISSION' || r.kind === 'COMMISSION_CANCEL' || r.kind === 'CLAWBACK') out.totalEarned += v;
    if (r.kind === 'WITHDRAWAL' || r.kind === 'WITHDRAWAL_RETURN') out.withdrawn -= v;
  }
  return out;
}

/**
 * One page of the 收支明细: the rows it shows (contract/rules/ledger.ts ledgerRowShown: a release by its
 * withdrawable side only), so the total and the pages count what the promoter sees.
 */
export async function ledgerPage(db: Db, promoterUserId: string, page: number, perSize: number) {
  const where = and(
    eq(earningLedger.promoterUserId, promoterUserId),
    or(ne(earningLedger.kind, 'RELEASE'), ne(earningLedger.bucket, 'FROZEN')),
  );
  const [{ n }] = await db.select({ n: count() }).from(earningLedger).where(where);
  const rows = await db
    .select()
    .from(earningLedger)
    .where(where)
    .orderBy(desc(earningLedger.createdAt), desc(earningLedger.id))
    .limit(perSize)
    .offset((page - 1) * perSize);
  const list: LedgerLine[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    kindText: LEDGER_KIND_TEXT[r.kind as LedgerKind] ?? r.kind,
    title: r.title,
    bucket: r.bucket,
    amount: r.amount,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: n, page, perSize };
}

export async function commissionOrders(
  db: Db,
  promoterUserId: string,
  state: 'ALL' | CommissionState,
  page: number,
  perSize: number,
) {
  const where =
    state === 'ALL'
      ? eq(commissions.promoterUserId, promoterUserId)
      : and(eq(commissions.promoterUserId, promoterUserId), eq(commissions.status, state));
  const [{ n }] = await db.select({ n: count() }).from(commissions).where(where);
  const rows = await db
    .select({ c: commissions, name: activities.actName, cover: activities.cover, phone: users.phone })
    .from(commissions)
    .leftJoin(activities, eq(activities.actSn, commissions.actSn))
    .leftJoin(users, eq(users.userId, commissions.buyerUserId))
    .where(where)
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(perSize)
    .offset((page - 1) * perSize);
  const list: CommissionOrder[] = rows.map(({ c, name, cover, phone }) => ({
    orderNo: c.orderNo,
    courseName: name ?? c.actSn,
    cover: cover ?? null,
    orderAmount: c.baseAmount,
    commission: c.amount,
    reversedAmount: c.reversedAmount,
    status: c.status,
    statusText: COMMISSION_STATE_TEXT[c.status],
    buyerPhone: phone ? maskPhone(phone) : '游客',
    createdAt: c.createdAt.toISOString(),
    paidAt: c.paidAt?.toISOString() ?? null,
    releaseAt: c.releaseAt?.toISOString() ?? null,
  }));
  return { list, total: n, page, perSize };
}

/**
 * An operator makes the project's customer with this phone (who logged in once) a promoter; the promoter row
 * before (null when new) and after, for the audit log.
 */
export async function makePromoterByPhone(
  db: Db,
  projectSn: string,
  phone: string,
): Promise<{ before: PromoterRow | null; after: PromoterRow }> {
  const [user] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.projectSn, projectSn), eq(users.phone, phone)))
    .limit(1);
  if (!user) throw notFound('该手机号在此项目还没有登录过');
  const before = await findPromoter(db, user.userId);
  return { before, after: await ensurePromoter(db, user.userId, projectSn) };
}

/** An operator sets an item's commission: FIXED fen per order, or RATE basis points of the goods amount. */
export async function setCommissionRule(
  db: Db,
  rule: { actSn: string; mode: (typeof commissionRules.$inferInsert)['mode']; value: number },
): Promise<void> {
  const [a] = await db
    .select({ actSn: activities.actSn })
    .from(activities)
    .where(eq(activities.actSn, rule.actSn))
    .limit(1);
  if (!a) throw notFound('商品不存在');
  await db
    .insert(commissionRules)
    .values(rule)
    .onConflictDoUpdate({ target: commissionRules.actSn, set: { mode: rule.mode, value: rule.value } });
}

/** An item's commission rule now (null: it pays none); what the audit log records as "before". */
export async function commissionRuleOf(db: Db, actSn: string) {
  const [rule] = await db
    .select({ actSn: commissionRules.actSn, mode: commissionRules.mode, value: commissionRules.value })
    .from(commissionRules)
    .where(eq(commissionRules.actSn, actSn))
    .limit(1);
  return rule ?? null;
}

/** The project's items with their commission rules, for the console's 佣金规则 table. */
export async function opsCommissionItems(db: Db, projectSn: string) {
  const rows = await db
    .select({
      actSn: activities.actSn,
      actName: activities.actName,
      mode: commissionRules.mode,
      value: commissionRules.value,
    })
    .from(activities)
    .leftJoin(commissionRules, eq(commissionRules.actSn, activities.actSn))
    .where(eq(activities.projectSn, projectSn))
    .orderBy(activities.actSn);
  return rows.map((r) => ({
    actSn: r.actSn,
    actName: r.actName,
    rule: r.mode === null || r.value === null ? null : { mode: r.mode, value: r.value },
  }));
}

/** The project's promoters with their balances (phones masked), newest first. */
export async function opsPromoters(db: Db, projectSn: string) {
  const rows = await db
    .select({ p: promoters, phone: users.phone })
    .from(promoters)
    .innerJoin(users, eq(users.userId, promoters.userId))
    .where(eq(promoters.projectSn, projectSn))
    .orderBy(desc(promoters.createdAt))
    .limit(500);
  return Promise.all(
    rows.map(async ({ p, phone }) => {
      const b = await balancesOf(db, p.userId);
      return {
        userId: p.userId,
        phone: phone ? maskPhone(phone) : null,
        promoterCode: p.promoterCode,
        status: p.status,
        createdAt: p.createdAt.toISOString(),
        frozen: b.frozen,
        withdrawable: b.withdrawable,
        withdrawn: b.withdrawn,
      };
    }),
  );
}

/**
 * The caller as a promoter (403 otherwise), with their commissions moved along first when `settleFreezeDays` is given.
 */
export async function requirePromoter(db: Db, userId: string, settleFreezeDays?: number): Promise<PromoterRow> {
  const promoter = await findPromoter(db, userId);
  if (!promoter) throw notPromoter();
  if (settleFreezeDays !== undefined) await settlePromoter(db, promoter.userId, settleFreezeDays);
  return promoter;
}

/** 我的收益: balances and a page of the ledger; a customer who is no promoter sees zeros. */
export async function profitOf(
  db: Db,
  userId: string,
  freezeDays: number,
  page: number,
  perSize: number,
): Promise<ProfitInfo> {
  const promoter = await findPromoter(db, userId);
  if (!promoter) {
    return {
      isPromoter: false,
      promoterCode: null,
      withdrawable: 0,
      frozen: 0,
      totalEarned: 0,
      withdrawn: 0,
      verified: false,
      ledger: { list: [], total: 0, page, perSize },
    };
  }
  await settlePromoter(db, promoter.userId, freezeDays);
  const [balances, ledger, identity] = await Promise.all([
    balancesOf(db, promoter.userId),
    ledgerPage(db, promoter.userId, page, perSize),
    findIdentity(db, promoter.userId),
  ]);
  return {
    isPromoter: true,
    promoterCode: promoter.status === 'ACTIVE' ? promoter.promoterCode : null,
    ...balances,
    verified: Boolean(identity),
    ledger,
  };
}

/** The promoter service agreement shown on the withdraw page. */
export const PROMOTER_AGREEMENT = {
  agreementName: '推广服务协议',
  agreementContent: [
    '一、推广员通过分享链接推荐用户购买商品，订单支付成功后按商品设置的佣金比例或金额获得推广佣金。',
    '二、佣金在订单支付后进入冻结期（退款期），冻结期内订单退款的，对应佣金自动取消；冻结期结束后佣金转为可提现。冻结期结束后发生退款的，已结算佣金将从可提现余额中扣回。',
    '三、提现前须完成实名认证，且仅可提现至本人实名的银行卡。提现申请经平台审核后打款，预计1-3个工作日到账；打款失败的金额将退回可提现余额。',
    '四、推广员不得以虚假交易、自买自推等方式获取佣金，自购订单不产生佣金。平台发现违规的，有权取消相关佣金并停止推广资格。',
    '五、平台依法代扣代缴推广员取得收入应缴纳的相关税费（如适用）。',
  ].join('\n'),
};
