/**
 * Paying an order (DESIGN.md §4): `startPayment` prepares the payment now due with a provider (or settles a
 * zero amount at once); `applyNotification` is the only way money reaches an order: a provider's verified
 * notification, handled once, in one transaction with the order and payment rows locked (order first, then
 * payment, the same order every other writer takes them in).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { PayParams } from '@contract/payment';
import { orderPayments } from '../order/schema';
import { paymentNotifications, payments, type PaymentStatus } from './schema';
import { badRequest, conflict } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { checkedCallback } from '../../runtime/input-guard';
import { expireUnpaidOrders } from '../order/expiry';
import {
  applyOrderEvent,
  cancelledByExpiry,
  findUserOrder,
  lockOrder,
  orderNotFound,
  orderPaymentRows,
  type OrderPaymentRow,
  type OrderRow,
  type Tx,
} from '../order/state-db';
import { kindOf, notPayableReason, PAYABLE_STATES, PAYMENT_KINDS, transition, type PaymentKind } from '../order/state';
import { courseNameOf, payableOf, paymentTitle } from '../order/view';
import type { PaymentProviders } from './providers';
import {
  PAY_TYPES,
  type NotificationHeaders,
  type PaymentProvider,
  type PaySource,
  type TradeType,
  type VerifiedNotification,
} from './providers/types';
import { checkRedirect } from '../../runtime/redirect';
import { notePaid } from '../notification/events';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * §3 installment pay types written on a paid order_payments row (providers/types.ts says which channel records which).
 */
export { PAY_TYPES };

export const MESSAGES = {
  alreadyPaid: '订单已支付',
  cancelled: '订单已取消',
  expired: '订单已过期',
  badRedirect: '跳转地址不正确',
  unknownPayment: '支付单不存在',
  amountMismatch: '支付金额不一致',
} as const;

/** 28 characters: fits WeChat's out_trade_no (6-32) and Baidu's tpOrderId; random enough to be a capability. */
export const newPaymentSn = (now = new Date()) => `P${now.getTime()}${randomBytes(7).toString('hex')}`;

const kindOfRow = (order: OrderRow, row: OrderPaymentRow): PaymentKind =>
  (PAYMENT_KINDS as readonly string[]).includes(row.kind)
    ? (row.kind as PaymentKind)
    : kindOf(order.orderPayType, row.seq);

/** Where a provider's or the e-sign page may send the browser back: runtime/redirect.ts. */
export { checkRedirect };

/** The 409 for an order that takes no payment now. */
async function notPayable(db: Db | Tx, order: OrderRow) {
  if (order.status === 'CANCELLED')
    return conflict((await cancelledByExpiry(db, order.orderNo)) ? MESSAGES.expired : MESSAGES.cancelled);
  return conflict(notPayableReason(order.status));
}

/**
 * Marks a locked order's payment `row` paid by `payment` and moves the order through the state machine.
 * The caller has checked that `row` is the payment now due.
 */
async function settle(
  tx: Tx,
  order: OrderRow,
  rows: OrderPaymentRow[],
  row: OrderPaymentRow,
  payment: PaymentRow,
  paid: { amount: number; payType: number | null; txnId: string | null; at: Date },
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'SUCCESS', txnId: paid.txnId, paidAt: paid.at, updatedAt: paid.at })
    .where(eq(payments.paymentSn, payment.paymentSn));
  await tx
    .update(orderPayments)
    .set({ status: 'PAID', payType: paid.payType, paidAmount: paid.amount, paidAt: paid.at })
    .where(and(eq(orderPayments.orderNo, order.orderNo), eq(orderPayments.seq, row.seq)));
  await applyOrderEvent(
    tx,
    order,
    { type: 'PAY', seq: row.seq, count: rows.length, kind: kindOfRow(order, row) },
    paid.at,
    {
      paymentSn: payment.paymentSn,
    },
  );
  await notePaid(tx, { paymentSn: payment.paymentSn, orderNo: order.orderNo, amount: paid.amount }, paid.at);
  // Other attempts at this payment (another tab, another trade type) can no longer be paid.
  await tx
    .update(payments)
    .set({ status: 'CLOSED', updatedAt: paid.at })
    .where(
      and(
        eq(payments.orderNo, order.orderNo),
        eq(payments.status, 'PENDING'),
        ne(payments.paymentSn, payment.paymentSn),
      ),
    );
}

export interface StartPaymentInput {
  userId: string;
  orderNo: string;
  paySource: PaySource;
  tradeType: TradeType;
  redirectUrl?: string;
  clientIp?: string;
  /** PUBLIC_BASE_URL: absolute redirect URLs must be on its origin. */
  publicBaseUrl?: string;
  /** The payer's openid in the paying WeChat app (JSAPI), once WeChat login provides it. */
  openid?: string;
  now?: Date;
}

const emptyParams = {
  mwebUrl: null,
  appId: null,
  timeStamp: null,
  nonceStr: null,
  package1: null,
  signType: null,
  againSign: null,
  orderInfo: null,
};

/**
 * The pay params for the payment now due on the user's order. Reuses a still-PENDING attempt for the same
 * payment and trade type (a second tap does not open a second payment); a zero amount is settled at once.
 */
export async function startPayment(db: Db, providers: PaymentProviders, input: StartPaymentInput): Promise<PayParams> {
  const now = input.now ?? new Date();
  const redirectUrl = checkRedirect(input.redirectUrl, input.publicBaseUrl);
  await findUserOrder(db, input.userId, input.orderNo);
  await expireUnpaidOrders(db, now, { orderNo: input.orderNo });

  const provider = providers.forTrade(input.tradeType);
  const prepared = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderNo);
    if (!order || order.userId !== input.userId) throw orderNotFound();
    if (!PAYABLE_STATES.includes(order.status)) throw await notPayable(tx, order);
    const rows = await orderPaymentRows(tx, order.orderNo);
    const due = rows.find((r) => r.status !== 'PAID');
    if (!due) throw conflict(MESSAGES.alreadyPaid);
    const amount = payableOf(due);

    /** A new PENDING attempt at the payment due, for `amount` through `providerName`. */
    const openAttempt = async (providerName: string, extra: { redirectUrl?: string | null } = {}) => {
      const [row] = await tx
        .insert(payments)
        .values({
          paymentSn: newPaymentSn(now),
          orderNo: order.orderNo,
          seq: due.seq,
          amount,
          provider: providerName,
          paySource: input.paySource,
          tradeType: input.tradeType,
          status: 'PENDING',
          ...extra,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row;
    };

    if (amount === 0) {
      const payment = await openAttempt('free');
      const payType = due.deductionAmount > 0 ? PAY_TYPES.DEDUCTION : null;
      await settle(tx, order, rows, due, payment, { amount: 0, payType, txnId: null, at: now });
      return { order, due, payment, created: false, free: true };
    }

    const [pending] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderNo, order.orderNo),
          eq(payments.seq, due.seq),
          eq(payments.status, 'PENDING'),
          eq(payments.tradeType, input.tradeType),
          eq(payments.provider, provider.name),
          eq(payments.amount, amount),
        ),
      )
      .limit(1);
    if (pending) {
      const [payment] = await tx
        .update(payments)
        .set({ redirectUrl: redirectUrl ?? pending.redirectUrl, paySource: input.paySource, updatedAt: now })
        .where(eq(payments.paymentSn, pending.paymentSn))
        .returning();
      return { order, due, payment, created: false, free: false };
    }
    // A new attempt replaces the open ones (another trade type, an older amount).
    await tx
      .update(payments)
      .set({ status: 'CLOSED', updatedAt: now })
      .where(and(eq(payments.orderNo, order.orderNo), eq(payments.status, 'PENDING')));
    const payment = await openAttempt(provider.name, { redirectUrl: redirectUrl ?? null });
    return { order, due, payment, created: true, free: false };
  });

  const { order, due, payment } = prepared;
  const base = { ...emptyParams, orderNo: order.orderNo, paymentSn: payment.paymentSn, payAmount: payment.amount };
  if (prepared.free) return base;
  try {
    const fields = await provider.prepare(
      { paymentSn: payment.paymentSn, orderNo: order.orderNo, seq: payment.seq, amount: payment.amount },
      {
        paySource: input.paySource,
        tradeType: input.tradeType,
        redirectUrl: payment.redirectUrl ?? undefined,
        description: paymentTitle(order, due, await courseNameOf(db, order)),
        clientIp: input.clientIp,
        openid: input.openid,
        expiresAt: order.expiresAt ?? undefined,
      },
    );
    return { ...base, ...fields };
  } catch (err) {
    // The provider refused (not configured, not available on this target): the attempt never opened.
    if (prepared.created) {
      await db
        .update(payments)
        .set({ status: 'CLOSED', updatedAt: new Date() })
        .where(and(eq(payments.paymentSn, payment.paymentSn), eq(payments.status, 'PENDING')));
    }
    throw err;
  }
}

export type NotificationOutcome = 'APPLIED' | 'DUPLICATE' | 'REFUND_PENDING' | 'IGNORED';

export interface NotificationResult {
  outcome: NotificationOutcome;
  paymentSn: string;
  orderNo: string;
  orderStatus: string;
}

/**
 * Handles a provider's notification: verified (bad signature: 400, nothing changes), the amount checked
 * (mismatch: 400, nothing changes), then once only: a payment already settled answers success unchanged, and the
 * unique (provider, txnId) refuses the same notification twice even across processes. Money for an order that can
 * no longer take it (cancelled meanwhile, or that payment already paid by another attempt) is kept as
 * REFUND_PENDING rather than refused, so the provider stops resending and the refund can be made by hand.
 */
export async function applyNotification(
  db: Db,
  provider: PaymentProvider,
  rawBody: string,
  headers: NotificationHeaders,
  now: Date = new Date(),
): Promise<NotificationResult> {
  return applyVerified(db, provider, checkedCallback(provider.verifyNotification(rawBody, headers)), rawBody, now);
}

/** A verified notification (or a verified query answer), applied once as described above. */
async function applyVerified(
  db: Db,
  provider: PaymentProvider,
  note: VerifiedNotification,
  rawBody: string,
  now: Date,
): Promise<NotificationResult> {
  const [known] = await db
    .select({ orderNo: payments.orderNo, provider: payments.provider })
    .from(payments)
    .where(eq(payments.paymentSn, note.paymentSn))
    .limit(1);
  if (!known || known.provider !== provider.name) throw badRequest(MESSAGES.unknownPayment);

  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, known.orderNo);
    const [payment] = await tx.select().from(payments).where(eq(payments.paymentSn, note.paymentSn)).for('update');
    if (!order || !payment) throw badRequest(MESSAGES.unknownPayment);
    const result = (outcome: NotificationOutcome): NotificationResult => ({
      outcome,
      paymentSn: payment.paymentSn,
      orderNo: order.orderNo,
      orderStatus: order.status,
    });
    if (note.amount !== payment.amount) throw badRequest(MESSAGES.amountMismatch);
    if (payment.status === 'SUCCESS' || payment.status === 'REFUND_PENDING') return result('DUPLICATE');
    // A failed payment changes nothing: the payment stays open and the customer may try again.
    if (note.status !== 'SUCCESS') return result('IGNORED');

    const rows = await orderPaymentRows(tx, order.orderNo);
    const due = rows.find((r) => r.status !== 'PAID');
    const row = rows.find((r) => r.seq === payment.seq);
    const takes =
      row !== undefined &&
      due?.seq === row.seq &&
      transition(order.status, { type: 'PAY', seq: row.seq, count: rows.length, kind: kindOfRow(order, row) }).ok;
    const outcome: NotificationOutcome = takes ? 'APPLIED' : 'REFUND_PENDING';

    const recorded = await tx
      .insert(paymentNotifications)
      .values({
        provider: provider.name,
        txnId: note.txnId,
        paymentSn: payment.paymentSn,
        amount: note.amount,
        outcome,
        rawBody,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (recorded.length === 0) return result('DUPLICATE');

    if (takes && row) {
      await settle(tx, order, rows, row, payment, {
        amount: note.amount,
        payType: note.payType,
        txnId: note.txnId,
        at: now,
      });
    } else {
      const status: PaymentStatus = 'REFUND_PENDING';
      await tx
        .update(payments)
        .set({ status, txnId: note.txnId, paidAt: now, updatedAt: now })
        .where(eq(payments.paymentSn, payment.paymentSn));
    }
    return result(outcome);
  });
}

export async function findPayment(db: Db, paymentSn: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.paymentSn, paymentSn)).limit(1);
  return row ?? null;
}

/** The sandbox cashier's 取消支付: the attempt is closed (the order stays as it is, payable again). */
export async function closePayment(db: Db, paymentSn: string, now: Date = new Date()): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'CLOSED', updatedAt: now })
    .where(and(eq(payments.paymentSn, paymentSn), eq(payments.status, 'PENDING')));
}

/** Open attempts of an order at providers that can be asked about them (WeChat Pay), newest first. */
async function openAtProvider(db: Db, providers: PaymentProviders, orderNo: string, status: PaymentStatus) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderNo, orderNo), eq(payments.status, status)))
    .orderBy(desc(payments.createdAt));
  return rows.flatMap((row) => {
    const provider = providers.byName(row.provider);
    return provider ? [{ row, provider }] : [];
  });
}

/**
 * The pay-check (order detail asked again on return from the provider): a payment still PENDING is asked about
 * at its provider, and a paid answer is applied exactly as its notification would be (once; the notification,
 * when it comes, is then a duplicate). A provider that cannot be reached changes nothing: the notification
 * still settles the order later.
 */
export async function syncPendingPayments(
  db: Db,
  providers: PaymentProviders,
  orderNo: string,
  log?: { warn(obj: unknown, msg: string): void },
  now: Date = new Date(),
): Promise<void> {
  for (const { row, provider } of await openAtProvider(db, providers, orderNo, 'PENDING')) {
    if (!provider.query) continue;
    try {
      const paid = await provider.query(row.paymentSn);
      if (paid && paid.paymentSn === row.paymentSn)
        await applyVerified(db, provider, paid, JSON.stringify({ source: 'query', ...paid }), now);
    } catch (err) {
      log?.warn({ err, paymentSn: row.paymentSn }, 'payment query failed');
    }
  }
}

/**
 * After a cancel, the attempts just closed here are closed at their provider too, so the customer cannot pay
 * them from an old WeChat page. (Expiry needs no call: WeChat orders carry time_expire, the order's deadline.)
 */
export async function closeAtProviders(
  db: Db,
  providers: PaymentProviders,
  paymentSns: readonly string[],
  log?: { warn(obj: unknown, msg: string): void },
): Promise<void> {
  if (paymentSns.length === 0) return;
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.paymentSn, [...paymentSns]));
  for (const row of rows) {
    const provider = providers.byName(row.provider);
    if (!provider?.close || row.status !== 'CLOSED') continue;
    try {
      await provider.close(row.paymentSn);
    } catch (err) {
      log?.warn({ err, paymentSn: row.paymentSn }, 'closing the payment at the provider failed');
    }
  }
}

/** The open attempts of an order (read before a cancel, closed at their providers after it). */
export async function pendingPaymentSns(db: Db, orderNo: string): Promise<string[]> {
  const rows = await db
    .select({ paymentSn: payments.paymentSn })
    .from(payments)
    .where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'PENDING')));
  return rows.map((r) => r.paymentSn);
}
