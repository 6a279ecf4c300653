/**
 * Shipping of goods orders: one row per order that sends something to the customer's address. The order's money
 * state (orders.status) stays as it is; this row says where the parcel is once the order is paid.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../order/schema';

/** TO_SHIP: paid, waiting for the merchant. SHIPPED: on its way. RECEIVED: confirmed by the customer or by time. */
export const SHIPMENT_STATUSES = ['TO_SHIP', 'SHIPPED', 'RECEIVED'] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const shipments = pgTable(
  'shipments',
  {
    orderNo: text('order_no')
      .primaryKey()
      .references(() => orders.orderNo),
    status: text('status').$type<ShipmentStatus>().notNull().default('TO_SHIP'),
    carrierName: text('carrier_name'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** A shipped parcel nobody confirms counts as received at this time. */
    autoReceiveAt: timestamp('auto_receive_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** CUSTOMER (确认收货) or AUTO (the time above passed). */
    receivedBy: text('received_by'),
  },
  (t) => [index('shipments_status_idx').on(t.status, t.autoReceiveAt)],
);
