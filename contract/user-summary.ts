/** 我的 page's numbers in one call: order counts by list tab and the usable coupons. */
import { z } from 'zod';
import { signedFields } from './common';

export const userSummaryQuery = z.object({ ...signedFields });

export const userSummarySchema = z.object({
  /** Orders per order-list tab (ORDER_TABS of constants.ts): what each tab would list right now. */
  orders: z.object({
    ALL: z.number().int(),
    UNPAID: z.number().int(),
    TO_SHIP: z.number().int(),
    TO_RECEIVE: z.number().int(),
    PAID: z.number().int(),
    CANCELLED: z.number().int(),
    REFUND: z.number().int(),
  }),
  /** Unused coupons still within their validity (the 未使用 tab of 我的优惠券). */
  coupons: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
