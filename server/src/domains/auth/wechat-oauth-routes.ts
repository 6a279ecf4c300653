/**
 * The WeChat browser's OAuth login (DESIGN.md §4: a provider behind an interface, off unless an
 * official account is configured). Two calls, both with the visitor's session:
 * - GET  /front/v1/wechat/oauth/authorize: WeChat's authorize address for the page to come back to, with a state
 *   bound to this session; url null when the customer already has this official account's openid.
 * - POST /front/v1/wechat/oauth/login: the code and state WeChat came back with → a new session for the customer
 *   who owns the openid (the openid then pays JSAPI orders in the WeChat browser).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import { miniLoginInfo } from '@contract/mini-login';
import { wechatOAuthAuthorizeInfo, wechatOAuthAuthorizeQuery, wechatOAuthLoginBody } from '@contract/wechat-oauth';
import type { Config } from '../../config';
import { AppError, badRequest, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { identityWith } from './platform-accounts';
import { wechatOAuthProviderFrom, type WechatOAuthProvider } from './providers/wechat-oauth';
import { checkRedirect } from '../../runtime/redirect';
import { OAUTH_MESSAGES, loginWithWechatCode, makeState } from './wechat-oauth-login';

export interface WechatOAuthRoutesOptions {
  config: Config;
  /** Defaults to the provider the config turns on (null: off). */
  provider?: WechatOAuthProvider | null;
}

/** The page WeChat sends the customer back to: absolute, and on PUBLIC_BASE_URL's origin when that is set. */
function checkRedirectUri(uri: string, publicBaseUrl?: string): string {
  if (publicBaseUrl) return checkRedirect(uri, publicBaseUrl) ?? uri;
  // Without a configured origin WeChat itself only returns to the account's registered domain (网页授权域名).
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw badRequest(OAUTH_MESSAGES.badRedirect);
  }
  if (url.username || url.password || !/^https?:$/.test(url.protocol)) throw badRequest(OAUTH_MESSAGES.badRedirect);
  return uri;
}

const wechatOAuthRoutes: FastifyPluginAsyncZod<WechatOAuthRoutesOptions> = async (app, opts) => {
  const provider = opts.provider !== undefined ? opts.provider : wechatOAuthProviderFrom(opts.config.wechatMp);
  const secret = opts.config.wechatMp.appSecret ?? '';
  const tags = ['auth'];
  const off = () => new AppError(400, ERROR_CODES.WECHAT_UNAVAILABLE, OAUTH_MESSAGES.off);

  app.get(
    '/front/v1/wechat/oauth/authorize',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary:
          "WeChat browser: the official account's authorize address (snsapi_base, or snsapi_userinfo when needAuthUser); url null when the openid is known",
        querystring: wechatOAuthAuthorizeQuery,
        response: responses(wechatOAuthAuthorizeInfo, [400, 401]),
      },
    },
    async (request) => {
      const session = requireSession(request.session);
      if (!provider) throw off();
      const redirectUri = checkRedirectUri(request.query.redirectUri, opts.config.publicBaseUrl);
      const { scope } = request.query;
      if (scope === 'snsapi_base') {
        const known = await identityWith(app.db, session.userId, 'WECHAT_H5', provider.appId);
        if (known) return ok({ url: null });
      }
      return ok({ url: provider.authorizeUrl({ redirectUri, scope, state: makeState(secret, session, scope) }) });
    },
  );

  app.post(
    '/front/v1/wechat/oauth/login',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: 'WeChat browser: trade the code WeChat returned (with its state) for a session; a code works once',
        body: wechatOAuthLoginBody,
        response: responses(miniLoginInfo, [400, 401, 503]),
      },
    },
    async (request) => {
      if (!provider) throw off();
      return ok(
        await loginWithWechatCode(app.db, provider, {
          session: requireSession(request.session),
          code: request.body.code,
          state: request.body.state,
          secret,
          ttlDays: opts.config.sessionTtlDays,
        }),
      );
    },
  );
};

export default wechatOAuthRoutes;
