/**
 * The sandbox provider (the default): the server's own cashier page stands in for the provider's, and its
 * confirm button sends a notification signed with HMAC-SHA256 (SANDBOX_PAY_KEY) to POST /pay/notify/sandbox,
 * the same path a real provider's callback takes. The H5 storefront (in any browser, the WeChat one included)
 * opens it as a page; the mini-programs open it in their web-view page, so a newcomer can pay on every target.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readSignedNotification, signedNotification } from '../../../runtime/sandbox-notification';
import { PAY_TYPES, type PaymentProvider, type VerifiedNotification } from './types';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const BAD_NOTIFY_SIGNATURE = '支付通知签名错误';
export const BAD_NOTIFY_BODY = '支付通知格式错误';

export const sandboxNotificationSchema = z.object({
  paymentSn: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  status: z.enum(['SUCCESS', 'FAIL']),
  txnId: z.string().min(1).max(64),
  /** The channel picked on the cashier (§3 pay type); older notifications without it were WeChat. */
  payType: z.union([z.literal(1), z.literal(3), z.literal(4)]).optional(),
  notifyTime: z.string().max(40),
});
export type SandboxNotification = z.infer<typeof sandboxNotificationSchema>;

/** The channels the sandbox cashier offers (§3 pay types 1 微信支付, 3 支付宝, 4 银行卡). */
export const SANDBOX_PAY_TYPES = [PAY_TYPES.WECHAT, PAY_TYPES.ALIPAY, PAY_TYPES.BANK_CARD] as const;
export type SandboxPayType = (typeof SANDBOX_PAY_TYPES)[number];

/** What the cashier's confirm sends: the JSON text and its signature header. */
export function buildSandboxNotification(
  payment: { paymentSn: string; amount: number },
  key: string,
  now = new Date(),
  payType: SandboxPayType = PAY_TYPES.WECHAT,
) {
  const notification: SandboxNotification = {
    paymentSn: payment.paymentSn,
    amount: payment.amount,
    status: 'SUCCESS',
    txnId: `SBX${now.getTime()}${randomBytes(6).toString('hex')}`,
    payType,
    notifyTime: now.toISOString(),
  };
  return { notification, ...signedNotification(notification, SANDBOX_SIGNATURE_HEADER, key) };
}

export interface SandboxOptions {
  key: string;
  /** Absolute cashier URLs when set (PUBLIC_BASE_URL); same-origin paths otherwise. */
  publicBaseUrl?: string;
}

export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  return {
    name: 'sandbox',
    async prepare(payment, ctx) {
      // The cashier is a web page: H5 (the WeChat browser's JSAPI included) goes there; a mini-program opens it
      // in its web-view page (no redirect: the customer comes back with the page's back button, to the pay-check).
      const query = ctx.redirectUrl ? `?redirect=${encodeURIComponent(ctx.redirectUrl)}` : '';
      return {
        mwebUrl: `${options.publicBaseUrl ?? ''}/sandbox/cashier/${encodeURIComponent(payment.paymentSn)}${query}`,
      };
    },
    verifyNotification(rawBody, headers): VerifiedNotification {
      const n = readSignedNotification(rawBody, headers, {
        header: SANDBOX_SIGNATURE_HEADER,
        key: options.key,
        schema: sandboxNotificationSchema,
        badSignature: BAD_NOTIFY_SIGNATURE,
        badBody: BAD_NOTIFY_BODY,
      });
      const { paymentSn, txnId, amount, status, payType } = n;
      return { paymentSn, txnId, amount, status, payType: payType ?? PAY_TYPES.WECHAT };
    },
    acknowledge: (ok, message) => ({ state: ok, message, info: null }),
  };
}
