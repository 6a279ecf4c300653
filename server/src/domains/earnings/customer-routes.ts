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
import { AppError, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { accountPhone, BANKS, cardView, checkCardInput, listCards, saveCard } from './bank-cards';
import { consumeCardCode, issueCardCode } from './bank-card-code';
import { commissionOrders, profitOf, PROMOTER_AGREEMENT, requirePromoter } from './service';
import { findIdentity, identityView, verifyIdentity } from './identity';
import { deploymentOf } from '../../runtime/deployment';
import {
  checkPayout,
  findOwnWithdrawal,
  listWithdrawals,
  withdraw,
  withdrawalDetail,
  withdrawalRuleView,
} from './withdrawals';
import { ERROR_CODES } from '@contract/common';
import type { EarningsDeps } from './config';

const emptyQuery = z.object({ ...signedFields });
const tags = ['earnings'];

const frontRoutes: FastifyPluginAsyncZod<EarningsDeps> = async (app, deps) => {
  const { earnings: ec, vault, identityProvider, payout, sms } = deps;
  // Failed real-name attempts per user per day: a verifier charges per call and guesses must stay expensive. The
  // deployment's counters, so the limit holds across server processes.
  const identityFails = deploymentOf(app.db).limiter;
  const session = { session: 'required' as const };

  /** The caller as a promoter (403 otherwise); `settle` moves their commissions along first (release, refunds). */
  const promoterOf = (session: ReturnType<typeof requireSession>, settle = false) =>
    requirePromoter(app.db, session.userId, settle ? ec.freezeDays : undefined);

  app.get(
    `${P}/profit`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Balances (withdrawable, frozen, total, withdrawn) and the ledger, newest first',
        querystring: profitQuery,
        response: responses(profitInfo, [400, 401]),
      },
    },
    async (request) => {
      const { page, perSize } = request.query;
      return ok(await profitOf(app.db, requireSession(request.session).userId, ec.freezeDays, page, perSize));
    },
  );

  app.get(
    `${P}/freezing/order`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Attributed orders with their commission state',
        querystring: freezingOrderQuery,
        response: responses(freezingOrderInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session), true);
      const { state, page, perSize } = request.query;
      return ok(await commissionOrders(app.db, promoter.userId, state, page, perSize));
    },
  );

  app.get(
    `${P}/getAllBank`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Banks a payout can go to',
        querystring: emptyQuery,
        response: responses(bankListInfo, [400, 401]),
      },
    },
    async () => ok({ list: [...BANKS] }),
  );

  app.get(
    `${P}/getBankCardList`,
    {
      config: session,
      schema: {
        tags,
        summary: "The promoter's bank cards, masked",
        querystring: emptyQuery,
        response: responses(bankCardListInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session));
      return ok({ list: (await listCards(app.db, promoter.userId)).map(cardView) });
    },
  );

  app.get(
    `${P}/sendPhoneCode`,
    {
      config: session,
      schema: {
        tags,
        summary: "SMS code to the account phone that confirms a bank card (login code's limits)",
        querystring: emptyQuery,
        response: responses(phoneCodeInfo, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session));
      const phone = await accountPhone(app.db, promoter.userId);
      await app.limits.smsSend(request.ip, phone);
      const sent = await issueCardCode(app.db, sms, phone);
      await app.limits.codeSent(phone);
      return ok({ phone: maskPhone(phone), resendAfter: sent.resendAfter });
    },
  );

  app.post(
    `${P}/updateBankCard`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Add a bank card (or replace cardId): bank, Luhn-checked number, holder = verified name, SMS code',
        body: updateBankCardBody,
        response: responses(bankCardSchema, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session));
      const phone = await accountPhone(app.db, promoter.userId);
      const { cardId, bankCode, cardNo, code } = request.body;
      await checkCardInput(app.db, promoter.userId, { bankCode, cardNo });
      await app.limits.guess(phone);
      await consumeCardCode(app.db, phone, code);
      await app.limits.guessSucceeded(phone);
      return ok(cardView(await saveCard(app.db, vault, promoter.userId, { cardId, bankCode, cardNo })));
    },
  );

  app.get(
    `${P}/getIdentify`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Real-name state, masked',
        querystring: emptyQuery,
        response: responses(identityInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session));
      return ok(identityView(await findIdentity(app.db, promoter.userId)));
    },
  );

  app.post(
    `${P}/doIdentify`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Real-name verification (name + 18-digit mainland ID); sandbox: names with 不符 mismatch',
        body: doIdentifyBody,
        response: responses(identityInfo, [400, 401, 403, 409, 429]),
      },
    },
    async (request) => {
      const s = requireSession(request.session);
      const promoter = await promoterOf(s);
      const key = `identity:fail:${promoter.userId}`;
      if ((await identityFails.count(key)) >= ec.identityFailsPerDay)
        throw new AppError(429, ERROR_CODES.TOO_MANY_REQUESTS, '今日认证失败次数过多，请明天再试');
      try {
        return ok(
          identityView(
            await verifyIdentity(
              app.db,
              { vault, provider: identityProvider },
              { userId: promoter.userId, projectSn: promoter.projectSn },
              request.body,
            ),
          ),
        );
      } catch (err) {
        // The customer's data failed; a verifier that could not answer is nobody's failure.
        if (err instanceof AppError && err.statusCode === 400 && err.code !== ERROR_CODES.IDENTITY_UNAVAILABLE)
          await identityFails.hit(key, ec.identityFailsPerDay, 86_400_000);
        throw err;
      }
    },
  );

  app.get(
    `${P}/service/agreement`,
    {
      config: session,
      schema: {
        tags,
        summary: 'The promoter service agreement shown on the withdraw page',
        querystring: emptyQuery,
        response: responses(agreementInfo, [400, 401]),
      },
    },
    async () => ok(PROMOTER_AGREEMENT),
  );

  app.get(
    `${P}/withdrawal/rule`,
    {
      config: session,
      schema: {
        tags,
        summary: "Withdrawal rule and the caller's position against it",
        querystring: emptyQuery,
        response: responses(withdrawalRuleInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session), true);
      return ok(await withdrawalRuleView(app.db, ec.rule, payout.payoutTo, promoter.userId));
    },
  );

  app.post(
    `${P}/withdrawal`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Withdraw (idempotent by requestId); never above the withdrawable balance',
        body: withdrawalBody,
        response: responses(withdrawalDetailSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session), true);
      return ok(
        await withdraw(
          app.db,
          { rule: ec.rule, autoApproveMax: ec.autoApproveMax, vault, payout, wechatPay: deps.config.wechatPay },
          promoter.userId,
          request.body,
        ),
      );
    },
  );

  app.get(
    `${P}/withdrawal/record`,
    {
      config: session,
      schema: {
        tags,
        summary: "The caller's withdrawals, newest first",
        querystring: withdrawalRecordQuery,
        response: responses(withdrawalRecordInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session));
      return ok(await listWithdrawals(app.db, promoter.userId, request.query.page, request.query.perSize));
    },
  );

  app.get(
    `${P}/withdrawal/detail`,
    {
      config: session,
      schema: {
        tags,
        summary: 'One withdrawal with its state timeline',
        querystring: withdrawalDetailQuery,
        response: responses(withdrawalDetailSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const promoter = await promoterOf(requireSession(request.session));
      const own = await findOwnWithdrawal(app.db, promoter.userId, request.query.withdrawalNo);
      // The payout-check: a payout no notification settled is asked about, so a lost one does not stay 打款中.
      return ok(withdrawalDetail(await checkPayout(app.db, { vault, payout }, own), payout.mchId));
    },
  );
};

export default frontRoutes;
