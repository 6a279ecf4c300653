/**
 * The storefront's side of 下单链接: the course order confirmation for a single-use link (§3 creatType LINK). What
 * follows (coupons, which answer none; the submit token; submit) is the course order's own calls (routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmationSchema } from '@contract/order';
import { confirmByLinkQuery } from '@contract/order-link';
import { ok, responses } from '../../runtime/http';
import { requireCustomer } from '../../runtime/customer';
import { confirmByLink } from './order-links';

const orderLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/front/v2/client/course/order/confirm/link',
    {
      config: { session: 'required' as const },
      schema: {
        tags: ['order'],
        summary:
          'Course order confirmation by a single-use order link (下单链接): its item, package and price, no coupons; ' +
          'a bad, expired, voided or used link, or another customer’s, answers §8 1002',
        querystring: confirmByLinkQuery,
        response: responses(confirmationSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session, '请先登录后再下单');
      return ok(await confirmByLink(app.db, user, request.query.orderLink));
    },
  );
};

export default orderLinkRoutes;
