/**
 * Coupons a customer holds and what each is worth on an order (§3, §4, §5). The amount rule is the one the storefront
 * computes too (contract/rules/coupon.ts, through order-pricing.ts), so both sides always agree.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DiscountCoupon } from '@contract/order';
import { couponWindow } from '@contract/rules/coupon-validity';
import { couponTemplates, userCoupons } from '../db/schema/ordering';
import type { Db } from '../plugins/db';
import { toDiscountCoupon, type CouponContext } from './order-pricing';

const DAY_MS = 86_400_000;

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

/** Every customer gets the project's demo coupons once, the first time coupons are looked at. */
export async function ensureDemoCoupons(db: Executor, userId: string, projectSn: string, now = new Date()): Promise<void> {
  // Only DEMO templates are gifts; ISSUED ones reach a customer through a claim, a card or an operator.
  const templates = await db.select().from(couponTemplates).where(and(eq(couponTemplates.projectSn, projectSn), eq(couponTemplates.grantMode, 'DEMO')));
  if (!templates.length) return;
  const rows = templates.map((t) => {
    const expired = t.demoState === 3;
    // A live copy gets the window its terms give (ending at the end of a China day, like every other copy).
    const window = couponWindow({ ...t, validityDays: t.validityDays ?? 30 }, now);
    const start = expired ? new Date(now.getTime() - 40 * DAY_MS) : window.start;
    const end = expired ? new Date(now.getTime() - DAY_MS) : window.end;
    return {
      rcSn: `rc${randomBytes(10).toString('hex')}`,
      userId,
      couponSn: t.couponSn,
      state: t.demoState,
      startTime: start,
      endTime: end,
      usedAt: t.demoState === 2 ? now : null,
    };
  });
  await db.insert(userCoupons).values(rows).onConflictDoNothing();
}

/** The customer's coupons for an order, available ones first (biggest saving first). */
export async function couponsForOrder(db: Db, userId: string, projectSn: string, ctx: CouponContext): Promise<DiscountCoupon[]> {
  await ensureDemoCoupons(db, userId, projectSn, ctx.now);
  const rows = await db
    .select({ t: couponTemplates, r: userCoupons })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(userCoupons.couponSn, couponTemplates.couponSn))
    .where(and(eq(userCoupons.userId, userId), eq(couponTemplates.projectSn, projectSn)));
  const list = rows.map(({ t, r }) => toDiscountCoupon(t, r, ctx));
  return [...list.filter((c) => c.isAvailable).sort((a, b) => b.orderCouponAmount - a.orderCouponAmount), ...list.filter((c) => !c.isAvailable)];
}

/** Hands a used coupon back when its order is cancelled or expires (called in that transaction). */
export async function releaseCoupon(db: Pick<Db, 'update'>, orderNo: string, userId: string): Promise<boolean> {
  const released = await db
    .update(userCoupons)
    .set({ state: 1, usedOrderNo: null, usedAt: null })
    .where(and(eq(userCoupons.usedOrderNo, orderNo), eq(userCoupons.userId, userId), inArray(userCoupons.state, [2])))
    .returning({ rcSn: userCoupons.rcSn });
  return released.length > 0;
}
