/**
 * Orders after submit (§7 Orders): list, detail, pay / continue, cancel, instalment info, agreements and
 * contracts, and the providers' payment notifications (POST /pay/notify/<provider>, outside the request
 * signature: a provider signs them its own way). Every /front call needs a session; another user's order
 * answers 404 '订单不存在' with code 1008 (§8), so the order pages show the server's message.
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
  payParamsSchema,
  payQuery,
  signLinkBody,
  signLinkInfo,
} from '@contract/payment';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { contractFileUrl, createSignLink, getAgreement, listContracts } from '../order/purchase-agreement';
import { expireUnpaidOrders } from '../order/expiry';
import { cancelOrder, findUserOrder, orderNotFound } from '../order/state-db';
import { installmentInfoOf, listOrders, orderDetail } from '../order/view';
import { closeAtProviders, pendingPaymentSns, startPayment, syncPendingPayments } from './service';
import { checkRedirect } from '../../runtime/redirect';
import { payerOpenid } from './payer-openid';
import { createPaymentProviders, type PaymentProviders } from './providers';
import notifyRoutes from './notify-routes';

export interface PaymentRoutesOptions {
  config: Config;
  /** Defaults to the providers the config turns on. */
  providers?: PaymentProviders;
}

const signedOnly = z.object(signedFields);
const tags = ['orders'];
type Failure = Parameters<typeof responses>[1][number];

/** The options of an order read that needs a session: its summary, query and answer (with the failures it may give). */
const sessionRead = <Q extends z.ZodTypeAny, I extends z.ZodTypeAny, S extends Failure>(summary: string, querystring: Q, info: I, failures: readonly S[]) => ({
  config: { session: 'required' as const },
  schema: { tags, summary, querystring, response: responses(info, failures) },
});

const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const providers = options.providers ?? createPaymentProviders(options.config);
  const base = options.config.publicBaseUrl;

  app.get(
    '/front/v1/client/order/user/orders',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: 'The user\'s orders in a tab (ALL, UNPAID, TO_SHIP, TO_RECEIVE, PAID, CANCELLED, REFUND), newest first, paged',
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
        summary: 'One order with its deposit or instalment schedule and what can be done with it now',
        params: orderNoParams,
        querystring: signedOnly,
        response: responses(orderDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      const now = new Date();
      await findUserOrder(app.db, userId, request.params.orderNo);
      // The pay-check: a payment no notification settled yet is asked about at its provider (before expiry runs,
      // so money taken just before the deadline is not mistaken for an expired order).
      await syncPendingPayments(app.db, providers, request.params.orderNo, request.log);
      await expireUnpaidOrders(app.db, now, { orderNo: request.params.orderNo });
      const order = await findUserOrder(app.db, userId, request.params.orderNo);
      return ok(await orderDetail(app.db, order, now));
    },
  );

  // §7 course order details (v2): the same view for a course order; any other order is not one (404, 1008).
  app.get(
    '/front/v2/client/course/order/details/:orderNo',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: 'Course order details (v2): one course order with its deposit or instalment schedule; other orders answer 1008',
        params: orderNoParams,
        querystring: signedOnly,
        response: responses(orderDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      const now = new Date();
      const { orderType } = await findUserOrder(app.db, userId, request.params.orderNo);
      if (orderType !== 'COURSE') throw orderNotFound();
      await syncPendingPayments(app.db, providers, request.params.orderNo, request.log);
      await expireUnpaidOrders(app.db, now, { orderNo: request.params.orderNo });
      return ok(await orderDetail(app.db, await findUserOrder(app.db, userId, request.params.orderNo), now));
    },
  );

  app.get(
    '/front/v1/client/order/payment/continue/:orderNo',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary:
          'Pay params for the payment now due (first payment, final, next instalment). payAmount 0: settled at once. ' +
          'The sandbox answers mwebUrl (its cashier page) for H5 and refuses mini-programs',
        params: orderNoParams,
        querystring: payQuery,
        response: responses(payParamsSchema, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      const { paySource, tradeType, redirectUrl } = request.query;
      return ok(
        await startPayment(app.db, providers, {
          userId,
          orderNo: request.params.orderNo,
          paySource,
          tradeType,
          redirectUrl,
          clientIp: request.ip,
          publicBaseUrl: base,
          openid: await payerOpenid(app.db, options.config.wechatPay, { userId, paySource, tradeType }),
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
      const open = await pendingPaymentSns(app.db, request.params.orderNo);
      const order = await cancelOrder(app.db, { userId, orderNo: request.params.orderNo });
      await closeAtProviders(app.db, providers, open, request.log);
      return ok({ orderNo: order.orderNo, orderStatus: order.status });
    },
  );

  app.get(
    '/front/v2/client/course/order/installment/info',
    sessionRead('The deposit or instalment schedule of an order and the payment now due', orderNoQuery, installmentInfo, [400, 401, 404]),
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
    sessionRead('The signing flows of an order\'s purchase agreement', orderNoQuery, contractListInfo, [400, 401, 404]),
    async (request) => {
      const order = await findUserOrder(app.db, requireSession(request.session).userId, request.query.orderNo);
      return ok({ list: await listContracts(app.db, order.orderNo) });
    },
  );

  app.get(
    '/front/v1/client/order/contract/file/url',
    sessionRead('Where to read a signed contract (a server page)', contractFileQuery, contractFileInfo, [400, 401, 404, 409]),
    async (request) =>
      ok(await contractFileUrl(app.db, { userId: requireSession(request.session).userId, flowId: request.query.flowId, publicBaseUrl: base })),
  );

  app.post(
    '/front/v1/client/order/sign/link',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: 'Open the signing of the order\'s purchase agreement: the sandbox e-sign page, then back to redirectUrl',
        body: signLinkBody,
        response: responses(signLinkInfo, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const { orderNo, redirectUrl } = request.body;
      return ok(
        await createSignLink(app.db, {
          userId: requireSession(request.session).userId,
          orderNo,
          redirectUrl: checkRedirect(redirectUrl, base),
          publicBaseUrl: base,
        }),
      );
    },
  );

  await app.register(notifyRoutes, { providers, config: options.config });
};

export default paymentRoutes;
