/**
 * Pure texts of card vouchers (§3 card voucher states) and of the coupons shown on a card or a coupon ticket.
 * Kept apart from domain/coupons so the card details page (main package, §2) does not carry the coupon-list rules.
 */
import type { CardVoucher } from '@contract/card';
import { percentCouponText } from '@contract/rules/coupon';
import { fenToYuanText } from '@contract/rules/money';

/** The big figure of a coupon card: ¥ and yuan for an amount, N折 for a percent coupon. */
export function couponFace(c: { couponType: number; couponAmount: number }): { value: string; unit: string } {
  if (c.couponType === 2) return { value: percentCouponText(c.couponAmount).replace('折', ''), unit: '折' };
  return { value: fenToYuanText(c.couponAmount), unit: '¥' };
}

export function thresholdText(threshold: number): string {
  return threshold > 0 ? `满${fenToYuanText(threshold)}元可用` : '无门槛';
}

/** §3 instructions: newline-separated notes, one line each. */
/**
 * A validity line in the pieces a narrow card may wrap between: its label (有效期, 有效期至) and its dates, which
 * never split (a range cut after its dash reads as two dates).
 */
export function validityPieces(text: string): string[] {
  const m = /^(有效期至?) (.+)$/.exec(text);
  return m ? [m[1], m[2]] : [text];
}

export function instructionLines(text: string | null | undefined): string[] {
  return (text || '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** §3 card voucher states; a refund (refundState 2) is named before the state it left behind. */
export function cardStateText(v: Pick<CardVoucher, 'state' | 'refundState'>): string {
  if (v.refundState === 2) return '已退款';
  switch (v.state) {
    case 1:
      return '可使用';
    case 3:
      return '已使用';
    case 4:
      return '已过期';
    case 5:
      return '已失效';
    default:
      return '';
  }
}

export function isCardDisabled(v: Pick<CardVoucher, 'state' | 'refundState'>): boolean {
  return v.state !== 1 || v.refundState === 2;
}

/** A coupon a card comes with, in one line: 赠 礼品卡赠50元券（¥50，满200元可用）. */
export function includedCouponText(c: {
  couponName: string;
  couponType: number;
  couponAmount: number;
  threshold: number;
}): string {
  const face = couponFace(c);
  return `赠 ${c.couponName}（${face.unit === '折' ? `${face.value}折` : `¥${face.value}`}，${thresholdText(c.threshold)}）`;
}
