/** Activity cards for pages, columns and search. Only ONLINE activities are ever listed. */
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Paged } from '@contract/common';
import type { ActivityCard } from '@contract/pages';
import type { PointsPrice } from '@contract/rules/integral';
import { activities, columnActivities } from './schema';
import { integralItems } from '../integral/schema';
import type { Db } from '../../runtime/database/plugin';

const integralPackage = sql`${activities.detail}->'integralPackage'`;
const pointsRow = (column: typeof integralItems.points | typeof integralItems.cashAmount) =>
  sql`(select ${column} from ${integralItems} where ${integralItems.actSn} = ${activities.actSn})`;

/**
 * A points item's price beside its activity row, the one definition its cards, its detail and its order read:
 * the carrier that pays (minIntegralType narrows the item's own), its points and cash part from integral_items,
 * or its list figure in points and no cash when it has no row there. Null for every other item.
 */
export const pointsPriceColumn = sql<PointsPrice | null>`case when ${activities.actType} = 'INTEGRAL' and jsonb_typeof(${integralPackage}) = 'object'
  then jsonb_build_object(
    'integralType', coalesce(nullif(${integralPackage}->>'minIntegralType', ''), ${integralPackage}->>'integralType', ''),
    'points', coalesce(${pointsRow(integralItems.points)}, ${activities.price}),
    'cashAmount', coalesce(${pointsRow(integralItems.cashAmount)}, 0))
  end`;

/** The columns of an activity card (§3 card), selected the same way wherever cards are listed. */
export const cardFields = {
  actSn: activities.actSn,
  actName: activities.actName,
  cover: activities.cover,
  actType: activities.actType,
  price: activities.price,
  originalPrice: activities.originalPrice,
  tags: activities.tags,
  sales: activities.sales,
  pointsPrice: pointsPriceColumn,
};

/** A points item's price (pointsPriceColumn); null for any other item. */
export async function readPointsPrice(db: Pick<Db, 'select'>, actSn: string): Promise<PointsPrice | null> {
  const [row] = await db
    .select({ price: pointsPriceColumn })
    .from(activities)
    .where(eq(activities.actSn, actSn))
    .limit(1);
  return row?.price ?? null;
}

export interface PageRequest {
  page: number;
  perSize: number;
}

export async function columnCards(
  db: Db,
  columnSn: string,
  { page, perSize }: PageRequest,
): Promise<Paged<ActivityCard>> {
  const where = and(eq(columnActivities.columnSn, columnSn), eq(activities.status, 'ONLINE'));
  const [list, [{ total }]] = await Promise.all([
    db
      .select(cardFields)
      .from(columnActivities)
      .innerJoin(activities, eq(activities.actSn, columnActivities.actSn))
      .where(where)
      .orderBy(asc(columnActivities.sort), asc(activities.actSn))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db
      .select({ total: count() })
      .from(columnActivities)
      .innerJoin(activities, eq(activities.actSn, columnActivities.actSn))
      .where(where),
  ]);
  return { list, total, page, perSize };
}

/** `%` and `_` typed by a visitor are literal characters, not patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchCards(
  db: Db,
  projectSn: string,
  keyword: string,
  { page, perSize }: PageRequest,
): Promise<Paged<ActivityCard>> {
  if (!keyword) return { list: [], total: 0, page, perSize };
  const where = and(
    eq(activities.projectSn, projectSn),
    eq(activities.status, 'ONLINE'),
    ilike(activities.actName, `%${likeEscape(keyword)}%`),
  );
  const [list, [{ total }]] = await Promise.all([
    db
      .select(cardFields)
      .from(activities)
      .where(where)
      .orderBy(desc(activities.sales), asc(activities.actSn))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db.select({ total: count() }).from(activities).where(where),
  ]);
  return { list, total, page, perSize };
}
