/**
 * Shipping of goods orders: the customer's 确认收货 and the operator's list of orders to ship and 发货
 * (/ops/orders/..., bearer OPS_KEY). The rules are in domains/shipping/service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsOrderNoParams,
  opsShipBody,
  opsToShipList,
  opsToShipQuery,
  receiveBody,
  receiveInfo,
  shipmentSchema,
} from '@contract/shipping';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { confirmReceipt, ordersToShip, shipOrder } from './service';

const shippingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/front/v1/client/order/receive',
    {
      config: { session: 'required' },
      schema: {
        tags: ['order'],
        summary: '确认收货: the customer received a shipped goods order',
        body: receiveBody,
        response: responses(receiveInfo, [400, 401, 404, 409]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      return ok({
        orderNo: request.body.orderNo,
        shipment: await confirmReceipt(app.db, userId, request.body.orderNo),
      });
    },
  );

  const opsRoutes: FastifyPluginAsyncZod = async (ops) => {
    registerOpsAuth(ops, config.opsKey, { area: 'shipping' });
    const doc = (summary: string) => ({ tags: ['ops'], summary, security: [{ opsKey: [] }] });
    ops.get(
      '/ops/orders/to-ship',
      {
        schema: {
          ...doc('Paid goods orders of a project waiting to be shipped, oldest payment first'),
          querystring: opsToShipQuery,
          response: responses(opsToShipList, [400, 401]),
        },
      },
      async (request) => ok({ list: await ordersToShip(app.db, request.query.projectSn) }),
    );
    ops.post(
      '/ops/orders/:orderNo/ship',
      {
        config: { opsProject: opsProjectOf.order('orderNo') },
        schema: {
          ...doc('发货: ship a paid goods order with its carrier and tracking number (again: corrects them)'),
          params: opsOrderNoParams,
          body: opsShipBody,
          response: responses(shipmentSchema, [400, 401, 404, 409]),
        },
      },
      async (request) => {
        const shipment = await shipOrder(app.db, request.params.orderNo, request.body);
        await auditOps(request, {
          action: 'shipping.order.ship',
          projectSn: await opsProjectOf.order('orderNo')(request),
          target: `order:${request.params.orderNo}`,
          after: shipment,
        });
        return ok(shipment);
      },
    );
  };
  await app.register(opsRoutes);
};

export default shippingRoutes;
