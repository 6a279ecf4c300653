/** Entrance (§4 login step 1) and tips (§7), both on the user service's base. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entranceBody, entranceInfo, tipsBody, tipsInfo } from '@contract/entrance';
import { ok, responses } from '../../runtime/http';
import { enterProject, tipsOf } from './service';

export interface EntranceRoutesOptions {
  sessionTtlDays: number;
  /**
   * An official account is configured (config.wechatMp): told to the storefront, which otherwise skips WeChat's calls.
   */
  wechatOfficialAccount: boolean;
}

const entranceRoutes: FastifyPluginAsyncZod<EntranceRoutesOptions> = async (app, options) => {
  app.post(
    '/front/v1/entrance',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['entrance'],
        summary: "Enter a project: a visitor session, or the caller's live session of this project kept",
        body: entranceBody,
        response: responses(entranceInfo, [400, 404, 429]),
      },
    },
    async (request) =>
      ok(
        await enterProject(app.db, app.limits, {
          projectSn: request.body.projectSn,
          session: request.session,
          ip: request.ip,
          ttlDays: options.sessionTtlDays,
          wechatOfficialAccount: options.wechatOfficialAccount,
        }),
      ),
  );

  app.post(
    '/front/v1/entrance/tips',
    {
      schema: {
        tags: ['entrance'],
        summary: "A notice text by key; the project type's own text wins over the shared one",
        body: tipsBody,
        response: responses(tipsInfo, [400]),
      },
    },
    async (request) => {
      const { enumKey, projectEnum } = request.body;
      return ok({ tips: await tipsOf(app.db, enumKey, projectEnum) });
    },
  );
};

export default entranceRoutes;
