/**
 * The storefront's visitor-access check (§2): GET /front/v1/access/check, asked before every navigation. It
 * answers from memory (domains/access/service.ts), so asking on each move costs no database read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessCheckInfo, accessCheckQuery } from '@contract/access';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { checkAccess } from './service';

const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/front/v1/access/check',
    {
      config: { session: 'required' },
      schema: {
        tags: ['access'],
        summary: 'Visitor-access check: whether the project, the visitor or the page is blocked, and why',
        querystring: accessCheckQuery,
        response: responses(accessCheckInfo, [400, 401]),
      },
    },
    async (request) => {
      const { projectSn, userId } = requireSession(request.session);
      return ok(await checkAccess(app.db, { projectSn, userId, path: request.query.path }));
    },
  );
};

export default accessRoutes;
