/**
 * 订单管理 for operators: the orders of the operator's projects found by state, project, order day, phone and
 * order number; one order with everything that happened to it; cancelling an unpaid one; the list as CSV rows.
 * The project scope comes from the route (runtime/ops-auth.ts); nothing here knows who is asking.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUTO_RECEIVE_DAYS, ORDER_STATUS_TEXT } from '@contract/constants';
import type { Address } from '@contract/address';
import type { OpsOrderDetail, OpsOrderFilter, OpsOrderItem } from '@contract/ops-orders';
import { orderStatusText } from '@contract/rules/order-status';
import { formatChinaTime } from '@contract/rules/china-time';
import { conflict } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { afterSaleApplications, refunds } from '../after-sales/schema';
import { couponTemplates, userCoupons } from '../coupon/schema';
import { payments } from '../payment/schema';
import type { PaymentProviders } from '../payment/providers';
import { closeAtProviders, pendingPaymentSns, syncPendingPayments } from '../payment/service';
import { shipments } from '../shipping/schema';
import { toShipment } from '../shipping/service';
import { users } from '../user/schema';
import { orderEvents, orderPayments, orders } from './schema';
import { endUnpaidOrder, lockOrder, orderNotFound } from './state-db';
import { marksOf } from './order-marks';

type Log = { warn(obj: unknown, msg: string): void };
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a China calendar day (YYYY-MM-DD) starts. */
export function chinaDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - CHINA_OFFSET_MS);
}

interface OrderSnapshot {
  courseName?: string;
  skuCnt?: number;
  packageName?: string | null;
  address?: Address | null;
  remark?: string | null;
  applicant?: { label: string; value: string }[];
  coupon?: { rcSn: string; couponSn: string } | null;
}

const paidSum = sql<number>`(select coalesce(sum(op.paid_amount), 0)::int from order_payments op
  where op.order_no = ${orders.orderNo} and op.status = 'PAID')`;
const consigneePhone = sql`${orders.snapshot}->'address'->>'consigneeTelephone'`;

/** The where clause of the filters within the operator's projects (`scope` undefined: every project). */
function whereOf(filter: OpsOrderFilter, scope: readonly string[] | undefined): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (scope) where.push(inArray(orders.projectSn, [...scope]));
  if (filter.projectSn) where.push(eq(orders.projectSn, filter.projectSn));
  if (filter.from) where.push(gte(orders.createdAt, chinaDayStart(filter.from)));
  if (filter.to) where.push(lt(orders.createdAt, new Date(chinaDayStart(filter.to).getTime() + DAY_MS)));
  // Both are digits or letters, digits and '-' only (contract), so they hold no LIKE wildcard.
  if (filter.orderNo) where.push(sql`upper(${orders.orderNo}) like ${`%${filter.orderNo.toUpperCase()}%`}`);
  if (filter.phone) {
    const like = `%${filter.phone}%`;
    where.push(or(sql`${users.phone} like ${like}`, sql`${consigneePhone} like ${like}`));
  }
  switch (filter.state) {
    case undefined:
      break;
    case 'TO_SHIP':
    case 'SHIPPED':
      where.push(eq(orders.status, 'PAID'), eq(shipments.status, filter.state));
      break;
    case 'PAID':
      where.push(eq(orders.status, 'PAID'), or(isNull(shipments.status), eq(shipments.status, 'RECEIVED')));
      break;
    default:
      where.push(eq(orders.status, filter.state));
  }
  return and(...where);
}

const itemColumns = {
  order: orders,
  shipmentStatus: shipments.status,
  phone: users.phone,
  paidAmount: paidSum,
};

type ItemRow = {
  order: typeof orders.$inferSelect;
  shipmentStatus: 'TO_SHIP' | 'SHIPPED' | 'RECEIVED' | null;
  phone: string | null;
  paidAmount: number | string | null;
};

function toItem({ order, shipmentStatus, phone, paidAmount }: ItemRow): OpsOrderItem {
  const snap = order.snapshot as OrderSnapshot;
  return {
    orderNo: order.orderNo,
    projectSn: order.projectSn,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    shipmentStatus,
    stateText: orderStatusText(order.status, shipmentStatus),
    orderType: order.orderType,
    orderPayType: order.orderPayType,
    courseName: snap.courseName ?? '',
    skuCnt: snap.skuCnt ?? 1,
    totalAmount: order.totalAmount,
    discountAmount: order.discountAmount,
    freight: order.freight,
    paidAmount: Number(paidAmount ?? 0),
    userId: order.userId,
    phone,
    consignee: snap.address?.consigneeName ?? null,
    consigneePhone: snap.address?.consigneeTelephone ?? null,
  };
}

const itemQuery = (db: Db) =>
  db
    .select(itemColumns)
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderNo, orders.orderNo))
    .leftJoin(users, eq(users.userId, orders.userId));

/** One page of the filtered orders, newest first, and how many there are. */
export async function listOpsOrders(
  db: Db,
  filter: OpsOrderFilter,
  scope: readonly string[] | undefined,
  page: { page: number; size: number },
): Promise<{ list: OpsOrderItem[]; total: number }> {
  if (scope && scope.length === 0) return { list: [], total: 0 };
  const where = whereOf(filter, scope);
  const rows = await itemQuery(db)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderNo, orders.orderNo))
    .leftJoin(users, eq(users.userId, orders.userId))
    .where(where);
  return { list: rows.map(toItem), total: Number(total) };
}

/** Fen as yuan with two decimals (12.30), for spreadsheets. */
export function yuan2(fen: number): string {
  const abs = Math.abs(Math.round(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const OPS_ORDERS_CSV_HEADER = [
  '订单号',
  '项目',
  '下单时间',
  '状态',
  '商品',
  '数量',
  '订单金额(元)',
  '优惠(元)',
  '运费(元)',
  '已付(元)',
  '用户手机号',
  '收货人',
  '收货电话',
];

/** The filtered orders as CSV rows (at most `max`, newest first), times in China time, money in yuan. */
export async function opsOrdersCsvRows(
  db: Db,
  filter: OpsOrderFilter,
  scope: readonly string[] | undefined,
  max: number,
): Promise<unknown[][]> {
  const { list } = await listOpsOrders(db, filter, scope, { page: 1, size: max });
  return list.map((o) => [
    o.orderNo,
    o.projectSn,
    formatChinaTime(o.createdAt),
    o.stateText,
    o.courseName,
    o.skuCnt,
    yuan2(o.totalAmount),
    yuan2(o.discountAmount),
    yuan2(o.freight),
    yuan2(o.paidAmount),
    o.phone,
    o.consignee,
    o.consigneePhone,
  ]);
}

const EVENT_TEXT: Record<string, string> = {
  CANCEL: '订单已取消',
  EXPIRE: '超时未付款，订单已关闭',
  REFUND_FULL: '已全额退款',
  REFUND_PART: '已部分退款',
  CHANGE_COURSE: '已换课',
};

/** Everything about one order an operator may need; 404 when there is no such order. */
export async function opsOrderDetail(db: Db, orderNo: string): Promise<OpsOrderDetail> {
  const [row] = await itemQuery(db).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!row) throw orderNotFound();
  const { order } = row;
  const snap = order.snapshot as OrderSnapshot;
  const [schedule, attempts, events, parcelRows, applications, refundRows] = await Promise.all([
    db.select().from(orderPayments).where(eq(orderPayments.orderNo, orderNo)).orderBy(asc(orderPayments.seq)),
    db.select().from(payments).where(eq(payments.orderNo, orderNo)).orderBy(asc(payments.createdAt)),
    db.select().from(orderEvents).where(eq(orderEvents.orderNo, orderNo)).orderBy(asc(orderEvents.id)),
    db.select().from(shipments).where(eq(shipments.orderNo, orderNo)),
    db
      .select()
      .from(afterSaleApplications)
      .where(eq(afterSaleApplications.orderNo, orderNo))
      .orderBy(asc(afterSaleApplications.createdAt)),
    db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).orderBy(asc(refunds.createdAt)),
  ]);
  // The coupon spent: the one the order fixed at submit (a cancel hands it back, it stays listed as unused).
  const rcSns = [snap.coupon?.rcSn, ...(await usedCoupons(db, orderNo))].filter((s): s is string => !!s);
  const coupons =
    rcSns.length === 0
      ? []
      : await db
          .select({ c: userCoupons, t: couponTemplates })
          .from(userCoupons)
          .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
          .where(inArray(userCoupons.rcSn, [...new Set(rcSns)]));
  const parcel = parcelRows[0] ?? null;
  const address = snap.address ?? null;

  const timeline: OpsOrderDetail['events'] = [
    { at: order.createdAt.toISOString(), event: 'PLACE', text: '下单', fromStatus: null, toStatus: null },
    ...events.map((e) => ({
      at: e.createdAt.toISOString(),
      event: e.event,
      text:
        e.event === 'PAY'
          ? `付款（第${e.seq ?? 1}笔），${ORDER_STATUS_TEXT[e.toStatus] ?? e.toStatus}`
          : (EVENT_TEXT[e.event] ?? e.event),
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
    })),
  ];
  if (parcel?.shippedAt)
    timeline.push({
      at: parcel.shippedAt.toISOString(),
      event: 'SHIP',
      text: `已发货：${parcel.carrierName ?? ''} ${parcel.trackingNo ?? ''}`.trim(),
      fromStatus: null,
      toStatus: null,
    });
  if (parcel?.receivedAt)
    timeline.push({
      at: parcel.receivedAt.toISOString(),
      event: 'RECEIVE',
      text: parcel.receivedBy === 'AUTO' ? `发货满${AUTO_RECEIVE_DAYS}天，系统自动确认收货` : '顾客已确认收货',
      fromStatus: null,
      toStatus: null,
    });
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const item = toItem(row);
  return {
    order: {
      ...item,
      actSn: order.actSn,
      packageName: snap.packageName ?? null,
      expiresAt: iso(order.expiresAt),
      updatedAt: order.updatedAt.toISOString(),
      remark: snap.remark ?? null,
      address: address ? `${address.fullAreaName ?? ''} ${address.fullAddress ?? ''}`.trim() : null,
      applicant: (snap.applicant ?? []).map((a) => ({ label: a.label, value: a.value })),
    },
    schedule: schedule.map((p) => ({
      seq: p.seq,
      kind: p.kind,
      amount: p.amount,
      deductionAmount: p.deductionAmount,
      dueTime: iso(p.dueTime),
      status: p.status,
      payType: p.payType,
      paidAmount: p.paidAmount,
      paidAt: iso(p.paidAt),
    })),
    payments: attempts.map((p) => ({
      paymentSn: p.paymentSn,
      seq: p.seq,
      amount: p.amount,
      provider: p.provider,
      status: p.status,
      txnId: p.txnId,
      paidAt: iso(p.paidAt),
      createdAt: p.createdAt.toISOString(),
    })),
    coupons: coupons.map(({ c, t }) => ({
      rcSn: c.rcSn,
      couponSn: c.couponSn,
      couponName: t.couponName,
      couponType: t.couponType,
      couponAmount: t.couponAmount,
      state: c.state,
      usedAt: iso(c.usedAt),
    })),
    afterSales: applications.map((a) => ({
      applicationNo: a.applicationNo,
      type: a.type,
      amount: a.amount,
      refundedAmount: a.refundedAmount,
      state: a.state,
      reason: a.reason,
      createdAt: a.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      refundSn: r.refundSn,
      applicationNo: r.applicationNo,
      paymentSn: r.paymentSn,
      amount: r.amount,
      provider: r.provider,
      status: r.status,
      failReason: r.failReason,
      createdAt: r.createdAt.toISOString(),
      settledAt: iso(r.settledAt),
    })),
    events: timeline,
    shipment: parcel ? toShipment(parcel) : null,
    mayCancel: order.status === 'UNPAID' && schedule.every((p) => p.status !== 'PAID' && p.deductionAmount === 0),
    mayShip: order.status === 'PAID' && !!parcel && parcel.status !== 'RECEIVED',
    marks: await marksOf(db, order),
  };
}

async function usedCoupons(db: Db, orderNo: string): Promise<string[]> {
  const rows = await db
    .select({ rcSn: userCoupons.rcSn })
    .from(userCoupons)
    .where(eq(userCoupons.usedOrderNo, orderNo));
  return rows.map((r) => r.rcSn);
}

/**
 * The operator cancels an unpaid order: as the customer's cancel (open payments closed here and at their
 * providers, the coupon and points handed back), after asking the providers about money that may have just
 * arrived. Only UNPAID: an order with a deposit or an instalment paid is ended by a refund instead.
 */
export async function cancelOrderByOps(
  db: Db,
  providers: PaymentProviders,
  orderNo: string,
  log?: Log,
  now = new Date(),
): Promise<{ before: OpsOrderDetail; after: OpsOrderDetail }> {
  const before = await opsOrderDetail(db, orderNo);
  await syncPendingPayments(db, providers, orderNo, log, now);
  const open = await pendingPaymentSns(db, orderNo);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderNo);
    if (!order) throw orderNotFound();
    if (order.status === 'CANCELLED') throw conflict('订单已取消');
    if (order.status !== 'UNPAID') throw conflict('只能取消待付款的订单');
    await endUnpaidOrder(tx, order, 'CANCEL', now);
  });
  await closeAtProviders(db, providers, open, log);
  return { before, after: await opsOrderDetail(db, orderNo) };
}
