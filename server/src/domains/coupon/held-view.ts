/**
 * A customer's copy of a coupon as 我的优惠券 shows it (§3 discount coupon, list view). Pure, apart from the
 * database like order/pricing.ts, so the storefront's property tests judge exactly what the server sends.
 */
import type { HeldCoupon } from '@contract/coupon';
import type { couponTemplates, userCoupons } from './schema';

type Template = typeof couponTemplates.$inferSelect;
type Received = typeof userCoupons.$inferSelect;

export function toHeldCoupon(t: Template, r: Received, now: Date): HeldCoupon {
  const expired = r.state === 1 && r.endTime.getTime() < now.getTime();
  return {
    couponSn: t.couponSn,
    rcSn: r.rcSn,
    couponName: t.couponName,
    couponType: t.couponType,
    couponAmount: t.couponAmount,
    couponCount: 1,
    threshold: t.threshold,
    upperLimit: t.upperLimit,
    scope: t.scopeText,
    state: expired ? 3 : r.state,
    validityType: t.validityType,
    validityDays: t.validityDays,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    instructions: t.instructions,
    receivedAt: r.receivedAt.toISOString(),
    usedAt: r.usedAt ? r.usedAt.toISOString() : null,
  };
}
