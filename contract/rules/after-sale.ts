/**
 * The after-sales state machine, pure: no database, no clock. The server locks the application row,
 * asks `afterSaleTransition`, and writes the answer with a negotiation record in the same transaction; the
 * storefront reads the same tables for its texts and for which buttons an application offers.
 *
 * APPLIED ──EDIT (customer)──▶ APPLIED
 * APPLIED | RETURNING ──CANCEL (customer)──▶ CANCELLED
 * APPLIED | SHIPPED | RECEIVED ──REFUSE (merchant, with a reason)──▶ REFUSED
 * APPLIED ──AGREE (merchant: refund without the goods)──▶ AGREED
 * APPLIED ──ASK_RETURN (merchant: send the goods back first)──▶ RETURNING
 * RETURNING | SHIPPED ──SHIP (customer writes / corrects the tracking number)──▶ SHIPPED
 * SHIPPED ──RECEIVE (merchant)──▶ RECEIVED
 * AGREED | RECEIVED ──REFUND (merchant; money handed to the payment provider)──▶ REFUNDING
 * REFUNDING ──REFUND_SETTLED (provider's notification)──▶ REFUNDED
 * REFUNDING ──REFUND_FAILED (provider's notification)──▶ AGREED (the merchant may refund again)
 * CANCELLED, REFUSED and REFUNDED are final.
 */

export const AFTER_SALE_STATES = [
  'APPLIED',
  'AGREED',
  'RETURNING',
  'SHIPPED',
  'RECEIVED',
  'REFUNDING',
  'REFUNDED',
  'REFUSED',
  'CANCELLED',
] as const;
export type AfterSaleState = (typeof AFTER_SALE_STATES)[number];

export const AFTER_SALE_EVENTS = [
  'EDIT',
  'CANCEL',
  'REFUSE',
  'AGREE',
  'ASK_RETURN',
  'SHIP',
  'RECEIVE',
  'REFUND',
  'REFUND_SETTLED',
  'REFUND_FAILED',
] as const;
export type AfterSaleEvent = (typeof AFTER_SALE_EVENTS)[number];

/** Who may cause an event: the customer, the merchant (operator), or the payment provider. */
export type AfterSaleActor = 'CUSTOMER' | 'MERCHANT' | 'PROVIDER';

export const EVENT_ACTOR: Record<AfterSaleEvent, AfterSaleActor> = {
  EDIT: 'CUSTOMER',
  CANCEL: 'CUSTOMER',
  SHIP: 'CUSTOMER',
  REFUSE: 'MERCHANT',
  AGREE: 'MERCHANT',
  ASK_RETURN: 'MERCHANT',
  RECEIVE: 'MERCHANT',
  REFUND: 'MERCHANT',
  REFUND_SETTLED: 'PROVIDER',
  REFUND_FAILED: 'PROVIDER',
};

export const FINAL_AFTER_SALE_STATES: readonly AfterSaleState[] = ['REFUNDED', 'REFUSED', 'CANCELLED'];
/** States in which the application still holds part of the order's refundable money. */
export const OPEN_AFTER_SALE_STATES: readonly AfterSaleState[] = [
  'APPLIED',
  'AGREED',
  'RETURNING',
  'SHIPPED',
  'RECEIVED',
  'REFUNDING',
];

/** from-state → event → to-state; anything missing is refused. */
const TABLE: Partial<Record<AfterSaleState, Partial<Record<AfterSaleEvent, AfterSaleState>>>> = {
  APPLIED: { EDIT: 'APPLIED', CANCEL: 'CANCELLED', REFUSE: 'REFUSED', AGREE: 'AGREED', ASK_RETURN: 'RETURNING' },
  AGREED: { REFUND: 'REFUNDING' },
  RETURNING: { CANCEL: 'CANCELLED', SHIP: 'SHIPPED' },
  SHIPPED: { SHIP: 'SHIPPED', RECEIVE: 'RECEIVED', REFUSE: 'REFUSED' },
  RECEIVED: { REFUND: 'REFUNDING', REFUSE: 'REFUSED' },
  REFUNDING: { REFUND_SETTLED: 'REFUNDED', REFUND_FAILED: 'AGREED' },
};

/** Why an event is refused in a state, in words the customer or the operator reads. */
function refusal(from: AfterSaleState, event: AfterSaleEvent): string {
  if (from === 'CANCELLED') return '售后申请已撤销';
  if (from === 'REFUSED') return '售后申请已被拒绝';
  if (from === 'REFUNDED') return '售后申请已退款完成';
  if (from === 'REFUNDING') return '退款处理中，请稍候';
  switch (event) {
    case 'EDIT':
    case 'CANCEL':
      return '商家已处理该申请，无法修改或撤销';
    case 'SHIP':
      return from === 'RECEIVED' ? '商家已收货，物流信息不能再修改' : '当前无需寄回商品';
    case 'RECEIVE':
      return '买家尚未寄回商品';
    case 'REFUND':
      return '当前状态不能退款';
    default:
      return '当前售后状态不能进行该操作';
  }
}

export type AfterSaleTransition = { ok: true; to: AfterSaleState } | { ok: false; reason: string };

export function afterSaleTransition(from: AfterSaleState, event: AfterSaleEvent): AfterSaleTransition {
  if (!AFTER_SALE_STATES.includes(from)) return { ok: false, reason: '售后状态不正确' };
  if (!AFTER_SALE_EVENTS.includes(event)) return { ok: false, reason: '未知的售后操作' };
  const to = TABLE[from]?.[event];
  return to ? { ok: true, to } : { ok: false, reason: refusal(from, event) };
}

/** Texts of each state (list tabs, detail header). */
export const AFTER_SALE_STATE_TEXT: Record<AfterSaleState, string> = {
  APPLIED: '待商家处理',
  AGREED: '商家已同意',
  RETURNING: '待寄回商品',
  SHIPPED: '待商家收货',
  RECEIVED: '商家已收货',
  REFUNDING: '退款中',
  REFUNDED: '退款成功',
  REFUSED: '商家已拒绝',
  CANCELLED: '已撤销',
};

/** List tabs of afterSaleOrder: which states each shows. */
export const AFTER_SALE_TABS = {
  ALL: [] as AfterSaleState[],
  PROCESSING: ['APPLIED', 'AGREED', 'RETURNING', 'SHIPPED', 'RECEIVED', 'REFUNDING'] as AfterSaleState[],
  DONE: ['REFUNDED'] as AfterSaleState[],
  CLOSED: ['REFUSED', 'CANCELLED'] as AfterSaleState[],
} as const;
export type AfterSaleTab = keyof typeof AFTER_SALE_TABS;
export const AFTER_SALE_TAB_TEXT: Record<AfterSaleTab, string> = {
  ALL: '全部',
  PROCESSING: '处理中',
  DONE: '已完成',
  CLOSED: '已关闭',
};

/** Reasons offered on afterSaleApply (the customer picks one). */
export const AFTER_SALE_REASONS = [
  '不想要了',
  '课程/商品与描述不符',
  '质量问题',
  '未按约定时间发货/开课',
  '重复下单',
  '其他',
] as const;

/** 1 仅退款, 2 退货退款. */
export const AFTER_SALE_TYPES = { REFUND_ONLY: 1, RETURN_REFUND: 2 } as const;
export const AFTER_SALE_TYPE_TEXT: Record<number, string> = { 1: '仅退款', 2: '退货退款' };

export const AFTER_SALE_IMAGES_MAX = 6;
export const AFTER_SALE_DESCRIPTION_MAX = 200;
export const AFTER_SALE_REFUSE_REASON_MAX = 100;

/** §3 refund tags: 2 no refund. Any other tag (or none) lets the customer ask; the merchant decides. */
export const NO_REFUND_TAG = 2;
export const refundAllowedByTags = (tags: readonly number[]) => !tags.includes(NO_REFUND_TAG);

/** What the customer sees of each event in the negotiation history. */
export const AFTER_SALE_EVENT_TEXT: Record<AfterSaleEvent | 'APPLY', string> = {
  APPLY: '买家发起了退款申请',
  EDIT: '买家修改了退款申请',
  CANCEL: '买家撤销了退款申请',
  REFUSE: '商家拒绝了退款申请',
  AGREE: '商家同意了退款申请',
  ASK_RETURN: '商家同意退货，请寄回商品',
  SHIP: '买家已寄回商品',
  RECEIVE: '商家已确认收货',
  REFUND: '商家已发起退款',
  REFUND_SETTLED: '退款已原路退回',
  REFUND_FAILED: '退款失败，等待商家重新处理',
};
