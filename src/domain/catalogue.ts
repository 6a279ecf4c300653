/**
 * Catalogue rules (§3 course/activity item, refund tag map, hold types): which submit screen an item orders
 * through, the texts of its refund tags and hold types, and the review form's checks.
 * The constants come from contract/constants.ts, the zod-free part of the contract.
 */
import { COMMENT_MAX_LENGTH, HOLD_TYPES, ORDER_PAY_TYPES, REFUND_TAGS, SKU_CNT_MAX } from '@contract/constants';
import { ROUTES, type RoutePath } from './routes';

export { COMMENT_MAX_LENGTH, HOLD_TYPES, ORDER_PAY_TYPES, REFUND_TAGS, SKU_CNT_MAX };
export type OrderPayType = (typeof ORDER_PAY_TYPES)[keyof typeof ORDER_PAY_TYPES];

/** An item page opened without its actSn. */
export const MISSING_ACT_SN = '缺少活动编号';

/** Review limits and texts of the publish call (contract commentPublishBody). */
export const COMMENT_SCORES = [1, 2, 3, 4, 5] as const;
export const COMMENT_MESSAGES = {
  scoreRequired: '请选择评分',
  contentRequired: '请输入评价内容',
  contentTooLong: `评价内容不能超过${COMMENT_MAX_LENGTH}字`,
} as const;

/** Texts of the refund tags an item carries, in its order; unknown numbers are left out rather than shown raw. */
export function refundTagTexts(tags: readonly number[]): string[] {
  return tags.map((t) => REFUND_TAGS[t]).filter((t): t is string => Boolean(t));
}

/**
 * Refund tags that take a right away (§3: 2 no refund, 4 no 7-day return, 5 none after unsealing, 6 none after
 * activation).
 */
export const NEGATIVE_REFUND_TAGS: readonly number[] = [2, 4, 5, 6];

/** One line of the detail's promises: a positive one gets a tick, a negative one a different mark. */
export interface PromiseTag {
  text: string;
  negative: boolean;
}

/** The refund tags, then the hold types, each saying whether it is a restriction (never a tick beside 不支持退款). */
export function promiseTags(refundTags: readonly number[], holdTypes: readonly string[]): PromiseTag[] {
  const refunds = refundTags
    .filter((t) => Boolean(REFUND_TAGS[t]))
    .map((t) => ({ text: REFUND_TAGS[t], negative: NEGATIVE_REFUND_TAGS.includes(t) }));
  return [...refunds, ...holdTypeTexts(holdTypes).map((text) => ({ text, negative: false }))];
}

/** Texts of an item's hold types (§3); an unknown type shows as sent, since it still tells the buyer something. */
export function holdTypeTexts(types: readonly string[]): string[] {
  return types.filter(Boolean).map((t) => HOLD_TYPES[t] || t);
}

/** An item's price as its cards and its detail show it (the server draws a shared item's head with it too). */
export { itemPriceText } from '@contract/rules/detail-head';

/** The buy button's label when every unit is held by an order (the submit's 1006 says 该课程已售罄). */
export const SOLD_OUT_TEXT = '已售罄';

/**
 * The detail's order button: 已售罄 (disabled) when sold out, else 立即兑换 (points items), 立即报名 (courses, free
 * items) or 立即购买; disabled too while ordering is closed (the reason shows beside it).
 */
export function orderButton(
  d: { soldOut: boolean; orderEnabled: boolean; integralPackage: unknown; actType: string },
  price: number,
): { text: string; enabled: boolean } {
  if (d.soldOut) return { text: SOLD_OUT_TEXT, enabled: false };
  const text = d.integralPackage ? '立即兑换' : d.actType === 'COURSE' || price === 0 ? '立即报名' : '立即购买';
  return { text, enabled: d.orderEnabled };
}

/** Courses order through the course submit screen, everything else through the general one (§2). */
export function orderRoute(actType: string): RoutePath {
  return actType === 'COURSE' ? ROUTES.courseOrderSubmit : ROUTES.orderSubmit;
}

/** Which detail page shows an item: courses open courseDetail, the rest activityDetail (§2). */
export function detailJumpEnum(actType: string): 'PAGE_COURSE_DETAIL' | 'PAGE_ACT_DETAIL' {
  return actType === 'COURSE' ? 'PAGE_COURSE_DETAIL' : 'PAGE_ACT_DETAIL';
}

/** The review form's checks, in the order the user meets them; null when it may be sent. */
export function validateComment(input: { score: number; content: string }): string | null {
  if (!Number.isInteger(input.score) || input.score < 1 || input.score > 5) return COMMENT_MESSAGES.scoreRequired;
  const text = input.content.trim();
  if (!text) return COMMENT_MESSAGES.contentRequired;
  if (text.length > COMMENT_MAX_LENGTH) return COMMENT_MESSAGES.contentTooLong;
  return null;
}

/** "好评率 98%" style summary; no percentage before the first review. */
export function reviewSummaryText(total: number, goodRate: number): string {
  if (total <= 0) return '暂无评价';
  return `共${total}条评价 · 好评率${Math.max(0, Math.min(100, Math.round(goodRate)))}%`;
}

/** The more-activity page is titled by what it lists: a column by its own title, a coupon's list as 适用活动. */
export function moreListTitle(list: { columnTitle?: string | null; couponSn?: string | null }): string {
  if (list.columnTitle) return list.columnTitle;
  return list.couponSn ? '适用活动' : '更多';
}

/**
 * The package a detail page starts with: the one asked for when it is the item's, else the first (the server's
 * default).
 */
export function choosePackageSn(
  packages: readonly { packageSn: string }[],
  wanted: string | null | undefined,
): string | null {
  if (wanted && packages.some((p) => p.packageSn === wanted)) return wanted;
  return packages[0]?.packageSn ?? null;
}

/** A goods quantity kept within 1..max (the server refuses anything else); bad input counts as 1. */
export function clampQuantity(n: number, max: number = SKU_CNT_MAX): number {
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(1, Math.floor(n)), Math.max(1, max));
}

/** The count of an order: courses count their courses (共N门课程), everything else its pieces (共N件商品). */
export function orderCountText(orderType: string, courseCount: number, skuCnt: number): string {
  return orderType === 'COURSE' ? `共${Math.max(1, courseCount)}门课程` : `共${Math.max(1, skuCnt)}件商品`;
}
