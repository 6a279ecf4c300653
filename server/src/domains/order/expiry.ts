/**
 * Expiry of unpaid orders: an UNPAID order whose expiresAt has passed becomes CANCELLED (EXPIRE) and its coupon
 * goes back to the customer. Idempotent: each order is re-read under its row lock, so a sweep on another
 * process, or a lazy check racing it, changes the order once. main.ts sweeps every minute; list, detail and
 * payment/continue run it for the orders they are about to show first.
 */
import { and, asc, eq, lte, type SQL } from 'drizzle-orm';
import { orders } from './schema';
import { AppError } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { endUnpaidOrder, lockOrder } from './state-db';
import { autoReceive } from '../shipping/service';

export interface ExpiryScope {
  userId?: string;
  orderNo?: string;
  /** Most orders one call handles (the sweep runs again a minute later). */
  limit?: number;
}

/** Expires the due UNPAID orders (within `scope`); returns the order numbers it cancelled. */
export async function expireUnpaidOrders(db: Db, now: Date = new Date(), scope: ExpiryScope = {}): Promise<string[]> {
  const where: SQL[] = [eq(orders.status, 'UNPAID'), lte(orders.expiresAt, now)];
  if (scope.userId) where.push(eq(orders.userId, scope.userId));
  if (scope.orderNo) where.push(eq(orders.orderNo, scope.orderNo));
  const due = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.expiresAt))
    .limit(scope.limit ?? 200);

  const expired: string[] = [];
  for (const { orderNo } of due) {
    try {
      const done = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderNo);
        // Paid, cancelled or given more time since the select: nothing to do.
        if (!order || order.status !== 'UNPAID' || !order.expiresAt || order.expiresAt > now) return false;
        await endUnpaidOrder(tx, order, 'EXPIRE', now);
        return true;
      });
      if (done) expired.push(orderNo);
    } catch (err) {
      // The machine refused (a payment row is already paid): leave this order alone, expire the others.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return expired;
}

/**
 * Runs the sweep (unpaid orders expire, shipped parcels count as received after their time) every `everyMs` without
 * keeping the process alive; returns a stop function.
 */
export function startExpirySweep(
  db: Db,
  log: { error(obj: unknown, msg: string): void },
  everyMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    Promise.all([expireUnpaidOrders(db), autoReceive(db)])
      .catch((err) => log.error({ err }, 'order sweep (expiry, auto-receipt) failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
