/**
 * Mini-program login, both with the visitor session the entrance gave:
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
import { miniLogin, miniPhone } from './mini-login';
import { MINI_TEXTS, createMiniLoginProviders, type MiniLoginProviders } from './providers/mini-login';

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
        summary:
          'Mini-program login: wx.login / swan getLoginCode code → a session (sandbox: the openid comes from the code before its first ".")',
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
      return ok(await miniLogin(app.db, provider, { session, platform, code, ttlDays }));
    },
  );

  app.post(
    '/front/v1/auth/mini-phone',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary:
          "Mini-program phone button: binds the phone the platform vouches for; the phone's customer takes over this login when it exists",
        body: miniPhoneBody,
        response: responses(miniLoginInfo, [400, 401, 503]),
      },
    },
    async (request) => {
      const session = requireSession(request.session);
      const { platform, code, encryptedData, iv } = request.body;
      return ok(
        await miniPhone(app.db, providerFor(platform), { session, platform, code, encryptedData, iv, ttlDays }),
      );
    },
  );
};

export default miniLoginRoutes;
