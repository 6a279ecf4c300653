/**
 * The payment provider interface (DESIGN.md §4): `prepare` turns a payment row into the fields the target's
 * payment API needs (§3 pay fields), `verifyNotification` checks a provider's callback and says which payment
 * it settles. The server never trusts the client about money: only a verified notification pays an order.
 */
import type { PayParams } from '@contract/payment';
import type { NotificationHeaders } from '../../../runtime/wechat-pay-client';

export type PaySource = 'H5' | 'WEAPP' | 'SWAN';

/**
 * §3 installment pay types, written on a paid order_payments row: the channel that took the money. WeChat Pay
 * records 1. Baidu's polymer cashier (度小满 wallet, cards, and other channels behind Baidu) is none of the
 * named channels; it records 4 (bank card), the channel its wallet settles through. The sandbox records what
 * the customer picked on its cashier (1, 3 or 4).
 */
export const PAY_TYPES = { WECHAT: 1, SCAN: 2, ALIPAY: 3, BANK_CARD: 4, DEDUCTION: 5 } as const;
export type PayType = (typeof PAY_TYPES)[keyof typeof PAY_TYPES];
/** Names shown on the order detail (支付方式). */
export const PAY_TYPE_NAMES: Record<number, string> = {
  1: '微信支付',
  2: '扫码支付',
  3: '支付宝',
  4: '银行卡',
  5: '抵扣',
};
export type TradeType = 'MWEB' | 'JSAPI' | 'SWAN';

/** What a provider may read of a payment. */
export interface PaymentForProvider {
  paymentSn: string;
  orderNo: string;
  seq: number;
  /** Fen. */
  amount: number;
}

export interface PrepareContext {
  paySource: PaySource;
  tradeType: TradeType;
  /** Where the provider's page sends the browser back (H5). */
  redirectUrl?: string;
  /** Shown on the provider's page and statement ("课程名 - 定金"). */
  description: string;
  /** The customer's IP (WeChat H5 pay wants it). */
  clientIp?: string;
  /** The payer's openid in the paying app (WeChat JSAPI needs it; from WeChat login). */
  openid?: string;
  /** The order's payment deadline: the provider refuses payment after it (WeChat time_expire). */
  expiresAt?: Date;
}

/** The provider-specific part of PayParams; the rest (orderNo, paymentSn, payAmount) the service fills in. */
export type PreparedPayment = Partial<Omit<PayParams, 'orderNo' | 'paymentSn' | 'payAmount'>>;

export interface VerifiedNotification {
  paymentSn: string;
  /** The provider's transaction id; with the provider name it is unique (replays are refused by it). */
  txnId: string;
  /** Fen, as the provider reports it; compared with the payment's amount. */
  amount: number;
  status: 'SUCCESS' | 'FAIL';
  /** The channel that paid (§3 pay type). */
  payType: PayType;
}

export type { NotificationHeaders };
export { headerOf } from '../../../runtime/wechat-pay-client';

export interface PaymentProvider {
  /** Stored in payments.provider and used in /pay/notify/<name>. */
  readonly name: 'sandbox' | 'wechat' | 'baidu';
  /** Throws an AppError (400, Chinese message) when this provider cannot take the payment. */
  prepare(payment: PaymentForProvider, ctx: PrepareContext): Promise<PreparedPayment>;
  /** Throws an AppError (400) for a notification that is not authentic or not understood. */
  verifyNotification(rawBody: string, headers: NotificationHeaders): VerifiedNotification;
  /** Asks the provider about a payment no notification settled: the paid transaction, or null when unpaid. */
  query?(paymentSn: string): Promise<VerifiedNotification | null>;
  /** Closes the payment at the provider (order cancelled or expired) so it can no longer be paid. */
  close?(paymentSn: string): Promise<void>;
  /** The body the provider expects back once the notification is handled (or refused). */
  acknowledge(ok: boolean, message: string): unknown;
}
