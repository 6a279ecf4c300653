/**
 * POST /refund/notify/<provider>: a refund channel's result. Not under /front (no request signature, no session):
 * the provider's own signature over the raw body is the check, so this scope keeps bodies as text. A replay, or
 * a notification for a refund already settled, is acknowledged and changes nothing; a refused one is a 4xx in the
 * provider's own format where it has one (WeChat {code, message}).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerRefusalsAs, providerParam } from '../../runtime/callback-refusals';
import { answerRefundNotification } from './refunds';
import type { AfterSalesDeps } from './deps';

const PROVIDERS = ['sandbox', 'wechat', 'baidu'] as const;

const notifyRoutes: FastifyPluginAsyncZod<AfterSalesDeps> = async (app, { refundProviders }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  answerRefusalsAs(app, (request, message) => {
    const name = providerParam(request, PROVIDERS);
    return name ? refundProviders.byName(name)?.refuse?.(message) : undefined;
  });

  app.post(
    '/refund/notify/:provider',
    {
      schema: {
        tags: ['refund notifications'],
        summary:
          "A refund channel's result (sandbox: JSON signed with HMAC-SHA256 in x-sandbox-refund-signature; wechat: WeChat Pay v3 " +
          'REFUND.* notification; baidu: form fields with rsaSign); idempotent',
        params: z.object({ provider: z.enum(PROVIDERS, { error: '未知的退款渠道' }) }),
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      return answerRefundNotification(app.db, refundProviders, {
        provider: request.params.provider,
        rawBody,
        headers: request.headers,
        log: request.log,
      });
    },
  );
};

export default notifyRoutes;
