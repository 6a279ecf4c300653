/**
 * POST /payout/notify/<provider>: a payout channel's result. Not under /front (no request signature, no
 * session): the provider's own signature over the raw body is the check, so this scope keeps bodies as text.
 * A replay, or a notification for a withdrawal already finished, is acknowledged and changes nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../runtime/http';
import { applyPayoutNotification } from './withdrawals';
import type { EarningsDeps } from './config';

const notifyRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (app, { payout }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payout/notify/:provider',
    {
      schema: {
        tags: ['payout notifications'],
        summary:
          "A payout channel's result (sandbox: JSON signed with HMAC-SHA256 in x-sandbox-payout-signature; wechat: " +
          'MCHTRANSFER.BILL.FINISHED, platform-signed, resource AES-256-GCM); idempotent',
        params: z.object({ provider: z.enum(['sandbox', 'wechat'], { error: '未知的打款渠道' }) }),
      },
    },
    async (request) => {
      if (request.params.provider !== payout.name) throw badRequest('未知的打款渠道');
      const raw = typeof request.body === 'string' ? request.body : '';
      const outcome = await applyPayoutNotification(app.db, payout, raw, request.headers);
      // WeChat wants its own success body; the sandbox reads the outcome.
      return payout.acknowledge?.() ?? { state: true, message: 'success', info: { outcome } };
    },
  );
};

export default notifyRoutes;
