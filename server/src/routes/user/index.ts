/** User service: authorisation state and the cached user (§3 session state authInfo, §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authInfoSchema, userAuthBody, userCacheQuery, userInfoSchema } from '@contract/entrance';
import { ok, responses, sessionExpired } from '../../http';
import { requireSession } from '../../plugins/auth';
import { findUser, toUserInfo } from '../../services/users';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const currentUser = async (session: Parameters<typeof requireSession>[0]) => {
    const user = await findUser(app.db, requireSession(session).userId);
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
      // WeChat user authorisation is a provider that is off in the H5 demo, so it is never asked for.
      return ok({ needAuthUser: false, needAuthPhone: user.phone === null });
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
