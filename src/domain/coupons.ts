/**
 * Pure rules of 我的优惠券, the claim page and card vouchers (§3, §4): tab states, the texts of a coupon card
 * (its dates live in coupon-dates.ts), where 去使用 leads, card voucher state texts, the claim button, and what a
 * scanned code names.
 */
import type { ClaimDetails, ClaimItem, CouponListState, CouponUse } from '@contract/coupon';
import { isCouponStateDisabled } from '@contract/rules/coupon';
import { fenToYuanText } from '@contract/rules/money';
import { resolveJump, type JumpTarget } from './jump';
import { ROUTES, isWebUrl, parseQuery } from './routes';

/** 我的优惠券 tabs (§4 coupon states). */
export const COUPON_TABS: readonly { state: CouponListState; title: string }[] = [
  { state: '1', title: '未使用' },
  { state: '2', title: '已使用' },
  { state: '3', title: '已过期' },
];

export const NO_ACTIVITY = '暂无可用活动';

/** 最高减N元 for a percent coupon with a cap. */
export function upperLimitText(c: { couponType: number; upperLimit: number }): string {
  return c.couponType === 2 && c.upperLimit > 0 ? `最高减${fenToYuanText(c.upperLimit)}元` : '';
}

/** Used (2) and expired (3) coupons look disabled (§4). */
export function isCouponDisabled(c: { state: number }): boolean {
  return isCouponStateDisabled(c.state);
}

export function couponStateMark(state: number): string {
  return state === 2 ? '已使用' : state === 3 ? '已过期' : '';
}

/** A same-origin path (a partner page served by us) made absolute, so the web-view can open it. */
export function absoluteUrl(url: string, origin: string): string {
  if (isWebUrl(url)) return url.trim();
  if (url.startsWith('/') && !url.startsWith('//') && origin) return `${origin.replace(/\/+$/, '')}${url}`;
  return url;
}

export type CouponUseStep = JumpTarget | { type: 'tip'; text: string };

/**
 * §4 using a coupon: 1 switches to the home tab; 2 opens the more-activity list with couponSn, or says
 * 暂无可用活动 when the server found none; 3 opens the third-party page as its actEnum says (§3): a partner's own
 * site (SKIP_OUTSIDE_APPLE) is left for in a browser and shown in the web-view in a mini-program; anything else, or no
 * enum (a server before actEnum), is shown in the storefront's third-party page.
 */
export function couponUseStep(use: CouponUse, origin: string): CouponUseStep {
  switch (use.jumpType) {
    case 1:
      return { type: 'tab', index: 0 };
    case 2:
      if (!use.activityList.result.length || !use.targetSn) return { type: 'tip', text: NO_ACTIVITY };
      return { type: 'page', path: ROUTES.moreActivity, query: { couponSn: use.targetSn } };
    case 3: {
      const url = absoluteUrl(use.targetSn || '', origin);
      if (!isWebUrl(url)) return { type: 'tip', text: NO_ACTIVITY };
      if (use.actEnum === 'SKIP_OUTSIDE_APPLE') return resolveJump({ firstEnum: use.actEnum, targetSn: null, url });
      return { type: 'page', path: ROUTES.webView, query: { url } };
    }
    default:
      return { type: 'none' };
  }
}

/** The claim button: 领取 / 已领取 / 已领完, or why the activity takes no claims now. */
export function claimButton(item: ClaimItem, status: ClaimDetails['status']): { text: string; enabled: boolean } {
  if (item.state === 'CLAIMED') return { text: '已领取', enabled: false };
  if (item.state === 'SOLD_OUT') return { text: '已领完', enabled: false };
  if (status === 'NOT_STARTED') return { text: '未开始', enabled: false };
  if (status === 'ENDED') return { text: '已结束', enabled: false };
  return { text: item.claimedByMe > 0 ? '再领一张' : '领取', enabled: true };
}

export function stockText(item: ClaimItem): string {
  const limit = item.perPerson > 1 ? `每人限领${item.perPerson}张` : '每人限领1张';
  return `剩余${item.remaining}张 · ${limit}`;
}

/**
 * What a scanned QR code names: the claim page URL the operator printed (…getCouponActive?actSn=…&projectSn=…),
 * or a bare actSn. Anything else is not ours.
 */
export function claimFromScan(text: string): { actSn: string; projectSn: string | null } | null {
  const value = (text || '').trim();
  if (!value) return null;
  if (value.includes('getCouponActive')) {
    const query = parseQuery(value.slice(value.indexOf('getCouponActive')));
    return query.actSn && /^[A-Za-z0-9_-]{1,64}$/.test(query.actSn)
      ? { actSn: query.actSn, projectSn: query.projectSn || null }
      : null;
  }
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? { actSn: value, projectSn: null } : null;
}
