/**
 * WeChat official-account web authorisation (网页授权, the WeChat browser's OAuth), behind one interface.
 * The storefront sends the customer to WeChat's authorize page (`authorizeUrl`); WeChat comes back to our page
 * with ?code=&state=, and the server trades the code for the customer's openid (and unionid) with
 * GET /sns/oauth2/access_token, then, for snsapi_userinfo, reads nickname and avatar with GET /sns/userinfo.
 * Off unless WECHAT_APP_ID / WECHAT_APP_SECRET are set (demo mode: no official account). Both base URLs are
 * configuration, so tests and the e2e point them at a local fake that speaks the same protocol.
 */
import type { Config } from '../../../config';

export const OAUTH_SCOPES = ['snsapi_base', 'snsapi_userinfo'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export interface OAuthGrant {
  openid: string;
  /** Only when the official account is bound to a WeChat Open Platform account. */
  unionid?: string;
  accessToken: string;
  /** What the customer granted (WeChat answers the scope of the code). */
  scope: OAuthScope;
}

export interface OAuthProfile {
  nickname: string;
  avatar: string;
  unionid?: string;
}

export interface WechatOAuthProvider {
  /** The official account's AppID: the openids it hands out belong to it alone. */
  readonly appId: string;
  authorizeUrl(input: { redirectUri: string; scope: OAuthScope; state: string }): string;
  exchangeCode(code: string): Promise<OAuthGrant>;
  userInfo(grant: OAuthGrant): Promise<OAuthProfile>;
}

/** WeChat refused the code (invalid, expired, used before) or answered an error: the customer must start again. */
export class WechatOAuthError extends Error {
  constructor(
    message: string,
    /** WeChat's errcode, or 0 when WeChat could not be reached. */
    readonly errcode: number,
  ) {
    super(message);
    this.name = 'WechatOAuthError';
  }
}

/** WeChat's errcodes for a code it will not trade: invalid (40029) and already used (40163). */
export const CODE_REFUSED = new Set([40029, 40163]);

const REQUEST_TIMEOUT_MS = 10_000;
type Fetch = typeof fetch;

export function createWechatOAuthProvider(opts: {
  appId: string;
  appSecret: string;
  apiBase: string;
  authorizeBase: string;
  fetch?: Fetch;
}): WechatOAuthProvider {
  const doFetch = opts.fetch ?? fetch;
  async function getJson(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    let body: Record<string, unknown>;
    try {
      const res = await doFetch(`${opts.apiBase}${path}?${new URLSearchParams(query)}`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!res.ok) throw new WechatOAuthError(`wechat ${path}: HTTP ${res.status}`, 0);
      body = (await res.json()) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof WechatOAuthError) throw err;
      throw new WechatOAuthError(`wechat ${path}: ${(err as Error).message}`, 0);
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      throw new WechatOAuthError(`wechat ${path}: ${body.errcode} ${String(body.errmsg)}`, body.errcode);
    }
    return body;
  }
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

  return {
    appId: opts.appId,
    authorizeUrl({ redirectUri, scope, state }) {
      // WeChat reads the parameters in this order and needs the #wechat_redirect fragment.
      const q = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
      });
      return `${opts.authorizeBase}?${q}#wechat_redirect`;
    },
    async exchangeCode(code) {
      const body = await getJson('/sns/oauth2/access_token', {
        appid: opts.appId,
        secret: opts.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const openid = text(body.openid);
      const accessToken = text(body.access_token);
      if (!openid || !accessToken) throw new WechatOAuthError('wechat /sns/oauth2/access_token: no openid', 0);
      // A code asked with snsapi_userinfo carries both scopes ("snsapi_userinfo" or "snsapi_base,snsapi_userinfo").
      const scope: OAuthScope = String(body.scope ?? '').includes('snsapi_userinfo')
        ? 'snsapi_userinfo'
        : 'snsapi_base';
      return { openid, unionid: text(body.unionid), accessToken, scope };
    },
    async userInfo(grant) {
      const body = await getJson('/sns/userinfo', {
        access_token: grant.accessToken,
        openid: grant.openid,
        lang: 'zh_CN',
      });
      // The answer must be about the customer the code belonged to.
      if (body.openid !== grant.openid) throw new WechatOAuthError('wechat /sns/userinfo: another openid', 0);
      return {
        nickname: text(body.nickname) ?? '',
        avatar: text(body.headimgurl) ?? '',
        unionid: text(body.unionid) ?? grant.unionid,
      };
    },
  };
}

/** The provider the configuration asks for: null when no official account is configured (demo mode). */
export function wechatOAuthProviderFrom(mp: Config['wechatMp']): WechatOAuthProvider | null {
  if (!mp.appId || !mp.appSecret) return null;
  return createWechatOAuthProvider({
    appId: mp.appId,
    appSecret: mp.appSecret,
    apiBase: mp.apiBase,
    authorizeBase: mp.authorizeUrl,
  });
}
