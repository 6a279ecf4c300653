/**
 * Points prices of the points items: every project's integral-01..06 cost their list figure in points;
 * the two unicom items also take ¥1 cash (a points order that goes through the cashier, and whose points come
 * back when it is cancelled or expires). The points store's own shelves (physical gifts with a cash part, member
 * benefits) cost their list figure in points too. Idempotent.
 */
import { inArray } from 'drizzle-orm';
import { activities } from '../../domains/activity/schema';
import { integralItems } from '../../domains/integral/schema';
import type { Db } from '../../runtime/database/plugin';
import { CATALOGUE, PROJECT_SHELVES } from './catalogue';

/** Cash part of the items that have one, fen. */
export const INTEGRAL_CASH: Readonly<Record<string, number>> = { 'integral-02': 100, 'integral-05': 100 };

export async function seedIntegral(db: Pick<Db, 'select' | 'insert'>, projectSns: readonly string[]): Promise<void> {
  const wanted = projectSns.flatMap((sn) => [
    ...CATALOGUE.integral.map((item) => ({
      actSn: `${sn}-${item.key}`,
      points: item.price,
      cashAmount: INTEGRAL_CASH[item.key] ?? 0,
    })),
    ...(PROJECT_SHELVES[sn] ?? [])
      .flatMap((s) => s.items)
      .filter((item) => item.actType === 'INTEGRAL')
      .map((item) => ({ actSn: `${sn}-${item.key}`, points: item.price, cashAmount: item.cash ?? 0 })),
  ]);
  if (!wanted.length) return;
  const present = new Set(
    (
      await db
        .select({ actSn: activities.actSn })
        .from(activities)
        .where(
          inArray(
            activities.actSn,
            wanted.map((w) => w.actSn),
          ),
        )
    ).map((r) => r.actSn),
  );
  const rows = wanted.filter((w) => present.has(w.actSn));
  if (rows.length) await db.insert(integralItems).values(rows).onConflictDoNothing();
}
