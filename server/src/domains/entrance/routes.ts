/** User service: entrance (§4 login step 1) and tips (§7). */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import { entranceBody, entranceInfo, tipsBody, tipsInfo, type ProjectEnum } from '@contract/entrance';
import { tips } from './schema';
import { MESSAGES, notFound, ok, responses } from '../../runtime/http';
import { onlineProjects } from '../pages/read-models';
import { sessionUser, toUserInfo, type UserRow } from '../user/service';
import { mintVisitorToken, visitorUserRow } from './visitor-tokens';

export interface EntranceRoutesOptions {
  sessionTtlDays: number;
  /** An official account is configured (config.wechatMp): told to the storefront, which otherwise skips WeChat's calls. */
  wechatOfficialAccount: boolean;
}

const entranceRoutes: FastifyPluginAsyncZod<EntranceRoutesOptions> = async (app, options) => {
  app.post(
    '/front/v1/entrance',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['entrance'],
        summary: 'Enter a project: a visitor session, or the caller\'s live session of this project kept',
        body: entranceBody,
        response: responses(entranceInfo, [400, 404, 429]),
      },
    },
    async (request) => {
      // The online projects are a read model (domains/pages/read-models.ts), shared with the entry page.
      const online = await onlineProjects(app.db);
      const project = online.get(request.body.projectSn);
      if (!project) throw notFound(MESSAGES.unknownProject, ERROR_CODES.UNKNOWN_PROJECT);

      // A session of another project is left alone (not revoked): the visitor may switch back to it.
      const current = request.session?.projectSn === project.projectSn ? request.session : null;
      let user: UserRow | null = current ? await sessionUser(app.db, current) : null;
      let token = current?.token ?? '';
      if (!user) {
        // A new visitor is a signed token, no row until it logs in; still bounded per client (runtime/limits.ts).
        await app.limits.newVisitor(request.ip);
        const entered = await mintVisitorToken(app.db, project.projectSn, options.sessionTtlDays);
        user = visitorUserRow(entered.claims);
        token = entered.token;
      }
      return ok({
        token,
        userInfo: toUserInfo(user),
        timestamp: Date.now(),
        needAuth: user.phone === null,
        wechatOfficialAccount: options.wechatOfficialAccount,
        tips: project.tips,
        sceneStyle: project.sceneStyle,
        // A stored type outside the contract's list is refused by the response schema.
        projectEnum: project.projectEnum as ProjectEnum,
        projectParam: { projectSn: project.projectSn, projectName: project.name },
      });
    },
  );

  app.post(
    '/front/v1/entrance/tips',
    {
      schema: {
        tags: ['entrance'],
        summary: 'A notice text by key; the project type\'s own text wins over the shared one',
        body: tipsBody,
        response: responses(tipsInfo, [400]),
      },
    },
    async (request) => {
      const { enumKey, projectEnum } = request.body;
      const [row] = await app.db
        .select({ content: tips.content })
        .from(tips)
        .where(and(eq(tips.enumKey, enumKey), projectEnum ? or(eq(tips.projectEnum, projectEnum), isNull(tips.projectEnum)) : isNull(tips.projectEnum)))
        .orderBy(sql`${tips.projectEnum} nulls last`)
        .limit(1);
      return ok({ tips: row?.content ?? null });
    },
  );
};

export default entranceRoutes;
