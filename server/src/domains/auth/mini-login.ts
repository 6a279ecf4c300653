/**
 * Mini-program login: the login code (wx.login / swan getLoginCode) traded for the customer's openid, and the
 * phone button's proof bound to the customer (one customer per phone). Both answer as every platform login does
 * (platform-accounts' loginAnswer). The session key stays in platform_identities; no answer carries it.
 */
import type { MiniPlatform } from '@contract/mini-login';
import type { Db } from '../../runtime/database/plugin';
import type { Session } from '../../runtime/sessions';
import { badRequest } from '../../runtime/http';
import { ensureVisitorRow } from '../entrance/visitor-tokens';
import {
  bindPhone,
  claimLoginCode,
  findOrCreateUserByPlatformIdentity,
  identityWith,
  loginAnswer,
  replaceSession,
} from './platform-accounts';
import { MINI_TEXTS, type MiniLoginProvider } from './providers/mini-login';

/**
 * The platform's code → the customer who owns its openid (or the asking visitor, who now gets it), on a new session.
 */
export async function miniLogin(
  db: Db,
  provider: MiniLoginProvider,
  input: { session: Session; platform: MiniPlatform; code: string; ttlDays: number },
): Promise<ReturnType<typeof loginAnswer>> {
  const { session, platform, code } = input;
  await claimLoginCode(db, platform, provider.appId, code);
  const mini = await provider.code2Session(code);
  // A visitor without a row gets it first, so the identity can be the visitor's own (visitor-tokens.ts).
  await ensureVisitorRow(db, session);
  const { user } = await findOrCreateUserByPlatformIdentity(db, {
    projectSn: session.projectSn,
    platform,
    appId: provider.appId,
    openid: mini.openid,
    unionId: mini.unionId,
    sessionKey: mini.sessionKey,
    currentUserId: session.userId,
  });
  const next = await replaceSession(db, session, user.userId, input.ttlDays);
  return loginAnswer(next.token, user, platform);
}

/** The phone the platform vouches for, bound to this customer; the phone's customer takes over when it exists. */
export async function miniPhone(
  db: Db,
  provider: MiniLoginProvider,
  input: {
    session: Session;
    platform: MiniPlatform;
    code?: string;
    encryptedData?: string;
    iv?: string;
    ttlDays: number;
  },
): Promise<ReturnType<typeof loginAnswer>> {
  const { session, platform, code, encryptedData, iv } = input;
  let sessionKey: string | null = null;
  if (platform === 'WEAPP' && code) {
    // WeChat's phone codes are single-use like login codes; a replay never reaches WeChat.
    await claimLoginCode(db, platform, `${provider.appId}#phone`, code);
  } else {
    // Baidu's phone data is encrypted with the session key of this customer's own login.
    const identity = await identityWith(db, session.userId, platform, provider.appId);
    if (!identity?.sessionKey) throw badRequest(MINI_TEXTS.needLogin);
    sessionKey = identity.sessionKey;
  }
  const phone = await provider.phoneNumber({ code, encryptedData, iv, sessionKey });
  await ensureVisitorRow(db, session);
  const { user } = await bindPhone(db, { projectSn: session.projectSn, userId: session.userId, phone });
  // The customer is someone else now (merged by phone), or the session was a visitor token, which never speaks
  // for a customer: a new session; otherwise it stays.
  const keep = user.userId === session.userId && !session.visitor;
  const token = keep ? session.token : (await replaceSession(db, session, user.userId, input.ttlDays)).token;
  return loginAnswer(token, user, platform);
}
