/**
 * Points items as operators edit them (/ops/v1/integral/items). A points item is an activity or course of the
 * project turned into actType INTEGRAL: its carrier and limit in activities.detail.integralPackage (§3), its
 * points price and cash part (fen) in integral_items, the one place cards, detail and orders read
 * (activity/points-price.ts). Ending one orders name takes it off sale and keeps it; one nobody ordered becomes
 * its plain item again.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import {
  minCarrierProblem,
  POINTS_ITEM_MESSAGES,
  POINTS_MIN_CARRIERS,
  type PointsItem,
  type PointsItemFields,
} from '@contract/ops-integral';
import type { IntegralType } from '@contract/rules/integral';
import { activities } from '../activity/schema';
import { orders } from '../order/schema';
import { integralItems } from './schema';
import { badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

type Detail = Record<string, unknown> & {
  integralPackage?: {
    integralType?: string;
    maxIntegral?: number;
    minIntegralType?: string | null;
    actPreviewUrl?: string | null;
  } | null;
  /** The item's own type before it became a points item, restored when it ends unordered. */
  pointsBaseType?: string;
};

const stateOf = (status: string) => (status === 'ONLINE' || status === 'ARCHIVED' ? status : 'OFFLINE');

const packageOf = (f: PointsItemFields, kept?: Detail['integralPackage']) => ({
  bindPhone: null,
  bindPoint: null,
  minIntegralType: null,
  actPreviewUrl: null,
  ...(kept ?? {}),
  integralType: f.integralType,
  maxIntegral: f.maxIntegral,
  // Absent from the save: kept as it was; null: cleared.
  ...(f.minIntegralType !== undefined && { minIntegralType: f.minIntegralType }),
  ...(f.actPreviewUrl !== undefined && { actPreviewUrl: f.actPreviewUrl }),
});

function refuseOverMax(f: PointsItemFields) {
  if (f.maxIntegral > 0 && f.points > f.maxIntegral) throw badRequest(POINTS_ITEM_MESSAGES.overMax);
}

/** The carrier narrowing checked against what the package will hold (a kept minIntegralType counts too). */
function refuseCarrierMismatch(pkg: ReturnType<typeof packageOf>) {
  const problem = minCarrierProblem(pkg);
  if (problem) throw badRequest(problem);
}

const minCarrierOf = (v: unknown) =>
  (POINTS_MIN_CARRIERS as readonly unknown[]).includes(v) ? (v as PointsItem['minIntegralType']) : null;

async function orderCount(db: Pick<Db, 'select'>, actSn: string) {
  const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.actSn, actSn));
  return n;
}

export async function readPointsItem(db: Pick<Db, 'select'>, actSn: string): Promise<PointsItem> {
  const [row] = await db
    .select({ a: activities, p: integralItems })
    .from(activities)
    .leftJoin(integralItems, eq(integralItems.actSn, activities.actSn))
    .where(and(eq(activities.actSn, actSn), eq(activities.actType, 'INTEGRAL')))
    .limit(1);
  if (!row) throw notFound(POINTS_ITEM_MESSAGES.notFound);
  return toItem(row.a, row.p, await orderCount(db, actSn));
}

function toItem(
  a: typeof activities.$inferSelect,
  p: typeof integralItems.$inferSelect | null,
  orderCount: number,
): PointsItem {
  const detail = a.detail as Detail;
  const pkg = detail.integralPackage ?? {};
  return {
    actSn: a.actSn,
    projectSn: a.projectSn,
    actName: a.actName,
    cover: a.cover,
    state: stateOf(a.status),
    integralType: (pkg.integralType ?? '') as IntegralType,
    // As the storefront prices it: no integral_items row = its list figure in points, no cash.
    points: p?.points ?? a.price,
    cashAmount: p?.cashAmount ?? 0,
    maxIntegral: pkg.maxIntegral ?? 0,
    minIntegralType: minCarrierOf(pkg.minIntegralType),
    actPreviewUrl: pkg.actPreviewUrl || null,
    orderCount,
    endReverts: orderCount === 0 && Boolean(detail.pointsBaseType),
  };
}

export async function listPointsItems(db: Db, projectSn: string): Promise<PointsItem[]> {
  const rows = await db
    .select({ a: activities, p: integralItems, n: count(orders.orderNo) })
    .from(activities)
    .leftJoin(integralItems, eq(integralItems.actSn, activities.actSn))
    .leftJoin(orders, eq(orders.actSn, activities.actSn))
    .where(and(eq(activities.projectSn, projectSn), eq(activities.actType, 'INTEGRAL')))
    .groupBy(activities.actSn, integralItems.actSn)
    .orderBy(desc(activities.createdAt), activities.actSn)
    .limit(500);
  return rows.map((r) => toItem(r.a, r.p, r.n));
}

/** Makes an item of the project a points item; it keeps its state (an item on sale is on sale at once). */
export async function createPointsItem(db: Db, projectSn: string, actSn: string, f: PointsItemFields) {
  refuseOverMax(f);
  await db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(activities)
      .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, projectSn)))
      .limit(1)
      .for('update');
    if (!a) throw badRequest(POINTS_ITEM_MESSAGES.baseMissing);
    if (a.actType === 'INTEGRAL') throw badRequest(POINTS_ITEM_MESSAGES.already);
    if (a.status === 'ARCHIVED') throw badRequest(POINTS_ITEM_MESSAGES.archived);
    const integralPackage = packageOf(f);
    refuseCarrierMismatch(integralPackage);
    const detail: Detail = { ...(a.detail as Detail), integralPackage, pointsBaseType: a.actType };
    await tx.update(activities).set({ actType: 'INTEGRAL', detail }).where(eq(activities.actSn, actSn));
    await tx
      .insert(integralItems)
      .values({ actSn, points: f.points, cashAmount: f.cashAmount })
      .onConflictDoUpdate({ target: integralItems.actSn, set: { points: f.points, cashAmount: f.cashAmount } });
  });
  return readPointsItem(db, actSn);
}

export async function updatePointsItem(db: Db, actSn: string, f: PointsItemFields) {
  refuseOverMax(f);
  const before = await readPointsItem(db, actSn);
  if (before.state === 'ARCHIVED') throw badRequest(POINTS_ITEM_MESSAGES.archived);
  await db.transaction(async (tx) => {
    const [a] = await tx.select().from(activities).where(eq(activities.actSn, actSn)).limit(1).for('update');
    const detail = a.detail as Detail;
    const integralPackage = packageOf(f, detail.integralPackage);
    refuseCarrierMismatch(integralPackage);
    await tx
      .update(activities)
      .set({ detail: { ...detail, integralPackage } })
      .where(eq(activities.actSn, actSn));
    await tx
      .insert(integralItems)
      .values({ actSn, points: f.points, cashAmount: f.cashAmount })
      .onConflictDoUpdate({ target: integralItems.actSn, set: { points: f.points, cashAmount: f.cashAmount } });
  });
  return { before, after: await readPointsItem(db, actSn) };
}

/**
 * Ends a points item. Orders name it, or it was made a points item from the start (no plain item to go back to:
 * its price in fen would be its points count): off sale, kept with its price. Nobody ordered one made from a plain
 * item: its points price goes and it is that item again, in the state it had.
 */
export async function endPointsItem(db: Db, actSn: string) {
  const before = await readPointsItem(db, actSn);
  const outcome = await db.transaction(async (tx): Promise<'ENDED' | 'REVERTED'> => {
    const [a] = await tx.select().from(activities).where(eq(activities.actSn, actSn)).limit(1).for('update');
    const { integralPackage: _pkg, pointsBaseType, ...rest } = a.detail as Detail;
    if (before.orderCount > 0 || !pointsBaseType) {
      await tx.update(activities).set({ status: 'OFFLINE' }).where(eq(activities.actSn, actSn));
      return 'ENDED';
    }
    await tx.update(activities).set({ actType: pointsBaseType, detail: rest }).where(eq(activities.actSn, actSn));
    await tx.delete(integralItems).where(eq(integralItems.actSn, actSn));
    return 'REVERTED';
  });
  return { before, outcome };
}
