/**
 * Catalogue rules (§3 course/activity item, refund tag map, hold types): which submit screen an item orders
 * through, the texts of its refund tags and hold types, and the review form's checks.
 * The constants come from contract/constants.ts, the zod-free part of the contract.
 */
import { COMMENT_MAX_LENGTH, HOLD_TYPES, ORDER_PAY_TYPES, REFUND_TAGS } from '@contract/constants';
import { ROUTES, type RoutePath } from './routes';

export { COMMENT_MAX_LENGTH, HOLD_TYPES, ORDER_PAY_TYPES, REFUND_TAGS };
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

/** Texts of an item's hold types (§3); an unknown type shows as sent, since it still tells the buyer something. */
export function holdTypeTexts(types: readonly string[]): string[] {
  return types.filter(Boolean).map((t) => HOLD_TYPES[t] || t);
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

/** §3 integral package carriers: label and points suffix; no carrier means plain 积分 (§9 default suffix). */
export const INTEGRAL_TYPES: Readonly<Record<string, { label: string; suffix: string }>> = {
  MOBILE_INTEGRAL: { label: '中国移动', suffix: '移动积分' },
  UNICOM_INTEGRAL: { label: '中国联通', suffix: '联通积分' },
};
export const DEFAULT_INTEGRAL_SUFFIX = '积分';

export function integralLabel(integralType: string | null | undefined): { label: string; suffix: string } {
  return (integralType && INTEGRAL_TYPES[integralType]) || { label: '', suffix: DEFAULT_INTEGRAL_SUFFIX };
}
