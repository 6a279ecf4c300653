/**
 * The operator's course change (DEAL_DONE_COURSE), under /ops with the operator key: what a paid course order
 * has received (its credit) and the courses it may move to, then the change itself. The after-sales console's
 * 换课 card calls these.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseChangeBody,
  courseChangeOptionsSchema,
  courseChangeOrderParams,
  courseChangeResultSchema,
} from '@contract/after-sales';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { changeCourse, courseChangeOptions } from './course-change';

const security = [{ opsKey: [] }];

const orderOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // A course change moves what was paid to another order: money, so after-sales' (owner and finance).
  registerOpsAuth(app, config.opsKey, { area: 'after-sales' });
  // As every operator POST: no body at all is read as an empty one, so the answer names the missing field.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/orders/:orderNo/course-change',
    {
      config: { opsProject: opsProjectOf.order('orderNo') },
      schema: {
        ...doc(
          'Course change: what the paid course order has received (credit) and the courses it may move to, with price and 费用抵扣',
        ),
        params: courseChangeOrderParams,
        response: responses(courseChangeOptionsSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await courseChangeOptions(app.db, request.params.orderNo)),
  );
  app.post(
    '/ops/orders/:orderNo/change-course',
    {
      config: { opsProject: opsProjectOf.order('orderNo') },
      schema: {
        ...doc(
          'Change a paid course order to another course: the old order becomes DEAL_DONE_COURSE, a new order (no coupon) carries what was paid as 费用抵扣, never above its price',
        ),
        params: courseChangeOrderParams,
        body: courseChangeBody,
        response: responses(courseChangeResultSchema, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const before = await courseChangeOptions(app.db, request.params.orderNo);
      const result = await changeCourse(app.db, { orderNo: request.params.orderNo, ...request.body });
      await auditOps(request, {
        action: 'order.course.change',
        projectSn: await opsProjectOf.order('orderNo')(request),
        target: `order:${request.params.orderNo}`,
        before,
        after: result,
      });
      return ok(result);
    },
  );
};

export default orderOpsRoutes;
