/**
 * The WeChat browser's login: the OAuth state and the code → customer exchange.
 *
 * The state is the CSRF guard. It is an HMAC (key: the official account's secret, which only the server holds)
 * over the asking session's token hash, a nonce, an expiry and the scope, so a code + state minted for one
 * session (an attacker's) is refused on another (the victim's), and a state is good for ten minutes only.
 * It needs no table: WeChat allows 128 characters of [A-Za-z0-9] and this one has 59.
 * The code is claimed once in the database (platform-accounts' used_login_codes) before WeChat is asked, so a
 * code used twice is refused even on another server process; WeChat refuses it too (40163).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@contract/common';
import { AppError, badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import {
  claimLoginCode,
  findOrCreateUserByPlatformIdentity,
  loginAnswer,
  replaceSession,
  saveProfile,
} from './platform-accounts';
import { CODE_REFUSED, WechatOAuthError, type OAuthScope, type WechatOAuthProvider } from './providers/wechat-oauth';
import { hashToken, type Session } from '../../runtime/sessions';
import { ensureVisitorRow } from '../entrance/visitor-tokens';

export const OAUTH_MESSAGES = {
  off: '未配置微信公众号，无法微信登录',
  badState: '授权已失效，请重新进入',
  badCode: '微信授权码无效或已使用，请重新进入',
  failed: '微信登录失败，请稍后再试',
  badRedirect: '回跳地址不正确',
} as const;

export const STATE_TTL_MS = 10 * 60 * 1000;
const SCOPE_CHAR: Record<OAuthScope, string> = { snsapi_base: 'b', snsapi_userinfo: 'u' };
const STATE_PATTERN = /^([0-9a-f]{16})(\d{10})([bu])([0-9a-f]{32})$/;

function mac(secret: string, tokenHash: string, nonce: string, exp: string, scope: string): string {
  return createHmac('sha256', secret)
    .update(`wechat-oauth-state\n${tokenHash}\n${nonce}\n${exp}\n${scope}`)
    .digest('hex')
    .slice(0, 32);
}

export function makeState(secret: string, session: Session, scope: OAuthScope, now = Date.now()): string {
  const nonce = randomBytes(8).toString('hex');
  const exp = String(Math.floor((now + STATE_TTL_MS) / 1000)).padStart(10, '0');
  const s = SCOPE_CHAR[scope];
  return `${nonce}${exp}${s}${mac(secret, hashToken(session.token), nonce, exp, s)}`;
}

/** True when the state was made for this session and has not expired. */
export function checkState(secret: string, session: Session, state: string, now = Date.now()): boolean {
  const m = STATE_PATTERN.exec(state);
  if (!m) return false;
  const [, nonce, exp, s, given] = m;
  if (Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(mac(secret, hashToken(session.token), nonce, exp, s));
  return timingSafeEqual(expected, Buffer.from(given));
}

/**
 * Trades WeChat's code for a logged-in session: the customer who owns this openid (or the asking visitor, who
 * now gets it), with nickname and avatar saved when the customer granted snsapi_userinfo. The asking session is
 * replaced by a new one.
 */
export async function loginWithWechatCode(
  db: Db,
  provider: WechatOAuthProvider,
  input: { session: Session; code: string; state: string; secret: string; ttlDays: number },
): Promise<ReturnType<typeof loginAnswer>> {
  if (!checkState(input.secret, input.session, input.state)) throw badRequest(OAUTH_MESSAGES.badState);
  await claimLoginCode(db, 'WECHAT_H5', provider.appId, input.code);
  let grant;
  let profile = null;
  try {
    grant = await provider.exchangeCode(input.code);
    if (grant.scope === 'snsapi_userinfo') profile = await provider.userInfo(grant);
  } catch (err) {
    if (!(err instanceof WechatOAuthError)) throw err;
    if (CODE_REFUSED.has(err.errcode)) throw badRequest(OAUTH_MESSAGES.badCode);
    throw new AppError(503, ERROR_CODES.WECHAT_UNAVAILABLE, OAUTH_MESSAGES.failed);
  }
  // A visitor without a row gets it first, so the identity can be the visitor's own (visitor-tokens.ts).
  await ensureVisitorRow(db, input.session);
  const found = await findOrCreateUserByPlatformIdentity(db, {
    projectSn: input.session.projectSn,
    platform: 'WECHAT_H5',
    appId: provider.appId,
    openid: grant.openid,
    unionId: profile?.unionid ?? grant.unionid ?? null,
    currentUserId: input.session.userId,
  });
  const user = profile
    ? await saveProfile(db, found.user.userId, { nickName: profile.nickname || null, avatar: profile.avatar || null })
    : found.user;
  const next = await replaceSession(db, input.session, user.userId, input.ttlDays);
  // The same answer as the mini-programs' login, with the prompts (§6) of the WeChat browser.
  return loginAnswer(next.token, user, 'WECHAT_H5');
}
