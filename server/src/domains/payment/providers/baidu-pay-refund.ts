/**
 * Baidu polymer cashier refunds, behind the refund provider interface. `submit` looks the payment up at Baidu
 * (findByTpOrderId: Baidu's orderId and userId, which applyorderrefund wants, and that Baidu holds it as paid)
 * and applies for the refund (applyOrderRefund, rsaSign; applyRefundMoney in fen and our
 * refundSn as bizRefundBatchId, so part refunds work). Baidu then asks the refund audit URL whether it may
 * refund (POST /refund/audit/baidu, answered by `auditAnswer` from the refund we hold), refunds, and posts the
 * result to the refund callback URL (POST /refund/notify/baidu: orderId, userId, tpOrderId, refundBatchId,
 * refundStatus 1 success / 2 failure, rsaSign). Both callbacks are verified with Baidu's public key; both URLs
 * are registered in Baidu's developer platform (server/README.md).
 */
import { badRequest } from '../../../runtime/http';
import type { Config } from '../../../config';
import { BAIDU_NOT_CONFIGURED, baiduClientOf } from './baidu-pay';
import { verifiedBaiduFields } from './baidu-pay-client';
import { BAD_REFUND_BODY, BAD_REFUND_SIGNATURE, type RefundProvider, type VerifiedProviderRefund } from './refund';

export const BAIDU_REFUND_NOT_PAID = '百度收银台查不到这笔已支付的订单，无法退款';
/** Baidu's refundStatus of a refund that arrived. */
const REFUNDED = '1';

/** A Baidu refund callback (audit or result) whose signature checks out: the fields that name the refund. */
export interface BaiduRefundCallback {
  /** Our payment (tpOrderId; Baidu may leave it out of a refund result). */
  paymentSn?: string;
  refundBatchId: string;
  fields: Record<string, string>;
}

export function verifyBaiduRefundCallback(rawBody: string, publicKey: string): BaiduRefundCallback {
  const fields = verifiedBaiduFields(rawBody, publicKey);
  if (!fields) throw badRequest(BAD_REFUND_SIGNATURE);
  if (!fields.refundBatchId) throw badRequest(BAD_REFUND_BODY);
  return { paymentSn: fields.tpOrderId || undefined, refundBatchId: fields.refundBatchId, fields };
}

/**
 * The audit answer Baidu documents: auditStatus 1 (may refund) with the amount, 2 (refused: we asked for no
 * such refund), 3 (not sure yet: Baidu asks again, e.g. two refunds of one payment not yet told apart).
 */
export function auditAnswer(refund: { amount: number; status: string } | null | 'UNSURE') {
  if (refund === 'UNSURE')
    return { errno: 0, msg: 'success', data: { auditStatus: 3, calculateRes: { refundPayMoney: 0 } } };
  // A refund that already failed here (the operator is told) must not go through at Baidu after all.
  if (!refund || refund.status === 'FAILED')
    return { errno: 0, msg: 'success', data: { auditStatus: 2, calculateRes: { refundPayMoney: 0 } } };
  return { errno: 0, msg: 'success', data: { auditStatus: 1, calculateRes: { refundPayMoney: refund.amount } } };
}

export function createBaiduRefundProvider(config: Config['baiduPay'], now?: () => number): RefundProvider {
  const live = baiduClientOf(config, now);
  if (!live) throw new Error(BAIDU_NOT_CONFIGURED);
  const { client, publicKey } = live;
  return {
    name: 'baidu',
    async submit(req) {
      const order = await client.findByTpOrderId(req.paymentSn);
      // Not paid at Baidu, or another order than the one that paid us: nothing Baidu could refund.
      if (!order || order.status !== 2 || (req.txnId !== null && order.orderId !== req.txnId))
        throw badRequest(BAIDU_REFUND_NOT_PAID);
      const refundBatchId = await client.applyOrderRefund({
        orderId: order.orderId,
        userId: order.userId,
        tpOrderId: req.paymentSn,
        amount: req.amount,
        bizRefundBatchId: req.refundSn,
        reason: req.reason.slice(0, 60) || '售后退款',
      });
      return { providerRefundId: refundBatchId };
    },
    verifyNotification(rawBody): VerifiedProviderRefund {
      const cb = verifyBaiduRefundCallback(rawBody, publicKey);
      const status = cb.fields.refundStatus === REFUNDED ? 'SUCCESS' : 'FAIL';
      return {
        providerRefundId: cb.refundBatchId,
        paymentSn: cb.paymentSn,
        // Baidu's idempotency key of a refund result is its refundBatchId.
        notifyId: cb.refundBatchId,
        status,
        ...(status === 'FAIL' ? { reason: '百度收银台退款失败' } : {}),
      };
    },
    acknowledge: () => ({ errno: 0, msg: 'success', data: {} }),
    close() {},
  };
}
