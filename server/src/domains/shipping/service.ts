/**
 * Shipping of goods orders. Submit opens a TO_SHIP parcel for a goods order with an address; once the order is
 * PAID the operator ships it (carrier and number), and the customer confirms receipt, or the sweep does it
 * AUTO_RECEIVE_DAYS after shipping. Each step locks the order row first, as payment and refunds do, so a refund
 * and a shipment of the same order run one after the other.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { AUTO_RECEIVE_DAYS } from '@contract/constants';
import type { Address } from '@contract/address';
import type { Shipment } from '@contract/shipping';
import { shipments, type ShipmentStatus } from './schema';
import { orderPayments, orders } from '../order/schema';
import { conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { lockOrder, ORDER_NOT_FOUND, type Executor, type OrderRow, type Tx } from '../order/state-db';
import { noteShipped } from '../notification/events';

type ShipmentRow = typeof shipments.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The parcel's history from its own row, newest first (a corrected number shows as the one it went with). */
function eventsOf(row: ShipmentRow): Shipment['events'] {
  const out: Shipment['events'] = [];
  if (row.receivedAt) {
    const text =
      row.receivedBy === 'AUTO' ? `发货满${AUTO_RECEIVE_DAYS}天，系统已自动确认收货` : '您已确认收货，交易完成';
    out.push({ at: row.receivedAt.toISOString(), text });
  }
  if (row.shippedAt)
    out.push({
      at: row.shippedAt.toISOString(),
      text: `商家已发货，${row.carrierName ?? ''} ${row.trackingNo ?? ''}`.trim(),
    });
  return out;
}

export function toShipment(row: ShipmentRow): Shipment {
  return {
    status: row.status,
    carrierName: row.carrierName,
    trackingNo: row.trackingNo,
    shippedAt: iso(row.shippedAt),
    autoReceiveAt: iso(row.autoReceiveAt),
    receivedAt: iso(row.receivedAt),
    events: eventsOf(row),
  };
}

/** The parcels of these orders by order number (orders without one are absent). */
export async function shipmentsOf(db: Executor, orderNos: readonly string[]): Promise<Map<string, ShipmentRow>> {
  if (orderNos.length === 0) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderNo, [...orderNos]));
  return new Map(rows.map((r) => [r.orderNo, r]));
}

/** The customer's own sent parcel with this carrier and number (numbers compared as typed on a label), or null. */
export async function findOwnParcel(
  db: Executor,
  userId: string,
  carrierName: string,
  trackingNo: string,
): Promise<{ parcel: ShipmentRow; order: OrderRow } | null> {
  const [row] = await db
    .select({ parcel: shipments, order: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.orderNo, shipments.orderNo))
    .where(
      and(
        eq(orders.userId, userId),
        eq(shipments.carrierName, carrierName),
        eq(sql`upper(${shipments.trackingNo})`, trackingNo.toUpperCase()),
      ),
    )
    .orderBy(desc(shipments.shippedAt))
    .limit(1);
  return row ?? null;
}

async function lockedParcel(tx: Tx, orderNo: string): Promise<{ order: OrderRow; parcel: ShipmentRow }> {
  const order = await lockOrder(tx, orderNo);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [parcel] = await tx.select().from(shipments).where(eq(shipments.orderNo, orderNo));
  if (!parcel) throw conflict('该订单无需发货');
  return { order, parcel };
}

function refuseUnlessPaid(order: OrderRow): void {
  if (order.status === 'PAID') return;
  if (order.status === 'REFUND' || order.status === 'REFUND_PART') throw conflict('订单已退款，无法发货');
  if (order.status === 'CANCELLED') throw conflict('订单已取消，无法发货');
  throw conflict('订单尚未付清，无法发货');
}

/** The operator ships a paid order. Shipping it again corrects the carrier and number, nothing else. */
export async function shipOrder(
  db: Db,
  orderNo: string,
  input: { carrierName: string; trackingNo: string },
  now = new Date(),
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const { order, parcel } = await lockedParcel(tx, orderNo);
    refuseUnlessPaid(order);
    if (parcel.status === 'RECEIVED') throw conflict('订单已确认收货');
    const first = parcel.status === 'TO_SHIP';
    const [row] = await tx
      .update(shipments)
      .set({
        status: 'SHIPPED',
        carrierName: input.carrierName,
        trackingNo: input.trackingNo,
        ...(first ? { shippedAt: now, autoReceiveAt: new Date(now.getTime() + AUTO_RECEIVE_DAYS * DAY_MS) } : {}),
      })
      .where(eq(shipments.orderNo, orderNo))
      .returning();
    if (first) await noteShipped(tx, orderNo, input, now);
    return toShipment(row);
  });
}

async function receive(tx: Tx, orderNo: string, by: 'CUSTOMER' | 'AUTO', now: Date): Promise<ShipmentRow> {
  const [row] = await tx
    .update(shipments)
    .set({ status: 'RECEIVED' satisfies ShipmentStatus, receivedAt: now, receivedBy: by })
    .where(and(eq(shipments.orderNo, orderNo), eq(shipments.status, 'SHIPPED')))
    .returning();
  return row;
}

/** 确认收货 by the customer: only their own shipped parcel; a second tap answers the same receipt. */
export async function confirmReceipt(db: Db, userId: string, orderNo: string, now = new Date()): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const { order, parcel } = await lockedParcel(tx, orderNo);
    if (order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    if (parcel.status === 'RECEIVED') return toShipment(parcel);
    if (parcel.status === 'TO_SHIP') throw conflict('商家尚未发货');
    return toShipment(await receive(tx, orderNo, 'CUSTOMER', now));
  });
}

/** Parcels shipped AUTO_RECEIVE_DAYS ago and never confirmed become received; returns their order numbers. */
export async function autoReceive(db: Db, now = new Date(), limit = 200): Promise<string[]> {
  const due = await db
    .select({ orderNo: shipments.orderNo })
    .from(shipments)
    .where(and(eq(shipments.status, 'SHIPPED'), lte(shipments.autoReceiveAt, now)))
    .orderBy(asc(shipments.autoReceiveAt))
    .limit(limit);
  const done: string[] = [];
  for (const { orderNo } of due) {
    const row = await db.transaction(async (tx) => {
      await lockOrder(tx, orderNo);
      return receive(tx, orderNo, 'AUTO', now);
    });
    if (row) done.push(orderNo);
  }
  return done;
}

/** Paid orders of a project waiting to be shipped, oldest payment first (what the operator packs next). */
export async function ordersToShip(db: Db, projectSn: string) {
  const rows = await db
    .select({ order: orders, paidAt: orderPayments.paidAt })
    .from(shipments)
    .innerJoin(orders, eq(orders.orderNo, shipments.orderNo))
    .leftJoin(orderPayments, and(eq(orderPayments.orderNo, orders.orderNo), eq(orderPayments.seq, 1)))
    .where(and(eq(orders.projectSn, projectSn), eq(orders.status, 'PAID'), eq(shipments.status, 'TO_SHIP')))
    .orderBy(asc(orderPayments.paidAt), asc(orders.orderNo));
  return rows.map(({ order, paidAt }) => {
    const snap = order.snapshot as { courseName?: string; skuCnt?: number; address?: Address | null };
    const a = snap.address ?? null;
    return {
      orderNo: order.orderNo,
      courseName: snap.courseName ?? '',
      skuCnt: snap.skuCnt ?? 1,
      paidAt: iso(paidAt),
      consignee: a?.consigneeName ?? null,
      phone: a?.consigneeTelephone ?? null,
      address: a ? `${a.fullAreaName} ${a.fullAddress}` : null,
    };
  });
}
