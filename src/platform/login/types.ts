/**
 * Login through the platform the storefront runs in: one interface, one file per target —
 * index.weapp.ts (wx.login → code2Session, phone button), index.swan.ts (swan getLoginCode, phone button),
 * index.h5.ts (WeChat browser OAuth; plain browsers have none). SMS login (pages/entrance) stays the fallback
 * everywhere. Adapters call the server through the api object they are given, so they stay testable.
 */
import type { MiniLoginInfo } from '@contract/mini-login';
import type { Api } from '../../api';

export type LoginPlatform = 'WEAPP' | 'SWAN' | 'WECHAT_H5';

/** What a login or a phone binding ends in. */
export type LoginOutcome =
  /** A session for the customer: store the token, user and prompts. */
  | { status: 'ok'; info: MiniLoginInfo }
  /** The page left for the platform's consent page (WeChat OAuth); the result arrives when it comes back. */
  | { status: 'redirected' }
  /** This platform has no login of its own (plain browser), or the customer declined: SMS login is the way. */
  | { status: 'unavailable' }
  | { status: 'fail'; message: string };

/** The event detail of `<Button openType="getPhoneNumber">` (WeChat: code; Baidu: encryptedData and iv). */
export interface PhoneButtonDetail {
  errMsg?: string;
  code?: string;
  encryptedData?: string;
  iv?: string;
}

export interface LoginContext {
  api: Api;
  /** Where to come back after a redirecting login (H5 OAuth); the current page when unset. */
  redirect?: string;
  /** The server said needAuthUser: ask the platform for the profile too (WeChat snsapi_userinfo). */
  wantProfile?: boolean;
  /** The entrance said the server has a WeChat official account; false: the WeChat browser's OAuth is off. */
  wechatOfficialAccount?: boolean | null;
}

export interface PlatformLogin {
  /** null: no platform login here (plain browser). */
  readonly platform: LoginPlatform | null;
  /** Logs in at start without asking the customer (mini-programs). */
  readonly silent: boolean;
  /** How a phone is obtained: the platform's phone button, or SMS login. */
  readonly phoneSource: 'button' | 'sms';
  login(ctx: LoginContext): Promise<LoginOutcome>;
  /** Binds the phone from the phone button's detail ('sms' platforms answer unavailable). */
  bindPhone(ctx: LoginContext, detail: PhoneButtonDetail): Promise<LoginOutcome>;
}

/** Texts shown to the customer. */
export const LOGIN_TEXTS = {
  phoneDenied: '未授权手机号，可使用短信验证码登录',
  loginFailed: '登录失败，请稍后再试',
} as const;
