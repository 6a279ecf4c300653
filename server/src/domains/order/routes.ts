/**
 * Order submission (§7 Orders): confirmation by target or by createOrderSn, coupons for it, the submit token and
 * submit, for courses (v2) and goods (v1), and the zero-price sign-up. Only a logged-in customer (with a phone)
 * orders. What follows submit (list, detail, cancel, agreements) is in orders-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmByTargetQuery,
  confirmDetailsQuery,
  confirmationSchema,
  couponListInfo,
  couponListQuery,
  discountCouponListQuery,
  orderTokenInfo,
  orderTokenQuery,
  submitBody,
  submitInfo,
} from '@contract/order';
import { ok, responses } from '../../runtime/http';
import { requireCustomer } from '../../runtime/customer';
import type { Session } from '../../runtime/sessions';
import type { Config } from '../../config';
import type { PaymentProviders } from '../payment/providers';
import { signUpBody, signUpInfo, zeroActivityBody, zeroActivityInfo, zeroActivityParams } from '@contract/integral';
import {
  confirmByTarget,
  couponsForConfirmation,
  couponsForCourseOrPackage,
  loadConfirmation,
  planFor,
} from './confirm';
import { signUp, zeroActivity } from './sign-up';
import { issueOrderToken, submitOrder } from './submit';
import ordersRoutes from './orders-routes';
import esignRoutes from './esign-routes';
import { createEsignProviders } from './providers/esign';
import orderOpsRoutes from './ops-routes';
import orderLinkRoutes from './order-link-routes';
import orderLinkOpsRoutes from './order-link-ops-routes';

const LOGIN_FIRST = '请先登录后再下单';

export interface OrderRoutesOptions {
  config: Config;
  /** The payment channels an order's detail and cancel ask (built where the app is composed). */
  providers: PaymentProviders;
}

const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const session = { config: { session: 'required' as const } };

  /** Ordering needs a customer, not a visitor: the storefront asks for a phone login before it gets here. */
  const customer = (s: Session | null) => requireCustomer(app.db, s, LOGIN_FIRST);

  // operationId: the name §7 gives a call it shows no path for, so a reader of the spec finds it in /docs.
  const confirmSchema = (summary: string, operationId?: string) => ({
    ...session,
    schema: {
      tags: ['order'],
      operationId,
      summary,
      querystring: confirmByTargetQuery,
      response: responses(confirmationSchema, [400, 401, 404]),
    },
  });
  app.get(
    '/front/v2/client/course/order/confirm',
    confirmSchema(
      'Order confirm v2 by targetSn: course order confirmation (creates createOrderSn)',
      'orderConfirmV2ByTargetSn',
    ),
    async (request) => {
      const user = await customer(request.session);
      return ok(await confirmByTarget(app.db, user, request.query));
    },
  );
  app.get(
    '/front/v1/client/order/confirm/data',
    confirmSchema('Goods order confirmation by targetSn'),
    async (request) => {
      const user = await customer(request.session);
      return ok(await confirmByTarget(app.db, user, request.query));
    },
  );

  // §7 lists the recompute twice: under the v2 course order and, as /v2/confirm/details, under the v1 client
  // order. Both are served by one handler, since a confirmation knows whether it is a course or goods order.
  for (const [url, summary] of [
    ['/front/v2/client/course/order/confirm/details', 'Recomputed confirmation, e.g. for an address'],
    [
      '/front/v1/client/order/v2/confirm/details',
      'Recomputed confirmation (v1 client order path), e.g. for an address',
    ],
  ] as const) {
    app.get(
      url,
      {
        ...session,
        schema: {
          tags: ['order'],
          summary,
          querystring: confirmDetailsQuery,
          response: responses(confirmationSchema, [400, 401, 404]),
        },
      },
      async (request) => {
        const user = await customer(request.session);
        const row = await loadConfirmation(app.db, user.userId, request.query.createOrderSn);
        return ok((await planFor(app.db, user, row, request.query.addressId)).confirmation);
      },
    );
  }

  app.get(
    '/front/v2/client/course/order/coupons',
    {
      ...session,
      schema: {
        tags: ['order'],
        summary: 'The customer’s coupons for a confirmation',
        querystring: couponListQuery,
        response: responses(couponListInfo, [400, 401]),
      },
    },
    async (request) => {
      const user = await customer(request.session);
      return ok({ list: await couponsForConfirmation(app.db, user, request.query.createOrderSn) });
    },
  );

  // §7 names this call without a path; the storefront asks the confirmation's coupons instead (createOrderSn above).
  app.get(
    '/front/v2/client/course/order/discount/coupon/list',
    {
      ...session,
      schema: {
        tags: ['order'],
        operationId: 'discountCouponList',
        summary:
          'Discount coupon list by course or package sn and total amount (fen): the customer’s coupons, ' +
          'available ones first',
        querystring: discountCouponListQuery,
        response: responses(couponListInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const user = await customer(request.session);
      const { courseSn, packageSn, totalAmount } = request.query;
      return ok({ list: await couponsForCourseOrPackage(app.db, user, { courseSn, packageSn }, totalAmount) });
    },
  );

  app.get(
    '/front/v1/client/order/confirm/receipt',
    {
      ...session,
      schema: {
        tags: ['order'],
        summary: 'A single-use submit token for a confirmation',
        querystring: orderTokenQuery,
        response: responses(orderTokenInfo, [400, 401]),
      },
    },
    async (request) => {
      const user = await customer(request.session);
      return ok({ orderToken: await issueOrderToken(app.db, user.userId, request.query.createOrderSn) });
    },
  );

  const submitSchema = (summary: string, operationId?: string) => ({
    ...session,
    schema: {
      tags: ['order'],
      operationId,
      summary,
      body: submitBody,
      response: responses(submitInfo, [400, 401, 404, 409]),
    },
  });
  app.post(
    '/front/v2/client/course/order/submit',
    submitSchema('Submit v2: submit a course order', 'submitV2'),
    async (request) => {
      const user = await customer(request.session);
      return ok(await submitOrder(app.db, user, request.body, 'COURSE'));
    },
  );
  app.post('/front/v1/client/order/submit', submitSchema('Submit a goods order'), async (request) => {
    const user = await customer(request.session);
    return ok(await submitOrder(app.db, user, request.body, 'GOODS'));
  });

  // Zero-price items: the sign-up is an order paid at once (documented with the points pages that show them).
  const signUpCustomer = (s: Session | null) => requireCustomer(app.db, s);
  app.post(
    '/front/v1/activity/zero/activity/:actSn',
    {
      ...session,
      schema: {
        tags: ['integral'],
        summary: 'A zero-price item: free or not, and the customer’s sign-up',
        params: zeroActivityParams,
        body: zeroActivityBody,
        response: responses(zeroActivityInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await zeroActivity(app.db, await signUpCustomer(request.session), request.params.actSn)),
  );
  app.post(
    '/front/v1/client/order/sign-up',
    {
      ...session,
      schema: {
        tags: ['integral'],
        summary: 'Sign up for a zero-price item: a paid-at-once order, one per customer',
        body: signUpBody,
        response: responses(signUpInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await signUp(app.db, await signUpCustomer(request.session), request.body)),
  );

  // One e-sign provider set: the sign link opens flows with it, its callback and the contract list settle them.
  const esign = createEsignProviders(options.config);
  await app.register(ordersRoutes, { config: options.config, providers: options.providers, esign });
  await app.register(esignRoutes, { config: options.config, esign });
  await app.register(orderOpsRoutes, { config: options.config });
  await app.register(orderLinkRoutes);
  await app.register(orderLinkOpsRoutes, { config: options.config });
};

export default orderRoutes;
