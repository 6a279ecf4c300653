/** GET /front/v1/user/summary: the numbers of 我的 in one call (domains/user/summary.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSummaryQuery, userSummarySchema } from '@contract/user-summary';
import { ok, responses } from '../../runtime/http';
import { requireCustomer } from '../../runtime/customer';
import { userSummary } from './summary';

const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/front/v1/user/summary',
    {
      config: { session: 'required' },
      schema: {
        tags: ['user'],
        summary: '我的: order counts by list tab and usable coupons of the logged-in customer',
        querystring: userSummaryQuery,
        response: responses(userSummarySchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const { userId, projectSn } = await requireCustomer(app.db, request.session);
      return ok(await userSummary(app.db, userId, projectSn));
    },
  );
};

export default summaryRoutes;
