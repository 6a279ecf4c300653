/**
 * Refunds: the merchant's refund of an application goes back through the provider of each original
 * payment. `startRefund` locks the order, the application and each payment (that order, as payment.ts), checks
 * that the payment's PENDING and SUCCESS refunds plus this one never exceed what it paid, writes the refund rows
 * and only then hands them to the provider. `applyRefundNotification` is the only way a refund settles: verified,
 * once (the unique (provider, notifyId) and the refund's own state), then the application becomes REFUNDED and
 * the order REFUND (everything paid came back: its coupon is handed back, README) or REFUND_PART, and the
 * earnings service hears the order's cumulative refunded total.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterSaleApplications, refundNotifications, refunds } from '../after-sales/schema';
import { orderPayments } from '../order/schema';
import { payments } from './schema';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { checkedCallback } from '../../runtime/input-guard';
import {
  AFTER_SALE_MESSAGES,
  lockApplication,
  moveApplication,
  type Allocation,
  type ApplicationRow,
} from '../after-sales/service';
import { releaseCoupon } from '../coupon/service';
import { onOrderRefunded } from '../earnings/service';
import { refundOrderPoints } from '../integral/service';
import { applyOrderEvent, lockOrder, type Tx } from '../order/state-db';
import { transition } from '../order/state';
import {
  RefundOutcomeUnknown,
  type RefundProvider,
  type RefundProviders,
  type VerifiedProviderRefund,
  type VerifiedRefund,
} from './providers/refund';
import type { NotificationHeaders } from './providers/types';

export const REFUND_MESSAGES = {
  exceeds: '退款金额超过该笔支付的可退金额',
  noPayment: '找不到可退款的支付记录',
  unknownRefund: '退款单不存在',
  amountMismatch: '退款金额不一致',
} as const;

/** How old a pending refund must be before the refund-check asks its channel about it. */
export const REFUND_CHECK_AFTER_MS = 60_000;

export const newRefundSn = (now = new Date()) => `R${now.getTime()}${randomBytes(6).toString('hex')}`;

/** Refunded (SUCCESS) and held (PENDING) on a payment, fen. */
async function refundedOnPayment(tx: Tx, paymentSn: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentSn, paymentSn), inArray(refunds.status, ['PENDING', 'SUCCESS'])));
  return Number(n);
}

/** What this application has already got back per payment seq (a retry after a failure refunds only the rest). */
async function settledBySeq(tx: Tx, applicationNo: string): Promise<Map<number, number>> {
  const rows = await tx
    .select({ seq: payments.seq, amount: refunds.amount })
    .from(refunds)
    .innerJoin(payments, eq(payments.paymentSn, refunds.paymentSn))
    .where(and(eq(refunds.applicationNo, applicationNo), eq(refunds.status, 'SUCCESS')));
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.seq, (out.get(r.seq) ?? 0) + r.amount);
  return out;
}

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Moves a locked application to REFUNDING and writes its refund rows (inside the caller's transaction, the
 * order and the application already locked). Returns the rows to hand to the providers after commit.
 */
export async function prepareRefund(tx: Tx, app: ApplicationRow, at: Date, message = ''): Promise<RefundRow[]> {
  await moveApplication(tx, app, 'REFUND', 'MERCHANT', at, { message });
  const got = await settledBySeq(tx, app.applicationNo);
  const out: RefundRow[] = [];
  for (const part of app.seqs as unknown as Allocation[]) {
    const amount = part.amount - (got.get(part.seq) ?? 0);
    if (amount <= 0) continue;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderNo, app.orderNo), eq(payments.seq, part.seq), eq(payments.status, 'SUCCESS')))
      .orderBy(asc(payments.paidAt))
      .limit(1)
      .for('update');
    if (!payment || payment.provider === 'free') throw conflict(REFUND_MESSAGES.noPayment);
    if ((await refundedOnPayment(tx, payment.paymentSn)) + amount > payment.amount)
      throw conflict(REFUND_MESSAGES.exceeds);
    const [row] = await tx
      .insert(refunds)
      .values({
        refundSn: newRefundSn(at),
        applicationNo: app.applicationNo,
        orderNo: app.orderNo,
        paymentSn: payment.paymentSn,
        amount,
        provider: payment.provider,
        createdAt: at,
      })
      .returning();
    out.push(row);
  }
  return out;
}

/** Hands prepared refunds to their providers; a refusal fails that refund (and the application returns to AGREED). */
export async function submitRefunds(
  db: Db,
  providers: RefundProviders,
  rows: RefundRow[],
  reason: string,
): Promise<string | null> {
  let failure: string | null = null;
  for (const row of rows) {
    const provider = providers.byName(row.provider);
    const [payment] = await db.select().from(payments).where(eq(payments.paymentSn, row.paymentSn)).limit(1);
    try {
      if (!provider) throw badRequest(`${row.provider} 渠道不支持退款`);
      const { providerRefundId } = await provider.submit({
        refundSn: row.refundSn,
        paymentSn: row.paymentSn,
        txnId: payment?.txnId ?? null,
        amount: row.amount,
        paymentAmount: payment?.amount ?? row.amount,
        reason,
      });
      await db.update(refunds).set({ providerRefundId }).where(eq(refunds.refundSn, row.refundSn));
    } catch (err) {
      // The channel may hold it: it stays PENDING (退款中) until its notification or the refund-check settles it.
      if (err instanceof RefundOutcomeUnknown) continue;
      failure = err instanceof Error ? err.message : '退款提交失败';
      await settleRefund(db, row.refundSn, { status: 'FAIL', reason: failure }, new Date());
    }
  }
  return failure;
}

/** The merchant refunds an AGREED or RECEIVED application now. */
export async function startRefund(
  db: Db,
  providers: RefundProviders,
  applicationNo: string,
  now = new Date(),
): Promise<void> {
  const [own] = await db
    .select()
    .from(afterSaleApplications)
    .where(eq(afterSaleApplications.applicationNo, applicationNo))
    .limit(1);
  if (!own) throw notFound(AFTER_SALE_MESSAGES.notFound);
  const rows = await db.transaction(async (tx) => {
    await lockOrder(tx, own.orderNo);
    const app = await lockApplication(tx, applicationNo);
    if (!app) throw notFound(AFTER_SALE_MESSAGES.notFound);
    return prepareRefund(tx, app, now);
  });
  const failure = await submitRefunds(db, providers, rows, own.reason);
  if (failure) throw badRequest(failure);
}

/**
 * A refund's result: the refund row, then (when none of the application's refunds is pending any more) the
 * application and the order. Returns the order's refunded total when the order moved (for earnings).
 */
async function settleRefund(
  db: Db,
  refundSn: string,
  result: { status: 'SUCCESS' | 'FAIL'; reason?: string },
  at: Date,
  record?: (tx: Tx) => Promise<boolean>,
) {
  const [known] = await db.select().from(refunds).where(eq(refunds.refundSn, refundSn)).limit(1);
  if (!known) throw badRequest(REFUND_MESSAGES.unknownRefund);
  const moved = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, known.orderNo);
    const app = await lockApplication(tx, known.applicationNo);
    const [refund] = await tx.select().from(refunds).where(eq(refunds.refundSn, refundSn)).for('update');
    if (!order || !app || !refund) throw badRequest(REFUND_MESSAGES.unknownRefund);
    if (refund.status !== 'PENDING') return null;
    if (record && !(await record(tx))) return null;
    await tx
      .update(refunds)
      .set({
        status: result.status === 'SUCCESS' ? 'SUCCESS' : 'FAILED',
        failReason: result.reason ?? null,
        settledAt: at,
      })
      .where(eq(refunds.refundSn, refundSn));
    const all = await tx.select().from(refunds).where(eq(refunds.applicationNo, app.applicationNo));
    if (all.some((r) => r.status === 'PENDING')) return null;
    const settled = all.filter((r) => r.status === 'SUCCESS').reduce((s, r) => s + r.amount, 0);
    if (settled < app.amount) {
      await moveApplication(tx, app, 'REFUND_FAILED', 'PROVIDER', at, {
        message: result.reason ?? '退款失败',
        set: { refundedAmount: settled },
      });
      return null;
    }
    await moveApplication(tx, app, 'REFUND_SETTLED', 'PROVIDER', at, {
      message: `¥${(settled / 100).toFixed(2)} 已原路退回`,
      set: { refundedAmount: settled },
    });
    // The order: everything it paid came back -> REFUND (its coupon goes back to the customer), else REFUND_PART.
    const [{ paid }] = await tx
      .select({ paid: sql<number>`coalesce(sum(${orderPayments.paidAmount}), 0)::int` })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderNo, order.orderNo), eq(orderPayments.status, 'PAID')));
    const [{ back }] = await tx
      .select({ back: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderNo, order.orderNo), eq(refunds.status, 'SUCCESS')));
    const event =
      Number(back) >= Number(paid) ? ({ type: 'REFUND_FULL' } as const) : ({ type: 'REFUND_PART' } as const);
    if (transition(order.status, event).ok) {
      await applyOrderEvent(tx, order, event, at);
      if (event.type === 'REFUND_FULL') {
        await releaseCoupon(tx, order.orderNo, order.userId);
        // A points order's carrier points go back with the money (once: refundOrderPoints marks refundedAt).
        await refundOrderPoints(tx, order.orderNo, at);
      }
    }
    return { orderNo: order.orderNo, refundedTotal: Number(back) };
  });
  return moved;
}

export type RefundNotificationOutcome = 'APPLIED' | 'DUPLICATE';

/**
 * The refund a provider names by its own ids (Baidu's audit and result callbacks): by the refund id it gave us,
 * else the one refund of that payment still waiting for that id (a callback can overtake the answer that
 * carried it). 'UNSURE' (the caller asks to be asked again) when that is not one refund for certain: several
 * waiting, or one waiting beside a failed one that never got an id (whose lost hand-over may be what Baidu asks
 * about; once the waiting one has its id, that batch is known and the other one is refused).
 */
export async function findProviderRefund(
  db: Db,
  provider: string,
  ids: { providerRefundId: string; paymentSn?: string },
): Promise<RefundRow | null | 'UNSURE'> {
  const [byId] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, ids.providerRefundId)))
    .limit(1);
  if (byId) return byId;
  if (!ids.paymentSn) return null;
  const noId = (
    await db
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.provider, provider),
          eq(refunds.paymentSn, ids.paymentSn),
          inArray(refunds.status, ['PENDING', 'FAILED']),
        ),
      )
  ).filter((r) => r.providerRefundId === null);
  const waiting = noId.filter((r) => r.status === 'PENDING');
  if (waiting.length === 0) return null;
  return waiting.length === 1 && noId.length === 1 ? waiting[0] : 'UNSURE';
}

/** POST /refund/notify/<provider>: verified, amount checked, applied once. */
export async function applyRefundNotification(
  db: Db,
  providers: RefundProviders,
  providerName: string,
  rawBody: string,
  headers: NotificationHeaders,
  log?: { error: (obj: unknown, msg: string) => void },
  now = new Date(),
): Promise<RefundNotificationOutcome> {
  const provider = providers.byName(providerName);
  if (!provider) throw badRequest('未知的退款渠道');
  return applyVerifiedRefund(
    db,
    provider,
    checkedCallback(provider.verifyNotification(rawBody, headers)),
    rawBody,
    log,
    now,
  );
}

/** A verified refund result (a notification, or a query's answer), applied once as above. */
async function applyVerifiedRefund(
  db: Db,
  provider: RefundProvider,
  note: VerifiedRefund | VerifiedProviderRefund,
  rawBody: string,
  log?: { error: (obj: unknown, msg: string) => void },
  now = new Date(),
): Promise<RefundNotificationOutcome> {
  let refund: RefundRow | undefined;
  if ('refundSn' in note) {
    [refund] = await db.select().from(refunds).where(eq(refunds.refundSn, note.refundSn)).limit(1);
  } else {
    const found = await findProviderRefund(db, provider.name, note);
    refund = found && found !== 'UNSURE' ? found : undefined;
  }
  if (!refund || refund.provider !== provider.name) throw badRequest(REFUND_MESSAGES.unknownRefund);
  if ('amount' in note && note.amount !== undefined && note.amount !== refund.amount)
    throw badRequest(REFUND_MESSAGES.amountMismatch);
  let recorded = false;
  const moved = await settleRefund(
    db,
    refund.refundSn,
    { status: note.status, reason: note.reason },
    now,
    async (tx) => {
      const rows = await tx
        .insert(refundNotifications)
        .values({
          provider: provider.name,
          notifyId: note.notifyId,
          refundSn: refund.refundSn,
          rawBody,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: refundNotifications.id });
      recorded = rows.length > 0;
      return recorded;
    },
  );
  if (moved) {
    // Commission: the earnings service takes the cumulative total, so a repeat changes nothing.
    try {
      await onOrderRefunded(db, moved.orderNo, moved.refundedTotal, now);
    } catch (err) {
      log?.error(
        { err, orderNo: moved.orderNo },
        'commission refund could not be applied; report it with POST /ops/earnings/orders/<orderNo>/refunded',
      );
    }
  }
  return recorded ? 'APPLIED' : 'DUPLICATE';
}

/**
 * The refund-check (the customer's after-sales detail asked again): a refund of the customer's application still
 * PENDING is asked about at its provider (WeChat Pay's refund query), and an ended answer is applied exactly as its
 * notification would be (once; the notification, when it comes, is then a duplicate). A provider that cannot be
 * reached changes nothing: its notification still settles the refund later.
 */
export async function syncPendingRefunds(
  db: Db,
  providers: RefundProviders,
  owner: { userId: string; applicationNo: string },
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
  now = new Date(),
): Promise<void> {
  const rows = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(afterSaleApplications, eq(afterSaleApplications.applicationNo, refunds.applicationNo))
    .where(
      and(
        eq(refunds.applicationNo, owner.applicationNo),
        eq(afterSaleApplications.userId, owner.userId),
        eq(refunds.status, 'PENDING'),
      ),
    );
  for (const { refund } of rows) {
    const provider = providers.byName(refund.provider);
    // A refund handed over just now may not have reached the channel yet: "no such refund" would be premature.
    if (!provider?.query || now.getTime() - refund.createdAt.getTime() < REFUND_CHECK_AFTER_MS) continue;
    try {
      const note = await provider.query(refund.refundSn);
      if (note && note.refundSn === refund.refundSn)
        await applyVerifiedRefund(db, provider, note, JSON.stringify({ source: 'query', ...note }), log, now);
    } catch (err) {
      log?.warn({ err, refundSn: refund.refundSn }, 'refund query failed');
    }
  }
}
