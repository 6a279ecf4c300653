/**
 * Order submission (§7 Orders): confirmation by target or by createOrderSn, coupons for it, the submit token and
 * submit, for courses (v2) and goods (v1). Only a logged-in customer (with a phone) orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmByTargetQuery,
  confirmDetailsQuery,
  confirmationSchema,
  couponListInfo,
  couponListQuery,
  orderTokenInfo,
  orderTokenQuery,
  submitBody,
  submitInfo,
} from '@contract/order';
import { ok, responses } from '../../runtime/http';
import { requireCustomer } from '../../runtime/customer';
import type { Session } from '../../runtime/sessions';
import { couponsForOrder } from '../coupon/service';
import { confirmByTarget, loadConfirmation, planFor } from './confirm';
import { issueOrderToken, submitOrder } from './submit';

const LOGIN_FIRST = '请先登录后再下单';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const session = { config: { session: 'required' as const } };

  /** Ordering needs a customer, not a visitor: the storefront asks for a phone login before it gets here. */
  const customer = (s: Session | null) => requireCustomer(app.db, s, LOGIN_FIRST);

  const confirmSchema = (summary: string) => ({
    ...session,
    schema: { tags: ['order'], summary, querystring: confirmByTargetQuery, response: responses(confirmationSchema, [400, 401, 404]) },
  });
  app.get('/front/v2/client/course/order/confirm', confirmSchema('Course order confirmation by targetSn (creates createOrderSn)'), async (request) => {
    const user = await customer(request.session);
    return ok(await confirmByTarget(app.db, user, request.query));
  });
  app.get('/front/v1/client/order/confirm/data', confirmSchema('Goods order confirmation by targetSn'), async (request) => {
    const user = await customer(request.session);
    return ok(await confirmByTarget(app.db, user, request.query));
  });

  app.get(
    '/front/v2/client/course/order/confirm/details',
    {
      ...session,
      schema: { tags: ['order'], summary: 'Recomputed confirmation, e.g. for an address', querystring: confirmDetailsQuery, response: responses(confirmationSchema, [400, 401, 404]) },
    },
    async (request) => {
      const user = await customer(request.session);
      const row = await loadConfirmation(app.db, user.userId, request.query.createOrderSn);
      return ok((await planFor(app.db, user, row, request.query.addressId)).confirmation);
    },
  );

  app.get(
    '/front/v2/client/course/order/coupons',
    { ...session, schema: { tags: ['order'], summary: 'The customer’s coupons for a confirmation', querystring: couponListQuery, response: responses(couponListInfo, [400, 401]) } },
    async (request) => {
      const user = await customer(request.session);
      const row = await loadConfirmation(app.db, user.userId, request.query.createOrderSn);
      const plan = await planFor(app.db, user, row, undefined);
      const c = plan.confirmation;
      const list = await couponsForOrder(app.db, user.userId, user.projectSn, {
        actSn: c.orderCourseInfo.actSn,
        payments: plan.payments.map((p) => p.amount),
        orderAmount: c.confirmOrderAmount.orderTotalAmount,
        allowed: c.couponAllowed,
        now: new Date(),
      });
      return ok({ list });
    },
  );

  app.get(
    '/front/v1/client/order/confirm/receipt',
    { ...session, schema: { tags: ['order'], summary: 'A single-use submit token for a confirmation', querystring: orderTokenQuery, response: responses(orderTokenInfo, [400, 401]) } },
    async (request) => {
      const user = await customer(request.session);
      return ok({ orderToken: await issueOrderToken(app.db, user.userId, request.query.createOrderSn) });
    },
  );

  const submitSchema = (summary: string) => ({
    ...session,
    schema: { tags: ['order'], summary, body: submitBody, response: responses(submitInfo, [400, 401, 404, 409]) },
  });
  app.post('/front/v2/client/course/order/submit', submitSchema('Submit a course order'), async (request) => {
    const user = await customer(request.session);
    return ok(await submitOrder(app.db, user, request.body, 'COURSE'));
  });
  app.post('/front/v1/client/order/submit', submitSchema('Submit a goods order'), async (request) => {
    const user = await customer(request.session);
    return ok(await submitOrder(app.db, user, request.body, 'GOODS'));
  });
};

export default orderRoutes;
