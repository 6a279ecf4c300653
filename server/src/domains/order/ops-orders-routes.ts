/**
 * 订单管理 under /ops/v1/orders (operator session or OPS_KEY, area 'orders'): the list of the operator's projects'
 * orders with its filters, one order in full, cancelling an unpaid one (a write of 'orders', audited), and the
 * filtered list as CSV. The rules are in domains/order/ops-orders.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPS_ORDERS_CSV_MAX,
  opsOrderDetail as opsOrderDetailSchema,
  opsOrderFilter,
  opsOrderList,
  opsOrderListQuery,
  opsOrderParams,
} from '@contract/ops-orders';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { CSV_TYPE, csvAttachment, toCsv } from '../../runtime/csv';
import { opsActor, opsProjectFilter, registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import type { PaymentProviders } from '../payment/providers';
import { cancelOrderByOps, listOpsOrders, OPS_ORDERS_CSV_HEADER, opsOrderDetail, opsOrdersCsvRows } from './ops-orders';
import { markOrder, type OrderMark } from './order-marks';

const security = [{ opsKey: [] }];

const opsOrdersRoutes: FastifyPluginAsyncZod<{ config: Config; providers: PaymentProviders }> = async (
  app,
  { config, providers },
) => {
  registerOpsAuth(app, config.opsKey, { area: 'orders' });
  // As every operator POST: no body at all is read as an empty one.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const scopeOf = (request: Parameters<typeof opsActor>[0]) => opsProjectFilter(opsActor(request));

  app.get(
    '/ops/v1/orders',
    {
      schema: {
        ...doc(
          '订单管理: orders of the operator’s projects, newest first, by state, project, day, phone, order number',
        ),
        querystring: opsOrderListQuery,
        response: responses(opsOrderList, [400, 401, 403]),
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(await listOpsOrders(app.db, filter, scopeOf(request), { page, size }));
    },
  );

  app.get(
    '/ops/v1/orders.csv',
    {
      schema: {
        ...doc(`The filtered orders as CSV (at most ${OPS_ORDERS_CSV_MAX} rows, China time, yuan)`),
        querystring: opsOrderFilter,
      },
    },
    async (request, reply) => {
      const rows = await opsOrdersCsvRows(app.db, request.query, scopeOf(request), OPS_ORDERS_CSV_MAX);
      const name = `orders-${request.query.projectSn ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', csvAttachment(name))
        .send(toCsv(OPS_ORDERS_CSV_HEADER, rows));
    },
  );

  app.get(
    '/ops/v1/orders/:orderNo',
    {
      config: { opsProject: opsProjectOf.order('orderNo') },
      schema: {
        ...doc('One order: payments, schedule, coupon, after-sales and refunds, history, parcel'),
        params: opsOrderParams,
        response: responses(opsOrderDetailSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await opsOrderDetail(app.db, request.params.orderNo)),
  );

  app.post(
    '/ops/v1/orders/:orderNo/cancel',
    {
      config: { opsProject: opsProjectOf.order('orderNo') },
      schema: {
        ...doc('取消订单: cancel an unpaid order (coupon and points go back, open payments closed)'),
        params: opsOrderParams,
        response: responses(opsOrderDetailSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { orderNo } = request.params;
      const { before, after } = await cancelOrderByOps(app.db, providers, orderNo, request.log);
      await auditOps(request, {
        action: 'order.unpaid.cancel',
        projectSn: after.order.projectSn,
        target: `order:${orderNo}`,
        before: { status: before.order.status, stateText: before.order.stateText, coupons: before.coupons },
        after: { status: after.order.status, stateText: after.order.stateText, coupons: after.coupons },
      });
      return ok(after);
    },
  );

  // 已拆封 / 已激活: the marks the §3 refund tags 5, 6 (and 3 for courses) read; a write of 'orders', audited.
  const marks: [path: string, mark: OrderMark, summary: string][] = [
    [
      'unsealed',
      'UNSEALED',
      '标记已拆封: the goods were unsealed; refund tag 5 then refuses an after-sales application',
    ],
    ['activated', 'ACTIVATED', '标记已激活: the course was activated; tag 6 then refuses, tag 3 counts 7 days from it'],
  ];
  for (const [path, mark, summary] of marks)
    app.post(
      `/ops/v1/orders/:orderNo/${path}`,
      {
        config: { opsProject: opsProjectOf.order('orderNo') },
        schema: {
          ...doc(summary),
          params: opsOrderParams,
          response: responses(opsOrderDetailSchema, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => {
        const { orderNo } = request.params;
        const before = await opsOrderDetail(app.db, orderNo);
        await markOrder(app.db, orderNo, mark, opsActor(request).actor);
        const after = await opsOrderDetail(app.db, orderNo);
        await auditOps(request, {
          action: `order.mark.${path}`,
          projectSn: after.order.projectSn,
          target: `order:${orderNo}`,
          before: before.marks,
          after: after.marks,
        });
        return ok(after);
      },
    );
};

export default opsOrdersRoutes;
