/**
 * Card vouchers and card-secret redeem (§7 Card): the customer's vouchers, one voucher's details and history,
 * and POST /front/v1/client/card/code/{check|redeem} with the code in the body (never in a URL).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardCheckInfo,
  cardCodeBody,
  cardDetailsParams,
  cardDetailsQuery,
  cardHistoryInfo,
  cardHistoryQuery,
  cardListInfo,
  cardListQuery,
  cardRedeemInfo,
  cardVoucherSchema,
} from '@contract/card';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { cardDetails, cardHistory, checkCardCode, listCards, redeemCardCode } from './service';
import { requireCustomer } from '../../runtime/customer';

const cardRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const session = { session: 'required' as const };

  app.get(
    '/front/v1/client/card/code',
    {
      config: session,
      schema: {
        tags: ['card'],
        summary: 'The customer’s card vouchers, usable ones first',
        querystring: cardListQuery,
        response: responses(cardListInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      return ok(await listCards(app.db, user, request.query));
    },
  );

  app.get(
    '/front/v1/client/card/code/details/:id',
    {
      config: session,
      schema: {
        tags: ['card'],
        summary: 'One card voucher of the customer',
        params: cardDetailsParams,
        querystring: cardDetailsQuery,
        response: responses(cardVoucherSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      return ok(await cardDetails(app.db, user, request.params.id));
    },
  );

  app.get(
    '/front/v1/client/card/code/history',
    {
      config: session,
      schema: {
        tags: ['card'],
        summary: 'What happened to one card voucher, newest first',
        querystring: cardHistoryQuery,
        response: responses(cardHistoryInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      const { voucherSn, page, perSize } = request.query;
      return ok(await cardHistory(app.db, user.userId, voucherSn, { page, perSize }));
    },
  );

  app.post(
    '/front/v1/client/card/code/check',
    {
      config: session,
      schema: {
        tags: ['card'],
        summary: 'What a card secret redeems to (wrong codes count towards the wait)',
        body: cardCodeBody,
        response: responses(cardCheckInfo, [400, 401, 403, 409, 429]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      return ok({ preview: await checkCardCode(app.db, user, request.body.cardCode, config.cardCodeKey) });
    },
  );

  app.post(
    '/front/v1/client/card/code/redeem',
    {
      config: session,
      schema: {
        tags: ['card'],
        summary: 'Redeem a card secret: once only, the voucher (and its coupons) become the customer’s',
        body: cardCodeBody,
        response: responses(cardRedeemInfo, [400, 401, 403, 409, 429]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      return ok({ voucher: await redeemCardCode(app.db, user, request.body.cardCode, config.cardCodeKey) });
    },
  );
};

export default cardRoutes;
