/**
 * Operator side of earnings (/ops/earnings/..., the console's 提现审核 and 推广员 pages, or the OPS_KEY): review
 * withdrawals (approve hands them to the payout provider; reject books the amount back), list and add promoters,
 * read and set items' commissions, settle every promoter now, and report a refund until after-sales calls
 * onOrderRefunded itself.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsCommissionItemList,
  opsCommissionRuleBody,
  opsProjectQuery,
  opsPromoterBody,
  opsPromoterList,
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
import {
  commissionRuleOf,
  makePromoterByPhone,
  onOrderRefunded,
  opsCommissionItems,
  opsPromoters,
  setCommissionRule,
  settleAll,
} from './service';
import {
  approveWithdrawal,
  findWithdrawal,
  opsWithdrawals,
  opsWithdrawalView,
  rejectWithdrawal,
  type WithdrawalRow,
} from './withdrawals';
import type { EarningsDeps } from './config';

const security = [{ opsKey: [] }];

export const opsApiRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (
  app,
  { config, earnings: ec, vault, payout },
) => {
  registerOpsAuth(app, config.opsKey, { area: 'withdrawals' });
  // As every operator POST: no body at all is read as an empty one, so the answer names the missing field.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const viewOf = (w: WithdrawalRow) => opsWithdrawalView(app.db, w);

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
      // A named project was checked against the operator's by the guard; without one, the operator's own.
      const scope = request.query.projectSn ? [request.query.projectSn] : opsProjectFilter(opsActor(request));
      const rows = await opsWithdrawals(app.db, request.query.status, 200, scope);
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
      const before = await viewOf(await findWithdrawal(app.db, request.params.withdrawalNo));
      const after = await viewOf(await approveWithdrawal(app.db, { vault, payout }, request.params.withdrawalNo));
      await auditWithdrawal(request, request.params.withdrawalNo, 'earnings.withdrawal.approve', before, after);
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
      const before = await viewOf(await findWithdrawal(app.db, request.params.withdrawalNo));
      const after = await viewOf(await rejectWithdrawal(app.db, request.params.withdrawalNo, request.body.reason));
      await auditWithdrawal(request, request.params.withdrawalNo, 'earnings.withdrawal.reject', before, after);
      return ok(after);
    },
  );

  app.get(
    '/ops/earnings/promoters',
    {
      config: { opsArea: 'marketing' },
      schema: {
        ...doc("The project's promoters with their balances, newest first"),
        querystring: opsProjectQuery,
        response: responses(opsPromoterList, [400, 401]),
      },
    },
    async (request) => ok({ list: await opsPromoters(app.db, request.query.projectSn) }),
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
      const { before, after: p } = await makePromoterByPhone(app.db, projectSn, phone);
      const seen = (row: typeof before) =>
        row && { userId: row.userId, promoterCode: row.promoterCode, status: row.status };
      await auditOps(request, {
        action: 'earnings.promoter.add',
        projectSn,
        target: `promoter:${p.userId}`,
        before: seen(before),
        after: seen(p),
      });
      return ok({ userId: p.userId, promoterCode: p.promoterCode, status: p.status });
    },
  );

  app.get(
    '/ops/earnings/commission-rules',
    {
      config: { opsArea: 'marketing' },
      schema: {
        ...doc("The project's items with their commission rules (null: no commission)"),
        querystring: opsProjectQuery,
        response: responses(opsCommissionItemList, [400, 401]),
      },
    },
    async (request) => ok({ list: await opsCommissionItems(app.db, request.query.projectSn) }),
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
      const before = await commissionRuleOf(app.db, actSn);
      await setCommissionRule(app.db, { actSn, mode, value });
      await auditOps(request, {
        action: 'earnings.commission-rule.set',
        projectSn: await opsProjectOf.activity('actSn')(request),
        target: `activity:${actSn}`,
        before,
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
  before: unknown,
  after: unknown,
): Promise<void> {
  await auditOps(request, {
    action,
    projectSn: await opsProjectOf.withdrawal('withdrawalNo')(request),
    target: `withdrawal:${withdrawalNo}`,
    before,
    after,
  });
}
