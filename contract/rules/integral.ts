import { formatMoney } from './money';

/**
 * Carrier points rules both sides compute (spec §3 integral package, §5 points search, §9): carrier
 * labels and suffixes, the phone check of the 积分查询 search view, and what a points order leaves.
 */

export const INTEGRAL_CARRIERS = ['MOBILE_INTEGRAL', 'UNICOM_INTEGRAL', ''] as const;
export type IntegralType = (typeof INTEGRAL_CARRIERS)[number];

/** §9 default suffix, for an item with no carrier. */
export const INTEGRAL_DEFAULT_SUFFIX = '积分';
/** §9 the note under a queried balance, verbatim. */
export const INTEGRAL_NOTE = '积分查询可能会延迟，具体以移动官方积分余额为准';

/** §5 points search texts, verbatim. */
export const INTEGRAL_PHONE_MAX = 11;
export const INTEGRAL_PHONE_PLACEHOLDER = '请输入11位手机号码';
export const INTEGRAL_MESSAGES = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的11位手机号',
} as const;

const LABELS: Readonly<Record<string, { label: string; suffix: string }>> = {
  MOBILE_INTEGRAL: { label: '中国移动', suffix: '移动积分' },
  UNICOM_INTEGRAL: { label: '中国联通', suffix: '联通积分' },
};

/** §3: carrier label and points suffix; no (or an unknown) carrier is unlabelled plain 积分. */
export function integralCarrier(integralType: string | null | undefined): { label: string; suffix: string } {
  return (integralType && LABELS[integralType]) || { label: '', suffix: INTEGRAL_DEFAULT_SUFFIX };
}

/** `1500移动积分`: a points amount with its carrier's suffix. */
export function pointsText(points: number, integralType: string | null | undefined): string {
  return `${points}${integralCarrier(integralType).suffix}`;
}

/** What a points item costs: the points of the carrier that pays for it, and a cash part in fen (0: none). */
export interface PointsPrice {
  integralType: string;
  points: number;
  cashAmount: number;
}

/**
 * `1500移动积分`, `1000联通积分+¥1`: a points item's price wherever it is shown (cards, detail, order screen,
 * orders), so the cash part is never shown in one place and left out in another.
 */
export function pointsPriceText(price: PointsPrice): string {
  const points = pointsText(price.points, price.integralType);
  return price.cashAmount > 0 ? `${points}+${formatMoney(price.cashAmount)}` : points;
}

/** Mainland mobile number: 11 digits, 1 then 3-9 (the project's one phone rule, §5 / §9). */
const PHONE = /^1[3-9]\d{9}$/;

/** §5 points search: the message to show, or null when the phone may be queried. */
export function integralPhoneError(phone: string): string | null {
  const p = phone.trim();
  if (!p) return INTEGRAL_MESSAGES.phoneRequired;
  return PHONE.test(p) ? null : INTEGRAL_MESSAGES.phoneInvalid;
}

/** Only digits, at most 11: what the search input keeps of what is typed or pasted. */
export function integralPhoneInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, INTEGRAL_PHONE_MAX);
}

/** `138****8000` for the result view and the order screen. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * A points order's sums: what the balance leaves after it (never shown below zero: enough is false instead).
 * `maxIntegral` caps one order (§3 integral package); 0 or less means no cap.
 */
export function pointsOrderSums(input: { balance: number | null; points: number; maxIntegral: number }): {
  remaining: number | null;
  enough: boolean;
  overMax: boolean;
} {
  const overMax = input.maxIntegral > 0 && input.points > input.maxIntegral;
  if (input.balance === null) return { remaining: null, enough: false, overMax };
  const enough = input.balance >= input.points;
  return { remaining: enough ? input.balance - input.points : null, enough, overMax };
}

/** The carrier whose points pay for an item: its own, narrowed by minIntegralType (§3). */
export function payingCarrier(item: { integralType: string; minIntegralType: string | null }): string {
  return item.minIntegralType || item.integralType;
}

/** Whether an item's carrier accepts points of `integralType` (minIntegralType narrows a plain item). */
export function carrierAccepted(
  item: { integralType: string; minIntegralType: string | null },
  integralType: string,
): boolean {
  return payingCarrier(item) === integralType;
}
