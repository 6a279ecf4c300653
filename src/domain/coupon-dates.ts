/**
 * The dates a coupon card shows for a customer's copy (我的优惠券, 历史优惠券 and the order's coupon popup): the
 * validity line, and §4's 今日到期 / 明日到期 on its last two days. Its own module so the order screen's popup
 * does not pull the coupon pages' rules into the main package.
 */
import type { HeldCoupon } from '@contract/coupon';
import { expiryLabel } from '@contract/rules/coupon';
import { hasExpiry, heldValidityText } from '@contract/rules/coupon-validity';
import { chinaDaysFrom } from '@contract/rules/china-time';

type HeldDates = Pick<HeldCoupon, 'state' | 'validityType' | 'validityDays' | 'startTime' | 'endTime'>;

/**
 * `now` is the server-adjusted clock. On other days there is no label: the validity line names the end date
 * itself, and the same date twice on one card read as two different dates.
 */
export function couponDates(c: HeldDates, now: number): { validity: string; expiry: string } {
  const validity = heldValidityText(c, now);
  const daysLeft = c.state === 1 && hasExpiry(c) && c.endTime ? chinaDaysFrom(c.endTime, now) : null;
  const expiry = daysLeft === 0 || daysLeft === 1 ? expiryLabel(c.endTime, now) : '';
  return { validity, expiry };
}
