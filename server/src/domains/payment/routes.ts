/**
 * Paying for an order (§7 Orders): the pay params of the payment now due, the providers' payment notifications
 * (POST /pay/notify/<provider>, outside the request signature: a provider signs them its own way) and the
 * sandbox cashier. The order itself (list, detail, cancel, agreements) is domains/order/orders-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payParamsSchema, payQuery, orderNoParams } from '@contract/payment';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import type { NotifySender } from '../../runtime/self-sender';
import { startPayment } from './service';
import { payerOpenid } from './payer-openid';
import type { PaymentProviders } from './providers';
import notifyRoutes from './notify-routes';
import sandboxRoutes from './sandbox-routes';

export interface PaymentRoutesOptions {
  config: Config;
  /** The providers the config turns on (built where the app is composed: the order routes ask them too). */
  providers: PaymentProviders;
  /** Sandbox cashier: how its notification reaches /pay/notify/sandbox (default: HTTP to the listening address). */
  notifySender?: NotifySender;
}

const tags = ['orders'];

const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { providers } = options;
  const base = options.config.publicBaseUrl;

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

  await app.register(notifyRoutes, { providers, config: options.config });
  await app.register(sandboxRoutes, { config: options.config, notifySender: options.notifySender });
};

export default paymentRoutes;
