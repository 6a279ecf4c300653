/**
 * Operator side of after-sales (/ops/after-sales/..., the console's 售后 page or the OPS_KEY, in /docs): list and
 * read applications, agree (refunds at once), ask for the goods back, refuse with a reason, confirm receipt
 * (refunds at once), refund again after a failed refund. Every action shows up in the customer's negotiation
 * history.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationNoParams,
  opsAfterSaleList,
  opsAfterSaleQuery,
  opsAfterSaleSchema,
  opsMessageBody,
  opsRefuseBody,
} from '@contract/after-sales';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { opsActor, opsProjectFilter, registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { opsAct, opsApplication, opsApplications, type OpsAction } from './ops';
import type { AfterSalesDeps } from './deps';

const security = [{ opsKey: [] }];

export const opsApiRoutes: FastifyPluginAsyncZod<AfterSalesDeps> = async (app, deps) => {
  registerOpsAuth(app, deps.config.opsKey, { area: 'after-sales' });
  // `curl -X POST …/agree` with no body is fine: the note is optional.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const deciding = { refundProviders: deps.refundProviders, config: deps.afterSales };
  const ofApplication = opsProjectOf.application('applicationNo');
  /** A decision with the application before and after it, in the audit log. */
  const decide = async <T>(
    request: FastifyRequest,
    applicationNo: string,
    action: OpsAction,
    act: () => Promise<T>,
  ): Promise<T> => {
    const before = await opsApplication(app.db, deps.afterSales, applicationNo);
    const record = async (after: unknown) =>
      auditOps(request, {
        action: `after-sales.application.${action}`,
        projectSn: await ofApplication(request),
        target: `after-sale:${applicationNo}`,
        before,
        after,
      });
    let after: T;
    try {
      after = await act();
    } catch (err) {
      // A refund the provider refused answers an error, yet the decision before it (agreed, received) stands:
      // recorded as the application now is whenever its history grew.
      const now = await opsApplication(app.db, deps.afterSales, applicationNo).catch(() => null);
      if (now && now.records.length > before.records.length) await record(now);
      throw err;
    }
    await record(after);
    return after;
  };

  app.get(
    '/ops/after-sales',
    {
      schema: {
        ...doc('After-sale applications, newest first (state filters)'),
        querystring: opsAfterSaleQuery,
        response: responses(opsAfterSaleList, [400, 401]),
      },
    },
    async (request) => {
      // A named project was checked against the operator's by the guard; without one, the operator's own.
      const scope = request.query.projectSn ? [request.query.projectSn] : opsProjectFilter(opsActor(request));
      return ok(await opsApplications(app.db, deps.afterSales, request.query.state, scope));
    },
  );
  app.get(
    '/ops/after-sales/:applicationNo',
    {
      config: { opsProject: ofApplication },
      schema: {
        ...doc('One application with its history'),
        params: applicationNoParams,
        response: responses(opsAfterSaleSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await opsApplication(app.db, deps.afterSales, request.params.applicationNo)),
  );

  const actions: Array<[OpsAction, string]> = [
    ['agree', 'Agree to refund without the goods: the refund goes to the payment provider at once'],
    ['return', 'Agree, but ask for the goods back first (the customer writes the tracking number)'],
    ['receive', 'Confirm the returned goods arrived: the refund goes to the payment provider at once'],
    ['refund', 'Refund an agreed or received application again (after a failed refund)'],
  ];
  for (const [action, summary] of actions) {
    app.post(
      `/ops/after-sales/:applicationNo/${action}`,
      {
        config: { opsProject: ofApplication },
        schema: {
          ...doc(summary),
          params: applicationNoParams,
          body: opsMessageBody,
          response: responses(opsAfterSaleSchema, [400, 401, 404, 409]),
        },
      },
      async (request) =>
        ok(
          await decide(request, request.params.applicationNo, action, () =>
            opsAct(app.db, deciding, request.params.applicationNo, action, request.body.message),
          ),
        ),
    );
  }
  app.post(
    '/ops/after-sales/:applicationNo/refuse',
    {
      config: { opsProject: ofApplication },
      schema: {
        ...doc('Refuse with a reason the customer reads'),
        params: applicationNoParams,
        body: opsRefuseBody,
        response: responses(opsAfterSaleSchema, [400, 401, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await decide(request, request.params.applicationNo, 'refuse', () =>
          opsAct(app.db, deciding, request.params.applicationNo, 'refuse', request.body.reason),
        ),
      ),
  );
};
