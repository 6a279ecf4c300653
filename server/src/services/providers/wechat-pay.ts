/**
 * WeChat Pay (API v3), behind the provider interface. Off unless WECHAT_PAY_* are set; then notifications are
 * verified for real (platform signature over `timestamp\nnonce\nbody\n`, AES-256-GCM resource decrypted with
 * the API v3 key). Placing an order with WeChat (prepay for JSAPI / h5_url for MWEB) needs an HTTPS call to
 * api.mch.weixin.qq.com signed with the merchant key, and JSAPI needs the payer's openid from WeChat login,
 * which this server does not do yet: `prepare` refuses until that call is written (see server/README.md).
 */
import { createDecipheriv, createVerify } from 'node:crypto';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../http';
import { readPem } from './keys';
import { BAD_NOTIFY_BODY, BAD_NOTIFY_SIGNATURE } from './sandbox';
import { headerOf, PAY_TYPES, type PaymentProvider } from './types';

export const WECHAT_NOT_CONFIGURED = '未配置微信支付';
export const WECHAT_NOT_WIRED = '微信支付下单尚未接入，请使用H5收银台';
/** WeChat signs its notifications with a timestamp; older ones are refused as replays. */
const MAX_SKEW_S = 5 * 60;

type WechatConfig = Config['wechatPay'];

/** Everything a live WeChat Pay needs; a missing one keeps the provider off. */
export const wechatConfigured = (c: WechatConfig) =>
  Boolean(c.mchId && c.apiV3Key && c.serialNo && c.privateKey && c.platformPublicKey && (c.appId || c.miniAppId));

export function decryptResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const tag = data.subarray(data.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(tag);
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function createWechatPayProvider(config: WechatConfig, now: () => number = Date.now): PaymentProvider {
  const configured = wechatConfigured(config);
  const platformKey = configured ? readPem(config.platformPublicKey as string) : '';
  const off = () => new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, WECHAT_NOT_CONFIGURED);
  return {
    name: 'wechat',
    async prepare() {
      if (!configured) throw off();
      throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, WECHAT_NOT_WIRED);
    },
    verifyNotification(rawBody, headers) {
      if (!configured) throw off();
      const timestamp = headerOf(headers, 'wechatpay-timestamp') ?? '';
      const nonce = headerOf(headers, 'wechatpay-nonce') ?? '';
      const signature = headerOf(headers, 'wechatpay-signature') ?? '';
      if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > MAX_SKEW_S) throw badRequest(BAD_NOTIFY_SIGNATURE);
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${timestamp}\n${nonce}\n${rawBody}\n`);
      let valid = false;
      try {
        valid = verifier.verify(platformKey, signature, 'base64');
      } catch {
        valid = false;
      }
      if (!valid) throw badRequest(BAD_NOTIFY_SIGNATURE);
      try {
        const body = JSON.parse(rawBody) as { resource: { ciphertext: string; nonce: string; associated_data?: string } };
        const tx = JSON.parse(decryptResource(config.apiV3Key as string, body.resource)) as {
          out_trade_no: string;
          transaction_id: string;
          trade_state: string;
          amount: { total: number };
        };
        if (typeof tx.out_trade_no !== 'string' || typeof tx.transaction_id !== 'string' || !Number.isInteger(tx.amount?.total)) {
          throw new Error('fields');
        }
        return {
          paymentSn: tx.out_trade_no,
          txnId: tx.transaction_id,
          amount: tx.amount.total,
          status: tx.trade_state === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
          payType: PAY_TYPES.WECHAT,
        };
      } catch {
        throw badRequest(BAD_NOTIFY_BODY);
      }
    },
    // WeChat Pay v3 wants 200/204 on success; a failure is any 4xx/5xx with {code, message}.
    acknowledge: (ok, message) => ({ code: ok ? 'SUCCESS' : 'FAIL', message }),
  };
}
