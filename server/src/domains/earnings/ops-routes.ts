/**
 * Operator side of earnings (/ops/earnings/..., bearer OPS_KEY): review withdrawals (approve hands them to the
 * payout provider; reject books the amount back), make a user a promoter, set an item's commission, settle
 * every promoter now, and report a refund until after-sales calls onOrderRefunded itself.
 * `/ops/earnings/console` is a small page for the demo: it asks for the OPS_KEY and calls the same API.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsCommissionRuleBody,
  opsPromoterBody,
  opsPromoterInfo,
  opsRefundBody,
  opsRefundParams,
  opsRejectBody,
  opsSettleInfo,
  opsWithdrawalList,
  opsWithdrawalParams,
  opsWithdrawalQuery,
  opsWithdrawalSchema,
} from '@contract/earnings';
import { z } from 'zod';
import { ok, responses } from '../../runtime/http';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { makePromoterByPhone, onOrderRefunded, setCommissionRule, settleAll } from './service';
import { approveWithdrawal, opsWithdrawals, opsWithdrawalView, rejectWithdrawal } from './withdrawals';
import type { EarningsDeps } from './config';
import { CONSOLE_HTML } from './ops-page';

const security = [{ opsKey: [] }];

export const opsApiRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (
  app,
  { config, earnings: ec, vault, payout },
) => {
  registerOpsAuth(app, config.opsKey);
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/earnings/withdrawals',
    {
      schema: {
        ...doc('Withdrawals, newest first (status filters)'),
        querystring: opsWithdrawalQuery,
        response: responses(opsWithdrawalList, [400, 401]),
      },
    },
    async (request) => {
      const rows = await opsWithdrawals(app.db, request.query.status);
      return ok({ list: await Promise.all(rows.map((w) => opsWithdrawalView(app.db, w))) });
    },
  );

  app.post(
    '/ops/earnings/withdrawals/:withdrawalNo/approve',
    {
      schema: {
        ...doc('Approve a reviewing withdrawal: the payout provider pays and notifies'),
        params: opsWithdrawalParams,
        response: responses(opsWithdrawalSchema, [400, 401, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await opsWithdrawalView(
          app.db,
          await approveWithdrawal(app.db, { vault, payout }, request.params.withdrawalNo),
        ),
      ),
  );

  app.post(
    '/ops/earnings/withdrawals/:withdrawalNo/reject',
    {
      schema: {
        ...doc('Reject a reviewing withdrawal: the amount goes back to the balance'),
        params: opsWithdrawalParams,
        body: opsRejectBody,
        response: responses(opsWithdrawalSchema, [400, 401, 404, 409]),
      },
    },
    async (request) =>
      ok(
        await opsWithdrawalView(
          app.db,
          await rejectWithdrawal(app.db, request.params.withdrawalNo, request.body.reason),
        ),
      ),
  );

  app.post(
    '/ops/earnings/promoters',
    {
      schema: {
        ...doc('Make the user with this phone (logged in once) a promoter of the project'),
        body: opsPromoterBody,
        response: responses(opsPromoterInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { projectSn, phone } = request.body;
      const p = await makePromoterByPhone(app.db, projectSn, phone);
      return ok({ userId: p.userId, promoterCode: p.promoterCode, status: p.status });
    },
  );

  app.post(
    '/ops/earnings/commission-rules',
    {
      schema: {
        ...doc("Set an item's commission: FIXED fen per order or RATE basis points of the goods amount"),
        body: opsCommissionRuleBody,
        response: responses(opsCommissionRuleBody, [400, 401, 404]),
      },
    },
    async (request) => {
      const { actSn, mode, value } = request.body;
      await setCommissionRule(app.db, { actSn, mode, value });
      return ok({ actSn, mode, value });
    },
  );

  app.post(
    '/ops/earnings/settle',
    {
      schema: {
        ...doc("Move every promoter's commissions along now (payments, refunds, releases)"),
        response: responses(opsSettleInfo, [401]),
      },
    },
    async () => ok({ promoters: await settleAll(app.db, ec.freezeDays) }),
  );

  app.post(
    '/ops/earnings/orders/:orderNo/refunded',
    {
      schema: {
        ...doc(
          'Report the total refunded on an order (what after-sales will call): cancels or claws back its commission',
        ),
        params: opsRefundParams,
        body: opsRefundBody,
        response: responses(z.null(), [400, 401]),
      },
    },
    async (request) => {
      await onOrderRefunded(app.db, request.params.orderNo, request.body.refundedTotal);
      return ok(null);
    },
  );
};

/** The console page needs no key to load (it holds none); every call it makes carries the key typed into it. */
export const opsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ops/earnings/console', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(CONSOLE_HTML),
  );
};
