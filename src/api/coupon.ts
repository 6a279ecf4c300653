/** Coupon calls (§7 Coupons) and the scan-code claim calls of §7 Activities. */
import type { Paged } from '@contract/common';
import type { ClaimDetails, ClaimItem, CouponListState, CouponUse, HeldCoupon } from '@contract/coupon';
import type { Request } from './request';

/** §9: coupon use asks page 1, size 10. */
export const COUPON_USE_PAGE = 1;
export const COUPON_USE_SIZE = 10;

export function createCouponApi(request: Request) {
  return {
    list: (state: CouponListState, page: number, perSize = 10) =>
      request<Paged<HeldCoupon>>({
        url: '/front/v1_2/coupon/coupon-list',
        method: 'GET',
        data: { state, page, perSize },
      }),
    /** useDiscountCoupon: where 去使用 leads. */
    use: (couponSn: string) =>
      request<CouponUse>({
        url: '/front/v1_2/coupon/use',
        method: 'GET',
        data: { couponSn, page: COUPON_USE_PAGE, perSize: COUPON_USE_SIZE },
        loading: true,
      }),
    claimDetails: (actSn: string) =>
      request<ClaimDetails>({ url: '/front/v1/activity/scan/code/coupons/details', method: 'GET', data: { actSn } }),
    receive: (itemId: string, actSn: string) =>
      request<{ rcSn: string; item: ClaimItem }>({
        url: `/front/v1/activity/scan/code/receive/coupons/${encodeURIComponent(itemId)}`,
        data: { actSn },
        loading: '领取中...',
      }),
  };
}
