/**
 * Operator side of earnings (/ops/earnings/..., bearer OPS_KEY): review withdrawals (approve hands them to the
 * payout provider; reject books the amount back), make a user a promoter, set an item's commission, settle
 * every promoter now, and report a refund until after-sales calls onOrderRefunded itself.
 * `/ops/earnings/console` is a small page for the demo: it asks for the OPS_KEY and calls the same API.
 */
import type { FastifyRequest } from 'fastify';
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
import { auditOps } from '../../runtime/audit';
import { opsActor, opsProjectFilter, registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { makePromoterByPhone, onOrderRefunded, setCommissionRule, settleAll } from './service';
import { approveWithdrawal, opsWithdrawals, opsWithdrawalView, rejectWithdrawal } from './withdrawals';
import type { EarningsDeps } from './config';
import { CONSOLE_HTML } from './ops-page';

const security = [{ opsKey: [] }];

export const opsApiRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (
  app,
  { config, earnings: ec, vault, payout },
) => {
  registerOpsAuth(app, config.opsKey, { area: 'withdrawals' });
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
      const rows = await opsWithdrawals(app.db, request.query.status, 100, opsProjectFilter(opsActor(request)));
      return ok({ list: await Promise.all(rows.map((w) => opsWithdrawalView(app.db, w))) });
    },
  );

  app.post(
    '/ops/earnings/withdrawals/:withdrawalNo/approve',
    {
      config: { opsProject: opsProjectOf.withdrawal('withdrawalNo') },
      schema: {
        ...doc('Approve a reviewing withdrawal: the payout provider pays and notifies'),
        params: opsWithdrawalParams,
        response: responses(opsWithdrawalSchema, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const after = await opsWithdrawalView(
        app.db,
        await approveWithdrawal(app.db, { vault, payout }, request.params.withdrawalNo),
      );
      await auditWithdrawal(request, request.params.withdrawalNo, 'earnings.withdrawal.approve', after);
      return ok(after);
    },
  );

  app.post(
    '/ops/earnings/withdrawals/:withdrawalNo/reject',
    {
      config: { opsProject: opsProjectOf.withdrawal('withdrawalNo') },
      schema: {
        ...doc('Reject a reviewing withdrawal: the amount goes back to the balance'),
        params: opsWithdrawalParams,
        body: opsRejectBody,
        response: responses(opsWithdrawalSchema, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const after = await opsWithdrawalView(
        app.db,
        await rejectWithdrawal(app.db, request.params.withdrawalNo, request.body.reason),
      );
      await auditWithdrawal(request, request.params.withdrawalNo, 'earnings.withdrawal.reject', after);
      return ok(after);
    },
  );

  app.post(
    '/ops/earnings/promoters',
    {
      config: { opsArea: 'marketing' },
      schema: {
        ...doc('Make the user with this phone (logged in once) a promoter of the project'),
        body: opsPromoterBody,
        response: responses(opsPromoterInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { projectSn, phone } = request.body;
      const p = await makePromoterByPhone(app.db, projectSn, phone);
      await auditOps(request, {
        action: 'earnings.promoter.add',
        projectSn,
        target: `promoter:${p.userId}`,
        after: { userId: p.userId, promoterCode: p.promoterCode, status: p.status },
      });
      return ok({ userId: p.userId, promoterCode: p.promoterCode, status: p.status });
    },
  );

  app.post(
    '/ops/earnings/commission-rules',
    {
      config: { opsArea: 'marketing', opsProject: opsProjectOf.activity('actSn') },
      schema: {
        ...doc("Set an item's commission: FIXED fen per order or RATE basis points of the goods amount"),
        body: opsCommissionRuleBody,
        response: responses(opsCommissionRuleBody, [400, 401, 404]),
      },
    },
    async (request) => {
      const { actSn, mode, value } = request.body;
      await setCommissionRule(app.db, { actSn, mode, value });
      await auditOps(request, {
        action: 'earnings.commission-rule.set',
        projectSn: await opsProjectOf.activity('actSn')(request),
        target: `activity:${actSn}`,
        after: { actSn, mode, value },
      });
      return ok({ actSn, mode, value });
    },
  );

  app.post(
    '/ops/earnings/settle',
    {
      // Every promoter of every project: only for a caller who sees them all.
      config: { opsProject: 'all' },
      schema: {
        ...doc("Move every promoter's commissions along now (payments, refunds, releases)"),
        response: responses(opsSettleInfo, [401]),
      },
    },
    async (request) => {
      const promoters = await settleAll(app.db, ec.freezeDays);
      await auditOps(request, { action: 'earnings.settle', target: 'promoters', after: { promoters } });
      return ok({ promoters });
    },
  );

  app.post(
    '/ops/earnings/orders/:orderNo/refunded',
    {
      config: { opsArea: 'after-sales', opsProject: opsProjectOf.order('orderNo') },
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
      await auditOps(request, {
        action: 'earnings.order.refunded',
        projectSn: await opsProjectOf.order('orderNo')(request),
        target: `order:${request.params.orderNo}`,
        after: { refundedTotal: request.body.refundedTotal },
      });
      return ok(null);
    },
  );
};

async function auditWithdrawal(
  request: FastifyRequest,
  withdrawalNo: string,
  action: string,
  after: unknown,
): Promise<void> {
  await auditOps(request, {
    action,
    projectSn: await opsProjectOf.withdrawal('withdrawalNo')(request),
    target: `withdrawal:${withdrawalNo}`,
    before: { status: 'REVIEWING' },
    after,
  });
}

/** The console page needs no key to load (it holds none); every call it makes carries the key typed into it. */
export const opsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ops/earnings/console', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(CONSOLE_HTML),
  );
};
