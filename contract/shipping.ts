/**
 * Shipping of goods orders: the parcel's state beside the order's money state, the customer's 确认收货 and the
 * operator's 发货. A goods order that sends something shows 待发货 → 待收货 → 已完成 once it is paid.
 */
import { z } from 'zod';
import { signedFields } from './common';
import { AUTO_RECEIVE_DAYS, SHIPMENT_STATUS_TEXT } from './constants';

export { AUTO_RECEIVE_DAYS, SHIPMENT_STATUS_TEXT };

/** One thing that happened to the parcel, as the customer reads it. */
export const shipmentEventSchema = z.object({ at: z.string(), text: z.string() });
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

export const shipmentSchema = z.object({
  /** TO_SHIP | SHIPPED | RECEIVED */
  status: z.enum(['TO_SHIP', 'SHIPPED', 'RECEIVED']),
  carrierName: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** When a shipped parcel counts as received if the customer says nothing. */
  autoReceiveAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** What happened to the parcel, newest first: shipped (carrier and number), then received by whom. */
  events: z.array(shipmentEventSchema),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const receiveBody = z.object({
  ...signedFields,
  orderNo: z.string().min(1, '缺少订单号').max(64, '订单号过长'),
});
export const receiveInfo = z.object({ orderNo: z.string(), shipment: shipmentSchema });

const text = (what: string, max: number) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}最多${max}个字`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((v) => !/[\u0000-\u001f]/.test(v), `${what}含有不支持的字符`);

export const opsShipBody = z.object({
  carrierName: text('快递公司', 20),
  trackingNo: text('快递单号', 40).refine((v) => /^[A-Za-z0-9-]+$/.test(v), '快递单号只能包含字母、数字和-'),
});
export const opsOrderNoParams = z.object({ orderNo: z.string().min(1, '缺少订单号').max(64, '订单号过长') });
export const opsToShipQuery = z.object({ projectSn: z.string().min(1, '缺少项目编号').max(64) });
export const opsToShipList = z.object({
  list: z.array(
    z.object({
      orderNo: z.string(),
      courseName: z.string(),
      skuCnt: z.number().int(),
      paidAt: z.string().nullable(),
      consignee: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
});
