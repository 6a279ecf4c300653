/**
 * Baidu smart-program polymer payment (百度收银台), behind the provider interface. Off unless BAIDU_PAY_* are
 * set. With them, `prepare` builds the orderInfo that swan.requestPolymerPayment takes (rsaSign: RSA-SHA1 with
 * the developer's private key over appKey, dealId, totalAmount, tpOrderId), and notifications (form fields,
 * rsaSign over the sorted others) are verified with Baidu's platform public key. `query` asks Baidu about a
 * payment no notification settled (findByTpOrderId, baidu-pay-client.ts); refunds: baidu-pay-refund.ts.
 */
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../../config';
import { AppError, badRequest } from '../../../runtime/http';
import { baiduSign, createBaiduPayClient, verifiedBaiduFields, type BaiduOrder } from './baidu-pay-client';
import { readPem } from '../../../runtime/pem';
import { BAD_NOTIFY_BODY, BAD_NOTIFY_SIGNATURE } from './sandbox';
import { PAY_TYPES, type PaymentProvider, type VerifiedNotification } from './types';

export { baiduSignString } from './baidu-pay-client';

export const BAIDU_NOT_CONFIGURED = '未配置百度支付';
/** Baidu's notification status for a paid order. */
const BAIDU_PAID = '2';

type BaiduConfig = Config['baiduPay'];

export const baiduConfigured = (c: BaiduConfig) =>
  Boolean(c.appKey && c.dealId && c.privateKey && c.publicKey && c.clientId && c.clientSecret);

/** The client of a configured Baidu pay (keys read once); null when it is off. */
export function baiduClientOf(config: BaiduConfig, now?: () => number) {
  if (!baiduConfigured(config)) return null;
  const keys = { privateKey: readPem(config.privateKey as string), publicKey: readPem(config.publicKey as string) };
  const client = createBaiduPayClient({
    appKey: config.appKey as string,
    privateKey: keys.privateKey,
    clientId: config.clientId as string,
    clientSecret: config.clientSecret as string,
    refundBase: config.refundBase,
    openapiBase: config.openapiBase,
    now,
  });
  return { client, ...keys };
}

/** A paid Baidu order as the provider's verified answer (the amount is totalMoney, as in the notification). */
const asPaid = (o: BaiduOrder): VerifiedNotification => ({
  paymentSn: o.tpOrderId,
  txnId: o.orderId,
  amount: o.totalMoney,
  status: 'SUCCESS',
  payType: PAY_TYPES.BANK_CARD,
});

export function createBaiduPayProvider(config: BaiduConfig, now?: () => number): PaymentProvider {
  const live = baiduClientOf(config, now);
  const configured = live !== null;
  const privateKey = live?.privateKey ?? '';
  const publicKey = live?.publicKey ?? '';
  const off = () => new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, BAIDU_NOT_CONFIGURED);
  return {
    name: 'baidu',
    async prepare(payment, ctx) {
      if (!configured) throw off();
      if (ctx.paySource !== 'SWAN') throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, '百度支付仅支持百度小程序');
      const signed = {
        appKey: config.appKey as string,
        dealId: config.dealId as string,
        totalAmount: String(payment.amount),
        tpOrderId: payment.paymentSn,
      };
      const rsaSign = baiduSign(signed, privateKey);
      return {
        orderInfo: {
          ...signed,
          dealTitle: ctx.description.slice(0, 20),
          signFieldsRange: '1',
          rsaSign,
          bizInfo: JSON.stringify({ tpData: { orderNo: payment.orderNo, seq: payment.seq } }),
        },
      };
    },
    verifyNotification(rawBody) {
      if (!configured) throw off();
      const fields = verifiedBaiduFields(rawBody, publicKey);
      if (!fields) throw badRequest(BAD_NOTIFY_SIGNATURE);
      const amount = Number(fields.totalMoney);
      if (!fields.tpOrderId || !fields.orderId || !Number.isInteger(amount)) throw badRequest(BAD_NOTIFY_BODY);
      return {
        paymentSn: fields.tpOrderId,
        txnId: fields.orderId,
        amount,
        status: fields.status === BAIDU_PAID ? 'SUCCESS' : 'FAIL',
        payType: PAY_TYPES.BANK_CARD,
      };
    },
    async query(paymentSn) {
      if (!live) throw off();
      const order = await live.client.findByTpOrderId(paymentSn);
      return order && order.status === 2 && order.tpOrderId === paymentSn ? asPaid(order) : null;
    },
    // isConsumed 2: the order was delivered (Baidu stops resending).
    acknowledge: (ok, message) => ({ errno: ok ? 0 : 1, msg: message, data: { isConsumed: 2 } }),
  };
}
