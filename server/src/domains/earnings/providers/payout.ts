/**
 * Payout providers: how an approved withdrawal reaches the bank card or WeChat balance. `submit` hands the payout over
 * and returns at once; the result comes later as a signed notification to POST /payout/notify/<name>, as a real
 * payout channel (企业付款到银行卡) answers. The sandbox, the default, waits SANDBOX_PAYOUT_DELAY_MS and then
 * notifies over the same path, signed with HMAC-SHA256 (SANDBOX_PAYOUT_KEY). It fails, deterministically for the
 * demo, a card whose number ends in 0000 (收款账户状态异常); every other payout succeeds.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { delayedSends, readSignedNotification, signedNotification } from '../../../runtime/sandbox-notification';
import type { NotificationHeaders } from '../../../runtime/wechat-pay-client';
import type { PayoutTarget } from '@contract/rules/withdrawal';

export const PAYOUT_SIGNATURE_HEADER = 'x-sandbox-payout-signature';
export const PAYOUT_NOTIFY_PATH = '/payout/notify/sandbox';
export const BAD_PAYOUT_SIGNATURE = '打款通知签名错误';
export const BAD_PAYOUT_BODY = '打款通知格式错误';
export const SANDBOX_FAIL_REASON = '收款账户状态异常';

export interface PayoutRequest {
  withdrawalNo: string;
  /** What reaches the earner (amount less fee), fen. */
  amount: number;
  /** The card paid (card payouts); null for a payout to WeChat balance. */
  card: { cardNo: string; holderName: string; bankCode: string } | null;
  /** WeChat payouts: the earner's openid in the app that confirms the transfer. */
  payee?: { appId: string; openid: string } | null;
  /** The verified real name (WeChat wants it, encrypted, from 2,000 yuan up). */
  realName?: string;
}

export interface VerifiedPayout {
  withdrawalNo: string;
  txnId: string;
  amount: number;
  status: 'SUCCESS' | 'FAIL';
  reason?: string;
}

/** Where a payout stands at the channel: ended (applied once, like a notification) or still under way. */
export type PayoutState =
  | (VerifiedPayout & { ended: true })
  | {
      ended: false;
      withdrawalNo: string;
      payoutRef?: string;
      /** The earner has still to accept it (WeChat's WAIT_USER_CONFIRM); the package comes with a transfer's answer. */
      waitsForEarner?: boolean;
      confirmPackage?: string;
    };

/** The channel's answer was lost (network, timeout, an answer that does not verify): it may hold the payout. */
export class PayoutOutcomeUnknown extends Error {}
/** The channel surely did not take the payout: nothing was paid, the amount may go back. */
export class PayoutRefused extends Error {}

export interface PayoutProvider {
  readonly name: 'sandbox' | 'wechat';
  /**
   * Where it pays: a bank card, or WeChat balance (an openid, so a withdrawal needs one before any money is
   * reserved, and no card).
   */
  readonly payoutTo: PayoutTarget;
  /** The merchant id the client's confirm call names (WeChat). */
  readonly mchId?: string;
  /**
   * Hands the payout over. Throws PayoutOutcomeUnknown when the answer is lost (the withdrawal stays PAYING) and
   * anything else when the channel refused it (the amount goes back).
   */
  submit(req: PayoutRequest): Promise<{ payoutRef?: string } | PayoutState>;
  /** Asks the channel about a payout no notification settled; NOT_FOUND: it never took it. */
  query?(withdrawalNo: string): Promise<PayoutState | 'NOT_FOUND'>;
  /** Throws an AppError (400) for a notification that is not authentic or not understood. */
  verifyNotification(rawBody: string, headers: NotificationHeaders): VerifiedPayout;
  /** The body the channel expects back once a notification is handled. */
  acknowledge?(): unknown;
  /** Stops what is still scheduled (app close). */
  close(): void;
}

const notificationSchema = z.object({
  withdrawalNo: z.string().min(1).max(40),
  txnId: z.string().min(1).max(64),
  amount: z.number().int().min(0),
  status: z.enum(['SUCCESS', 'FAIL']),
  reason: z.string().max(100).optional(),
  notifyTime: z.string().max(40),
});

/** The JSON text and headers of a sandbox payout notification (tests build them too). */
export function buildPayoutNotification(
  p: Omit<VerifiedPayout, 'txnId'> & { txnId?: string },
  key: string,
  now = new Date(),
) {
  const payload = {
    withdrawalNo: p.withdrawalNo,
    txnId: p.txnId ?? `SBXPO${now.getTime()}${randomBytes(4).toString('hex')}`,
    amount: p.amount,
    status: p.status,
    ...(p.reason ? { reason: p.reason } : {}),
    notifyTime: now.toISOString(),
  };
  return signedNotification(payload, PAYOUT_SIGNATURE_HEADER, key);
}

export type PayoutSender = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export function createSandboxPayoutProvider(options: {
  key: string;
  delayMs: number;
  send: PayoutSender;
  onError?: (err: unknown) => void;
}): PayoutProvider {
  const sends = delayedSends(options.delayMs, options.onError);
  return {
    name: 'sandbox',
    payoutTo: 'BANK_CARD',
    async submit(req) {
      if (!req.card) throw new PayoutRefused('缺少到账银行卡');
      const payoutRef = `SBXPO${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
      const fail = req.card.cardNo.endsWith('0000');
      sends.later(() => {
        const note = buildPayoutNotification(
          {
            withdrawalNo: req.withdrawalNo,
            amount: req.amount,
            status: fail ? 'FAIL' : 'SUCCESS',
            reason: fail ? SANDBOX_FAIL_REASON : undefined,
            txnId: payoutRef,
          },
          options.key,
        );
        return options.send(PAYOUT_NOTIFY_PATH, note.body, note.headers);
      });
      return { payoutRef };
    },
    verifyNotification(rawBody, headers) {
      const n = readSignedNotification(rawBody, headers, {
        header: PAYOUT_SIGNATURE_HEADER,
        key: options.key,
        schema: notificationSchema,
        badSignature: BAD_PAYOUT_SIGNATURE,
        badBody: BAD_PAYOUT_BODY,
      });
      return { withdrawalNo: n.withdrawalNo, txnId: n.txnId, amount: n.amount, status: n.status, reason: n.reason };
    },
    close: sends.close,
  };
}
