/**
 * Coupons a customer holds and what each is worth on an order (§3, §4, §5). The amount rule is the one the storefront
 * computes too (contract/rules/coupon.ts), imported, so both sides always agree.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DiscountCoupon } from '@contract/order';
import { applyDiscount, couponDiscount, isCouponStateDisabled, meetsThreshold } from '@contract/rules/coupon';
import { fenToYuanText } from '@contract/rules/money';
import { couponTemplates, userCoupons } from '../db/schema/ordering';
import type { Db } from '../plugins/db';

const DAY_MS = 86_400_000;
export const COUPON_REASONS = {
  used: '已使用',
  expired: '已过期',
  notApplicable: '不适用于当前商品',
  notAllowed: '当前订单不支持使用优惠券',
  nothingToPay: '本次无需支付，无需使用优惠券',
  threshold: (threshold: number) => `未满足使用门槛（满${fenToYuanText(threshold)}元可用）`,
} as const;

type Template = typeof couponTemplates.$inferSelect;
type Received = typeof userCoupons.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

/** Every customer gets the project's demo coupons once, the first time coupons are looked at. */
export async function ensureDemoCoupons(db: Executor, userId: string, projectSn: string, now = new Date()): Promise<void> {
  // Only DEMO templates are gifts; ISSUED ones reach a customer through a claim, a card or an operator.
  const templates = await db.select().from(couponTemplates).where(and(eq(couponTemplates.projectSn, projectSn), eq(couponTemplates.grantMode, 'DEMO')));
  if (!templates.length) return;
  const rows = templates.map((t) => {
    const expired = t.demoState === 3;
    const start = new Date(now.getTime() - (expired ? 40 : 0) * DAY_MS);
    const end = expired ? new Date(now.getTime() - DAY_MS) : new Date(now.getTime() + (t.validityDays ?? 30) * DAY_MS);
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

export interface CouponContext {
  actSn: string;
  /** What this payment costs before the coupon. */
  payAmount: number;
  /** The whole order (after course and package discounts, with freight): what the threshold is measured by. */
  orderAmount: number;
  /** False for changed-course or link orders and later payments (§6). */
  allowed: boolean;
  now: Date;
}

/** Why a coupon cannot be used on this order, or null. */
export function unavailableReason(t: Template, r: Received, ctx: CouponContext): string | null {
  if (!ctx.allowed) return COUPON_REASONS.notAllowed;
  if (ctx.payAmount <= 0) return COUPON_REASONS.nothingToPay;
  if (r.state === 2) return COUPON_REASONS.used;
  if (r.state === 3 || r.endTime.getTime() < ctx.now.getTime()) return COUPON_REASONS.expired;
  if (t.scopeActSns.length && !t.scopeActSns.includes(ctx.actSn)) return COUPON_REASONS.notApplicable;
  if (!meetsThreshold(t, ctx.orderAmount)) return COUPON_REASONS.threshold(t.threshold);
  return null;
}

export function toDiscountCoupon(t: Template, r: Received, ctx: CouponContext): DiscountCoupon {
  const reason = unavailableReason(t, r, ctx);
  const expired = r.state === 3 || r.endTime.getTime() < ctx.now.getTime();
  return {
    couponSn: t.couponSn,
    rcSn: r.rcSn,
    couponName: t.couponName,
    couponType: t.couponType === 2 ? 2 : 1,
    couponAmount: t.couponAmount,
    couponCount: 1,
    threshold: t.threshold,
    upperLimit: t.upperLimit,
    scope: t.scopeText,
    state: isCouponStateDisabled(r.state) ? r.state : expired ? 3 : r.state,
    isAvailable: reason === null,
    disabledReason: reason,
    orderCouponAmount: reason ? 0 : applyDiscount(ctx.payAmount, couponDiscount(t, ctx.payAmount, ctx.orderAmount)).discount,
    validityType: t.validityType,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    validityDays: t.validityDays,
    instructions: t.instructions,
  };
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
