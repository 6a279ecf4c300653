/**
 * Scan-code coupon claim (§2 getCouponActive, §7 scan/code/coupons/details and scan/code/receive/coupons/{id}).
 * The rules live in the database: stock only grows `claimed` through an UPDATE guarded by `claimed < stock`
 * (and a CHECK constraint), and that UPDATE locks the item row for the rest of the transaction, so the
 * per-person count read after it is exact even under concurrent claims (coupon_claims' unique (item, user, seq)
 * backs it up).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { ClaimDetails, ClaimItem } from '@contract/coupon';
import { couponWindow, windowClosed } from '@contract/rules/coupon-validity';
import { claimActivities, claimItems, couponClaims } from './schema';
import { couponTemplates, userCoupons } from './schema';
import { AppError, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

export const CLAIM_MESSAGES = {
  notFound: '领券活动不存在',
  itemNotFound: '优惠券不存在',
  notStarted: '活动尚未开始',
  ended: '活动已结束',
  soldOut: '优惠券已领完',
  windowClosed: '优惠券已过有效期，无法领取',
  couponEnded: '该优惠券已停止发放',
  limit: '您已领取过该优惠券',
  limitN: (n: number) => `每人限领${n}张，您已领完`,
} as const;

type Activity = typeof claimActivities.$inferSelect;
type Item = typeof claimItems.$inferSelect;
type Template = typeof couponTemplates.$inferSelect;

export const newSn = (prefix: string) => `${prefix}${randomBytes(10).toString('hex')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function activityStatus(a: Activity, now: Date): ClaimDetails['status'] {
  if (a.status !== 'ONLINE' || (a.endAt && a.endAt.getTime() <= now.getTime())) return 'ENDED';
  if (a.startAt && a.startAt.getTime() > now.getTime()) return 'NOT_STARTED';
  return 'ONGOING';
}

export function toClaimItem(item: Item, t: Template, mine: number): ClaimItem {
  const remaining = Math.max(0, item.stock - item.claimed);
  return {
    itemId: item.itemId,
    couponSn: t.couponSn,
    couponName: t.couponName,
    couponType: t.couponType,
    couponAmount: t.couponAmount,
    threshold: t.threshold,
    upperLimit: t.upperLimit,
    scope: t.scopeText,
    validityType: t.validityType,
    validityDays: t.validityDays,
    validStart: iso(t.validStart),
    validEnd: iso(t.validEnd),
    instructions: t.instructions,
    stock: item.stock,
    remaining,
    perPerson: item.perPerson,
    claimedByMe: mine,
    // The customer's own limit wins: someone who holds theirs sees 已领取 even when the rest are gone.
    state: mine >= item.perPerson ? 'CLAIMED' : remaining <= 0 ? 'SOLD_OUT' : 'AVAILABLE',
  };
}

async function mineByItem(db: Pick<Db, 'select'>, userId: string, itemIds: string[]): Promise<Map<string, number>> {
  if (!itemIds.length) return new Map();
  const rows = await db
    .select({ itemId: couponClaims.itemId, n: count() })
    .from(couponClaims)
    .where(and(eq(couponClaims.userId, userId), inArray(couponClaims.itemId, itemIds)))
    .groupBy(couponClaims.itemId);
  return new Map(rows.map((r) => [r.itemId, r.n]));
}

async function findActivity(db: Pick<Db, 'select'>, projectSn: string, actSn: string): Promise<Activity> {
  const [a] = await db
    .select()
    .from(claimActivities)
    .where(and(eq(claimActivities.actSn, actSn), eq(claimActivities.projectSn, projectSn)))
    .limit(1);
  if (!a) throw notFound(CLAIM_MESSAGES.notFound);
  return a;
}

/** The claim page: the activity and its coupons with stock, limit and what this customer already took. */
export async function claimDetails(
  db: Db,
  user: { userId: string; projectSn: string },
  actSn: string,
  now = new Date(),
): Promise<ClaimDetails> {
  const a = await findActivity(db, user.projectSn, actSn);
  const rows = await db
    .select({ item: claimItems, t: couponTemplates })
    .from(claimItems)
    .innerJoin(couponTemplates, eq(couponTemplates.couponSn, claimItems.couponSn))
    .where(eq(claimItems.actSn, a.actSn))
    .orderBy(asc(claimItems.sort), asc(claimItems.itemId));
  const mine = await mineByItem(
    db,
    user.userId,
    rows.map((r) => r.item.itemId),
  );
  return {
    actSn: a.actSn,
    title: a.title,
    description: a.description,
    startAt: iso(a.startAt),
    endAt: iso(a.endAt),
    status: activityStatus(a, now),
    coupons: rows.map((r) => toClaimItem(r.item, r.t, mine.get(r.item.itemId) ?? 0)),
  };
}

const refuse = (code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string) =>
  new AppError(409, code, message);

/** Claims one copy of an item for a customer; the copy lands in user_coupons, where orders spend it unchanged. */
export async function receiveClaim(
  db: Db,
  user: { userId: string; projectSn: string },
  itemId: string,
  now = new Date(),
): Promise<{ rcSn: string; item: ClaimItem }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ item: claimItems, a: claimActivities, t: couponTemplates })
      .from(claimItems)
      .innerJoin(claimActivities, eq(claimActivities.actSn, claimItems.actSn))
      .innerJoin(couponTemplates, eq(couponTemplates.couponSn, claimItems.couponSn))
      .where(and(eq(claimItems.itemId, itemId), eq(claimActivities.projectSn, user.projectSn)))
      .limit(1);
    if (!row) throw notFound(CLAIM_MESSAGES.itemNotFound);
    const status = activityStatus(row.a, now);
    if (status === 'NOT_STARTED') throw refuse(ERROR_CODES.CLAIM_CLOSED, CLAIM_MESSAGES.notStarted);
    if (status === 'ENDED') throw refuse(ERROR_CODES.CLAIM_CLOSED, CLAIM_MESSAGES.ended);
    // An ended template is given out no more, whatever activity still lists it.
    if (row.t.status === 'ENDED') throw refuse(ERROR_CODES.CLAIM_CLOSED, CLAIM_MESSAGES.couponEnded);
    // A fixed end date gone by (types 2, 4, 7) would hand over a copy that can never be used.
    if (windowClosed(row.t, now)) throw refuse(ERROR_CODES.CLAIM_CLOSED, CLAIM_MESSAGES.windowClosed);
    const limitMessage = row.item.perPerson > 1 ? CLAIM_MESSAGES.limitN(row.item.perPerson) : CLAIM_MESSAGES.limit;

    // A customer at the limit hears so, not 已领完, even when the stock is gone too.
    const before = (await mineByItem(tx, user.userId, [itemId])).get(itemId) ?? 0;
    if (before >= row.item.perPerson) throw refuse(ERROR_CODES.CLAIM_LIMIT, limitMessage);

    // Takes one from the stock and locks the item row until this transaction ends.
    const [taken] = await tx
      .update(claimItems)
      .set({ claimed: sql`${claimItems.claimed} + 1` })
      .where(and(eq(claimItems.itemId, itemId), lt(claimItems.claimed, claimItems.stock)))
      .returning();
    if (!taken) throw refuse(ERROR_CODES.CLAIM_SOLD_OUT, CLAIM_MESSAGES.soldOut);

    // Counted again under the lock: a parallel claim of this customer committed meanwhile is seen now.
    const mine = (await mineByItem(tx, user.userId, [itemId])).get(itemId) ?? 0;
    if (mine >= row.item.perPerson) throw refuse(ERROR_CODES.CLAIM_LIMIT, limitMessage);

    const claimId = newSn('cl');
    const rcSn = newSn('rc');
    const window = couponWindow(row.t, now);
    await tx.insert(userCoupons).values({
      rcSn,
      userId: user.userId,
      couponSn: row.t.couponSn,
      state: 1,
      startTime: window.start,
      endTime: window.end,
      receivedAt: now,
      source: `claim:${claimId}`,
    });
    await tx.insert(couponClaims).values({ claimId, itemId, userId: user.userId, seq: mine + 1, rcSn, createdAt: now });
    return { rcSn, item: toClaimItem(taken, row.t, mine + 1) };
  });
}
