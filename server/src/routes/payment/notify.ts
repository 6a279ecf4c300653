/**
 * POST /pay/notify/<provider>: a payment provider's notification. Not under /front, so neither the request
 * signature nor a session applies; the provider's own signature is checked over the raw body, which is why this
 * scope keeps bodies as text. Answers the provider's acknowledgement; a refused notification is a 400 envelope
 * and changes nothing.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http';
import { applyNotification } from '../../services/payment';
import type { PaymentProviders } from '../../services/providers';

export const NOTIFY_BODY_LIMIT = 64 * 1024;

const notifyRoutes: FastifyPluginAsyncZod<{ providers: PaymentProviders }> = async (app, { providers }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/pay/notify/:provider',
    {
      schema: {
        tags: ['payment notifications'],
        summary:
          'A provider\'s payment notification (sandbox: JSON signed with HMAC-SHA256 in x-sandbox-signature). ' +
          'Idempotent: a replay or a concurrent copy changes nothing twice',
        params: z.object({ provider: z.enum(['sandbox', 'wechat', 'baidu'], { error: '未知的支付渠道' }) }),
      },
    },
    async (request, reply) => {
      const provider = providers.byName(request.params.provider);
      if (!provider) throw badRequest('未知的支付渠道');
      const raw = typeof request.body === 'string' ? request.body : '';
      const result = await applyNotification(app.db, provider, raw, request.headers);
      if (result.outcome === 'REFUND_PENDING') {
        request.log.warn({ paymentSn: result.paymentSn, orderNo: result.orderNo }, 'payment received for an order that cannot take it: refund by hand');
      }
      return reply.send(provider.acknowledge(true, 'success'));
    },
  );
};

export default notifyRoutes;
