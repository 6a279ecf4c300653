/**
 * Coupons (§3 discount coupon, coupon-use result; §7 Coupons and the scan-code claim calls of Activities):
 * the customer's coupons by state, useDiscountCoupon, coupons for an item, and the claim page's coupons.
 */
import { z } from 'zod';
import { pageQuery, paged, signedFields } from './common';
import { heldCouponFields } from './coupon-fields';
import { activityCardSchema } from './pages';

/** couponSn, actSn, itemId, rcSn: letters, digits, '-' and '_' (what the server generates and seeds). */
const SN = /^[A-Za-z0-9_-]+$/;
const sn = (name: string) =>
  z
    .string({ error: `缺少${name}` })
    .trim()
    .min(1, `缺少${name}`)
    .max(64, `${name}格式不正确`)
    .regex(SN, `${name}格式不正确`);
export const couponSnField = sn('优惠券编号');
export const claimActSnField = sn('活动编号');

/** Tabs of 我的优惠券: 1 unused, 2 used, 3 expired; history = 2 and 3 together (couponHistory). */
export const COUPON_LIST_STATES = ['1', '2', '3', 'history'] as const;
export type CouponListState = (typeof COUPON_LIST_STATES)[number];

export const couponListQuery = z.object({
  ...signedFields,
  state: z.enum(COUPON_LIST_STATES, { error: '优惠券状态不正确' }).default('1'),
  ...pageQuery,
});

/** A coupon the customer holds (§3 discount coupon, list view). */
export const heldCouponSchema = z.object({
  ...heldCouponFields,
  /** 1 amount off (fen), 2 percent off (couponAmount = percent taken off). */
  couponType: z.number().int(),
  receivedAt: z.string(),
  usedAt: z.string().nullable(),
});
export type HeldCoupon = z.infer<typeof heldCouponSchema>;
export const couponListInfo = paged(heldCouponSchema);

/** §9 coupon use: page 1, size 10. */
export const couponUseQuery = z.object({ ...signedFields, couponSn: couponSnField, ...pageQuery });

/**
 * §3 coupon-use result: jumpType 1 home tab, 2 more-activity list (targetSn = couponSn), 3 third-party page (targetSn =
 * URL) with actEnum, the §4 jump enum that says how the page is opened: IMAGE_TEXT_H5 a page of ours, shown inside the
 * storefront's third-party page; SKIP_OUTSIDE_APPLE a partner's own site, which a browser leaves for (a site may refuse
 * to be framed) and a mini-program shows in its web-view. null for jumpTypes 1 and 2.
 */
export const COUPON_JUMP = { HOME: 1, MORE_ACTIVITY: 2, THIRD_PARTY: 3 } as const;
export const COUPON_THIRD_PARTY_ENUMS = { OWN_PAGE: 'IMAGE_TEXT_H5', PARTNER_SITE: 'SKIP_OUTSIDE_APPLE' } as const;
export const couponUseInfo = z.object({
  activityList: z.object({ result: z.array(activityCardSchema), total: z.number().int() }),
  jumpType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  targetSn: z.string().nullable(),
  actEnum: z.string().nullable(),
});
export type CouponUse = z.infer<typeof couponUseInfo>;

export const orderCouponParams = z.object({
  id: z.string().trim().min(1, '缺少商品编号').max(64, '商品编号格式不正确').regex(SN, '商品编号格式不正确'),
});
export const orderCouponQuery = z.object({
  ...signedFields,
  orderAmount: z.coerce
    .number({ error: '订单金额不正确' })
    .int('订单金额不正确')
    .min(0, '订单金额不正确')
    .max(100_000_000, '订单金额不正确'),
});

// ---- Scan-code claim (getCouponActive) ----

export const claimDetailsQuery = z.object({ ...signedFields, actSn: claimActSnField });
export const claimItemParams = z.object({ id: sn('优惠券编号') });
export const claimReceiveBody = z.object({ ...signedFields, actSn: claimActSnField.optional() });

/** AVAILABLE 领取, CLAIMED 已领取 (the per-person limit reached), SOLD_OUT 已领完. */
export const CLAIM_ITEM_STATES = ['AVAILABLE', 'CLAIMED', 'SOLD_OUT'] as const;
export const claimItemSchema = z.object({
  itemId: z.string(),
  couponSn: z.string(),
  couponName: z.string(),
  couponType: z.number().int(),
  couponAmount: z.number().int(),
  threshold: z.number().int(),
  upperLimit: z.number().int(),
  scope: z.string(),
  validityType: z.number().int(),
  validityDays: z.number().int().nullable(),
  validStart: z.string().nullable(),
  validEnd: z.string().nullable(),
  instructions: z.string(),
  stock: z.number().int(),
  remaining: z.number().int(),
  perPerson: z.number().int(),
  claimedByMe: z.number().int(),
  state: z.enum(CLAIM_ITEM_STATES),
});
export type ClaimItem = z.infer<typeof claimItemSchema>;

/** NOT_STARTED / ENDED activities show their coupons but cannot be claimed from. */
export const claimDetailsInfo = z.object({
  actSn: z.string(),
  title: z.string(),
  description: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  status: z.enum(['ONGOING', 'NOT_STARTED', 'ENDED']),
  coupons: z.array(claimItemSchema),
});
export type ClaimDetails = z.infer<typeof claimDetailsInfo>;
export const claimReceiveInfo = z.object({ rcSn: z.string(), item: claimItemSchema });
