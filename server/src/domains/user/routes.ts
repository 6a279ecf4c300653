/** User service: authorisation state and the cached user (§3 session state authInfo, §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authInfoSchema, userAuthBody, userCacheQuery, userInfoSchema } from '@contract/entrance';
import type { Config } from '../../config';
import { ok, responses, sessionExpired } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { authPrompts, sessionUser, toUserInfo, type PromptSource } from './service';

export interface UserRoutesOptions {
  config: Config;
}

const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, opts) => {
  const wechatOAuth = Boolean(opts.config.wechatMp.appId && opts.config.wechatMp.appSecret);
  /** What the asking storefront is: H5 inside WeChat counts as WeChat's browser only when its OAuth is configured. */
  const sourceOf = (source: string | undefined, userAgent: string | undefined): PromptSource => {
    if (source === 'WEAPP' || source === 'SWAN') return source;
    return wechatOAuth && /MicroMessenger/i.test(userAgent ?? '') ? 'WECHAT_H5' : 'H5';
  };

  const currentUser = async (session: Parameters<typeof requireSession>[0]) => {
    const user = await sessionUser(app.db, requireSession(session));
    if (!user) throw sessionExpired();
    return user;
  };

  app.post(
    '/front/v1/user/auth',
    {
      config: { session: 'required' },
      schema: {
        tags: ['user'],
        summary: 'Which authorisation prompts the storefront should show',
        body: userAuthBody,
        response: responses(authInfoSchema, [400, 401]),
      },
    },
    async (request) => {
      const user = await currentUser(request.session);
      return ok(authPrompts(user, sourceOf(request.body.source, request.headers['user-agent'])));
    },
  );

  app.get(
    '/front/v1/user/cache',
    {
      config: { session: 'required' },
      schema: {
        tags: ['user'],
        summary: 'The user of the session',
        querystring: userCacheQuery,
        response: responses(userInfoSchema, [400, 401]),
      },
    },
    async (request) => ok(toUserInfo(await currentUser(request.session))),
  );
};

export default userRoutes;
