/**
 * The WeChat browser's OAuth login flow, loaded with import() by index.h5.ts only inside WeChat, so
 * other browsers never download it.
 *
 * Coming back from WeChat (?code=&state= before the hash), the code is traded on the server for a session with
 * the openid (the address is cleaned first, so a reload never offers the spent code again); otherwise the page
 * goes to WeChat's authorize address (snsapi_userinfo when the server said needAuthUser, snsapi_base otherwise)
 * and comes back to the page the customer was on. A server with no official account (demo mode, remembered for
 * the tab), a customer whose openid is already known, and a customer who declined (WeChat returns with the state
 * but no code) all answer `unavailable`: SMS login stays the way.
 */
import type { MiniLoginInfo } from '@contract/mini-login';
import type { WechatOAuthAuthorizeInfo } from '@contract/wechat-oauth';
import { errorMessage } from '../../api/error-message';
// The server answers "no official account configured" the same way for JS-SDK signing and for OAuth (400 / 4050).
import { isSigningOff as isOff } from '../../domain/share';
import { ROUTES, toUrl } from '../../domain/routes';
import { LOGIN_TEXTS, type LoginContext, type LoginOutcome } from './types';

export interface H5LoginEnv {
  userAgent: string;
  /** The address now (location.href). */
  href(): string;
  /** Leaves for WeChat (location.replace: the authorize page takes this entry's place in history). */
  go(url: string): void;
  /** Rewrites the address without loading (history.replaceState). */
  rewrite(url: string): void;
  /** Per-tab memory (session storage). */
  session: { get(key: string): string | null; set(key: string, value: string): void };
  now(): number;
}

/** The two server calls (api/wechat-oauth.ts, bound by index.h5.ts outside the main package's api object). */
export interface WechatOAuthCalls {
  authorize(redirectUri: string, scope: 'snsapi_base' | 'snsapi_userinfo'): Promise<WechatOAuthAuthorizeInfo>;
  login(code: string, state: string): Promise<MiniLoginInfo>;
}

/** Set once the server said WeChat login is off: no page of this tab asks again. */
export const OAUTH_OFF_KEY = 'wechat_oauth_off';
/** When the last trip to WeChat started: coming back without a code soon after must not start another. */
export const OAUTH_TRIP_KEY = 'wechat_oauth_trip';
const TRIP_GUARD_MS = 60_000;

/** WeChat's parameters sit in the query before the hash; the hash (the page route) is kept as it is. */
export function readReturn(href: string): { code: string | null; state: string | null; clean: string } {
  const url = new URL(href);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return { code, state, clean: url.href };
}

/**
 * The address WeChat returns to. With ctx.redirect it is the entrance, which trades the code and then opens
 * ctx.redirect (a page opened straight from WeChat with a kept visitor session would never reach the entrance,
 * so the code would go unused); without it, the page now (normally the entrance with its own redirect).
 */
export function returnAddress(clean: string, redirect?: string): string {
  if (!redirect) return clean;
  const url = new URL(clean);
  url.hash = `#/${toUrl(ROUTES.entrance, { redirect }).replace(/^\//, '')}`;
  return url.href;
}

const failOf = (err: unknown): LoginOutcome => ({
  status: 'fail',
  message: errorMessage(err, LOGIN_TEXTS.loginFailed),
});

/** One login attempt in the WeChat browser (the caller checked the user agent). */
export async function wechatOAuthLogin(
  e: H5LoginEnv,
  ctx: LoginContext,
  calls: WechatOAuthCalls,
): Promise<LoginOutcome> {
  const back = readReturn(e.href());
  if (back.code || back.state) {
    // Spent either way: a reload or a shared copy of this address must not offer it again.
    e.rewrite(back.clean);
    // State without a code: the customer declined WeChat's consent page.
    if (!back.code || !back.state) return { status: 'unavailable' };
    try {
      return { status: 'ok', info: await calls.login(back.code, back.state) };
    } catch (err) {
      return failOf(err);
    }
  }
  if (e.session.get(OAUTH_OFF_KEY)) return { status: 'unavailable' };
  // Back from WeChat moments ago without a code (the address lost it): do not bounce between the two.
  const trip = Number(e.session.get(OAUTH_TRIP_KEY) || 0);
  if (trip && e.now() - trip < TRIP_GUARD_MS) return { status: 'unavailable' };
  try {
    const { url } = await calls.authorize(
      returnAddress(back.clean, ctx.redirect),
      ctx.wantProfile ? 'snsapi_userinfo' : 'snsapi_base',
    );
    if (!url) return { status: 'unavailable' };
    e.session.set(OAUTH_TRIP_KEY, String(e.now()));
    e.go(url);
    return { status: 'redirected' };
  } catch (err) {
    if (isOff(err)) {
      e.session.set(OAUTH_OFF_KEY, '1');
      return { status: 'unavailable' };
    }
    return failOf(err);
  }
}
