/**
 * Coupon rules (§3, §4 coupon selection, §5 amounts). The server imports this file too, so a coupon is worth
 * the same on both sides.
 */
import { chinaDaysFrom, formatChinaTime } from './china-time';

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
 * What a coupon takes off a payable amount, in fen, before the §5 cap. Percent coupons round down to the fen
 * (the customer never pays less than the rule says) and stop at the upper limit. `orderAmount` (the whole order,
 * default the payable) decides the threshold; the discount comes off this payment.
 */
export function couponDiscount(terms: CouponTerms, payable: number, orderAmount: number = payable): number {
  if (payable <= 0 || !meetsThreshold(terms, orderAmount)) return 0;
  if (terms.couponType === 2) {
    const percent = Math.min(Math.max(terms.couponAmount, 0), 100);
    const off = Math.floor((payable * percent) / 100);
    return terms.upperLimit > 0 ? Math.min(off, terms.upperLimit) : off;
  }
  return Math.max(terms.couponAmount, 0);
}

/** §5: payable = payable less the chosen coupon, floored at 0; the discount sent is capped at the payable. */
export function applyDiscount(payable: number, discount: number): { payable: number; discount: number } {
  const capped = Math.max(0, Math.min(discount, payable));
  return { payable: Math.max(0, payable - capped), discount: capped };
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
