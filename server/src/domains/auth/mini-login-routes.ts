/**
 * Mini-program login (issue 16), both with the visitor session the entrance gave:
 * - POST /front/v1/auth/mini-login {platform, code}: the login code (wx.login / swan getLoginCode) traded for
 *   the customer's openid; answers a new session as SMS login does, plus the §6 prompts.
 * - POST /front/v1/auth/mini-phone: the phone button's proof; binds the phone, and when the phone is another
 *   customer's, this customer's identities move there and the session follows (one customer per phone).
 * The session key stays in platform_identities; neither answer carries it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { miniLoginBody, miniLoginInfo, miniPhoneBody } from '@contract/mini-login';
import type { Config } from '../../config';
import { badRequest, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { ensureVisitorRow } from '../entrance/visitor-tokens';
import {
  authPrompts,
  bindPhone,
  claimLoginCode,
  findOrCreateUserByPlatformIdentity,
  identityWith,
  replaceSession,
} from './platform-accounts';
import { MINI_TEXTS, createMiniLoginProviders, type MiniLoginProviders } from './providers/mini-login';
import { toUserInfo } from '../user/service';

export interface MiniLoginRoutesOptions {
  config: Config;
  /** Defaults to the providers MINI_LOGIN_PROVIDER turns on. */
  providers?: MiniLoginProviders;
}

const miniLoginRoutes: FastifyPluginAsyncZod<MiniLoginRoutesOptions> = async (app, opts) => {
  const providers = opts.providers ?? createMiniLoginProviders(opts.config.miniLogin);
  const ttlDays = opts.config.sessionTtlDays;
  const providerFor = (platform: Parameters<MiniLoginProviders['forPlatform']>[0]) => {
    const provider = providers.forPlatform(platform);
    if (!provider) throw badRequest(MINI_TEXTS.notConfigured);
    return provider;
  };

  app.post(
    '/front/v1/auth/mini-login',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'Mini-program login: wx.login / swan getLoginCode code → a session (sandbox: the openid comes from the code before its first ".")',
        body: miniLoginBody,
        response: responses(miniLoginInfo, [400, 401, 429, 503]),
      },
    },
    async (request) => {
      // Each login is a new session (and may be a new user): bounded per client like new visitors.
      await app.limits.newVisitor(request.ip);
      const session = requireSession(request.session);
      const { platform, code, appId } = request.body;
      const provider = providerFor(platform);
      // The demo answers any app; a live server only its own (an openid of another app means nothing here).
      if (provider.name !== 'sandbox' && appId && appId !== provider.appId) throw badRequest(MINI_TEXTS.appMismatch);
      await claimLoginCode(app.db, platform, provider.appId, code);
      const mini = await provider.code2Session(code);
      // A visitor without a row gets it first, so the identity can be the visitor's own (visitor-tokens.ts).
      await ensureVisitorRow(app.db, session);
      const { user } = await findOrCreateUserByPlatformIdentity(app.db, {
        projectSn: session.projectSn,
        platform,
        appId: provider.appId,
        openid: mini.openid,
        unionId: mini.unionId,
        sessionKey: mini.sessionKey,
        currentUserId: session.userId,
      });
      const next = await replaceSession(app.db, session, user.userId, ttlDays);
      return ok({ token: next.token, userInfo: toUserInfo(user), authInfo: authPrompts(user, platform) });
    },
  );

  app.post(
    '/front/v1/auth/mini-phone',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'Mini-program phone button: binds the phone the platform vouches for; the phone\'s customer takes over this login when it exists',
        body: miniPhoneBody,
        response: responses(miniLoginInfo, [400, 401, 503]),
      },
    },
    async (request) => {
      const session = requireSession(request.session);
      const { platform, code, encryptedData, iv } = request.body;
      const provider = providerFor(platform);
      let sessionKey: string | null = null;
      if (platform === 'WEAPP' && code) {
        // WeChat's phone codes are single-use like login codes; a replay never reaches WeChat.
        await claimLoginCode(app.db, platform, `${provider.appId}#phone`, code);
      } else {
        // Baidu's phone data is encrypted with the session key of this customer's own login.
        const identity = await identityWith(app.db, session.userId, platform, provider.appId);
        if (!identity?.sessionKey) throw badRequest(MINI_TEXTS.needLogin);
        sessionKey = identity.sessionKey;
      }
      const phone = await provider.phoneNumber({ code, encryptedData, iv, sessionKey });
      await ensureVisitorRow(app.db, session);
      const { user } = await bindPhone(app.db, { projectSn: session.projectSn, userId: session.userId, phone });
      // The customer is someone else now (merged by phone), or the session was a visitor token, which never speaks
      // for a customer: a new session; otherwise it stays.
      const keep = user.userId === session.userId && !session.visitor;
      const token = keep ? session.token : (await replaceSession(app.db, session, user.userId, ttlDays)).token;
      return ok({ token, userInfo: toUserInfo(user), authInfo: authPrompts(user, platform) });
    },
  );
};

export default miniLoginRoutes;
