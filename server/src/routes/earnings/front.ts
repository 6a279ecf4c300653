/**
 * §7 Earnings, the promoter's calls (all under /front/v1/personal/, signed, with a session). Every call but
 * profit needs the caller to be a promoter (403 otherwise); everything is the caller's own: a card, withdrawal
 * or order of another promoter is "not found".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedFields } from '@contract/common';
import {
  EARNINGS_PREFIX as P,
  agreementInfo,
  bankCardListInfo,
  bankCardSchema,
  bankListInfo,
  doIdentifyBody,
  freezingOrderInfo,
  freezingOrderQuery,
  identityInfo,
  phoneCodeInfo,
  profitInfo,
  profitQuery,
  updateBankCardBody,
  withdrawalBody,
  withdrawalDetailQuery,
  withdrawalDetailSchema,
  withdrawalRecordInfo,
  withdrawalRecordQuery,
  withdrawalRuleInfo,
} from '@contract/earnings';
import { maskPhone } from '@contract/rules/fields';
import { cardNoError } from '@contract/rules/luhn';
import { maxWithdrawable, ruleLines } from '@contract/rules/withdrawal';
import { AppError, ok, responses } from '../../http';
import { requireSession } from '../../plugins/auth';
import { BANKS, cardView, listCards, saveCard } from '../../services/bank-cards';
import { consumeCardCode, issueCardCode } from '../../services/earnings-code';
import { balancesOf, commissionOrders, findPromoter, ledgerPage, notPromoter, settlePromoter } from '../../services/earnings';
import { findIdentity, identityView, verifyIdentity } from '../../services/identity';
import { MemoryLimiter } from '../../services/limiter';
import { findUser } from '../../services/users';
import { approveWithdrawal, findOwnWithdrawal, listWithdrawals, requestWithdrawal, withdrawalContext, withdrawalDetail } from '../../services/withdrawals';
import { ERROR_CODES } from '@contract/common';
import type { EarningsDeps } from './deps';

const emptyQuery = z.object({ ...signedFields });
const tags = ['earnings'];

export const AGREEMENT = {
  agreementName: '推广服务协议',
  agreementContent: [
    '一、推广员通过分享链接推荐用户购买商品，订单支付成功后按商品设置的佣金比例或金额获得推广佣金。',
    '二、佣金在订单支付后进入冻结期（退款期），冻结期内订单退款的，对应佣金自动取消；冻结期结束后佣金转为可提现。冻结期结束后发生退款的，已结算佣金将从可提现余额中扣回。',
    '三、提现前须完成实名认证，且仅可提现至本人实名的银行卡。提现申请经平台审核后打款，预计1-3个工作日到账；打款失败的金额将退回可提现余额。',
    '四、推广员不得以虚假交易、自买自推等方式获取佣金，自购订单不产生佣金。平台发现违规的，有权取消相关佣金并停止推广资格。',
    '五、平台依法代扣代缴推广员取得收入应缴纳的相关税费（如适用）。',
  ].join('\n'),
};

const frontRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (app, deps) => {
  const { earnings: ec, vault, identityProvider, payout, sms } = deps;
  // Failed real-name attempts per user per day: a verifier charges per call and guesses must stay expensive.
  const identityFails = new MemoryLimiter();
  const session = { session: 'required' as const };

  /** The caller as a promoter, with its commissions moved along first (release, refunds). */
  async function promoterOf(session: ReturnType<typeof requireSession>, settle = false) {
    const promoter = await findPromoter(app.db, session.userId);
    if (!promoter) throw notPromoter();
    if (settle) await settlePromoter(app.db, promoter.userId, ec.freezeDays);
    return promoter;
  }

  app.get(`${P}/profit`, { config: session, schema: { tags, summary: 'Balances (withdrawable, frozen, total, withdrawn) and the ledger, newest first', querystring: profitQuery, response: responses(profitInfo, [400, 401]) } }, async (request) => {
    const s = requireSession(request.session);
    const promoter = await findPromoter(app.db, s.userId);
    const { page, perSize } = request.query;
    if (!promoter) {
      return ok({ isPromoter: false, promoterCode: null, withdrawable: 0, frozen: 0, totalEarned: 0, withdrawn: 0, verified: false, ledger: { list: [], total: 0, page, perSize } });
    }
    await settlePromoter(app.db, promoter.userId, ec.freezeDays);
    const [balances, ledger, identity] = await Promise.all([balancesOf(app.db, promoter.userId), ledgerPage(app.db, promoter.userId, page, perSize), findIdentity(app.db, promoter.userId)]);
    return ok({ isPromoter: true, promoterCode: promoter.status === 'ACTIVE' ? promoter.promoterCode : null, ...balances, verified: Boolean(identity), ledger });
  });

  app.get(`${P}/freezing/order`, { config: session, schema: { tags, summary: 'Attributed orders with their commission state', querystring: freezingOrderQuery, response: responses(freezingOrderInfo, [400, 401, 403]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session), true);
    const { state, page, perSize } = request.query;
    return ok(await commissionOrders(app.db, promoter.userId, state, page, perSize));
  });

  app.get(`${P}/getAllBank`, { config: session, schema: { tags, summary: 'Banks a payout can go to', querystring: emptyQuery, response: responses(bankListInfo, [400, 401]) } }, async () => ok({ list: [...BANKS] }));

  app.get(`${P}/getBankCardList`, { config: session, schema: { tags, summary: "The promoter's bank cards, masked", querystring: emptyQuery, response: responses(bankCardListInfo, [400, 401, 403]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session));
    return ok({ list: (await listCards(app.db, promoter.userId)).map(cardView) });
  });

  app.get(`${P}/sendPhoneCode`, { config: session, schema: { tags, summary: "SMS code to the account phone that confirms a bank card (login code's limits)", querystring: emptyQuery, response: responses(phoneCodeInfo, [400, 401, 403, 429]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session));
    const user = await findUser(app.db, promoter.userId);
    if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, '请先登录');
    await app.limits.smsSend(request.ip, user.phone);
    const sent = await issueCardCode(app.db, sms, user.phone);
    return ok({ phone: maskPhone(user.phone), resendAfter: sent.resendAfter });
  });

  app.post(`${P}/updateBankCard`, { config: session, schema: { tags, summary: 'Add a bank card (or replace cardId): bank, Luhn-checked number, holder = verified name, SMS code', body: updateBankCardBody, response: responses(bankCardSchema, [400, 401, 403, 404, 409, 429]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session));
    const user = await findUser(app.db, promoter.userId);
    if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, '请先登录');
    const { cardId, bankCode, cardNo, code } = request.body;
    // Everything about the card is checked before the code is spent, so a typo does not cost a new SMS.
    const identity = await findIdentity(app.db, promoter.userId);
    if (!identity) throw new AppError(400, ERROR_CODES.BAD_INPUT, '请先完成实名认证，银行卡需为本人名下');
    const bad = cardNoError(cardNo);
    if (bad) throw new AppError(400, ERROR_CODES.BAD_INPUT, bad);
    if (!BANKS.some((b) => b.bankCode === bankCode)) throw new AppError(400, ERROR_CODES.BAD_INPUT, '暂不支持该银行，请重新选择');
    await app.limits.guess(user.phone);
    await consumeCardCode(app.db, user.phone, code);
    await app.limits.guessSucceeded(user.phone);
    return ok(cardView(await saveCard(app.db, vault, promoter.userId, { cardId, bankCode, cardNo })));
  });

  app.get(`${P}/getIdentify`, { config: session, schema: { tags, summary: 'Real-name state, masked', querystring: emptyQuery, response: responses(identityInfo, [400, 401, 403]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session));
    return ok(identityView(await findIdentity(app.db, promoter.userId)));
  });

  app.post(`${P}/doIdentify`, { config: session, schema: { tags, summary: 'Real-name verification (name + 18-digit mainland ID); sandbox: names with 不符 mismatch', body: doIdentifyBody, response: responses(identityInfo, [400, 401, 403, 409, 429]) } }, async (request) => {
    const s = requireSession(request.session);
    const promoter = await promoterOf(s);
    const key = `identity:fail:${promoter.userId}`;
    if ((await identityFails.count(key)) >= ec.identityFailsPerDay) throw new AppError(429, ERROR_CODES.TOO_MANY_REQUESTS, '今日认证失败次数过多，请明天再试');
    try {
      return ok(identityView(await verifyIdentity(app.db, { vault, provider: identityProvider }, { userId: promoter.userId, projectSn: promoter.projectSn }, request.body)));
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 400) await identityFails.hit(key, ec.identityFailsPerDay, 86_400_000);
      throw err;
    }
  });

  app.get(`${P}/service/agreement`, { config: session, schema: { tags, summary: 'The promoter service agreement shown on the withdraw page', querystring: emptyQuery, response: responses(agreementInfo, [400, 401]) } }, async () => ok(AGREEMENT));

  app.get(`${P}/withdrawal/rule`, { config: session, schema: { tags, summary: "Withdrawal rule and the caller's position against it", querystring: emptyQuery, response: responses(withdrawalRuleInfo, [400, 401, 403]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session), true);
    const ctx = await withdrawalContext(app.db, promoter.userId, new Date());
    return ok({ rule: ec.rule, lines: ruleLines(ec.rule), ...ctx, maxAmount: maxWithdrawable(ec.rule, ctx) });
  });

  app.post(`${P}/withdrawal`, { config: session, schema: { tags, summary: 'Withdraw (idempotent by requestId); never above the withdrawable balance', body: withdrawalBody, response: responses(withdrawalDetailSchema, [400, 401, 403, 404, 409]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session), true);
    const { row, created } = await requestWithdrawal(app.db, ec.rule, promoter.userId, request.body);
    if (created && row.amount <= ec.autoApproveMax) return ok(withdrawalDetail(await approveWithdrawal(app.db, { vault, payout }, row.withdrawalNo)));
    return ok(withdrawalDetail(row));
  });

  app.get(`${P}/withdrawal/record`, { config: session, schema: { tags, summary: "The caller's withdrawals, newest first", querystring: withdrawalRecordQuery, response: responses(withdrawalRecordInfo, [400, 401, 403]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session));
    return ok(await listWithdrawals(app.db, promoter.userId, request.query.page, request.query.perSize));
  });

  app.get(`${P}/withdrawal/detail`, { config: session, schema: { tags, summary: 'One withdrawal with its state timeline', querystring: withdrawalDetailQuery, response: responses(withdrawalDetailSchema, [400, 401, 403, 404]) } }, async (request) => {
    const promoter = await promoterOf(requireSession(request.session));
    return ok(withdrawalDetail(await findOwnWithdrawal(app.db, promoter.userId, request.query.withdrawalNo)));
  });
};

export default frontRoutes;
