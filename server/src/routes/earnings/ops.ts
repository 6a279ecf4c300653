/**
 * Operator side of earnings (/ops/earnings/..., bearer OPS_KEY): review withdrawals (approve hands them to the
 * payout provider; reject books the amount back), make a user a promoter, set an item's commission, settle
 * every promoter now, and report a refund until after-sales calls onOrderRefunded itself.
 * `/ops/earnings/console` is a small page for the demo: it asks for the OPS_KEY and calls the same API.
 */
import { and, eq } from 'drizzle-orm';
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
  type OpsWithdrawal,
} from '@contract/earnings';
import { z } from 'zod';
import { maskPhone } from '@contract/rules/fields';
import { activities, users } from '../../db/schema';
import { commissionRules } from '../../db/schema/earnings';
import { notFound, ok, responses } from '../../http';
import type { Db } from '../../plugins/db';
import { registerOpsAuth } from '../../plugins/ops-auth';
import { ensurePromoter, onOrderRefunded, settleAll } from '../../services/earnings';
import { approveWithdrawal, opsWithdrawals, rejectWithdrawal, withdrawalDetail, type WithdrawalRow } from '../../services/withdrawals';
import type { EarningsDeps } from './deps';
import { CONSOLE_HTML } from './console';

const security = [{ opsKey: [] }];

async function opsView(db: Db, w: WithdrawalRow): Promise<OpsWithdrawal> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, w.userId)).limit(1);
  return { ...withdrawalDetail(w), holderName: w.cardSnapshot.holderName, userId: w.userId, phone: u?.phone ? maskPhone(u.phone) : null, payoutRef: w.payoutRef };
}

export const opsApiRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (app, { config, earnings: ec, vault, payout }) => {
  registerOpsAuth(app, config.opsKey);
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get('/ops/earnings/withdrawals', { schema: { ...doc('Withdrawals, newest first (status filters)'), querystring: opsWithdrawalQuery, response: responses(opsWithdrawalList, [400, 401]) } }, async (request) => {
    const rows = await opsWithdrawals(app.db, request.query.status);
    return ok({ list: await Promise.all(rows.map((w) => opsView(app.db, w))) });
  });

  app.post('/ops/earnings/withdrawals/:withdrawalNo/approve', { schema: { ...doc('Approve a reviewing withdrawal: the payout provider pays and notifies'), params: opsWithdrawalParams, response: responses(opsWithdrawalSchema, [400, 401, 404, 409]) } }, async (request) =>
    ok(await opsView(app.db, await approveWithdrawal(app.db, { vault, payout }, request.params.withdrawalNo))),
  );

  app.post('/ops/earnings/withdrawals/:withdrawalNo/reject', { schema: { ...doc('Reject a reviewing withdrawal: the amount goes back to the balance'), params: opsWithdrawalParams, body: opsRejectBody, response: responses(opsWithdrawalSchema, [400, 401, 404, 409]) } }, async (request) =>
    ok(await opsView(app.db, await rejectWithdrawal(app.db, request.params.withdrawalNo, request.body.reason))),
  );

  app.post('/ops/earnings/promoters', { schema: { ...doc('Make the user with this phone (logged in once) a promoter of the project'), body: opsPromoterBody, response: responses(opsPromoterInfo, [400, 401, 404]) } }, async (request) => {
    const { projectSn, phone } = request.body;
    const [user] = await app.db.select().from(users).where(and(eq(users.projectSn, projectSn), eq(users.phone, phone))).limit(1);
    if (!user) throw notFound('该手机号在此项目还没有登录过');
    const p = await ensurePromoter(app.db, user.userId, projectSn);
    return ok({ userId: p.userId, promoterCode: p.promoterCode, status: p.status });
  });

  app.post('/ops/earnings/commission-rules', { schema: { ...doc("Set an item's commission: FIXED fen per order or RATE basis points of the goods amount"), body: opsCommissionRuleBody, response: responses(opsCommissionRuleBody, [400, 401, 404]) } }, async (request) => {
    const { actSn, mode, value } = request.body;
    const [a] = await app.db.select({ actSn: activities.actSn }).from(activities).where(eq(activities.actSn, actSn)).limit(1);
    if (!a) throw notFound('商品不存在');
    await app.db.insert(commissionRules).values({ actSn, mode, value }).onConflictDoUpdate({ target: commissionRules.actSn, set: { mode, value } });
    return ok({ actSn, mode, value });
  });

  app.post('/ops/earnings/settle', { schema: { ...doc('Move every promoter\'s commissions along now (payments, refunds, releases)'), response: responses(opsSettleInfo, [401]) } }, async () =>
    ok({ promoters: await settleAll(app.db, ec.freezeDays) }),
  );

  app.post('/ops/earnings/orders/:orderNo/refunded', { schema: { ...doc('Report the total refunded on an order (what after-sales will call): cancels or claws back its commission'), params: opsRefundParams, body: opsRefundBody, response: responses(z.null(), [400, 401]) } }, async (request) => {
    await onOrderRefunded(app.db, request.params.orderNo, request.body.refundedTotal);
    return ok(null);
  });
};

/** The console page needs no key to load (it holds none); every call it makes carries the key typed into it. */
export const opsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/ops/earnings/console', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(CONSOLE_HTML),
  );
};
