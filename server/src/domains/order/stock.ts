/**
 * An item's stock (docs/catalogue.md): activities.stock is what the merchant offers in all (null = unlimited),
 * activities.sold the units held by live orders. A submit takes one unit with a guarded UPDATE inside its
 * transaction; the row's CHECK (sold <= stock) refuses an oversell even if the guard were wrong. An unpaid order
 * that is cancelled or expires gives its unit back in the transaction that moves it to CANCELLED (the state machine
 * allows that move once, so the unit comes back once). A refund keeps the unit sold.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { activities } from '../activity/schema';
import { preparedStatement } from '../../runtime/database/prepared';
import type { Db } from '../../runtime/database/plugin';
import type { Tx } from './state-db';

export const SOLD_OUT_MESSAGE = '该课程已售罄';

/**
 * One unit of the item, or no row when it is sold out. It also counts the sale (sales, sold) for unlimited items,
 * whose stock stays null. The row stays locked until the submit commits, so the submit runs it last.
 */
export const takeUnit = preparedStatement((db) =>
  db
    .update(activities)
    .set({ sold: sql`${activities.sold} + 1`, sales: sql`${activities.sales} + 1` })
    .where(
      and(
        eq(activities.actSn, sql.placeholder('actSn')),
        or(isNull(activities.stock), lt(activities.sold, activities.stock)),
      ),
    )
    .returning({ actSn: activities.actSn })
    .prepare('activity_stock_take'),
);

/** Gives back the unit an order took (only orders placed by submit took one: snapshot.stockTaken). */
export async function giveBackUnit(tx: Tx, actSn: string): Promise<void> {
  await tx
    .update(activities)
    .set({ sold: sql`${activities.sold} - 1`, sales: sql`greatest(${activities.sales} - 1, 0)` })
    .where(and(eq(activities.actSn, actSn), gt(activities.sold, 0)));
}

const readStock = preparedStatement((db) =>
  db
    .select({ stock: activities.stock, sold: activities.sold })
    .from(activities)
    .where(eq(activities.actSn, sql.placeholder('actSn')))
    .prepare('activity_stock_read'),
);

/**
 * Whether an item has no unit left. The cached item (read-cache.ts) tells whether it has a stock at all (only the
 * console changes that, and invalidates); its sold count is as old as the cache, so an item with a stock is read
 * live: the sale that takes the last unit shows at once, in every process, with no invalidation to forget.
 */
export async function isSoldOut(db: Db, item: { actSn: string; stock: number | null }): Promise<boolean> {
  if (item.stock === null) return false;
  const [row] = await readStock(db).execute({ actSn: item.actSn });
  return row !== undefined && row.stock !== null && row.sold >= row.stock;
}
