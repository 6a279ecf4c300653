/** 订单发货: paid goods orders of a project waiting for their parcel, and shipping one (/ops/orders/...). */
import type { z } from 'zod';
import type { opsShipBody, opsToShipList, shipmentSchema } from '@contract/shipping';
import { call } from './client';

export type OrderToShip = z.infer<typeof opsToShipList>['list'][number];
export type ShipBody = z.infer<typeof opsShipBody>;

export const ordersToShip = async (projectSn: string) =>
  (await call<z.infer<typeof opsToShipList>>('GET', '/ops/orders/to-ship', { query: { projectSn } })).list;

export const shipOrder = (orderNo: string, body: ShipBody) =>
  call<z.infer<typeof shipmentSchema>>('POST', `/ops/orders/${encodeURIComponent(orderNo)}/ship`, { body });
