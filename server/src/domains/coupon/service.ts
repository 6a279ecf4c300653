/**
 * Coupons a customer holds and what each is worth on an order (§3, §4, §5). The amount rule is the one the storefront
 * computes too (contract/rules/coupon.ts, through order-pricing.ts), so both sides always agree.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DiscountCoupon } from '@contract/order';
import { activities } from '../activity/schema';
import { couponTemplates, userCoupons } from './schema';
import { notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { toDiscountCoupon, type CouponContext } from '../order/pricing';
import { grantWelcomeGift } from './welcome-gift';

/** The customer's coupons for an order, available ones first (biggest saving first). */
export async function couponsForOrder(
  db: Db,
  userId: string,
  projectSn: string,
  ctx: CouponContext,
): Promise<DiscountCoupon[]> {
  await grantWelcomeGift(db, { userId, projectSn }, ctx.now);
  const rows = await db
    .select({ t: couponTemplates, r: userCoupons })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(userCoupons.couponSn, couponTemplates.couponSn))
    .where(and(eq(userCoupons.userId, userId), eq(couponTemplates.projectSn, projectSn)));
  const list = rows.map(({ t, r }) => toDiscountCoupon(t, r, ctx));
  return [
    ...list.filter((c) => c.isAvailable).sort((a, b) => b.orderCouponAmount - a.orderCouponAmount),
    ...list.filter((c) => !c.isAvailable),
  ];
}

/** The customer's coupons for one of the project's items at an order amount (fen); 404 for an unknown item. */
export async function couponsForItem(
  db: Db,
  user: { userId: string; projectSn: string },
  actSn: string,
  amount: number,
  now = new Date(),
): Promise<DiscountCoupon[]> {
  const [act] = await db
    .select({ actSn: activities.actSn })
    .from(activities)
    .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, user.projectSn)))
    .limit(1);
  if (!act) throw notFound('商品不存在');
  return couponsForOrder(db, user.userId, user.projectSn, {
    actSn: act.actSn,
    payments: [amount],
    orderAmount: amount,
    allowed: true,
    now,
  });
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
