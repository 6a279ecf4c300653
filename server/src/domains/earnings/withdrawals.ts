/**
 * Withdrawals. A request runs in one transaction under the promoter's row lock: the same request id
 * answers the first withdrawal; identity, card (same name), amount and daily limits are checked against the
 * ledger summed inside the lock; the withdrawal row and its WITHDRAWAL ledger row are written together. So 20
 * concurrent requests can never take more than the balance. Then: the operator approves (or the amount is under
 * the auto-approve limit) and the payout provider is asked to pay; its signed notification finishes it
 * (SUCCESS: 到账; FAIL: the amount is booked back). A rejection books it back too. Every step is guarded by the
 * withdrawal's state under a row lock and by unique ledger events, so replays change nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  WITHDRAWAL_CONFIRM_TEXT,
  WITHDRAWAL_STATE_TEXT,
  type OpsWithdrawal,
  type TimelineStep,
  type WithdrawalRuleInfo,
  type WithdrawalDetail,
  type WithdrawalState,
  type WithdrawalSummary,
} from '@contract/earnings';
import {
  maxWithdrawable,
  ruleLines,
  WECHAT_BALANCE_NAME,
  type PayoutTarget,
  withdrawalError,
  withdrawalFee,
  type WithdrawalContext,
  type WithdrawalRule,
} from '@contract/rules/withdrawal';
import { maskCardNo } from '@contract/rules/luhn';
import { maskRealName } from '@contract/rules/identity';
import { maskPhone } from '@contract/rules/fields';
import { users } from '../user/schema';
import { ERROR_CODES } from '@contract/common';
import { bankCards, payoutNotifications, promoters, withdrawals } from './schema';
import { AppError, badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { checkedCallback } from '../../runtime/input-guard';
import { findCard, listCards } from './bank-cards';
import { balancesOf, book, lockPromoter } from './service';
import type { Vault } from './vault';
import { findIdentity } from './identity';
import type { Executor, Tx } from '../order/state-db';
import {
  PayoutOutcomeUnknown,
  PayoutRefused,
  type PayoutProvider,
  type PayoutState,
  type VerifiedPayout,
} from './providers/payout';
import type { NotificationHeaders } from '../../runtime/wechat-pay-client';
import { NO_PAYEE, payeeOf, type Payee } from './payee';
import type { Config } from '../../config';
import { noteWithdrawal } from '../notification/events';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const WITHDRAW_MESSAGES = {
  cardMissing: '请选择到账银行卡',
  nameMismatch: '银行卡户名与实名认证姓名不一致',
  requestReused: '该提现请求已提交，请勿重复提交',
  missing: '提现记录不存在',
  notReviewing: '该提现已处理，不能重复审核',
  amountMismatch: '打款金额与提现金额不符',
} as const;

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** Midnight in China of the day `now` falls on. */
export const chinaDayStart = (now: Date) =>
  new Date(Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);

/** Refused and returned withdrawals give their share of the daily limit back. */
const COUNTED: WithdrawalState[] = ['REVIEWING', 'PAYING', 'SUCCESS'];

export async function withdrawalContext(
  db: Executor,
  userId: string,
  payoutTo: PayoutTarget,
  now: Date,
): Promise<WithdrawalContext> {
  return (await withdrawalState(db, userId, payoutTo, now)).context;
}

/** The rule's context and the earner's verified identity (a request checks the card's holder against it). */
async function withdrawalState(db: Executor, userId: string, payoutTo: PayoutTarget, now: Date) {
  const [{ withdrawable }, identity, cards, [today]] = await Promise.all([
    balancesOf(db, userId),
    findIdentity(db, userId),
    listCards(db, userId),
    db
      .select({ n: count(), sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          gte(withdrawals.createdAt, chinaDayStart(now)),
          inArray(withdrawals.status, COUNTED),
        ),
      ),
  ]);
  const context: WithdrawalContext = {
    available: withdrawable,
    todayAmount: Number(today.sum),
    todayCount: today.n,
    verified: Boolean(identity),
    hasCard: cards.length > 0,
    payoutTo,
  };
  return { context, identity };
}

export type WithdrawalInput = { amount: number; cardId?: string; requestId: string };

const newWithdrawalNo = (now: Date) => `WD${now.getTime()}${randomBytes(3).toString('hex').toUpperCase()}`;

export async function requestWithdrawal(
  db: Db,
  rule: WithdrawalRule,
  userId: string,
  input: WithdrawalInput,
  now = new Date(),
  /** WeChat payouts to balance: the openid the transfer will pay (found before anything is reserved); no card. */
  payee: Payee | null = null,
): Promise<{ row: WithdrawalRow; created: boolean }> {
  const payoutTo: PayoutTarget = payee ? 'WECHAT_BALANCE' : 'BANK_CARD';
  // A payout to balance names no card: a card id sent anyway is not kept (nor compared on a retry).
  const cardId = payee ? null : (input.cardId ?? null);
  return db.transaction(async (tx) => {
    await lockPromoter(tx, userId);
    const [again] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestId, input.requestId)))
      .limit(1);
    if (again) {
      if (again.amount !== input.amount || again.cardId !== cardId) throw conflict(WITHDRAW_MESSAGES.requestReused);
      return { row: again, created: false };
    }
    const { context, identity } = await withdrawalState(tx, userId, payoutTo, now);
    const bad = withdrawalError(input.amount, rule, context);
    if (bad) throw badRequest(bad);
    const card = cardId ? await findCard(tx, userId, cardId) : null;
    // A card payout needs a card whatever the rule says; the rule decides only whether the page asks first.
    if (payoutTo === 'BANK_CARD' && !card) throw badRequest(WITHDRAW_MESSAGES.cardMissing);
    if (card && identity && card.holderName !== identity.realName) throw badRequest(WITHDRAW_MESSAGES.nameMismatch);
    const destination = card
      ? { bankName: card.bankName, cardMasked: maskCardNo(card.cardTail), holderName: card.holderName }
      : { bankName: WECHAT_BALANCE_NAME, cardMasked: '', holderName: identity?.realName ?? '' };
    const fee = withdrawalFee(input.amount, rule);
    const withdrawalNo = newWithdrawalNo(now);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        withdrawalNo,
        userId,
        requestId: input.requestId,
        amount: input.amount,
        fee,
        actualAmount: input.amount - fee,
        cardId,
        cardSnapshot: destination,
        status: 'REVIEWING',
        payee,
        createdAt: now,
      })
      .returning();
    await book(tx, {
      promoterUserId: userId,
      bucket: 'AVAILABLE',
      kind: 'WITHDRAWAL',
      ref: withdrawalNo,
      amount: -input.amount,
      title: card ? `提现至${card.bankName}(${card.cardTail})` : `提现至${WECHAT_BALANCE_NAME}`,
      createdAt: now,
    });
    return { row, created: true };
  });
}

async function lockWithdrawal(tx: Tx, withdrawalNo: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, withdrawalNo)).for('update');
  return row ?? null;
}

async function owner(db: Executor, withdrawalNo: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(eq(withdrawals.withdrawalNo, withdrawalNo))
    .limit(1);
  return row?.userId ?? null;
}

/** Books a withdrawal's amount back, once (the unique ledger event), and marks it finished. */
async function giveBack(
  tx: Tx,
  w: WithdrawalRow,
  status: 'FAILED' | 'REJECTED',
  reason: string,
  now: Date,
): Promise<void> {
  const set =
    status === 'REJECTED'
      ? { status, reason, reviewedAt: now }
      : { status, reason, finishedAt: now, confirmPackage: null };
  await tx.update(withdrawals).set(set).where(eq(withdrawals.withdrawalNo, w.withdrawalNo));
  await noteWithdrawal(tx, w, status, now, reason);
  await book(tx, {
    promoterUserId: w.userId,
    bucket: 'AVAILABLE',
    kind: 'WITHDRAWAL_RETURN',
    ref: w.withdrawalNo,
    amount: w.amount,
    title: `提现退回（${reason}）`,
    createdAt: now,
  });
}

export async function rejectWithdrawal(
  db: Db,
  withdrawalNo: string,
  reason: string,
  now = new Date(),
): Promise<WithdrawalRow> {
  const userId = await owner(db, withdrawalNo);
  if (!userId) throw notFound(WITHDRAW_MESSAGES.missing);
  return db.transaction(async (tx) => {
    await lockPromoter(tx, userId);
    const w = await lockWithdrawal(tx, withdrawalNo);
    if (!w) throw notFound(WITHDRAW_MESSAGES.missing);
    if (w.status !== 'REVIEWING') throw conflict(WITHDRAW_MESSAGES.notReviewing);
    await giveBack(tx, w, 'REJECTED', reason, now);
    return { ...w, status: 'REJECTED' as const, reason, reviewedAt: now };
  });
}

/** Approves a reviewing withdrawal and hands it to the payout provider, which answers later by notification. */
export async function approveWithdrawal(
  db: Db,
  deps: { vault: Vault; payout: PayoutProvider },
  withdrawalNo: string,
  now = new Date(),
): Promise<WithdrawalRow> {
  const approved = await db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, withdrawalNo);
    if (!w) throw notFound(WITHDRAW_MESSAGES.missing);
    if (w.status !== 'REVIEWING') throw conflict(WITHDRAW_MESSAGES.notReviewing);
    await tx
      .update(withdrawals)
      .set({ status: 'PAYING', reviewedAt: now })
      .where(eq(withdrawals.withdrawalNo, withdrawalNo));
    return { ...w, status: 'PAYING' as const, reviewedAt: now };
  });
  return submitPayout(db, deps, approved);
}

/** Hands a PAYING withdrawal over; a lost answer leaves it PAYING, a refusal books the amount back. */
async function submitPayout(
  db: Db,
  deps: { vault: Vault; payout: PayoutProvider },
  paying: WithdrawalRow,
): Promise<WithdrawalRow> {
  try {
    return await handOver(db, deps, paying);
  } catch (err) {
    // The answer was lost: the channel may hold the payout, so it stays PAYING until a notification or a query.
    if (err instanceof PayoutOutcomeUnknown) return paying;
    // The channel refused it outright: nothing was paid, so the money goes back now.
    const reason = err instanceof PayoutRefused ? err.message : '打款渠道暂不可用';
    await db.transaction(async (tx) => {
      await lockPromoter(tx, paying.userId);
      const w = await lockWithdrawal(tx, paying.withdrawalNo);
      if (w && w.status === 'PAYING') await giveBack(tx, w, 'FAILED', reason, new Date());
    });
    const [w] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, paying.withdrawalNo));
    return w;
  }
}

/** Submits a PAYING withdrawal to the payout provider and applies what it answers (same number: same payout). */
async function handOver(
  db: Db,
  deps: { vault: Vault; payout: PayoutProvider },
  w: WithdrawalRow,
): Promise<WithdrawalRow> {
  const [card] = w.cardId ? await db.select().from(bankCards).where(eq(bankCards.cardId, w.cardId)) : [];
  const identity = w.payee ? await findIdentity(db, w.userId) : null;
  const answer = await deps.payout.submit({
    withdrawalNo: w.withdrawalNo,
    amount: w.actualAmount,
    card: card
      ? { cardNo: deps.vault.open(card.cardNoEnc), holderName: card.holderName, bankCode: card.bankCode }
      : null,
    payee: w.payee,
    realName: identity?.realName,
  });
  if ('ended' in answer) {
    await applyPayoutState(db, deps.payout, answer);
  } else if (answer.payoutRef) {
    await db
      .update(withdrawals)
      .set({ payoutRef: answer.payoutRef })
      .where(eq(withdrawals.withdrawalNo, w.withdrawalNo));
  }
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, w.withdrawalNo));
  return row;
}

/**
 * A provider's word on a payout that has not ended: its reference and the package the earner confirms
 * (WeChat's WAIT_USER_CONFIRM); an ended one is applied once, exactly like its notification.
 */
export async function applyPayoutState(
  db: Db,
  provider: PayoutProvider,
  state: PayoutState,
  now = new Date(),
): Promise<PayoutOutcome | null> {
  if (state.ended) return applyVerifiedPayout(db, provider, state, now);
  await db
    .update(withdrawals)
    .set({
      ...(state.payoutRef ? { payoutRef: state.payoutRef } : {}),
      // Kept while the earner has still to accept (a query does not repeat it); gone once they did.
      ...(state.confirmPackage || !state.waitsForEarner ? { confirmPackage: state.confirmPackage ?? null } : {}),
    })
    .where(and(eq(withdrawals.withdrawalNo, state.withdrawalNo), eq(withdrawals.status, 'PAYING')));
  return null;
}

/** The payout-check of the withdrawal detail: a PAYING payout handed over over a minute ago is asked about. */
export const PAYOUT_CHECK_AFTER_MS = 60_000;

export async function checkPayout(
  db: Db,
  deps: { vault: Vault; payout: PayoutProvider },
  w: WithdrawalRow,
  now = new Date(),
): Promise<WithdrawalRow> {
  const { payout } = deps;
  if (w.status !== 'PAYING' || !payout.query || !w.reviewedAt) return w;
  if (now.getTime() - w.reviewedAt.getTime() < PAYOUT_CHECK_AFTER_MS) return w;
  try {
    const state = await payout.query(w.withdrawalNo);
    // WeChat never took it (the hand-over was lost on the way): the same number is handed over again.
    if (state === 'NOT_FOUND') return await submitPayout(db, deps, w);
    // The query does not carry package_info: after a lost answer, asking for the same bill again gives it.
    if (!state.ended && state.waitsForEarner && !w.confirmPackage) return await submitPayout(db, deps, w);
    await applyPayoutState(db, payout, state, now);
  } catch {
    // The channel cannot say now; the detail shows what is known and asks again next time.
    return w;
  }
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, w.withdrawalNo));
  return row;
}

/**
 * Withdrawals approved but not yet answered when the server last stopped: handed to the provider again (a payout
 * channel takes the same withdrawal number once; the sandbox simply answers again). Only PAYING rows move, once.
 */
export async function resumePayouts(db: Db, deps: { vault: Vault; payout: PayoutProvider }): Promise<number> {
  const paying = await db.select().from(withdrawals).where(eq(withdrawals.status, 'PAYING'));
  for (const w of paying) await submitPayout(db, deps, w);
  return paying.length;
}

export type PayoutOutcome = 'APPLIED' | 'DUPLICATE' | 'IGNORED';

/** A payout provider's notification: verified, recorded once, then applied to a PAYING withdrawal. */
export async function applyPayoutNotification(
  db: Db,
  provider: PayoutProvider,
  raw: string,
  headers: NotificationHeaders,
  now = new Date(),
): Promise<PayoutOutcome> {
  return applyVerifiedPayout(db, provider, checkedCallback(provider.verifyNotification(raw, headers)), now);
}

/** A payout's end (a verified notification or the channel's query answer), recorded once, then applied. */
async function applyVerifiedPayout(
  db: Db,
  provider: PayoutProvider,
  note: VerifiedPayout,
  now: Date,
): Promise<PayoutOutcome> {
  const userId = await owner(db, note.withdrawalNo);
  if (!userId) throw notFound(WITHDRAW_MESSAGES.missing);
  return db.transaction(async (tx) => {
    await lockPromoter(tx, userId);
    const w = await lockWithdrawal(tx, note.withdrawalNo);
    if (!w) throw notFound(WITHDRAW_MESSAGES.missing);
    if (note.amount !== w.actualAmount) throw badRequest(WITHDRAW_MESSAGES.amountMismatch);
    const outcome: PayoutOutcome = w.status === 'PAYING' ? 'APPLIED' : 'IGNORED';
    const recorded = await tx
      .insert(payoutNotifications)
      .values({
        provider: provider.name,
        txnId: note.txnId,
        withdrawalNo: w.withdrawalNo,
        status: note.status,
        outcome,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payoutNotifications.id });
    if (!recorded.length) return 'DUPLICATE';
    if (outcome !== 'APPLIED') return outcome;
    if (note.status === 'SUCCESS') {
      await tx
        .update(withdrawals)
        .set({ status: 'SUCCESS', finishedAt: now, confirmPackage: null })
        .where(eq(withdrawals.withdrawalNo, w.withdrawalNo));
      await noteWithdrawal(tx, w, 'SUCCESS', now);
    } else {
      await giveBack(tx, w, 'FAILED', note.reason || '打款失败', now);
    }
    return 'APPLIED';
  });
}

export function withdrawalSummary(w: WithdrawalRow): WithdrawalSummary {
  return {
    withdrawalNo: w.withdrawalNo,
    amount: w.amount,
    fee: w.fee,
    actualAmount: w.actualAmount,
    status: w.status,
    statusText: w.status === 'PAYING' && w.confirmPackage ? WITHDRAWAL_CONFIRM_TEXT : WITHDRAWAL_STATE_TEXT[w.status],
    payoutTo: w.payee ? 'WECHAT_BALANCE' : 'BANK_CARD',
    bankName: w.cardSnapshot.bankName,
    cardMasked: w.cardSnapshot.cardMasked,
    createdAt: w.createdAt.toISOString(),
  };
}

/** The state timeline of the detail page: submitted, reviewed, paid (or where it stopped). */
export function timelineOf(w: WithdrawalRow): TimelineStep[] {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const steps: TimelineStep[] = [{ title: '提交申请', time: iso(w.createdAt), done: true, failed: false }];
  if (w.status === 'REVIEWING') steps.push({ title: '平台审核中', time: null, done: false, failed: false });
  else if (w.status === 'REJECTED')
    steps.push({
      title: `审核未通过，金额已退回${w.reason ? `（${w.reason}）` : ''}`,
      time: iso(w.reviewedAt),
      done: true,
      failed: true,
    });
  else steps.push({ title: '审核通过', time: iso(w.reviewedAt), done: true, failed: false });
  if (w.status === 'PAYING')
    steps.push({
      title: w.confirmPackage ? '待确认收款（请在微信中确认）' : w.payee ? '微信转账处理中' : '银行处理中',
      time: null,
      done: false,
      failed: false,
    });
  if (w.status === 'SUCCESS') steps.push({ title: '到账', time: iso(w.finishedAt), done: true, failed: false });
  if (w.status === 'FAILED')
    steps.push({
      title: `打款失败，金额已退回${w.reason ? `（${w.reason}）` : ''}`,
      time: iso(w.finishedAt),
      done: true,
      failed: true,
    });
  if (w.status === 'REVIEWING' || w.status === 'PAYING')
    steps.push({ title: '到账', time: null, done: false, failed: false });
  return steps;
}

/** mchId: the WeChat merchant the confirm call names (set when payouts go through WeChat). */
export function withdrawalDetail(w: WithdrawalRow, mchId?: string): WithdrawalDetail {
  return {
    ...withdrawalSummary(w),
    confirm:
      w.status === 'PAYING' && w.confirmPackage && w.payee && mchId
        ? { mchId, appId: w.payee.appId, package: w.confirmPackage, where: w.payee.platform }
        : null,
    holderName: maskRealName(w.cardSnapshot.holderName),
    reason: w.reason,
    reviewedAt: w.reviewedAt?.toISOString() ?? null,
    finishedAt: w.finishedAt?.toISOString() ?? null,
    timeline: timelineOf(w),
  };
}

export async function listWithdrawals(db: Db, userId: string, page: number, perSize: number) {
  const where = eq(withdrawals.userId, userId);
  const [{ n }] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt))
    .limit(perSize)
    .offset((page - 1) * perSize);
  return { list: rows.map(withdrawalSummary), total: n, page, perSize };
}

/** A withdrawal by its number (operator side: the route checked its project). */
export async function findWithdrawal(db: Db, withdrawalNo: string): Promise<WithdrawalRow> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, withdrawalNo)).limit(1);
  if (!row) throw new AppError(404, ERROR_CODES.NOT_FOUND, WITHDRAW_MESSAGES.missing);
  return row;
}

/** One of the user's own withdrawals; another user's number is "not found", never visible. */
export async function findOwnWithdrawal(db: Db, userId: string, withdrawalNo: string): Promise<WithdrawalRow> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.withdrawalNo, withdrawalNo), eq(withdrawals.userId, userId)))
    .limit(1);
  if (!row) throw new AppError(404, ERROR_CODES.NOT_FOUND, WITHDRAW_MESSAGES.missing);
  return row;
}

/** Operator view: newest first, optionally by state. */
export async function opsWithdrawals(
  db: Db,
  status: WithdrawalState | undefined,
  limit = 100,
  /** Only these projects' promoters (an operator's scope); undefined for every project. */
  projectSns?: readonly string[],
): Promise<WithdrawalRow[]> {
  const inScope = projectSns
    ? inArray(
        withdrawals.userId,
        db
          .select({ userId: promoters.userId })
          .from(promoters)
          .where(inArray(promoters.projectSn, [...projectSns, ''])),
      )
    : undefined;
  return db
    .select()
    .from(withdrawals)
    .where(and(status ? eq(withdrawals.status, status) : undefined, inScope))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

/** A withdrawal as the operator reviews it: the detail, the card holder, and the customer's masked phone. */
export async function opsWithdrawalView(db: Db, w: WithdrawalRow): Promise<OpsWithdrawal> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, w.userId)).limit(1);
  return {
    ...withdrawalDetail(w),
    holderName: w.cardSnapshot.holderName,
    userId: w.userId,
    phone: u?.phone ? maskPhone(u.phone) : null,
    payoutRef: w.payoutRef,
  };
}

/** The withdrawal rule with the promoter's position against it (today's use, the most they can take now). */
export async function withdrawalRuleView(
  db: Db,
  rule: WithdrawalRule,
  payoutTo: PayoutTarget,
  userId: string,
  now = new Date(),
): Promise<WithdrawalRuleInfo> {
  const ctx = await withdrawalContext(db, userId, payoutTo, now);
  return { rule, lines: ruleLines(rule, payoutTo), ...ctx, maxAmount: maxWithdrawable(rule, ctx) };
}

/**
 * A withdrawal request (idempotent by requestId). A new one of at most the auto-approval limit is approved at
 * once (handed to the payout provider); larger ones wait for an operator.
 */
export async function withdraw(
  db: Db,
  settings: {
    rule: WithdrawalRule;
    autoApproveMax: number;
    vault: Vault;
    payout: PayoutProvider;
    wechatPay: Config['wechatPay'];
  },
  userId: string,
  input: WithdrawalInput,
): Promise<WithdrawalDetail> {
  const { payout } = settings;
  // A transfer to WeChat balance pays an openid: without one nothing is reserved.
  const toBalance = payout.payoutTo === 'WECHAT_BALANCE';
  const payee = toBalance ? await payeeOf(db, settings.wechatPay, userId) : null;
  if (toBalance && !payee) throw badRequest(NO_PAYEE);
  const { row, created } = await requestWithdrawal(db, settings.rule, userId, input, new Date(), payee);
  if (created && row.amount <= settings.autoApproveMax)
    return withdrawalDetail(await approveWithdrawal(db, settings, row.withdrawalNo), payout.mchId);
  return withdrawalDetail(row, payout.mchId);
}
