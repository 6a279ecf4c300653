/**
 * The one call each money path makes: the event recorded in the caller's transaction (so it exists exactly when
 * the money change does), under a savepoint, so that a notice that cannot be recorded never fails or rolls back
 * the payment, refund, shipment or withdrawal that raised it. Sending happens after commit, in the sweep
 * (sweep.ts), which a recorded event wakes.
 */
import { eq } from 'drizzle-orm';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import type { Db } from '../../runtime/database/plugin';
import { activities } from '../activity/schema';
import { orders } from '../order/schema';
import { users } from '../user/schema';
import type { NoticeKind } from './kinds';
import { notificationEvents } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export interface NoticeEvent {
  key: string;
  kind: NoticeKind;
  projectSn: string;
  userId: string;
  params: Record<string, string>;
}

const wakers = new Set<() => void>();

/** The sweep listens here, so a recorded event is sent within moments rather than at the next period. */
export function onNoticeRecorded(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Records the event `build` describes (once per key); never throws. Everything it reads and writes runs under a
 * savepoint: in PostgreSQL a failed statement aborts its transaction, so nothing here may fail outside one.
 */
export async function recordNotice(
  tx: Executor,
  key: string,
  build: (sp: Executor) => Promise<Omit<NoticeEvent, 'key'> | null>,
): Promise<boolean> {
  try {
    const recorded = await tx.transaction(async (sp) => {
      const event = await build(sp);
      if (!event) return false;
      const rows = await sp
        .insert(notificationEvents)
        .values({ eventKey: key, ...event })
        .onConflictDoNothing()
        .returning({ key: notificationEvents.eventKey });
      return rows.length > 0;
    });
    if (recorded) for (const wake of wakers) wake();
    return recorded;
  } catch (err) {
    // The money change goes on without its notice; the log says which one.
    console.error(`[notification] event ${key} not recorded:`, err instanceof Error ? err.message : err);
    return false;
  }
}

const time = (at: Date) => formatChinaTime(at, 'YYYY-MM-DD HH:mm');

/** An order's notice: its owner, project and item name read with it. */
function orderNotice(tx: Executor, key: string, kind: NoticeKind, orderNo: string, params: Record<string, string>) {
  return recordNotice(tx, key, async (sp) => {
    const [row] = await sp
      .select({ userId: orders.userId, projectSn: orders.projectSn, title: activities.actName })
      .from(orders)
      .innerJoin(activities, eq(activities.actSn, orders.actSn))
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    if (!row) return null;
    return { kind, projectSn: row.projectSn, userId: row.userId, params: { orderNo, title: row.title, ...params } };
  });
}

/** payment/service.ts settle: a payment applied to its order. */
export const notePaid = (tx: Executor, p: { paymentSn: string; orderNo: string; amount: number }, at: Date) =>
  orderNotice(tx, `paid:${p.paymentSn}`, 'paid', p.orderNo, { amount: formatMoney(p.amount), time: time(at) });

/** after-sales moveApplication: the refund of an application settled (or failed); other moves are not news. */
export const noteRefundResult = (
  tx: Executor,
  app: { applicationNo: string; orderNo: string; amount: number },
  event: string,
  at: Date,
  extra: { message?: string; set?: { refundedAmount?: number | null } } = {},
) =>
  event === 'REFUND_SETTLED' || event === 'REFUND_FAILED'
    ? orderNotice(tx, `refund:${app.applicationNo}:${event}:${at.getTime()}`, 'refundResult', app.orderNo, {
        amount: formatMoney(event === 'REFUND_SETTLED' ? (extra.set?.refundedAmount ?? app.amount) : app.amount),
        result: event === 'REFUND_SETTLED' ? '退款成功' : '退款失败',
        reason: event === 'REFUND_SETTLED' ? '' : (extra.message ?? '退款失败'),
        time: time(at),
      })
    : Promise.resolve(false);

/** shipping/service.ts shipOrder: a goods order's first shipment (a corrected number is not news). */
export const noteShipped = (tx: Executor, orderNo: string, p: { carrierName: string; trackingNo: string }, at: Date) =>
  orderNotice(tx, `shipped:${orderNo}`, 'shipped', orderNo, {
    carrier: p.carrierName,
    trackingNo: p.trackingNo,
    time: time(at),
  });

/** earnings/withdrawals.ts: a withdrawal paid out, failed or refused. */
export const noteWithdrawal = (
  tx: Executor,
  w: { withdrawalNo: string; userId: string; actualAmount: number; amount: number },
  status: 'SUCCESS' | 'FAILED' | 'REJECTED',
  at: Date,
  reason = '',
) =>
  recordNotice(tx, `withdrawal:${w.withdrawalNo}:${status}`, async (sp) => {
    const [user] = await sp.select({ projectSn: users.projectSn }).from(users).where(eq(users.userId, w.userId));
    if (!user) return null;
    return {
      kind: 'withdrawalResult',
      projectSn: user.projectSn,
      userId: w.userId,
      params: {
        withdrawalNo: w.withdrawalNo,
        amount: formatMoney(status === 'SUCCESS' ? w.actualAmount : w.amount),
        result: status === 'SUCCESS' ? '提现成功' : status === 'FAILED' ? '提现失败' : '审核未通过',
        reason,
        time: time(at),
      },
    };
  });
