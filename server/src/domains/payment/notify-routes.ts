/**
 * POST /pay/notify/<provider>: a payment provider's notification. Not under /front, so neither the request
 * signature nor a session applies; the provider's own signature is checked over the raw body, which is why this
 * scope keeps bodies as text. Answers the provider's acknowledgement; a refused notification is a 4xx with the
 * provider's own refusal (acknowledge(false): WeChat {code, message}, Baidu {errno, msg}; the sandbox's is the
 * app's envelope) and changes nothing. POST /refund/audit/baidu, Baidu's question before it refunds (its 退款审核地址), lives
 * here too: it is a signed form of the same kind.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../runtime/http';
import { answerRefusalsAs, providerParam } from '../../runtime/callback-refusals';
import { checkedCallback } from '../../runtime/input-guard';
import { ERROR_CODES } from '@contract/common';
import { applyNotification } from './service';
import type { PaymentProviders } from './providers';
import { BAIDU_NOT_CONFIGURED, baiduClientOf } from './providers/baidu-pay';
import { auditAnswer, verifyBaiduRefundCallback } from './providers/baidu-pay-refund';
import { findProviderRefund } from './refunds';

export const NOTIFY_BODY_LIMIT = 64 * 1024;
const PROVIDERS = ['sandbox', 'wechat', 'baidu'] as const;

const notifyRoutes: FastifyPluginAsyncZod<{ providers: PaymentProviders; config: Config }> = async (
  app,
  { providers, config },
) => {
  const baiduPublicKey = baiduClientOf(config.baiduPay)?.publicKey;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // The sandbox speaks the app's envelope (with its error code), and Baidu's refund audit has no :provider: both
  // are left to the app's handler.
  answerRefusalsAs(app, (request, message) => {
    const name = providerParam(request, PROVIDERS);
    return name && name !== 'sandbox' ? providers.byName(name)?.acknowledge(false, message) : undefined;
  });

  app.post(
    '/pay/notify/:provider',
    {
      schema: {
        tags: ['payment notifications'],
        summary:
          "A provider's payment notification (sandbox: JSON signed with HMAC-SHA256 in x-sandbox-signature). " +
          'Idempotent: a replay or a concurrent copy changes nothing twice',
        params: z.object({ provider: z.enum(PROVIDERS, { error: '未知的支付渠道' }) }),
      },
    },
    async (request, reply) => {
      const provider = providers.byName(request.params.provider);
      if (!provider) throw badRequest('未知的支付渠道');
      const raw = typeof request.body === 'string' ? request.body : '';
      const result = await applyNotification(app.db, provider, raw, request.headers);
      if (result.outcome === 'REFUND_PENDING') {
        request.log.warn(
          { paymentSn: result.paymentSn, orderNo: result.orderNo },
          'payment received for an order that cannot take it: refund by hand',
        );
      }
      return reply.send(provider.acknowledge(true, 'success'));
    },
  );

  app.post(
    '/refund/audit/baidu',
    {
      schema: {
        tags: ['refund notifications'],
        summary:
          "Baidu's refund audit (form fields signed with rsaSign): auditStatus 1 with the amount for a refund this server applied " +
          'for, 2 for one it did not, 3 while it cannot tell two of its refunds apart',
      },
    },
    async (request) => {
      if (!baiduPublicKey) throw new AppError(400, ERROR_CODES.PAY_UNAVAILABLE, BAIDU_NOT_CONFIGURED);
      const cb = verifyBaiduRefundCallback(typeof request.body === 'string' ? request.body : '', baiduPublicKey);
      const ids = checkedCallback({ providerRefundId: cb.refundBatchId, paymentSn: cb.paymentSn });
      return auditAnswer(await findProviderRefund(app.db, 'baidu', ids));
    },
  );
};

export default notifyRoutes;
