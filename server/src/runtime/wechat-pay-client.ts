/**
 * WeChat Pay API v3 over HTTP (pay.weixin.qq.com/docs/merchant): every request carries the
 * `WECHATPAY2-SHA256-RSA2048` Authorization (merchant private key over `METHOD\nURL\ntimestamp\nnonce\nbody\n`),
 * every answer and notification is accepted only with a valid Wechatpay-Signature (platform public key over
 * `timestamp\nnonce\nbody\n`, timestamp within five minutes). Kept apart from the provider so tests can drive it
 * against a local fake of api.mch.weixin.qq.com. Shared by payments, refunds (domains/payment) and payouts
 * (domains/earnings); each domain keeps its own API calls.
 */
import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@contract/common';
import { AppError } from './http';

/** Headers as Node gives them (a repeated header is an array; the first value counts). */
export type NotificationHeaders = Record<string, string | string[] | undefined>;

export const headerOf = (headers: NotificationHeaders, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export const WECHAT_PAY_FAILED = '微信支付暂时无法使用，请稍后再试';
/** WeChat signs with a timestamp; an older signed message is refused as a replay. */
export const MAX_SKEW_S = 5 * 60;

export interface WechatPayClientOptions {
  mchId: string;
  serialNo: string;
  /** Merchant private key, PEM. */
  privateKey: string;
  /** Platform public key, PEM, and its id (Wechatpay-Serial names it). */
  platformPublicKey: string;
  platformPublicKeyId?: string;
  /** https://api.mch.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
  now?: () => number;
}

export const nonce = () => randomBytes(16).toString('hex');

export function rsaSign(privateKey: string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

/** True when `signature` is the platform's over `timestamp\nnonce\nbody\n` and the timestamp is fresh. */
export function verifyPlatformSignature(
  o: Pick<WechatPayClientOptions, 'platformPublicKey' | 'platformPublicKeyId'>,
  headers: NotificationHeaders,
  body: string,
  nowMs: number,
): boolean {
  const timestamp = headerOf(headers, 'wechatpay-timestamp') ?? '';
  const nonceStr = headerOf(headers, 'wechatpay-nonce') ?? '';
  const signature = headerOf(headers, 'wechatpay-signature') ?? '';
  const serial = headerOf(headers, 'wechatpay-serial');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_S) return false;
  // Signed with another key (a rotated platform key we were not given): not ours to trust.
  if (o.platformPublicKeyId && serial !== undefined && serial !== o.platformPublicKeyId) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonceStr}\n${body}\n`)
      .verify(o.platformPublicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A notification's resource opened with the API v3 key (AEAD_AES_256_GCM; the last 16 bytes are the tag). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const tag = data.subarray(data.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(tag);
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export interface WechatPayAnswer {
  status: number;
  json: Record<string, unknown> | null;
}

export function createWechatPayClient(o: WechatPayClientOptions) {
  const now = o.now ?? Date.now;
  const fail = (why: string) => new AppError(502, ERROR_CODES.PAY_UNAVAILABLE, `${WECHAT_PAY_FAILED}（${why}）`);

  function authorization(method: string, url: string, body: string): string {
    const timestamp = String(Math.floor(now() / 1000));
    const nonceStr = nonce();
    const signature = rsaSign(o.privateKey, `${method}\n${url}\n${timestamp}\n${nonceStr}\n${body}\n`);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${o.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${o.serialNo}"`;
  }

  /** One signed call; the answer is returned only when WeChat's signature on it checks out. */
  async function request(
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    /** e.g. Wechatpay-Serial, naming the platform key that encrypted a sensitive field. */
    extraHeaders: Record<string, string> = {},
  ): Promise<WechatPayAnswer> {
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    try {
      res = await fetch(o.apiBase + url, {
        method,
        headers: {
          authorization: authorization(method, url, body),
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          'user-agent': 'storefront-server',
          ...extraHeaders,
        },
        body: payload ? body : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw fail('网络错误');
    }
    const text = await res.text();
    const headers = Object.fromEntries(res.headers.entries());
    if (!verifyPlatformSignature(o, headers, text, now())) throw fail('应答签名错误');
    let json: Record<string, unknown> | null = null;
    if (text) {
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw fail('应答格式错误');
      }
    }
    return { status: res.status, json };
  }

  return { request, authorization, fail };
}
export type WechatPayClient = ReturnType<typeof createWechatPayClient>;
