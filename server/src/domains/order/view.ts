/**
 * What the customer sees of an order (contract/payment.ts): the list summary, the detail with its deposit or
 * instalment schedule, and the instalment info. The orders row and its order_payments rows are the truth;
 * the snapshot that submission wrote is read defensively (a field it lacks falls back to the catalogue row
 * or a neutral value) so that an older or partial snapshot never breaks the page.
 */
import { and, count, desc, eq, exists, inArray, ne, notExists, type SQL } from 'drizzle-orm';
import { addressSchema, type Address } from '@contract/address';
import { ORDER_TAB_SHIPMENT, ORDER_TABS, type OrderTab } from '@contract/constants';
import type { DepositItem, InstallmentItem, PaidRecord } from '@contract/order';
import type { OrderDetail, OrderSummary } from '@contract/payment';
import { activities } from '../activity/schema';
import type { ActivityExtras } from '../activity/schema';
import { orderPayments, orders } from './schema';
import { contracts } from './schema';
import { payments } from '../payment/schema';
import { shipments } from '../shipping/schema';
import { maskIdNumber, maskPhone } from '@contract/rules/fields';
import { integralCarrier } from '@contract/rules/integral';
import { integralOrders } from '../integral/schema';
import type { Executor, OrderPaymentRow, OrderRow } from './state-db';
import { PAYABLE_STATES } from './state';
import { afterSaleOfOrder } from '../after-sales/order';
import { courseChangeOfOrder } from './course-change';
import { PAY_TYPE_NAMES, PAY_TYPES } from '../payment/providers/types';
import { shipmentsOf, toShipment } from '../shipping/service';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : null;
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
/** The first of several places a value may sit in the snapshot. */
const pick = <T>(read: (v: unknown) => T | null, ...values: unknown[]): T | null => {
  for (const v of values) {
    const r = read(v);
    if (r !== null) return r;
  }
  return null;
};
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The parts of orders.snapshot this view reads, whichever of the likely shapes submission wrote. */
export function readSnapshot(snapshot: unknown) {
  const s = obj(snapshot);
  const course = obj(s.course ?? s.orderCourseInfo);
  const pkg = obj(s.package ?? s.packageInfo);
  const amounts = obj(s.amounts ?? s.confirmOrderAmount);
  const courseList = (v: unknown) =>
    (Array.isArray(v) ? v : [])
      .filter(isObject)
      .map((c) => ({ courseSn: str(c.courseSn) ?? '', courseName: str(c.courseName) ?? '' }))
      .filter((c) => c.courseName);
  const gifts = courseList(s.giftCourseList ?? s.giftCourses ?? course.giftCourseList);
  const packageCourses = courseList(s.packageCourseList ?? pkg.courseList ?? pkg.courses);
  const address = addressSchema.safeParse(s.address);
  const coupon = obj(s.coupon);
  const integral = obj(s.integral);
  const points = int(integral.points);
  return {
    courseName: pick(str, course.courseName, s.courseName, course.actName, s.actName),
    courseSn: pick(str, course.courseSn, s.courseSn),
    cover: pick(str, course.courseCover, course.cover, s.courseCover, s.cover),
    packageSn: pick(str, pkg.packageSn, course.packageSn, s.packageSn),
    packageName: pick(str, pkg.packageName, pkg.name, s.packageName),
    goodsType: pick(str, s.goodsType, course.goodsType),
    skuCnt: pick(int, s.skuCnt, course.skuCnt),
    giftCourseList: gifts,
    packageCourseList: packageCourses,
    goodsAmount: pick(int, amounts.goodsAmount, amounts.totalAmount, s.goodsAmount),
    courseDiscountAmount: pick(int, amounts.courseDiscountAmount) ?? 0,
    packageDiscountAmount: pick(int, amounts.packageDiscountAmount) ?? 0,
    courseTotalPrice: pick(int, amounts.courseTotalPrice, amounts.totalAmount, s.courseTotalPrice),
    address: address.success ? (address.data as Address) : null,
    applicant: readApplicant(s.applicant ?? s.userExtra ?? s.userInfo),
    householdType: pick(str, s.householdType),
    remark: pick(str, s.remark),
    agreementSn: pick(str, s.agreementSn, obj(s.agreement).agreementSn),
    agreementName: pick(str, s.agreementName, obj(s.agreement).agreementName),
    couponReceiveSn: pick(str, coupon.rcSn, coupon.discountReceiveSn, coupon.receiveSn),
    couponSn: pick(str, coupon.couponSn),
    // A points order (domains/integral/service.ts orderSnapshot) records the carrier points it spent.
    integral:
      points !== null
        ? { integralType: typeof integral.integralType === 'string' ? integral.integralType : '', points }
        : null,
  };
}
export type SnapshotView = ReturnType<typeof readSnapshot>;

/**
 * Applicant info as label/value rows, with ID numbers and phones masked (the customer recognises them; a shoulder
 * or a screenshot does not get them). Rows without a keyName (older snapshots) are masked by their shape.
 */
function readApplicant(v: unknown): Array<{ label: string; value: string }> {
  return readApplicantRows(v).map(({ label, keyName, value }) => ({
    label,
    value: maskApplicantValue(keyName, value),
  }));
}

const ID_SHAPE = /^(\d{15}|\d{17}[\dXx])$/;
const PHONE_SHAPE = /^1\d{10}$/;

function maskApplicantValue(keyName: string | null, value: string): string {
  if (keyName === 'IDCARD' || keyName === 'IDCARD_OUT' || (!keyName && ID_SHAPE.test(value)))
    return maskIdNumber(value);
  if (keyName === 'PHONE' || (!keyName && PHONE_SHAPE.test(value))) return maskPhone(value);
  return value;
}

/** Rows as submission wrote them: either already rows, or { userInfo: {nKey: value}, restrict: rules }. */
function readApplicantRows(v: unknown): Array<{ label: string; keyName: string | null; value: string }> {
  let value = v;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) {
    return value
      .filter(isObject)
      .map((r) => ({ label: str(r.label) ?? '', keyName: str(r.keyName), value: str(r.value) ?? '' }))
      .filter((r) => r.label && r.value);
  }
  if (isObject(value)) {
    const info = obj(value.userInfo);
    const rules = Array.isArray(value.restrict) ? value.restrict.filter(isObject) : [];
    return rules
      .map((r) => ({
        label: str(r.label) ?? '',
        keyName: str(r.keyName),
        value: str(info[str(r.nKey) ?? '']) ?? str(r.value) ?? '',
      }))
      .filter((r) => r.label && r.value);
  }
  return [];
}

/** The payment now due (first unpaid, 1-based); count+1 when all are paid. */
export function installmentPayNum(rows: readonly OrderPaymentRow[]): number {
  const due = rows.find((r) => r.status !== 'PAID');
  return due ? due.seq : rows.length + 1;
}

/** What the payment now due costs: its amount less its fee deduction, never below 0. */
export const payableOf = (row: OrderPaymentRow) => Math.max(0, row.amount - row.deductionAmount);

export const isExpired = (order: OrderRow, now: Date) =>
  order.status === 'UNPAID' && !!order.expiresAt && order.expiresAt <= now;

export function orderFlags(order: OrderRow, rows: readonly OrderPaymentRow[], now: Date) {
  const due = rows.find((r) => r.status !== 'PAID') ?? null;
  const canPay = PAYABLE_STATES.includes(order.status) && !isExpired(order, now) && due !== null;
  return {
    due,
    installmentPayNum: installmentPayNum(rows),
    canPay,
    dueAmount: canPay && due ? payableOf(due) : 0,
    // A changed-course order carries the old course's money (费用抵扣): cancelling it would lose that.
    canCancel:
      order.status === 'UNPAID' &&
      !isExpired(order, now) &&
      rows.every((r) => r.status !== 'PAID' && r.deductionAmount === 0),
  };
}

function paidFields(r: OrderPaymentRow) {
  const paid = r.status === 'PAID';
  return {
    payFlag: paid,
    installmentPayType: paid ? r.payType : null,
    deductionAmount: r.deductionAmount,
    installmentPayAmount: paid ? (r.paidAmount ?? payableOf(r)) : null,
  };
}

export function scheduleLists(orderPayType: number, rows: readonly OrderPaymentRow[]) {
  const depositInfoList: DepositItem[] =
    orderPayType === 2
      ? rows.map((r) => ({
          depositType: r.kind === 'DEPOSIT' || (r.kind !== 'FINAL' && r.seq === 1) ? 1 : 2,
          installmentAmount: r.amount,
          dueTime: iso(r.dueTime),
          ...paidFields(r),
        }))
      : [];
  const installmentInfoList: InstallmentItem[] =
    orderPayType === 3
      ? rows.map((r) => ({
          installmentNum: r.seq,
          installmentAmount: r.amount,
          dueTime: iso(r.dueTime),
          ...paidFields(r),
        }))
      : [];
  return { depositInfoList, installmentInfoList };
}

interface Catalogue {
  actName: string | null;
  cover: string | null;
  /** An activity's 活动时间 and 活动地点, as its detail shows them now (the merchant may move it). */
  schedule?: string | null;
  place?: ActivityExtras['place'];
}

function summary(
  order: OrderRow,
  rows: readonly OrderPaymentRow[],
  snap: SnapshotView,
  cat: Catalogue,
  now: Date,
  shipmentStatus: OrderSummary['shipmentStatus'] = null,
): OrderSummary {
  const flags = orderFlags(order, rows, now);
  return {
    orderNo: order.orderNo,
    actSn: order.actSn,
    orderType: order.orderType,
    orderPayType: order.orderPayType,
    orderStatus: order.status,
    courseName: snap.courseName ?? cat.actName ?? '',
    cover: snap.cover ?? cat.cover,
    skuCnt: snap.skuCnt ?? 1,
    courseNum: Math.max(1, snap.packageCourseList.length) + snap.giftCourseList.length,
    totalAmount: order.totalAmount,
    dueAmount: flags.dueAmount,
    installmentPayNum: flags.installmentPayNum,
    createdAt: order.createdAt.toISOString(),
    canPay: flags.canPay,
    canCancel: flags.canCancel,
    // A points order's cash part is what the order charges (submit/integral writes it as totalAmount).
    integral: snap.integral ? { ...snap.integral, cashAmount: order.totalAmount } : null,
    shipmentStatus,
  };
}

/** The tab's parcel condition on paid orders (ORDER_TAB_SHIPMENT): 待发货, 待收货, or done (none or received). */
export function tabShipmentFilter(db: Executor, tab: OrderTab): SQL | null {
  const want = ORDER_TAB_SHIPMENT[tab];
  if (!want) return null;
  const parcel = (status: SQL) =>
    db
      .select({ one: shipments.orderNo })
      .from(shipments)
      .where(and(eq(shipments.orderNo, orders.orderNo), status));
  if (want === 'DONE') return notExists(parcel(ne(shipments.status, 'RECEIVED')));
  return exists(parcel(eq(shipments.status, want)));
}

async function catalogueOf(db: Executor, actSns: string[]): Promise<Map<string, Catalogue>> {
  if (actSns.length === 0) return new Map();
  const rows = await db
    .select({
      actSn: activities.actSn,
      actName: activities.actName,
      cover: activities.cover,
      detail: activities.detail,
    })
    .from(activities)
    .where(inArray(activities.actSn, [...new Set(actSns)]));
  return new Map(
    rows.map((r) => {
      const x = r.detail as Partial<ActivityExtras>;
      return [r.actSn, { actName: r.actName, cover: r.cover, schedule: x.schedule ?? null, place: x.place ?? null }];
    }),
  );
}

async function paymentsByOrder(db: Executor, orderNos: string[]): Promise<Map<string, OrderPaymentRow[]>> {
  const out = new Map<string, OrderPaymentRow[]>(orderNos.map((n) => [n, []]));
  if (orderNos.length === 0) return out;
  const rows = await db.select().from(orderPayments).where(inArray(orderPayments.orderNo, orderNos));
  for (const r of rows) out.get(r.orderNo)?.push(r);
  for (const list of out.values()) list.sort((a, b) => a.seq - b.seq);
  return out;
}

/** One page of the user's orders in a tab, newest first. */
export async function listOrders(
  db: Executor,
  input: { userId: string; tab: OrderTab; page: number; perSize: number; now: Date },
): Promise<{ list: OrderSummary[]; total: number; page: number; perSize: number }> {
  const where: SQL[] = [eq(orders.userId, input.userId)];
  const statuses = ORDER_TABS[input.tab] as readonly string[];
  if (statuses.length > 0) where.push(inArray(orders.status, statuses as OrderRow['status'][]));
  const parcel = tabShipmentFilter(db, input.tab);
  if (parcel) where.push(parcel);
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(...where));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.orderNo))
    .limit(input.perSize)
    .offset((input.page - 1) * input.perSize);
  const pays = await paymentsByOrder(
    db,
    rows.map((r) => r.orderNo),
  );
  const cats = await catalogueOf(
    db,
    rows.map((r) => r.actSn),
  );
  const parcels = await shipmentsOf(
    db,
    rows.map((r) => r.orderNo),
  );
  const list = rows.map((o) =>
    summary(
      o,
      pays.get(o.orderNo) ?? [],
      readSnapshot(o.snapshot),
      cats.get(o.actSn) ?? { actName: null, cover: null },
      input.now,
      parcels.get(o.orderNo)?.status ?? null,
    ),
  );
  return { list, total: n, page: input.page, perSize: input.perSize };
}

/** 支付方式 and 支付时间: the newest paid row's channel (a zero amount paid by nothing has no channel). */
function lastPaid(rows: readonly OrderPaymentRow[]) {
  const paid = rows
    .filter((r) => r.status === 'PAID' && r.paidAt)
    .sort((a, b) => b.paidAt!.getTime() - a.paidAt!.getTime())[0];
  return {
    payTypeName: paid?.payType ? (PAY_TYPE_NAMES[paid.payType] ?? null) : null,
    payTime: paid ? iso(paid.paidAt) : null,
  };
}

/** The channel a provider's name stands for; the sandbox lets the payer pick, so its pay type names it. */
const PROVIDER_NAMES: Record<string, string> = { wechat: '微信支付', baidu: '百度支付' };

function channelOf(row: OrderPaymentRow, provider: string | undefined): string {
  if (provider && PROVIDER_NAMES[provider]) return PROVIDER_NAMES[provider];
  if (row.payType === PAY_TYPES.DEDUCTION || (provider === 'free' && row.deductionAmount > 0)) return '费用抵扣';
  if (provider === 'free') return '无需支付';
  return (row.payType && PAY_TYPE_NAMES[row.payType]) || '在线支付';
}

function periodTitle(orderPayType: number, row: OrderPaymentRow): string {
  if (orderPayType === 2) return row.kind === 'DEPOSIT' || (row.kind !== 'FINAL' && row.seq === 1) ? '定金' : '尾款';
  if (orderPayType === 3) return `第${row.seq}期`;
  return '订单支付';
}

/**
 * paidList: a points order's points (from the moment it was placed; marked returned once they went back), then
 * each paid period with the channel of the payment that settled it, oldest first.
 */
async function paidListOf(db: Executor, order: OrderRow, rows: readonly OrderPaymentRow[]): Promise<PaidRecord[]> {
  const [settled, points] = await Promise.all([
    db
      .select({ seq: payments.seq, provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderNo, order.orderNo), eq(payments.status, 'SUCCESS'))),
    db.select().from(integralOrders).where(eq(integralOrders.orderNo, order.orderNo)).limit(1),
  ]);
  const providerOf = new Map(settled.map((p) => [p.seq, p.provider]));
  const out: PaidRecord[] = points.map((p) => ({
    title: '积分兑换',
    channel: integralCarrier(p.integralType).suffix,
    amount: 0,
    deductionAmount: 0,
    points: p.points,
    paidAt: iso(p.createdAt),
    returned: p.refundedAt !== null,
  }));
  for (const r of rows) {
    // A period that cost nothing (a points-only order, a free sign-up) took no payment to list.
    if (r.status !== 'PAID' || ((r.paidAmount ?? payableOf(r)) === 0 && r.deductionAmount === 0)) continue;
    out.push({
      title: periodTitle(order.orderPayType, r),
      channel: channelOf(r, providerOf.get(r.seq)),
      amount: r.paidAmount ?? payableOf(r),
      deductionAmount: r.deductionAmount,
      points: null,
      paidAt: iso(r.paidAt),
      returned: false,
    });
  }
  return out;
}

export async function orderDetail(db: Executor, order: OrderRow, now: Date): Promise<OrderDetail> {
  const [pays, cats, agreementSigned, afterSale, courseChange, parcels] = await Promise.all([
    paymentsByOrder(db, [order.orderNo]),
    catalogueOf(db, [order.actSn]),
    isAgreementSigned(db, order.orderNo),
    afterSaleOfOrder(db, order),
    courseChangeOfOrder(db, order.orderNo),
    shipmentsOf(db, [order.orderNo]),
  ]);
  const rows = pays.get(order.orderNo) ?? [];
  const paidList = await paidListOf(db, order, rows);
  const parcel = parcels.get(order.orderNo) ?? null;
  const snap = readSnapshot(order.snapshot);
  const base = summary(
    order,
    rows,
    snap,
    cats.get(order.actSn) ?? { actName: null, cover: null },
    now,
    parcel?.status ?? null,
  );
  const lists = scheduleLists(order.orderPayType, rows);
  const total = order.totalAmount;
  const [last] = await db
    .select({ status: payments.status, provider: payments.provider })
    .from(payments)
    .where(eq(payments.orderNo, order.orderNo))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  // The lines shown add up to the total: 商品金额 − 课程优惠 − 套餐优惠 + 运费 − 优惠券 = 订单总额. Derived from the
  // stored total so an older snapshot without some line still adds up.
  const goodsAmount =
    total + order.discountAmount - order.freight + snap.courseDiscountAmount + snap.packageDiscountAmount;
  return {
    ...base,
    goodsType: snap.goodsType ?? (order.orderType === 'COURSE' ? 'RIGHT_COURSE' : null),
    checkPackage: snap.packageSn !== null,
    packageName: snap.packageName,
    courseSn: snap.courseSn,
    goodsAmount,
    courseTotalPrice: goodsAmount,
    courseDiscountAmount: snap.courseDiscountAmount,
    packageDiscountAmount: snap.packageDiscountAmount,
    discountAmount: order.discountAmount,
    lastPayment: last ? { status: last.status, provider: last.provider } : null,
    freight: order.freight,
    ...lists,
    giftCourseList: snap.giftCourseList,
    address: snap.address,
    applicant: snap.applicant,
    householdType: snap.householdType,
    remark: snap.remark,
    expiresAt: order.status === 'UNPAID' ? iso(order.expiresAt) : null,
    agreementSn: snap.agreementSn,
    agreementSigned,
    canSign: snap.agreementSn !== null && !agreementSigned && order.status !== 'CANCELLED',
    ...lastPaid(rows),
    refundVO: afterSale.refundVO,
    canApplyAfterSale: afterSale.canApplyAfterSale,
    refundWindowFacts: afterSale.refundWindowFacts,
    deductionAmount: rows.reduce((n, r) => n + r.deductionAmount, 0),
    courseChange,
    shipment: parcel ? toShipment(parcel) : null,
    event: eventOf(cats.get(order.actSn)),
    paidList,
    paidAmount: paidList.reduce((n, p) => n + p.amount, 0),
  };
}

/** What a customer needs to take part: an activity's time and place (null for items that have neither). */
function eventOf(cat: Catalogue | undefined): OrderDetail['event'] {
  if (!cat || (!cat.schedule && !cat.place)) return null;
  return { schedule: cat.schedule ?? null, place: cat.place ?? null };
}

export async function isAgreementSigned(db: Executor, orderNo: string): Promise<boolean> {
  const rows = await db.select({ signedAt: contracts.signedAt }).from(contracts).where(eq(contracts.orderNo, orderNo));
  return rows.some((r) => r.signedAt !== null);
}

/** contract installmentInfo: the schedule and the payment now due. */
export async function installmentInfoOf(db: Executor, order: OrderRow) {
  const rows = (await paymentsByOrder(db, [order.orderNo])).get(order.orderNo) ?? [];
  return {
    orderNo: order.orderNo,
    orderPayType: order.orderPayType,
    installmentPayNum: installmentPayNum(rows),
    orderStatus: order.status,
    ...scheduleLists(order.orderPayType, rows),
  };
}

/** "课程名 - 定金" for the provider's page and statement. */
export function paymentTitle(order: OrderRow, row: OrderPaymentRow, courseName: string): string {
  const part =
    row.kind === 'DEPOSIT'
      ? '定金'
      : row.kind === 'FINAL'
        ? '尾款'
        : row.kind === 'INSTALLMENT'
          ? `第${row.seq}期`
          : '';
  return part ? `${courseName} - ${part}` : courseName || order.orderNo;
}

export async function courseNameOf(db: Executor, order: OrderRow): Promise<string> {
  const snap = readSnapshot(order.snapshot);
  if (snap.courseName) return snap.courseName;
  return (await catalogueOf(db, [order.actSn])).get(order.actSn)?.actName ?? order.orderNo;
}
