/**
 * Mini-program login providers (DESIGN.md §4 providers): a login code from the mini-program
 * (wx.login, swan getLoginCode) is traded on the server for the customer's openid, unionid and session key,
 * and the phone button's proof for the phone the platform vouches for. The session key stays on the server
 * (platform_identities.session_key); no route ever answers it.
 *
 * MINI_LOGIN_PROVIDER=sandbox (the default, demo) answers every code itself, so DevTools logs in without an app
 * secret; live asks WeChat (mini-login-wechat.ts) and Baidu (mini-login-baidu.ts), each only when configured.
 */
import { sha256Hex } from '../../../runtime/sha256';
import type { MiniPlatform } from '@contract/mini-login';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../../config';
import { AppError, badRequest } from '../../../runtime/http';
import { createBaiduMiniLogin } from './mini-login-baidu';
import { createWechatMiniLogin } from './mini-login-wechat';

export interface MiniSession {
  openid: string;
  /** WeChat unionid (app bound to an open-platform account); null otherwise and on Baidu. */
  unionId: string | null;
  /** Server-side only. */
  sessionKey: string;
}

/** What the phone button gave: WeChat's one-time code, or Baidu's encrypted data with its iv. */
export interface PhoneProof {
  code?: string;
  encryptedData?: string;
  iv?: string;
  /** The identity's stored session key (Baidu decrypts with it). */
  sessionKey?: string | null;
}

export interface MiniLoginProvider {
  readonly name: 'sandbox' | 'wechat' | 'baidu';
  readonly platform: MiniPlatform;
  /** The app whose openids this provider hands out (identities are keyed by it). */
  readonly appId: string;
  /** Throws a 400 AppError for a code the platform refuses (invalid, expired, used), 503 when it cannot be asked. */
  code2Session(code: string): Promise<MiniSession>;
  /** The phone (11 digits, mainland) the platform vouches for; 400 when the proof is refused or from another app. */
  phoneNumber(proof: PhoneProof): Promise<string>;
}

export const MINI_TEXTS = {
  codeRefused: '登录凭证无效或已使用，请重新登录',
  phoneRefused: '手机号授权已失效，请重新授权',
  otherApp: '凭证不属于本小程序，请重新登录',
  appMismatch: '小程序 AppID 与服务器配置不一致',
  notConfigured: '当前小程序未开通登录，请使用手机号登录',
  notMainland: '暂不支持境外手机号，请使用手机号验证码登录',
  needLogin: '请先登录后再授权手机号',
} as const;

export const platformUnavailable = (platform: MiniPlatform, why: string) =>
  new AppError(
    503,
    ERROR_CODES.WECHAT_UNAVAILABLE,
    `${platform === 'SWAN' ? '百度' : '微信'}登录暂时无法使用，请稍后再试（${why}）`,
  );

/** Only mainland numbers (the storefront's phone rule, §5); anything else is refused with its own message. */
export function mainlandPhone(phone: unknown): string {
  const pure = typeof phone === 'string' ? phone.replace(/^\+?86/, '') : '';
  if (!/^1[3-9]\d{9}$/.test(pure)) throw badRequest(MINI_TEXTS.notMainland);
  return pure;
}

/** The sandbox's app id: identities made in the demo never mix with a real app's. */
export const SANDBOX_APP_ID = 'sandbox';

/**
 * Demo provider. Codes are single-use (the route refuses a second use), so the openid comes from the code's
 * stem, the part before the first '.': `alice.1` and `alice.2` are the same customer. DevTools' wx.login codes
 * have no '.', so each fresh login there is a new customer until a phone is bound (merge by phone).
 * Phone proofs starting with a mainland number bind that number (`13800138000.x`); others bind a number
 * derived from the proof, so any DevTools button press works.
 */
export function createSandboxMiniLogin(platform: MiniPlatform): MiniLoginProvider {
  const stem = (code: string) => code.split('.')[0];
  return {
    name: 'sandbox',
    platform,
    appId: SANDBOX_APP_ID,
    async code2Session(code) {
      const s = stem(code);
      if (!s) throw badRequest(MINI_TEXTS.codeRefused);
      return {
        openid: `sbx_${platform.toLowerCase()}_${sha256Hex(`${platform}:${s}`).slice(0, 24)}`,
        unionId: platform === 'WEAPP' ? `sbxu_${sha256Hex(`union:${s}`).slice(0, 24)}` : null,
        sessionKey: Buffer.from(sha256Hex(`session:${code}`).slice(0, 24)).toString('base64'),
      };
    },
    async phoneNumber(proof) {
      const text = proof.code ?? proof.encryptedData ?? '';
      if (!text) throw badRequest(MINI_TEXTS.phoneRefused);
      const given = /^(1[3-9]\d{9})(?:\.|$)/.exec(text);
      if (given) return given[1];
      return `139${String(parseInt(sha256Hex(`phone:${stem(text)}`).slice(0, 12), 16) % 10 ** 8).padStart(8, '0')}`;
    },
  };
}

export interface MiniLoginProviders {
  /** The provider for a platform, or null when that platform's login is off (live without its app). */
  forPlatform(platform: MiniPlatform): MiniLoginProvider | null;
}

export function createMiniLoginProviders(
  config: Config['miniLogin'],
  fetchImpl: typeof fetch = fetch,
): MiniLoginProviders {
  if (config.provider === 'sandbox') {
    const sandbox = { WEAPP: createSandboxMiniLogin('WEAPP'), SWAN: createSandboxMiniLogin('SWAN') };
    return { forPlatform: (p) => sandbox[p] };
  }
  const live = {
    WEAPP: config.wechat ? createWechatMiniLogin({ ...config.wechat, fetch: fetchImpl }) : null,
    SWAN: config.baidu ? createBaiduMiniLogin({ ...config.baidu, fetch: fetchImpl }) : null,
  };
  return { forPlatform: (p) => live[p] };
}
