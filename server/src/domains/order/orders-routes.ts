/**
 * Orders after submit (§7 Orders): list, detail, cancel, instalment info, and the purchase agreement with its
 * signing flows. Every call needs a session; another user's order answers 404 '订单不存在' with code 1008 (§8),
 * so the order pages show the server's message.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedFields } from '@contract/common';
import { agreementInfo, agreementQuery } from '@contract/order';
import {
  cancelInfo,
  contractFileInfo,
  contractFileQuery,
  contractListInfo,
  installmentInfo,
  orderDetailSchema,
  orderListInfo,
  orderListQuery,
  orderNoParams,
  orderNoQuery,
  signLinkBody,
  signLinkInfo,
} from '@contract/payment';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { checkRedirect } from '../../runtime/redirect';
import type { PaymentProviders } from '../payment/providers';
import { cancelCustomerOrder, customerOrderDetail } from './customer-orders';
import { expireUnpaidOrders } from './expiry';
import { contractFileUrl, createSignLink, getAgreement, listContracts } from './purchase-agreement';
import type { EsignProviders } from './providers/esign';
import { findUserOrder } from './state-db';
import { installmentInfoOf, listOrders } from './view';

export interface OrdersRoutesOptions {
  config: Config;
  /** The payment channels the detail's pay-check and the cancel ask. */
  providers: PaymentProviders;
  /** The e-sign provider the sign link opens, and the ones that settle the contracts already open. */
  esign: EsignProviders;
}

const signedOnly = z.object(signedFields);
const tags = ['orders'];
type Failure = Parameters<typeof responses>[1][number];

/** The options of an order read that needs a session: its summary, query and answer (with the failures it may give). */
const sessionRead = <Q extends z.ZodTypeAny, I extends z.ZodTypeAny, S extends Failure>(
  summary: string,
  querystring: Q,
  info: I,
  failures: readonly S[],
) => ({
  config: { session: 'required' as const },
  schema: { tags, summary, querystring, response: responses(info, failures) },
});

const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { config, providers, esign }) => {
  const base = config.publicBaseUrl;

  app.get(
    '/front/v1/client/order/user/orders',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary:
          "The user's orders in a tab (ALL, UNPAID, TO_SHIP, TO_RECEIVE, PAID, CANCELLED, REFUND), newest first, paged",
        querystring: orderListQuery,
        response: responses(orderListInfo, [400, 401]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      const now = new Date();
      await expireUnpaidOrders(app.db, now, { userId });
      const { tab, page, perSize } = request.query;
      return ok(await listOrders(app.db, { userId, tab, page, perSize, now }));
    },
  );

  app.get(
    '/front/v1/client/order/details/:orderNo/',
    {
      config: { session: 'required' },
      schema: {
        tags,
        // §7 names this call getOrderInfoApi without a path: the order the detail and pay pages read.
        operationId: 'getOrderInfoApi',
        summary: 'getOrderInfoApi: one order with its deposit or instalment schedule and what can be done with it now',
        params: orderNoParams,
        querystring: signedOnly,
        response: responses(orderDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      return ok(
        await customerOrderDetail(app.db, providers, { userId, orderNo: request.params.orderNo, log: request.log }),
      );
    },
  );

  // §7 course order details (v2): the same view for a course order; any other order is not one (404, 1008).
  app.get(
    '/front/v2/client/course/order/details/:orderNo',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary:
          'Course order details (v2): one course order with its deposit or instalment schedule; other orders answer 1008',
        params: orderNoParams,
        querystring: signedOnly,
        response: responses(orderDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      return ok(
        await customerOrderDetail(app.db, providers, {
          userId,
          orderNo: request.params.orderNo,
          courseOnly: true,
          log: request.log,
        }),
      );
    },
  );

  app.post(
    '/front/v1/client/order/payment/order/cancel/:orderNo',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: 'Cancel an unpaid order; its coupon goes back to the customer',
        params: orderNoParams,
        body: signedOnly,
        response: responses(cancelInfo, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      const order = await cancelCustomerOrder(app.db, providers, {
        userId,
        orderNo: request.params.orderNo,
        log: request.log,
      });
      return ok({ orderNo: order.orderNo, orderStatus: order.status });
    },
  );

  app.get(
    '/front/v2/client/course/order/installment/info',
    sessionRead(
      'The deposit or instalment schedule of an order and the payment now due',
      orderNoQuery,
      installmentInfo,
      [400, 401, 404],
    ),
    async (request) => {
      const order = await findUserOrder(app.db, requireSession(request.session).userId, request.query.orderNo);
      return ok(await installmentInfoOf(app.db, order));
    },
  );

  app.get(
    '/front/v1/client/order/contract/details',
    sessionRead('The text of a purchase agreement', agreementQuery, agreementInfo, [400, 401, 404]),
    async (request) => ok(await getAgreement(app.db, request.query.agreementSn)),
  );

  app.get(
    '/front/v1/client/order/contract/list',
    sessionRead("The signing flows of an order's purchase agreement", orderNoQuery, contractListInfo, [400, 401, 404]),
    async (request) => {
      const order = await findUserOrder(app.db, requireSession(request.session).userId, request.query.orderNo);
      return ok({ list: await listContracts(app.db, esign, order.orderNo) });
    },
  );

  app.get(
    '/front/v1/client/order/contract/file/url',
    sessionRead(
      "Where to read a signed contract (the sandbox's page, or the e-sign provider's download URL)",
      contractFileQuery,
      contractFileInfo,
      [400, 401, 404, 409, 503],
    ),
    async (request) =>
      ok(
        await contractFileUrl(app.db, esign, {
          userId: requireSession(request.session).userId,
          flowId: request.query.flowId,
          publicBaseUrl: base,
        }),
      ),
  );

  app.post(
    '/front/v1/client/order/sign/link',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: "Open the signing of the order's purchase agreement at the e-sign provider, then back to redirectUrl",
        body: signLinkBody,
        response: responses(signLinkInfo, [400, 401, 404, 409, 503]),
      },
    },
    async (request) => {
      const { orderNo, redirectUrl } = request.body;
      return ok(
        await createSignLink(app.db, esign, {
          userId: requireSession(request.session).userId,
          orderNo,
          redirectUrl: checkRedirect(redirectUrl, base),
          publicBaseUrl: base,
        }),
      );
    },
  );
};

export default ordersRoutes;
