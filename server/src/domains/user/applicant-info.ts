/**
 * §7 user-info/list: the applicant details (用户信息) the customer entered on their orders, newest value per field.
 * Submission keeps them in the order's snapshot as { label, keyName, value } rows (domains/order/submit.ts).
 */
import { desc, eq } from 'drizzle-orm';
import type { UserInfoEntry } from '@contract/user-info';
import { orders } from '../order/schema';
import type { Executor } from '../order/state-db';

/** Enough recent orders to find every field a customer fills in; older ones only repeat or predate them. */
const RECENT_ORDERS = 20;

export async function userInfoList(db: Executor, userId: string): Promise<UserInfoEntry[]> {
  const rows = await db
    .select({ snapshot: orders.snapshot })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(RECENT_ORDERS);
  const seen = new Map<string, UserInfoEntry>();
  for (const { snapshot } of rows) {
    const applicant = Array.isArray(snapshot?.applicant) ? snapshot.applicant : [];
    for (const row of applicant as Array<Record<string, unknown>>) {
      const { keyName, label, value } = row ?? {};
      if (typeof keyName !== 'string' || typeof label !== 'string' || typeof value !== 'string' || !keyName || !value)
        continue;
      const key = `${keyName}\u0000${label}`;
      if (!seen.has(key)) seen.set(key, { keyName, label, value });
    }
  }
  return [...seen.values()];
}
