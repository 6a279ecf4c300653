/**
 * Baidu's server APIs behind the polymer cashier, over HTTP (kept apart from the providers so tests drive it
 * against a local fake of Baidu's hosts):
 * - the open API's access_token (openapi.baidu.com/oauth/2.0/token, client_credentials with the smart
 *   program's App Key / App Secret, scope smartapp_snsapi_base), kept until shortly before it expires;
 * - findByTpOrderId (GET /rest/2.0/smartapp/pay/paymentservice/findByTpOrderId: access_token, tpOrderId,
 *   pmAppKey): our payment at Baidu, with Baidu's orderId and userId;
 * - applyOrderRefund (POST etrade-api.baidu.com/cashier/applyOrderRefund, form fields signed with rsaSign:
 *   RSA-SHA1 with the developer's private key over the sorted fields, baiduSignString). Baidu's 申请退款 page
 *   marks the older nop.nuomi.com/nop/server/rest (method=nuomi.cashier.applyorderrefund) as 即将废弃.
 * Baidu does not sign its answers; they come over HTTPS from Baidu's hosts, and money only moves on a
 * notification whose rsaSign checks out with Baidu's public key.
 */
import { createSign, createVerify } from 'node:crypto';
import { ERROR_CODES } from '@contract/common';
import { AppError } from '../../../runtime/http';

export const BAIDU_PAY_FAILED = '百度收银台暂时无法使用，请稍后再试';
/** The open API's "access token invalid or expired" codes: fetch a new token and ask once more. */
const TOKEN_ERRORS = new Set([110, 111]);

/**
 * Fields that never take part in the signed string: Baidu's 签名与验签 page leaves out sign and sign_type, and
 * rsaSign is where Baidu carries the signature (its PHP demo moves it to sign before checking).
 */
const UNSIGNED_FIELDS = new Set(['sign', 'sign_type', 'rsaSign']);

/**
 * Baidu's canonical string (签名与验签, https://smartprogram.baidu.com/docs/develop/function/sign_v2/): every posted
 * field but the unsigned ones, empty values included, sorted by name, `k=v` joined with `&`.
 */
export const baiduSignString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => !UNSIGNED_FIELDS.has(k))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

export const baiduSign = (fields: Record<string, string>, privateKey: string) =>
  createSign('RSA-SHA1').update(baiduSignString(fields)).sign(privateKey, 'base64');

/** The form fields of a Baidu callback when its rsaSign is Baidu's over the others; null otherwise. */
export function verifiedBaiduFields(rawBody: string, publicKey: string): Record<string, string> | null {
  const fields = Object.fromEntries(new URLSearchParams(rawBody));
  try {
    return createVerify('RSA-SHA1')
      .update(baiduSignString(fields))
      .verify(publicKey, fields.rsaSign ?? '', 'base64')
      ? fields
      : null;
  } catch {
    return null;
  }
}

export interface BaiduClientOptions {
  /** The pay service's appKey (pmAppKey). */
  appKey: string;
  privateKey: string;
  clientId: string;
  clientSecret: string;
  /** The refund API's host (etrade-api.baidu.com). */
  refundBase: string;
  openapiBase: string;
  now?: () => number;
}

/** Baidu's order as findByTpOrderId answers it (the fields used here). */
export interface BaiduOrder {
  orderId: string;
  userId: string;
  tpOrderId: string;
  /** 1 unpaid, 2 paid. */
  status: number;
  totalMoney: number;
}

export function createBaiduPayClient(o: BaiduClientOptions) {
  const now = o.now ?? Date.now;
  const fail = (why: string) => new AppError(502, ERROR_CODES.PAY_UNAVAILABLE, `${BAIDU_PAY_FAILED}（${why}）`);
  let token: { value: string; until: number } | null = null;

  async function call(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw fail('网络错误');
    }
    const text = await res.text();
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object') return json as Record<string, unknown>;
    } catch {
      // not JSON: below
    }
    throw fail(`应答格式错误 ${res.status}`);
  }

  async function accessToken(fresh = false): Promise<string> {
    if (!fresh && token && token.until > now()) return token.value;
    const q = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: o.clientId,
      client_secret: o.clientSecret,
      scope: 'smartapp_snsapi_base',
    });
    const json = await call(`${o.openapiBase}/oauth/2.0/token?${q}`);
    if (typeof json.access_token !== 'string')
      throw fail(String(json.error_description ?? json.error ?? '无法取得 access_token'));
    const ttl = Number(json.expires_in) > 0 ? Number(json.expires_in) : 3600;
    // A minute early, so a token is never used in its last moments.
    token = { value: json.access_token, until: now() + Math.max(ttl - 60, 1) * 1000 };
    return token.value;
  }

  /** Our payment (tpOrderId) at Baidu; null when Baidu does not know it (never opened). */
  async function findByTpOrderId(tpOrderId: string): Promise<BaiduOrder | null> {
    const ask = async (fresh: boolean) => {
      const q = new URLSearchParams({ access_token: await accessToken(fresh), tpOrderId, pmAppKey: o.appKey });
      return call(`${o.openapiBase}/rest/2.0/smartapp/pay/paymentservice/findByTpOrderId?${q}`);
    };
    let json = await ask(false);
    if (TOKEN_ERRORS.has(Number(json.error_code))) json = await ask(true);
    if (json.error_code !== undefined && Number(json.error_code) !== 0)
      throw fail(String(json.error_msg ?? json.error_code));
    if (Number(json.errno) !== 0) return null;
    const d = json.data as Record<string, unknown> | undefined;
    if (!d || d.orderId === undefined || d.userId === undefined || typeof d.tpOrderId !== 'string') return null;
    const totalMoney = Number(d.totalMoney);
    if (!Number.isInteger(totalMoney)) throw fail('应答格式错误');
    return {
      orderId: String(d.orderId),
      userId: String(d.userId),
      tpOrderId: d.tpOrderId,
      status: Number(d.status),
      totalMoney,
    };
  }

  /** applyOrderRefund: Baidu's refund batch id, or Baidu's refusal as an AppError (400). */
  async function applyOrderRefund(r: {
    orderId: string;
    userId: string;
    tpOrderId: string;
    amount: number;
    bizRefundBatchId: string;
    reason: string;
  }): Promise<string> {
    // The current host takes no `method` field (the retiring nop host needed one).
    const fields: Record<string, string> = {
      orderId: r.orderId,
      userId: r.userId,
      // 2: the business's customer service refunds (an agreed after-sales application).
      refundType: '2',
      refundReason: r.reason,
      tpOrderId: r.tpOrderId,
      appKey: o.appKey,
      applyRefundMoney: String(r.amount),
      bizRefundBatchId: r.bizRefundBatchId,
    };
    fields.rsaSign = baiduSign(fields, o.privateKey);
    const json = await call(`${o.refundBase}/cashier/applyOrderRefund`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const data = json.data as Record<string, unknown> | undefined;
    if (Number(json.errno) !== 0 || data?.refundBatchId === undefined) {
      throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, `百度收银台退款失败：${String(json.msg ?? json.errno)}`);
    }
    return String(data.refundBatchId);
  }

  return { accessToken, findByTpOrderId, applyOrderRefund, fail };
}
export type BaiduPayClient = ReturnType<typeof createBaiduPayClient>;
