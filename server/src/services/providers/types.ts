/**
 * The payment provider interface (DESIGN.md §4): `prepare` turns a payment row into the fields the target's
 * payment API needs (§3 pay fields), `verifyNotification` checks a provider's callback and says which payment
 * it settles. The server never trusts the client about money: only a verified notification pays an order.
 */
import type { PayParams } from '@contract/payment';

export type PaySource = 'H5' | 'WEAPP' | 'SWAN';
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
}

export type NotificationHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  /** Stored in payments.provider and used in /pay/notify/<name>. */
  readonly name: 'sandbox' | 'wechat' | 'baidu';
  /** Throws an AppError (400, Chinese message) when this provider cannot take the payment. */
  prepare(payment: PaymentForProvider, ctx: PrepareContext): Promise<PreparedPayment>;
  /** Throws an AppError (400) for a notification that is not authentic or not understood. */
  verifyNotification(rawBody: string, headers: NotificationHeaders): VerifiedNotification;
  /** The body the provider expects back once the notification is handled (or refused). */
  acknowledge(ok: boolean, message: string): unknown;
}

export const headerOf = (headers: NotificationHeaders, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
