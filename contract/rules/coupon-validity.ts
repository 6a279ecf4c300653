/**
 * The validity of a coupon (§3 validityType 1 to 9, validityDays, endTime): which kinds the server produces, the window
 * a received copy gets, and the text the storefront shows for each kind. Both sides import this file, so the text
 * always describes the window the server computed. Days, weeks and months are China calendar ones (china-time.ts);
 * docs/coupons.md tells the kinds apart.
 */
import { chinaTime, formatChinaTime, type TimeInput } from './china-time';

export const VALIDITY_TYPES = {
  /** Valid from receipt through the Nth China day (the receipt day counts as day 1). */
  DAYS_FROM_RECEIPT: 1,
  /** Valid between two fixed dates. */
  FIXED_RANGE: 2,
  /** Valid from the China day after receipt, for N days. */
  DAYS_FROM_NEXT_DAY: 3,
  /** Valid from receipt until a fixed date. */
  UNTIL_DATE: 4,
  /** No end. */
  LONG_TERM: 5,
  /** Valid from receipt through the last day of the China month it was received in (a monthly perk). */
  END_OF_MONTH: 6,
  /** Valid from receipt through the Nth China day, but never past a fixed date (a campaign's last day). */
  DAYS_FROM_RECEIPT_UNTIL: 7,
  /** Valid through the whole China month after the one it was received in (a rebate to spend next month). */
  NEXT_MONTH: 8,
  /** Valid from receipt through the Sunday of that China week (weeks run Monday to Sunday in China). */
  END_OF_WEEK: 9,
} as const;
export type ValidityType = (typeof VALIDITY_TYPES)[keyof typeof VALIDITY_TYPES];
export const VALIDITY_TYPE_VALUES: readonly number[] = Object.values(VALIDITY_TYPES);

/** A long-term copy still needs an end in the database: the last moment of 2099 in China. */
export const LONG_TERM_END = '2099-12-31T23:59:59.999+08:00';

export interface ValidityTerms {
  validityType: number;
  validityDays: number | null;
  /** Fixed dates of types 2 (start and end), 4 and 7 (end), ISO text or Date. */
  validStart?: TimeInput | null;
  validEnd?: TimeInput | null;
}

/** Why the terms cannot make a window, or null when they can (the operator API checks templates with it). */
export function validityProblem(t: ValidityTerms): string | null {
  switch (t.validityType) {
    case VALIDITY_TYPES.DAYS_FROM_RECEIPT:
    case VALIDITY_TYPES.DAYS_FROM_NEXT_DAY:
      return t.validityDays && t.validityDays >= 1 && t.validityDays <= 3650 ? null : '有效天数须为1到3650天';
    case VALIDITY_TYPES.FIXED_RANGE: {
      const start = t.validStart ? chinaTime(t.validStart) : null;
      const end = t.validEnd ? chinaTime(t.validEnd) : null;
      if (!start || !end) return '固定有效期须填写开始和结束日期';
      return end.isAfter(start) ? null : '结束日期须晚于开始日期';
    }
    case VALIDITY_TYPES.UNTIL_DATE:
      return t.validEnd && chinaTime(t.validEnd) ? null : '须填写截止日期';
    case VALIDITY_TYPES.DAYS_FROM_RECEIPT_UNTIL:
      if (!(t.validityDays && t.validityDays >= 1 && t.validityDays <= 3650)) return '有效天数须为1到3650天';
      return t.validEnd && chinaTime(t.validEnd) ? null : '须填写截止日期';
    case VALIDITY_TYPES.LONG_TERM:
    case VALIDITY_TYPES.END_OF_MONTH:
    case VALIDITY_TYPES.NEXT_MONTH:
    case VALIDITY_TYPES.END_OF_WEEK:
      return null;
    default:
      return '有效期类型不正确';
  }
}

const endOfChinaDay = (input: TimeInput, plusDays: number) =>
  chinaTime(input)!.startOf('day').add(plusDays, 'day').endOf('day').toDate();
const startOfChinaDay = (input: TimeInput, plusDays: number) =>
  chinaTime(input)!.startOf('day').add(plusDays, 'day').toDate();

/** The window of a copy received at `receivedAt` (the terms must pass validityProblem). */
export function couponWindow(t: ValidityTerms, receivedAt: Date): { start: Date; end: Date } {
  const days = Math.max(1, t.validityDays ?? 1);
  switch (t.validityType) {
    case VALIDITY_TYPES.FIXED_RANGE:
      return { start: new Date(chinaTime(t.validStart!)!.valueOf()), end: new Date(chinaTime(t.validEnd!)!.valueOf()) };
    case VALIDITY_TYPES.DAYS_FROM_NEXT_DAY:
      return { start: startOfChinaDay(receivedAt, 1), end: endOfChinaDay(receivedAt, days) };
    case VALIDITY_TYPES.UNTIL_DATE:
      return { start: receivedAt, end: new Date(chinaTime(t.validEnd!)!.valueOf()) };
    case VALIDITY_TYPES.LONG_TERM:
      return { start: receivedAt, end: new Date(LONG_TERM_END) };
    case VALIDITY_TYPES.END_OF_MONTH:
      return { start: receivedAt, end: chinaTime(receivedAt)!.endOf('month').toDate() };
    case VALIDITY_TYPES.DAYS_FROM_RECEIPT_UNTIL: {
      const end = endOfChinaDay(receivedAt, days - 1);
      const last = new Date(chinaTime(t.validEnd!)!.valueOf());
      return { start: receivedAt, end: last < end ? last : end };
    }
    case VALIDITY_TYPES.NEXT_MONTH: {
      const next = chinaTime(receivedAt)!.startOf('month').add(1, 'month');
      return { start: next.toDate(), end: next.endOf('month').toDate() };
    }
    case VALIDITY_TYPES.END_OF_WEEK: {
      const at = chinaTime(receivedAt)!;
      // dayjs counts weeks from Sunday (day() 0); China's end on Sunday, so Monday..Saturday run on to it.
      return { start: receivedAt, end: endOfChinaDay(receivedAt, (7 - at.day()) % 7) };
    }
    default:
      return { start: receivedAt, end: endOfChinaDay(receivedAt, days - 1) };
  }
}

/**
 * Whether a copy received at `at` would already be past its end (a fixed end date gone by): the server gives no such
 * copy, since it could never be used.
 */
export function windowClosed(t: ValidityTerms, at: Date): boolean {
  return couponWindow(t, at).end.getTime() < at.getTime();
}

export interface HeldValidity {
  validityType: number;
  validityDays: number | null;
  startTime: string | null;
  endTime: string | null;
}

const day = (t: string | null) => formatChinaTime(t, 'YYYY.MM.DD');
// Bare dates read as anything (issued? used?): each date line says it is a validity, from or until.
const rangeText = (start: string | null, end: string | null) => `有效期 ${day(start)} - ${day(end)}`;
const untilText = (end: string | null) => `有效期至 ${day(end)}`;

/** The validity line of a coupon's terms (a template, or a copy without its dates), one text per kind. */
export function validityText(c: HeldValidity): string {
  switch (c.validityType) {
    case VALIDITY_TYPES.DAYS_FROM_RECEIPT:
      return c.validityDays ? `领取后${c.validityDays}天内有效` : untilText(c.endTime);
    case VALIDITY_TYPES.FIXED_RANGE:
      return rangeText(c.startTime, c.endTime);
    case VALIDITY_TYPES.DAYS_FROM_NEXT_DAY:
      return c.validityDays ? `领取次日起${c.validityDays}天内有效` : rangeText(c.startTime, c.endTime);
    case VALIDITY_TYPES.UNTIL_DATE:
      return untilText(c.endTime);
    case VALIDITY_TYPES.LONG_TERM:
      return '长期有效';
    case VALIDITY_TYPES.END_OF_MONTH:
      return '领取当月有效';
    case VALIDITY_TYPES.DAYS_FROM_RECEIPT_UNTIL:
      if (!c.validityDays) return untilText(c.endTime);
      return c.endTime
        ? `领取后${c.validityDays}天内有效，最晚至 ${day(c.endTime)}`
        : `领取后${c.validityDays}天内有效`;
    case VALIDITY_TYPES.NEXT_MONTH:
      return '领取次月有效';
    case VALIDITY_TYPES.END_OF_WEEK:
      return '领取当周有效';
    default:
      return c.endTime ? untilText(c.endTime) : '';
  }
}

/**
 * The dates of a customer's copy, whose window the server fixed at receipt: 有效期 2026.11.28 - 2026.12.31, or
 * 2026.11.28 起生效 while the window has not opened (the customer cannot use it yet). A copy without its dates
 * falls back to its kind's text; a long-term one has no end to name.
 */
export function heldValidityText(c: HeldValidity, now: TimeInput): string {
  if (c.validityType === VALIDITY_TYPES.LONG_TERM || !c.endTime) return validityText(c);
  if (!c.startTime) return untilText(c.endTime);
  if (couponValidity(c, now) === 'NOT_STARTED') return `${day(c.startTime)} 起生效`;
  return rangeText(c.startTime, c.endTime);
}

/** A template's validity before anyone holds it (the claim page): the same kinds, without a copy's dates. */
export function termsText(t: {
  validityType: number;
  validityDays: number | null;
  validStart: string | null;
  validEnd: string | null;
}): string {
  return validityText({
    validityType: t.validityType,
    validityDays: t.validityDays,
    startTime: t.validStart,
    endTime: t.validEnd,
  });
}

/** Long-term copies have no expiry label (§4 labels a coupon's last days only). */
export function hasExpiry(c: { validityType: number }): boolean {
  return c.validityType !== VALIDITY_TYPES.LONG_TERM;
}

export type ValidityState = 'NOT_STARTED' | 'VALID' | 'EXPIRED';

/**
 * Where `now` falls in a copy's window. Both ends count: a window's end is the last moment it is valid (a day's
 * end is 23:59:59.999 China time, couponWindow), so a coupon expiring today is usable until then. A missing end is
 * open (nothing is stored without one; the storefront may lack it).
 */
export function couponValidity(
  window: { startTime: TimeInput | null; endTime: TimeInput | null },
  now: TimeInput,
): ValidityState {
  const at = chinaTime(now)?.valueOf() ?? NaN;
  const start = window.startTime === null ? null : (chinaTime(window.startTime)?.valueOf() ?? null);
  const end = window.endTime === null ? null : (chinaTime(window.endTime)?.valueOf() ?? null);
  if (start !== null && at < start) return 'NOT_STARTED';
  if (end !== null && at > end) return 'EXPIRED';
  return 'VALID';
}
