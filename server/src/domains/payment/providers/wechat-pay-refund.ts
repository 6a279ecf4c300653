/**
 * WeChat Pay API v3 refunds (pay.weixin.qq.com/docs/merchant, 退款申请 / 查询单笔退款 / 退款结果通知), behind the
 * refund provider interface. `submit` POSTs /v3/refund/domestic/refunds (the original payment named by
 * transaction_id, or out_trade_no when no transaction id was recorded; out_refund_no is our refundSn, so a retry
 * of the same refund is the same refund at WeChat), signed by the merchant key, the answer verified with the
 * platform key (runtime/wechat-pay-client.ts). The result comes as a REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED
 * notification to WECHAT_PAY_REFUND_NOTIFY_URL, verified the same way and its resource decrypted (AES-256-GCM,
 * the API v3 key); `query` GETs /v3/refund/domestic/refunds/{out_refund_no} for a refund no notification settled.
 */
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../../config';
import { AppError, badRequest } from '../../../runtime/http';
import { readPem } from '../../../runtime/pem';
import {
  BAD_REFUND_BODY,
  BAD_REFUND_SIGNATURE,
  RefundOutcomeUnknown,
  type RefundProvider,
  type VerifiedRefund,
} from './refund';
import { WECHAT_NOT_CONFIGURED } from './wechat-pay';
import { createWechatPayClient, decryptResource, verifyPlatformSignature } from '../../../runtime/wechat-pay-client';

export const WECHAT_REFUND_FAILED = '微信支付退款失败';
export const WECHAT_REFUND_NOT_TAKEN = '微信支付未受理该退款，可重新退款';
/** Why a refund did not arrive, as the customer and the operator read it. */
export const WECHAT_REFUND_REASONS: Record<string, string> = {
  ABNORMAL: '退款异常（用户银行卡作废或冻结），请在微信支付商户平台处理',
  CLOSED: '退款已关闭',
};
/** The refund states that end a refund (PROCESSING does not). */
const FINAL = new Set(['SUCCESS', 'ABNORMAL', 'CLOSED']);

type WechatConfig = Config['wechatPay'];

/** The refund fields WeChat sends in a notification's resource and in a query answer. */
interface WechatRefund {
  out_refund_no?: unknown;
  refund_id?: unknown;
  /** Notification: refund_status; query: status. */
  refund_status?: unknown;
  status?: unknown;
  amount?: { refund?: unknown };
}

function asRefund(r: WechatRefund, notifyId: (state: string, refundId: string) => string): VerifiedRefund | null {
  const state = typeof r.refund_status === 'string' ? r.refund_status : r.status;
  const amount = r.amount?.refund;
  if (
    typeof r.out_refund_no !== 'string' ||
    typeof r.refund_id !== 'string' ||
    typeof state !== 'string' ||
    !Number.isInteger(amount)
  )
    return null;
  if (!FINAL.has(state)) return null;
  return {
    refundSn: r.out_refund_no,
    notifyId: notifyId(state, r.refund_id),
    amount: amount as number,
    status: state === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
    ...(state === 'SUCCESS' ? {} : { reason: WECHAT_REFUND_REASONS[state] }),
  };
}

export function createWechatRefundProvider(config: WechatConfig, now: () => number = Date.now): RefundProvider {
  if (
    !config.mchId ||
    !config.apiV3Key ||
    !config.serialNo ||
    !config.privateKey ||
    !config.platformPublicKey ||
    !config.refundNotifyUrl
  ) {
    throw new Error(WECHAT_NOT_CONFIGURED);
  }
  const apiV3Key = config.apiV3Key;
  const refundNotifyUrl = config.refundNotifyUrl;
  const platform = {
    platformPublicKey: readPem(config.platformPublicKey),
    platformPublicKeyId: config.platformPublicKeyId,
  };
  const client = createWechatPayClient({
    mchId: config.mchId,
    serialNo: config.serialNo,
    privateKey: readPem(config.privateKey),
    ...platform,
    apiBase: config.apiBase,
    now,
  });
  // A refusal WeChat explains (NOT_ENOUGH, INVALID_REQUEST, ...) is shown as WeChat words it.
  const refused = (json: Record<string, unknown> | null, status: number) =>
    new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, `${WECHAT_REFUND_FAILED}：${String(json?.message ?? status)}`);

  return {
    name: 'wechat',
    async submit(req) {
      let res: Awaited<ReturnType<typeof client.request>>;
      try {
        res = await client.request('POST', '/v3/refund/domestic/refunds', {
          ...(req.txnId ? { transaction_id: req.txnId } : { out_trade_no: req.paymentSn }),
          out_refund_no: req.refundSn,
          ...(req.reason ? { reason: req.reason.slice(0, 80) } : {}),
          notify_url: refundNotifyUrl,
          amount: { refund: req.amount, total: req.paymentAmount, currency: 'CNY' },
        });
      } catch (err) {
        // No answer we can trust: WeChat may hold the refund. Its notification, or the query, will tell.
        throw new RefundOutcomeUnknown(err instanceof Error ? err.message : String(err));
      }
      const refundId = res.json?.refund_id;
      // WeChat's own trouble (5xx, SYSTEM_ERROR): the same out_refund_no may be retried, so it may yet go through.
      if (res.status >= 500) throw new RefundOutcomeUnknown(String(res.json?.message ?? res.status));
      if (res.status !== 200 || typeof refundId !== 'string') throw refused(res.json, res.status);
      return { providerRefundId: refundId };
    },
    verifyNotification(rawBody, headers) {
      if (!verifyPlatformSignature(platform, headers, rawBody, now())) throw badRequest(BAD_REFUND_SIGNATURE);
      let note: VerifiedRefund | null;
      try {
        const body = JSON.parse(rawBody) as {
          id?: unknown;
          event_type?: unknown;
          resource: { ciphertext: string; nonce: string; associated_data?: string };
        };
        // A payment notification sent here (or any other event) is not a refund's result.
        if (
          typeof body.id !== 'string' ||
          typeof body.event_type !== 'string' ||
          !body.event_type.startsWith('REFUND.')
        )
          throw new Error('event');
        const id = body.id;
        note = asRefund(JSON.parse(decryptResource(apiV3Key, body.resource)) as WechatRefund, () => id);
      } catch {
        note = null;
      }
      if (!note) throw badRequest(BAD_REFUND_BODY);
      return note;
    },
    async query(refundSn) {
      const res = await client.request('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundSn)}`);
      // WeChat never took this refund (its hand-over was lost on the way): it failed, and may be made again.
      if (res.status === 404)
        return { refundSn, notifyId: `query:${refundSn}:NOT_EXISTS`, status: 'FAIL', reason: WECHAT_REFUND_NOT_TAKEN };
      if (res.status !== 200 || !res.json) throw client.fail(String(res.json?.message ?? res.status));
      // The query's own id: one per refund and end state, so a later notification of the same result is a duplicate.
      return asRefund(res.json as WechatRefund, (state, refundId) => `query:${refundId}:${state}`);
    },
    // WeChat reads any 2xx as received; the body is its documented success answer.
    acknowledge: () => ({ code: 'SUCCESS', message: '成功' }),
    // A 4xx with {code, message}: WeChat sends the notification again later.
    refuse: (message) => ({ code: 'FAIL', message }),
    close() {},
  };
}
