/**
 * The five notices a customer hears about their money, their variables and the Chinese line every channel can
 * show (the sandbox page, the logs). The SMS vendor's template and the WeChat / Baidu templates carry their own
 * wording; they receive these variables by name.
 */
import type { SmsNoticeKind } from '../auth/providers/sms';

/** The SMS provider's notice kinds, one for one (a type-only import: nothing of the SMS module is loaded here). */
export const NOTICE_KINDS = [
  'paid',
  'refundResult',
  'shipped',
  'withdrawalResult',
  'instalmentDue',
] as const satisfies readonly SmsNoticeKind[];
export type NoticeKind = (typeof NOTICE_KINDS)[number];
type SameKinds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
/** Fails to compile when the SMS kinds and these part ways. */
export const SAME_KINDS_AS_SMS: SameKinds<NoticeKind, SmsNoticeKind> = true;

/** Every variable an event of each kind carries (a template maps its fields to these names). */
export const NOTICE_PARAMS: Record<NoticeKind, readonly string[]> = {
  paid: ['orderNo', 'title', 'amount', 'time'],
  refundResult: ['orderNo', 'title', 'amount', 'result', 'reason', 'time'],
  shipped: ['orderNo', 'title', 'carrier', 'trackingNo', 'time'],
  withdrawalResult: ['withdrawalNo', 'amount', 'result', 'reason', 'time'],
  instalmentDue: ['orderNo', 'title', 'amount', 'dueDate'],
};

export const NOTICE_NAMES: Record<NoticeKind, string> = {
  paid: '支付成功通知',
  refundResult: '退款结果通知',
  shipped: '订单发货通知',
  withdrawalResult: '提现结果通知',
  instalmentDue: '分期还款提醒',
};

/** The notice as one line of text (the sandbox page, and the message when no template wording exists). */
export function noticeText(kind: NoticeKind, p: Record<string, string>): string {
  switch (kind) {
    case 'paid':
      return `您的订单 ${p.orderNo}（${p.title}）已支付 ${p.amount}，支付时间 ${p.time}。`;
    case 'refundResult':
      return p.result === '退款成功'
        ? `您的订单 ${p.orderNo}（${p.title}）退款 ${p.amount} 已原路退回。`
        : `您的订单 ${p.orderNo}（${p.title}）退款 ${p.amount} 未成功：${p.reason}。商家会尽快处理。`;
    case 'shipped':
      return `您的订单 ${p.orderNo}（${p.title}）已发货，${p.carrier} ${p.trackingNo}。`;
    case 'withdrawalResult':
      return p.result === '提现成功'
        ? `您的提现 ${p.amount} 已到账，提现单号 ${p.withdrawalNo}。`
        : `您的提现 ${p.amount} ${p.result}：${p.reason}，金额已退回可提现余额。`;
    case 'instalmentDue':
      return `您的订单 ${p.orderNo}（${p.title}）有一期 ${p.amount} 将于 ${p.dueDate} 到期，请按时支付。`;
  }
}

/** The storefront page a notice opens (a mini-program path, with its query). */
export function noticePage(kind: NoticeKind, p: Record<string, string>): string {
  if (kind === 'withdrawalResult') return 'subpackages/earnings/withdraw/withdrawRecord';
  return `pages/order/orderDetail?orderNo=${encodeURIComponent(p.orderNo ?? '')}`;
}

/**
 * WeChat's subscribe-message value rules by the field's type (the key without its number): thing at most 20
 * characters, character_string 32, phrase 5, name 10, letter 32; longer values are refused with 47003, so they are
 * cut here (with an ellipsis where text allows one).
 */
const WECHAT_LIMITS: Record<string, number> = {
  thing: 20,
  character_string: 32,
  phrase: 5,
  name: 10,
  letter: 32,
  car_number: 8,
  phone_number: 17,
};

export function wechatValue(key: string, value: string): string {
  const type = key.replace(/\d+$/, '');
  const limit = WECHAT_LIMITS[type];
  const chars = [...value];
  if (!limit || chars.length <= limit) return value;
  return type === 'thing' ? chars.slice(0, limit - 1).join('') + '…' : chars.slice(0, limit).join('');
}
