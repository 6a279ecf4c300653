/**
 * Coupons (§7 Coupons) and the scan-code claim calls of §7 Activities: 我的优惠券 by state, useDiscountCoupon,
 * the coupons for an item and an amount, the claim page and a claim.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponListInfo as orderCouponListInfo } from '@contract/order';
import {
  claimDetailsInfo,
  claimDetailsQuery,
  claimItemParams,
  claimReceiveBody,
  claimReceiveInfo,
  couponListInfo,
  couponListQuery,
  couponUseInfo,
  couponUseQuery,
  orderCouponParams,
  orderCouponQuery,
} from '@contract/coupon';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { claimDetails, receiveClaim } from './claims';
import { couponsForItem } from './service';
import { listHeldCoupons, useCoupon } from './held';
import { requireCustomer } from '../../runtime/customer';

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const session = { session: 'required' as const };

  app.get(
    '/front/v1_2/coupon/coupon-list',
    {
      config: session,
      schema: {
        tags: ['coupon'],
        summary: '我的优惠券: the customer’s coupons by state (1 unused, 2 used, 3 expired, history = 2 and 3)',
        querystring: couponListQuery,
        response: responses(couponListInfo, [400, 401, 403]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      const { state, page, perSize } = request.query;
      return ok(await listHeldCoupons(app.db, user, state, { page, perSize }));
    },
  );

  app.get(
    '/front/v1_2/coupon/use',
    {
      config: session,
      schema: {
        tags: ['coupon'],
        operationId: 'useDiscountCoupon',
        summary:
          'useDiscountCoupon: where 去使用 leads (jumpType 1 home tab, 2 more-activity list with the first page, 3 third-party page)',
        querystring: couponUseQuery,
        response: responses(couponUseInfo, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      const { couponSn, page, perSize } = request.query;
      return ok(await useCoupon(app.db, user, couponSn, { page, perSize }));
    },
  );

  app.get(
    '/front/v1_2/coupon/order/list/:id',
    {
      config: session,
      schema: {
        tags: ['coupon'],
        summary: 'The customer’s coupons for item id at an order amount (fen), available ones first',
        params: orderCouponParams,
        querystring: orderCouponQuery,
        response: responses(orderCouponListInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      return ok({ list: await couponsForItem(app.db, user, request.params.id, request.query.orderAmount) });
    },
  );

  app.get(
    '/front/v1/activity/scan/code/coupons/details',
    {
      config: session,
      schema: {
        tags: ['coupon'],
        summary:
          'Scan-code claim page: the activity’s coupons with stock, per-person limit and what this customer took',
        querystring: claimDetailsQuery,
        response: responses(claimDetailsInfo, [400, 401, 404]),
      },
    },
    async (request) => ok(await claimDetails(app.db, requireSession(request.session), request.query.actSn)),
  );

  app.post(
    '/front/v1/activity/scan/code/receive/coupons/:id',
    {
      config: session,
      schema: {
        tags: ['coupon'],
        summary: 'Claim one copy of coupon item id (never beyond its stock or the per-person limit)',
        params: claimItemParams,
        body: claimReceiveBody,
        response: responses(claimReceiveInfo, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const user = await requireCustomer(app.db, request.session);
      return ok(await receiveClaim(app.db, user, request.params.id));
    },
  );
};

export default couponRoutes;
