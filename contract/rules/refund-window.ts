/**
 * Refund windows of the §3 refund tags, pure: whether a customer may still apply for after-sales on an order, and
 * if not, the sentence that says why. The server asks it before every application (authoritative); the storefront
 * asks it with the same facts (sent by the order detail and refund/refer) to explain the refusal before the
 * customer types anything.
 *
 * Tags: 1 supports refund request, 2 no refund, 3 7-day no-reason return, 4 no 7-day return, 5 none after
 * unsealing, 6 none after activation. The spec gives the tags' names only; what we enforce (docs/after-sales.md):
 * - 2: never.
 * - 5: refused once the operator has marked the goods unsealed (已拆封).
 * - 6: refused once the course is activated (the operator's 已激活 mark).
 * - 3: within 7 days of receipt (goods: 确认收货 or the automatic confirmation) or of activation (courses), to the
 *   second, China time; before receipt or activation the item is still unused, so the customer may apply.
 * - 4: "no 7-day no-reason return" means the no-reason week of tag 3 is not offered; what remains is the ordinary
 *   week a shop answers requests in: 7 days from receipt for goods (before receipt, the customer may still ask),
 *   from the first payment for courses.
 * The strictest applies when an item carries several tags; the reasons are checked in the order 2, 5, 6, 3, 4.
 */
import { chinaTime, formatChinaTime, type TimeInput } from './china-time';

export const REFUND_WINDOW_DAYS = 7;

export const REFUND_TAG = {
  SUPPORTED: 1,
  NONE: 2,
  NO_REASON_7_DAYS: 3,
  NOT_7_DAYS: 4,
  NONE_AFTER_UNSEALING: 5,
  NONE_AFTER_ACTIVATION: 6,
} as const;

export const REFUND_WINDOW_MESSAGES = {
  noRefund: '该商品不支持退款',
  unsealed: '商品已拆封，不支持退款',
  activated: '课程已激活，不支持退款',
  noReasonExpired: (deadline: string) => `已超过7天无理由退货期限（${deadline}截止），不支持申请退款`,
  sevenDaysExpired: (deadline: string) => `该商品不支持7天无理由退货，已超过7天售后期限（${deadline}截止）`,
} as const;

export type RefundWindowCode = 'NO_REFUND' | 'UNSEALED' | 'ACTIVATED' | 'NO_REASON_EXPIRED' | 'SEVEN_DAYS_EXPIRED';

/** What the rule needs to know of an order; times are instants (ISO strings, epoch ms or Dates), null when not yet. */
export interface RefundWindowFacts {
  tags: readonly number[];
  /** GOODS are received (确认收货), COURSE orders are activated. */
  orderType: 'GOODS' | 'COURSE' | string;
  /** The first payment of the order. */
  paidAt: TimeInput | null;
  /** Goods: when the parcel was received (by the customer or automatically). */
  receivedAt: TimeInput | null;
  /** When the operator marked the goods unsealed. */
  unsealedAt: TimeInput | null;
  /** When the course was activated. */
  activatedAt: TimeInput | null;
}

export type RefundWindow =
  { allowed: true; deadline: string | null } | { allowed: false; code: RefundWindowCode; reason: string };

/** The last instant (inclusive, to the second) of a 7-day window that starts at `from`, as an ISO string. */
export function windowEnd(from: TimeInput): string | null {
  const start = chinaTime(from);
  return start ? start.add(REFUND_WINDOW_DAYS, 'day').toISOString() : null;
}

const closed = (deadline: string | null, now: TimeInput) => {
  if (!deadline) return false;
  const n = chinaTime(now);
  // Whole seconds: an application at 7 days and 0.9 s is still within the 7 days' last second.
  return !!n && Math.floor(n.valueOf() / 1000) > Math.floor(Date.parse(deadline) / 1000);
};

const shown = (deadline: string) => formatChinaTime(deadline, 'YYYY-MM-DD HH:mm:ss');

/** Whether the order takes a new after-sales application at `now`, and the reason when not. */
export function refundWindow(facts: RefundWindowFacts, now: TimeInput): RefundWindow {
  const tags = new Set(facts.tags);
  const goods = facts.orderType === 'GOODS';
  if (tags.has(REFUND_TAG.NONE)) return { allowed: false, code: 'NO_REFUND', reason: REFUND_WINDOW_MESSAGES.noRefund };
  if (tags.has(REFUND_TAG.NONE_AFTER_UNSEALING) && facts.unsealedAt)
    return { allowed: false, code: 'UNSEALED', reason: REFUND_WINDOW_MESSAGES.unsealed };
  if (tags.has(REFUND_TAG.NONE_AFTER_ACTIVATION) && facts.activatedAt)
    return { allowed: false, code: 'ACTIVATED', reason: REFUND_WINDOW_MESSAGES.activated };
  let deadline: string | null = null;
  if (tags.has(REFUND_TAG.NO_REASON_7_DAYS)) {
    const from = goods ? facts.receivedAt : facts.activatedAt;
    const end = from ? windowEnd(from) : null;
    if (end && closed(end, now))
      return { allowed: false, code: 'NO_REASON_EXPIRED', reason: REFUND_WINDOW_MESSAGES.noReasonExpired(shown(end)) };
    deadline = end;
  }
  if (tags.has(REFUND_TAG.NOT_7_DAYS)) {
    const from = goods ? facts.receivedAt : facts.paidAt;
    const end = from ? windowEnd(from) : null;
    if (end && closed(end, now))
      return {
        allowed: false,
        code: 'SEVEN_DAYS_EXPIRED',
        reason: REFUND_WINDOW_MESSAGES.sevenDaysExpired(shown(end)),
      };
    if (end && (!deadline || end < deadline)) deadline = end;
  }
  return { allowed: true, deadline };
}
