/**
 * Refund providers: money goes back through the provider of the original payment. `submit` hands a
 * refund over and returns at once; the result comes later as a signed notification to POST
 * /refund/notify/<provider>, as real channels answer refunds. The sandbox, the default, waits
 * SANDBOX_REFUND_DELAY_MS and then notifies over that path with HMAC-SHA256 (SANDBOX_PAY_KEY) in
 * x-sandbox-refund-signature. WeChat Pay (wechat-pay-refund.ts) and Baidu (baidu-pay-refund.ts) refund through
 * their published APIs when configured; unconfigured, a refund of such a payment is refused with what to do.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../../config';
import { AppError } from '../../../runtime/http';
import { delayedSends, readSignedNotification, signedNotification } from '../../../runtime/sandbox-notification';
import { baiduConfigured } from './baidu-pay';
import { createBaiduRefundProvider } from './baidu-pay-refund';
import type { NotificationHeaders } from './types';
import { wechatConfigured } from './wechat-pay';
import { createWechatRefundProvider } from './wechat-pay-refund';

export const REFUND_SIGNATURE_HEADER = 'x-sandbox-refund-signature';
export const REFUND_NOTIFY_PATH = '/refund/notify/sandbox';
export const BAD_REFUND_SIGNATURE = '退款通知签名错误';
export const BAD_REFUND_BODY = '退款通知格式错误';

export interface RefundRequest {
  refundSn: string;
  paymentSn: string;
  /** The payment's provider transaction id. */
  txnId: string | null;
  amount: number;
  /** What the payment paid (WeChat and Baidu want the original total). */
  paymentAmount: number;
  reason: string;
}

export interface VerifiedRefund {
  refundSn: string;
  /** The provider's id of this notification (unique per provider: a replay is refused by it). */
  notifyId: string;
  /** Fen, compared with the refund's; absent when the provider's answer names none (WeChat: no such refund). */
  amount?: number;
  status: 'SUCCESS' | 'FAIL';
  reason?: string;
}

/**
 * A notification that names the refund only by the provider's ids (Baidu's carries its refundBatchId and our
 * tpOrderId, no amount): refunds.ts finds the refund row by them.
 */
export interface VerifiedProviderRefund {
  providerRefundId: string;
  paymentSn?: string;
  notifyId: string;
  status: 'SUCCESS' | 'FAIL';
  reason?: string;
}

/**
 * A refund whose hand-over has no known outcome (the channel's answer was lost: network, timeout, an answer that
 * does not verify). The channel may have taken it, so it stays PENDING for its notification or query to settle;
 * failing it would let a retry under a new refund number pay the customer twice.
 */
export class RefundOutcomeUnknown extends Error {}

export interface RefundProvider {
  readonly name: string;
  /** Throws an AppError (400, Chinese message) when this provider cannot refund. */
  submit(req: RefundRequest): Promise<{ providerRefundId: string }>;
  verifyNotification(rawBody: string, headers: NotificationHeaders): VerifiedRefund | VerifiedProviderRefund;
  /** Asks the provider about a refund no notification settled: its result, or null while it is processing. */
  query?(refundSn: string): Promise<VerifiedRefund | null>;
  /** The body the provider expects back once its notification is handled. */
  acknowledge?(outcome: string): unknown;
  /** The body the provider expects with a refused notification (a 4xx); the app's envelope when absent. */
  refuse?(message: string): unknown;
  close(): void;
}

const notificationSchema = z.object({
  refundSn: z.string().min(1).max(64),
  notifyId: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  status: z.enum(['SUCCESS', 'FAIL']),
  reason: z.string().max(100).optional(),
  notifyTime: z.string().max(40),
});

/** The JSON text and headers of a sandbox refund notification (tests build them too). */
export function buildRefundNotification(
  r: Omit<VerifiedRefund, 'notifyId'> & { notifyId?: string },
  key: string,
  now = new Date(),
) {
  const payload = {
    refundSn: r.refundSn,
    notifyId: r.notifyId ?? `SBXRF${now.getTime()}${randomBytes(4).toString('hex')}`,
    amount: r.amount,
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    notifyTime: now.toISOString(),
  };
  return signedNotification(payload, REFUND_SIGNATURE_HEADER, key);
}

export type RefundSender = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export function createSandboxRefundProvider(options: {
  key: string;
  delayMs: number;
  send: RefundSender;
  onError?: (err: unknown) => void;
}): RefundProvider {
  const sends = delayedSends(options.delayMs, options.onError);
  return {
    name: 'sandbox',
    async submit(req) {
      const providerRefundId = `SBXRF${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
      sends.later(() => {
        const note = buildRefundNotification(
          { refundSn: req.refundSn, amount: req.amount, status: 'SUCCESS', notifyId: providerRefundId },
          options.key,
        );
        return options.send(REFUND_NOTIFY_PATH, note.body, note.headers);
      });
      return { providerRefundId };
    },
    verifyNotification(rawBody, headers) {
      const n = readSignedNotification(rawBody, headers, {
        header: REFUND_SIGNATURE_HEADER,
        key: options.key,
        schema: notificationSchema,
        badSignature: BAD_REFUND_SIGNATURE,
        badBody: BAD_REFUND_BODY,
      });
      return { refundSn: n.refundSn, notifyId: n.notifyId, amount: n.amount, status: n.status, reason: n.reason };
    },
    close: sends.close,
  };
}

/** A live channel that is not configured here: every refund of its payments is refused with what to do instead. */
export function createUnconfiguredRefundProvider(name: 'wechat' | 'baidu'): RefundProvider {
  const label = name === 'wechat' ? '微信支付' : '百度收银台';
  const refuse = () => new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, `${label}退款未配置，请在商户平台办理退款`);
  return {
    name,
    async submit() {
      throw refuse();
    },
    verifyNotification() {
      throw refuse();
    },
    close() {},
  };
}

export interface RefundProviders {
  byName(name: string): RefundProvider | undefined;
  close(): void;
}

export interface RefundProvidersOptions {
  key: string;
  delayMs: number;
  send: RefundSender;
  onError?: (err: unknown) => void;
  /** The live channels' settings: a configured channel refunds through its API, an unconfigured one refuses. */
  live?: Pick<Config, 'wechatPay' | 'baiduPay'>;
}

/** One provider per channel a payment can have been made through: a refund goes back the way the money came. */
export function createRefundProviders(options: RefundProvidersOptions): RefundProviders {
  const sandbox = createSandboxRefundProvider(options);
  const live = options.live;
  const all: Record<string, RefundProvider> = {
    sandbox,
    wechat:
      live && wechatConfigured(live.wechatPay)
        ? createWechatRefundProvider(live.wechatPay)
        : createUnconfiguredRefundProvider('wechat'),
    baidu:
      live && baiduConfigured(live.baiduPay)
        ? createBaiduRefundProvider(live.baiduPay)
        : createUnconfiguredRefundProvider('baidu'),
  };
  return { byName: (name) => all[name], close: () => Object.values(all).forEach((p) => p.close()) };
}
