/**
 * The fields every view of a customer's copy of a §3 discount coupon carries: the held list (coupon.ts) and the
 * order's coupon choice (order.ts) each add their own. Its own module so the order contract does not pull the
 * coupon pages' schemas into the bundles that use it.
 */
import { z } from 'zod';

export const heldCouponFields = {
  couponSn: z.string(),
  /** The customer's received copy of the coupon (discountReceiveSn on submit). */
  rcSn: z.string(),
  couponName: z.string(),
  couponAmount: z.number().int(),
  couponCount: z.number().int(),
  /** Minimum payable in fen; 0 means none. */
  threshold: z.number().int(),
  /** Largest discount of a percent coupon in fen; 0 means none. */
  upperLimit: z.number().int(),
  scope: z.string(),
  /** 1 unused, 2 used, 3 expired (an unused copy past its end is 3). */
  state: z.number().int(),
  validityType: z.number().int(),
  validityDays: z.number().int().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  instructions: z.string(),
};
