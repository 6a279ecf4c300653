/**
 * Carrier points (§7): binding state, bind search and balance under /front/v1/activity/integral/... (bind search and
 * balance also order-side, under /front/v1/client/order/integral/...), the points order confirmation and submit
 * under /front/v1/client/order/... Only a logged-in customer (with a phone) uses
 * them. Zero-price sign-ups are orders: domains/order/routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceBody,
  balanceInfo,
  bindSearchBody,
  bindingStateInfo,
  bindingStateQuery,
  integralSubmitBody,
  integralSubmitInfo,
  placeOrderBody,
  placeOrderInfo,
} from '@contract/integral';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { requireCustomer } from '../../runtime/customer';
import { checkRedirect } from '../../runtime/redirect';
import type { Session } from '../../runtime/sessions';
import { bindPhone, bindingState, placeOrder, queryBalance, submitIntegralOrder } from './service';
import sandboxCarrierRoutes from './sandbox-carrier-routes';

const integralRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  const session = { config: { session: 'required' as const } };

  const customer = (s: Session | null) => requireCustomer(app.db, s);

  app.get(
    '/front/v1/activity/integral/binding/state',
    {
      ...session,
      schema: {
        tags: ['integral'],
        summary: 'The customer’s bound phone and points for a carrier',
        querystring: bindingStateQuery,
        response: responses(bindingStateInfo, [400, 401, 403]),
      },
    },
    async (request) => ok(await bindingState(app.db, await customer(request.session), request.query.integralType)),
  );

  // §7: bind search and balance on the item's page, and order-side variants (paths not shown in the spec) for the
  // order screen; both sides are the same call on the same binding, named apart in /docs.
  const sides = [
    { prefix: '/front/v1/activity/integral', id: 'integral', name: 'Integral' },
    { prefix: '/front/v1/client/order/integral', id: 'orderIntegral', name: 'Order-side integral' },
  ];
  for (const side of sides) {
    app.post(
      `${side.prefix}/bind/search`,
      {
        ...session,
        schema: {
          tags: ['integral'],
          operationId: `${side.id}BindSearch`,
          summary: `${side.name} bind search: bind (or change) the phone of a carrier`,
          body: bindSearchBody,
          response: responses(bindingStateInfo, [400, 401, 403]),
        },
      },
      async (request) =>
        ok(
          await bindPhone(app.db, await customer(request.session), request.body.integralType, request.body.updatePhone),
        ),
    );

    app.post(
      `${side.prefix}/balance`,
      {
        ...session,
        schema: {
          tags: ['integral'],
          operationId: `${side.id}Balance`,
          summary: `${side.name} balance: carrier points; flag true = authorise first at redirectUrl, which returns to callbackUrl`,
          body: balanceBody,
          response: responses(balanceInfo, [400, 401, 403]),
        },
      },
      async (request) => {
        const user = await customer(request.session);
        const callbackUrl = checkRedirect(request.body.callbackUrl, options.config.publicBaseUrl) ?? '/';
        return ok(
          await queryBalance(app.db, user, {
            integralType: request.body.integralType,
            phone: request.body.phone,
            callbackUrl,
          }),
        );
      },
    );
  }

  app.post(
    '/front/v1/client/order/integral/place/order',
    {
      ...session,
      schema: {
        tags: ['integral'],
        summary: 'Points order confirmation: points price, cash part, balance, what remains',
        body: placeOrderBody,
        response: responses(placeOrderInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await placeOrder(app.db, await customer(request.session), request.body.actSn)),
  );

  app.post(
    '/front/v1/client/order/submit/integral',
    {
      ...session,
      schema: {
        tags: ['integral'],
        summary: 'Submit a points order: points deducted once, in the order transaction',
        body: integralSubmitBody,
        response: responses(integralSubmitInfo, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await submitIntegralOrder(app.db, await customer(request.session), request.body)),
  );

  await app.register(sandboxCarrierRoutes, { config: options.config });
};

export default integralRoutes;
