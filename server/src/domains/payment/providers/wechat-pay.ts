/**
 * WeChat Pay (API v3), behind the provider interface. Off unless WECHAT_PAY_* are set (a half configuration is a
 * start-up error, config.ts). `prepare` places the order with WeChat: JSAPI (/v3/pay/transactions/jsapi, the
 * payer's openid) for the mini-program and the WeChat browser, answered with the client pay sign (appId,
 * timeStamp, nonceStr, package=prepay_id=…, signType RSA, paySign = merchant RSA-SHA256 over
 * `appId\ntimeStamp\nnonceStr\npackage\n`) in the §3 fields; H5 (/v3/pay/transactions/h5, h5_url as mwebUrl)
 * for other mobile browsers. `query` asks WeChat about a payment no notification settled, `close` closes it.
 * Notifications and answers are verified with the platform public key, resources decrypted with the API v3 key.
 */
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../../config';
import { AppError, badRequest } from '../../../runtime/http';
import { readPem } from '../../../runtime/pem';
import { BAD_NOTIFY_BODY, BAD_NOTIFY_SIGNATURE } from './sandbox';
import { PAY_TYPES, type PaymentProvider, type VerifiedNotification } from './types';
import {
  createWechatPayClient,
  decryptResource,
  nonce,
  rsaSign,
  verifyPlatformSignature,
} from '../../../runtime/wechat-pay-client';

export const WECHAT_NOT_CONFIGURED = '未配置微信支付';
export const WECHAT_NEEDS_OPENID = '请先在微信中登录后再支付';
export const WECHAT_NO_APP = '微信支付未配置当前端的AppID';

type WechatConfig = Config['wechatPay'];

/** Everything a live WeChat Pay needs; a missing one keeps the provider off. */
export const wechatConfigured = (c: WechatConfig) =>
  Boolean(
    c.mchId &&
    c.apiV3Key &&
    c.serialNo &&
    c.privateKey &&
    c.platformPublicKey &&
    c.notifyUrl &&
    (c.appId || c.miniAppId),
  );

/** WeChat wants RFC 3339 with an offset: China time, +08:00. */
export const rfc3339China = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

interface WechatTransaction {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  amount?: { total?: number; payer_total?: number };
}

const asTransaction = (tx: WechatTransaction): VerifiedNotification | null =>
  typeof tx.out_trade_no === 'string' && typeof tx.transaction_id === 'string' && Number.isInteger(tx.amount?.total)
    ? {
        paymentSn: tx.out_trade_no,
        txnId: tx.transaction_id,
        amount: tx.amount!.total!,
        status: tx.trade_state === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
        payType: PAY_TYPES.WECHAT,
      }
    : null;

export function createWechatPayProvider(config: WechatConfig, now: () => number = Date.now): PaymentProvider {
  const configured = wechatConfigured(config);
  const off = () => new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, WECHAT_NOT_CONFIGURED);
  const keys = configured
    ? {
        privateKey: readPem(config.privateKey as string),
        platformPublicKey: readPem(config.platformPublicKey as string),
      }
    : null;
  const client = keys
    ? createWechatPayClient({
        mchId: config.mchId as string,
        serialNo: config.serialNo as string,
        privateKey: keys.privateKey,
        platformPublicKey: keys.platformPublicKey,
        platformPublicKeyId: config.platformPublicKeyId,
        apiBase: config.apiBase,
        now,
      })
    : null;
  const mchId = config.mchId as string;
  const sn = (paymentSn: string) => encodeURIComponent(paymentSn);

  return {
    name: 'wechat',
    async prepare(payment, ctx) {
      if (!client || !keys) throw off();
      // The mini-program pays with its own AppID; the WeChat browser and other browsers with the official account's.
      const appid = ctx.paySource === 'WEAPP' ? config.miniAppId : config.appId;
      if (!appid) throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, WECHAT_NO_APP);
      const order = {
        appid,
        mchid: mchId,
        description: ctx.description.slice(0, 127),
        out_trade_no: payment.paymentSn,
        notify_url: config.notifyUrl,
        amount: { total: payment.amount, currency: 'CNY' },
        // WeChat refuses to take money after the order's deadline, so expiry needs no close call.
        ...(ctx.expiresAt ? { time_expire: rfc3339China(ctx.expiresAt) } : {}),
      };
      if (ctx.tradeType === 'JSAPI') {
        if (!ctx.openid) throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, WECHAT_NEEDS_OPENID);
        const res = await client.request('POST', '/v3/pay/transactions/jsapi', {
          ...order,
          payer: { openid: ctx.openid },
        });
        const prepayId = res.json?.prepay_id;
        if (res.status !== 200 || typeof prepayId !== 'string')
          throw client.fail(String(res.json?.message ?? res.status));
        const timeStamp = String(Math.floor(now() / 1000));
        const nonceStr = nonce();
        const pkg = `prepay_id=${prepayId}`;
        const paySign = rsaSign(keys.privateKey, `${appid}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
        return { appId: appid, timeStamp, nonceStr, package1: pkg, signType: 'RSA', againSign: paySign };
      }
      if (ctx.tradeType !== 'MWEB') throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, '微信支付不支持当前支付方式');
      const res = await client.request('POST', '/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: ctx.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } },
      });
      const h5Url = res.json?.h5_url;
      if (res.status !== 200 || typeof h5Url !== 'string') throw client.fail(String(res.json?.message ?? res.status));
      // WeChat's middle page sends the browser to redirect_url when the customer is done (paid or not).
      const back = ctx.redirectUrl
        ? `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(ctx.redirectUrl)}`
        : h5Url;
      return { mwebUrl: back };
    },
    verifyNotification(rawBody, headers) {
      if (!configured || !keys) throw off();
      if (
        !verifyPlatformSignature(
          { platformPublicKey: keys.platformPublicKey, platformPublicKeyId: config.platformPublicKeyId },
          headers,
          rawBody,
          now(),
        )
      ) {
        throw badRequest(BAD_NOTIFY_SIGNATURE);
      }
      try {
        const body = JSON.parse(rawBody) as {
          event_type?: unknown;
          resource: { ciphertext: string; nonce: string; associated_data?: string };
        };
        // A refund's notification (REFUND.*) carries out_trade_no and the total too: it is not a payment.
        if (typeof body.event_type !== 'string' || !body.event_type.startsWith('TRANSACTION.'))
          throw new Error('event');
        const note = asTransaction(
          JSON.parse(decryptResource(config.apiV3Key as string, body.resource)) as WechatTransaction,
        );
        if (!note) throw new Error('fields');
        return note;
      } catch {
        throw badRequest(BAD_NOTIFY_BODY);
      }
    },
    async query(paymentSn) {
      if (!client) throw off();
      const res = await client.request(
        'GET',
        `/v3/pay/transactions/out-trade-no/${sn(paymentSn)}?mchid=${encodeURIComponent(mchId)}`,
      );
      // Not found: WeChat never saw this payment (the customer never opened it), nothing was paid.
      if (res.status === 404) return null;
      if (res.status !== 200 || !res.json) throw client.fail(String(res.json?.message ?? res.status));
      const tx = res.json as unknown as WechatTransaction;
      return tx.trade_state === 'SUCCESS' ? asTransaction(tx) : null;
    },
    async close(paymentSn) {
      if (!client) throw off();
      const res = await client.request('POST', `/v3/pay/transactions/out-trade-no/${sn(paymentSn)}/close`, {
        mchid: mchId,
      });
      if (res.status !== 204 && res.status !== 200) throw client.fail(String(res.json?.message ?? res.status));
    },
    // WeChat Pay v3 wants 200/204 on success; a failure is any 4xx/5xx with {code, message}.
    acknowledge: (ok, message) => ({ code: ok ? 'SUCCESS' : 'FAIL', message }),
  };
}
