/**
 * Baidu smart-program polymer payment (百度收银台), behind the provider interface. Off unless BAIDU_PAY_* are
 * set. With them, `prepare` builds the orderInfo that swan.requestPolymerPayment takes (rsaSign: RSA-SHA1 with
 * the developer's private key over appKey, dealId, totalAmount, tpOrderId), and notifications (form fields,
 * rsaSign over the sorted others) are verified with Baidu's platform public key.
 */
import { createSign, createVerify } from 'node:crypto';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../http';
import { readPem } from './keys';
import { BAD_NOTIFY_BODY, BAD_NOTIFY_SIGNATURE } from './sandbox';
import { PAY_TYPES, type PaymentProvider } from './types';

export const BAIDU_NOT_CONFIGURED = '未配置百度支付';
/** Baidu's notification status for a paid order. */
const BAIDU_PAID = '2';

type BaiduConfig = Config['baiduPay'];

export const baiduConfigured = (c: BaiduConfig) => Boolean(c.appKey && c.dealId && c.privateKey && c.publicKey);

/** Baidu's canonical string: the fields sorted by name, `k=v` joined with `&`, rsaSign and sign left out. */
export const baiduSignString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'rsaSign' && k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

export function createBaiduPayProvider(config: BaiduConfig): PaymentProvider {
  const configured = baiduConfigured(config);
  const privateKey = configured ? readPem(config.privateKey as string) : '';
  const publicKey = configured ? readPem(config.publicKey as string) : '';
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
      const rsaSign = createSign('RSA-SHA1').update(baiduSignString(signed)).sign(privateKey, 'base64');
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
      const fields = Object.fromEntries(new URLSearchParams(rawBody));
      const rsaSign = fields.rsaSign ?? '';
      let valid = false;
      try {
        valid = createVerify('RSA-SHA1').update(baiduSignString(fields)).verify(publicKey, rsaSign, 'base64');
      } catch {
        valid = false;
      }
      if (!valid) throw badRequest(BAD_NOTIFY_SIGNATURE);
      const amount = Number(fields.totalMoney);
      if (!fields.tpOrderId || !fields.orderId || !Number.isInteger(amount)) throw badRequest(BAD_NOTIFY_BODY);
      return { paymentSn: fields.tpOrderId, txnId: fields.orderId, amount, status: fields.status === BAIDU_PAID ? 'SUCCESS' : 'FAIL', payType: PAY_TYPES.BANK_CARD };
    },
    // isConsumed 2: the order was delivered (Baidu stops resending).
    acknowledge: (ok, message) => ({ errno: ok ? 0 : 1, msg: message, data: { isConsumed: 2 } }),
  };
}
