/**
 * POST /esign/notify: e签宝's flow events (set as ESIGN_CALLBACK_URL, and as each flow's notifyUrl). Not under /front
 * (no request signature, no session): e签宝's own signature is the check, so this scope keeps the body as text.
 * Refused, changing nothing: another app id, a timestamp more than 5 minutes off, a bad X-Tsign-Open-SIGNATURE
 * (hex HMAC-SHA256 of timestamp + query values + body), a flow this server did not open, and a second delivery of
 * one signed event (its signature is claimed once, in the deployment's nonce store).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGN_WINDOW_MS } from '@contract/signature';
import type { Config } from '../../config';
import { deploymentOf } from '../../runtime/deployment';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { EsignProviders } from './providers/esign';
import { flowStateOf, sameHex, tsignCallbackSignature } from './providers/esign-tsign';
import { applyFlowState, CONTRACT_MESSAGES, findContract } from './purchase-agreement';

export const ESIGN_NOTIFY_MESSAGES = {
  off: '未开通e签宝电子签署',
  badSignature: '电子签署通知签名错误',
  stale: '电子签署通知已过期',
  replayed: '重复的电子签署通知',
  badBody: '电子签署通知格式错误',
} as const;

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

const esignNotifyRoutes: FastifyPluginAsyncZod<{ config: Config; esign: EsignProviders }> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const tsign = options.config.esign.tsign;

  app.post(
    '/esign/notify',
    {
      schema: {
        tags: ['e-sign notifications'],
        summary:
          "e签宝's flow events (SIGN_FLOW_COMPLETE) signed with X-Tsign-Open-SIGNATURE; each signed event applies once",
      },
    },
    async (request) => {
      if (!tsign) throw notFound(ESIGN_NOTIFY_MESSAGES.off);
      const raw = typeof request.body === 'string' ? request.body : '';
      const timestamp = header(request.headers['x-tsign-open-timestamp']);
      const signature = header(request.headers['x-tsign-open-signature']);
      const algorithm = header(request.headers['x-tsign-open-signature-algorithm']).toLowerCase();
      if (header(request.headers['x-tsign-open-app-id']) !== tsign.appId || (algorithm && algorithm !== 'hmac-sha256'))
        throw badRequest(ESIGN_NOTIFY_MESSAGES.badSignature);
      const query = Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
      if (!/^[0-9a-fA-F]{64}$/.test(signature) || !/^\d{10,16}$/.test(timestamp))
        throw badRequest(ESIGN_NOTIFY_MESSAGES.badSignature);
      if (!sameHex(signature, tsignCallbackSignature(tsign.appSecret, timestamp, query, raw)))
        throw badRequest(ESIGN_NOTIFY_MESSAGES.badSignature);
      const now = Date.now();
      const sentAt = Number(timestamp);
      if (!(Math.abs(now - sentAt) <= SIGN_WINDOW_MS)) throw badRequest(ESIGN_NOTIFY_MESSAGES.stale);

      let event: { action?: unknown; signFlowId?: unknown; signFlowStatus?: unknown };
      try {
        event = JSON.parse(raw) as typeof event;
      } catch {
        throw badRequest(ESIGN_NOTIFY_MESSAGES.badBody);
      }
      if (!event || typeof event !== 'object' || typeof event.signFlowId !== 'string' || !event.signFlowId)
        throw badRequest(ESIGN_NOTIFY_MESSAGES.badBody);
      const contract = await findContract(app.db, event.signFlowId);
      if (!contract || contract.provider !== 'esign') throw notFound(CONTRACT_MESSAGES.unknownFlow);
      if (!(await deploymentOf(app.db).nonceStore.claim(`esign:${signature.toLowerCase()}`, now, sentAt)))
        throw conflict(ESIGN_NOTIFY_MESSAGES.replayed);

      // Only the flow's end matters here; other events (each signer's task, reminders) are acknowledged and ignored.
      if (event.action === 'SIGN_FLOW_COMPLETE') {
        const state = flowStateOf(event.signFlowStatus);
        if (state !== 'SIGNING') await applyFlowState(app.db, contract.flowId, state);
      }
      return { code: '200', msg: 'success' };
    },
  );
};

export default esignNotifyRoutes;
