/**
 * Coupon rules (§3, §4 coupon selection, §5 amounts). The server imports this file too, so a coupon is worth
 * the same on both sides.
 */
import { chinaDaysFrom, formatChinaTime, type TimeInput } from './china-time';
import { couponValidity } from './coupon-validity';
import { fenToYuanText } from './money';

export interface CouponTerms {
  /** 1 amount off (couponAmount fen), 2 percent off (couponAmount = percent taken off). */
  couponType: number;
  couponAmount: number;
  /** Minimum payable in fen; 0 none. */
  threshold: number;
  /** Largest discount of a percent coupon in fen; 0 none. */
  upperLimit: number;
}

/** Used (2) and expired (3) coupons are disabled (§4). */
export function isCouponStateDisabled(state: number): boolean {
  return state === 2 || state === 3;
}

/**
 * Whether an order reaches the coupon's threshold. The threshold is a property of the order (满1000减100 on a ¥2590
 * course), so deposit and instalment orders are measured by their whole amount, not by the first payment.
 */
export function meetsThreshold(terms: CouponTerms, orderAmount: number): boolean {
  return terms.threshold <= 0 || orderAmount >= terms.threshold;
}

/**
 * What a coupon is worth on an order, in fen, before the §5 cap. `orderAmount` is the order's total after course
 * and package discounts (with freight): the threshold is judged on it and a percent coupon takes its percent of it,
 * never of one payment (85折 on a ¥1680 course with a ¥300 deposit is ¥252 off, not ¥45). Percent coupons round
 * down to the fen (the customer never pays less than the rule says) and stop at the upper limit.
 */
export function couponDiscount(terms: CouponTerms, orderAmount: number): number {
  if (orderAmount <= 0 || !meetsThreshold(terms, orderAmount)) return 0;
  if (terms.couponType === 2) {
    const percent = Math.min(Math.max(terms.couponAmount, 0), 100);
    const off = Math.floor((orderAmount * percent) / 100);
    return terms.upperLimit > 0 ? Math.min(off, terms.upperLimit) : off;
  }
  return Math.max(terms.couponAmount, 0);
}

/** §5: payable = payable less the chosen coupon, floored at 0; the discount sent is capped at the payable. */
export function applyDiscount(payable: number, discount: number): { payable: number; discount: number } {
  const capped = Math.max(0, Math.min(discount, payable));
  return { payable: Math.max(0, payable - capped), discount: capped };
}

/**
 * Which payment carries a coupon: the one made at submit (the deposit, the first instalment, or the whole order),
 * because the coupon is spent then; a discount larger than that payment goes on to the next ones in order, so a
 * deposit order never loses part of its coupon. `payments` are the order's payments before the coupon (they sum to
 * the order total); the result has the same length, no payment below 0, and sums to the total less the discount.
 */
export function spreadDiscount(
  payments: readonly number[],
  discount: number,
): { payments: number[]; discount: number } {
  let left = Math.max(0, discount);
  const after = payments.map((amount) => {
    const off = Math.max(0, Math.min(left, amount));
    left -= off;
    return amount - off;
  });
  return { payments: after, discount: Math.max(0, discount) - left };
}

export interface CouponPrice {
  /** The discount taken, fen (the §5 cap applied: at most the order). */
  discount: number;
  /** Each payment after the coupon: the schedule rows the screen shows and the server stores. */
  payments: number[];
  /** What is paid now (payments[0]). */
  payable: number;
}

/**
 * The one pricing of a coupon on an order, on both sides: the storefront's payable and schedule, and the amounts
 * the server checks on submit and stores, come from here. `coupon` null: no coupon.
 */
export function priceWithCoupon(
  orderAmount: number,
  payments: readonly number[],
  coupon: CouponTerms | null,
): CouponPrice {
  const spread = spreadDiscount(payments, coupon ? couponDiscount(coupon, orderAmount) : 0);
  return { discount: spread.discount, payments: spread.payments, payable: spread.payments[0] ?? 0 };
}

export const COUPON_REASONS = {
  used: '已使用',
  expired: '已过期',
  notStarted: '尚未生效',
  notApplicable: '不适用于当前商品',
  notAllowed: '当前订单不支持使用优惠券',
  nothingToPay: '本次无需支付，无需使用优惠券',
  threshold: (threshold: number) => `未满足使用门槛（满${fenToYuanText(threshold)}元可用）`,
} as const;

export interface CouponCopy extends CouponTerms {
  /** 1 unused, 2 used, 3 expired. */
  state: number;
  startTime: TimeInput | null;
  endTime: TimeInput | null;
}

export interface CouponOrder {
  /** False for changed-course or link orders (§6). */
  allowed: boolean;
  /** What the payment made now costs before the coupon. */
  payAmount: number;
  /** The order total the threshold and percent are measured on. */
  orderAmount: number;
  /** The coupon's scope includes the item (only the server knows a scope; the storefront passes true). */
  applies: boolean;
  now: TimeInput;
}

/** Why a copy cannot be used on this order, or null: the server's list and submit and the storefront's payable. */
export function couponUnavailableReason(c: CouponCopy, o: CouponOrder): string | null {
  if (!o.allowed) return COUPON_REASONS.notAllowed;
  if (o.payAmount <= 0) return COUPON_REASONS.nothingToPay;
  if (c.state === 2) return COUPON_REASONS.used;
  const validity = couponValidity(c, o.now);
  if (c.state === 3 || validity === 'EXPIRED') return COUPON_REASONS.expired;
  if (validity === 'NOT_STARTED') return COUPON_REASONS.notStarted;
  if (!o.applies) return COUPON_REASONS.notApplicable;
  if (!meetsThreshold(c, o.orderAmount)) return COUPON_REASONS.threshold(c.threshold);
  return null;
}

export interface SelectableCoupon {
  rcSn: string;
  isAvailable: boolean;
}

/** §4: the first available coupon is chosen on first load. */
export function initialCoupon<T extends SelectableCoupon>(coupons: readonly T[]): T | null {
  return coupons.find((c) => c.isAvailable) ?? null;
}

/** §4: clicking an available coupon selects it; clicking the selected one deselects; unavailable ones do nothing. */
export function toggleCoupon(selectedRcSn: string | null, clicked: SelectableCoupon): string | null {
  if (!clicked.isAvailable) return selectedRcSn;
  return selectedRcSn === clicked.rcSn ? null : clicked.rcSn;
}

export function splitCoupons<T extends SelectableCoupon>(coupons: readonly T[]): { available: T[]; unavailable: T[] } {
  return { available: coupons.filter((c) => c.isAvailable), unavailable: coupons.filter((c) => !c.isAvailable) };
}

/** 8.5折 for 15 percent off. */
export function percentCouponText(percentOff: number): string {
  const tenths = 100 - percentOff;
  return `${(tenths / 10).toString()}折`;
}

/**
 * §4 expiry label: 今日到期 on the day it ends, 明日到期 the day before, else just the date (YYYY-MM-DD).
 * `now` is the server-adjusted clock; days are China calendar days.
 */
export function expiryLabel(endTime: string | null, now: number): string {
  if (!endTime) return '';
  const days = chinaDaysFrom(endTime, now);
  if (days === null) return '';
  if (days === 0) return '今日到期';
  if (days === 1) return '明日到期';
  return formatChinaTime(endTime, 'YYYY-MM-DD');
}
