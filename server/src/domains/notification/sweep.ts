/**
 * The notification sweep, started by main.ts beside the order sweep: every NOTIFY_SWEEP_SECONDS (and moments after
 * an event is recorded) it dispatches new events and sends what is due (dispatch.ts); from 09:00 China time it
 * records tomorrow's instalment and final-payment reminders, once per payment and due date (the event key), however
 * many processes run it. Never keeps the process alive; returns a stop function.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { chinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import type { Db } from '../../runtime/database/plugin';
import { orderPayments, orders } from '../order/schema';
import { activities } from '../activity/schema';
import { dispatchEvents, sendDue, type DispatchDeps } from './dispatch';
import { onNoticeRecorded, recordNotice } from './events';

/** Reminders go out from this China hour on the day before the due date, not at midnight. */
export const REMINDER_HOUR = 9;

/** Records a reminder for each unpaid instalment / final payment due tomorrow (China time). Returns how many. */
export async function recordDueReminders(db: Db, now = new Date()): Promise<number> {
  const today = chinaTime(now);
  if (!today || today.hour() < REMINDER_HOUR) return 0;
  const tomorrow = today.add(1, 'day').startOf('day');
  const due = await db
    .select({
      orderNo: orderPayments.orderNo,
      seq: orderPayments.seq,
      amount: orderPayments.amount,
      deduction: orderPayments.deductionAmount,
      dueTime: orderPayments.dueTime,
      userId: orders.userId,
      projectSn: orders.projectSn,
      title: activities.actName,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.orderNo, orderPayments.orderNo))
    .innerJoin(activities, eq(activities.actSn, orders.actSn))
    .where(
      and(
        eq(orderPayments.status, 'UNPAID'),
        inArray(orderPayments.kind, ['INSTALLMENT', 'FINAL']),
        inArray(orders.status, ['UNPAID_BALANCE', 'UNPAID_INSTALLMENTS']),
        gte(orderPayments.dueTime, tomorrow.toDate()),
        lt(orderPayments.dueTime, tomorrow.add(1, 'day').toDate()),
      ),
    );
  let recorded = 0;
  const dueDate = tomorrow.format('YYYY-MM-DD');
  for (const p of due) {
    const done = await recordNotice(db, `due:${p.orderNo}:${p.seq}:${dueDate}`, async () => ({
      kind: 'instalmentDue',
      projectSn: p.projectSn,
      userId: p.userId,
      params: {
        orderNo: p.orderNo,
        title: p.title,
        amount: formatMoney(Math.max(p.amount - p.deduction, 0)),
        dueDate,
      },
    }));
    if (done) recorded++;
  }
  return recorded;
}

/** One pass: reminders, dispatch, send. */
export async function notificationPass(db: Db, deps: DispatchDeps, now = new Date()): Promise<void> {
  await recordDueReminders(db, now);
  while ((await dispatchEvents(db, deps, now)) > 0) {
    // more than one batch waiting: dispatch them all before sending
  }
  await sendDue(db, deps, now);
}

export function startNotificationSweep(db: Db, deps: DispatchDeps, everyMs: number): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    notificationPass(db, deps)
      .catch((err) => deps.log.error({ err }, 'notification sweep failed'))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const soon: NodeJS.Timeout[] = [];
  // A recorded event is usually committed within moments; a second look catches a slower commit.
  const stopListening = onNoticeRecorded(() => {
    for (const ms of [300, 2000]) {
      const t = setTimeout(run, ms);
      t.unref();
      soon.push(t);
    }
    while (soon.length > 20) clearTimeout(soon.shift());
  });
  return () => {
    clearInterval(timer);
    stopListening();
    for (const t of soon) clearTimeout(t);
  };
}
