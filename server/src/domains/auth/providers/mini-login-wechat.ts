/**
 * WeChat mini-program login (developers.weixin.qq.com/miniprogram/dev/OpenApiDoc):
 * - GET  /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code → openid, unionid, session_key;
 *   errcode 40029 (invalid code) and 40163 (code used) mean the customer must log in again.
 * - POST /cgi-bin/stable_token {grant_type: client_credential, appid, secret} → access_token (the stable token
 *   can be fetched by several processes without invalidating each other's, so each process caches its own).
 * - POST /wxa/business/getuserphonenumber?access_token {code} → phone_info.purePhoneNumber, with
 *   watermark.appid naming the app the code was issued to (a code of another app is refused).
 * apiBase is WECHAT_API_BASE (https://api.weixin.qq.com; a local fake in tests).
 */
import { badRequest } from '../../../runtime/http';
import { MINI_TEXTS, mainlandPhone, platformUnavailable, type MiniLoginProvider } from './mini-login';

/** Codes WeChat will not trade: invalid (40029), used (40163), and the phone API's expired code (40001 is a token). */
const CODE_REFUSED = new Set([40029, 40163]);
/** Token errors: invalid (40001), expired (42001), malformed (40014); fetched again once. */
const TOKEN_REFUSED = new Set([40001, 40014, 42001]);
const REQUEST_TIMEOUT_MS = 10_000;
/** A cached token is renewed this long before WeChat's expiry. */
const RENEW_MARGIN_MS = 5 * 60_000;

export interface WechatMiniLoginOptions {
  appId: string;
  appSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export function createWechatMiniLogin(o: WechatMiniLoginOptions): MiniLoginProvider {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, body?: object): Promise<Record<string, unknown>> {
    const name = path.split('?')[0];
    let res: Response;
    try {
      res = await doFetch(o.apiBase + path, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw platformUnavailable('WEAPP', `${name} 网络错误`);
    }
    if (!res.ok) throw platformUnavailable('WEAPP', `${name} HTTP ${res.status}`);
    try {
      const json = (await res.json()) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
    } catch {
      // fall through: not JSON
    }
    throw platformUnavailable('WEAPP', `${name} 应答格式错误`);
  }

  const errcodeOf = (json: Record<string, unknown>) => (typeof json.errcode === 'number' ? json.errcode : 0);

  async function accessToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && token && token.expiresAt - RENEW_MARGIN_MS > now()) return token.value;
    const json = await call('/cgi-bin/stable_token', {
      grant_type: 'client_credential',
      appid: o.appId,
      secret: o.appSecret,
      force_refresh: forceRefresh,
    });
    if (errcodeOf(json) !== 0 || typeof json.access_token !== 'string' || !json.access_token) {
      throw platformUnavailable('WEAPP', `stable_token ${errcodeOf(json)}`);
    }
    const expiresIn = Number(json.expires_in);
    token = {
      value: json.access_token,
      expiresAt: now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 7200) * 1000,
    };
    return token.value;
  }

  return {
    name: 'wechat',
    platform: 'WEAPP',
    appId: o.appId,
    async code2Session(code) {
      const q = new URLSearchParams({
        appid: o.appId,
        secret: o.appSecret,
        js_code: code,
        grant_type: 'authorization_code',
      });
      const json = await call(`/sns/jscode2session?${q}`);
      const errcode = errcodeOf(json);
      if (CODE_REFUSED.has(errcode)) throw badRequest(MINI_TEXTS.codeRefused);
      if (errcode !== 0) throw platformUnavailable('WEAPP', `jscode2session ${errcode}`);
      if (
        typeof json.openid !== 'string' ||
        !json.openid ||
        typeof json.session_key !== 'string' ||
        !json.session_key
      ) {
        throw platformUnavailable('WEAPP', 'jscode2session 缺少 openid');
      }
      return {
        openid: json.openid,
        unionId: typeof json.unionid === 'string' && json.unionid ? json.unionid : null,
        sessionKey: json.session_key,
      };
    },
    async phoneNumber(proof) {
      if (!proof.code) throw badRequest(MINI_TEXTS.phoneRefused);
      let json: Record<string, unknown> = {};
      // One retry with a fresh token when WeChat says ours is no longer valid (rotated elsewhere, expired early).
      for (const force of [false, true]) {
        const t = await accessToken(force);
        json = await call(`/wxa/business/getuserphonenumber?access_token=${encodeURIComponent(t)}`, {
          code: proof.code,
        });
        if (!TOKEN_REFUSED.has(errcodeOf(json))) break;
      }
      const errcode = errcodeOf(json);
      if (CODE_REFUSED.has(errcode)) throw badRequest(MINI_TEXTS.phoneRefused);
      if (errcode !== 0) throw platformUnavailable('WEAPP', `getuserphonenumber ${errcode}`);
      const info = (json.phone_info ?? {}) as Record<string, unknown>;
      const watermark = (info.watermark ?? {}) as Record<string, unknown>;
      if (watermark.appid !== o.appId) throw badRequest(MINI_TEXTS.otherApp);
      if (info.countryCode !== undefined && String(info.countryCode) !== '86') throw badRequest(MINI_TEXTS.notMainland);
      return mainlandPhone(info.purePhoneNumber);
    },
  };
}
