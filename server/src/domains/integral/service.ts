/**
 * Carrier points for customers: the phone bound per carrier, balance queries through the carrier
 * provider (with its authorisation redirect), the points order confirmation and the points order itself, whose
 * points are deducted inside the order transaction and given back when the order is cancelled or expires
 * (refundOrderPoints, called by order-state-db's endUnpaidOrder) or refunded (after-sales may call it).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { BalanceReply, BindingState, IntegralSubmitResult, PlaceOrderInfo } from '@contract/integral';
import {
  carrierAccepted,
  integralCarrier,
  payingCarrier,
  pointsOrderSums,
  type IntegralType,
} from '@contract/rules/integral';
import { activities } from '../activity/schema';
import { integralBindings, integralOrders } from './schema';
import { pointsPriceColumn } from '../activity/points-price';
import { orderPayments, orders } from '../order/schema';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { carrierPoints, POINTS_MESSAGES, type CarrierPointsProvider } from './carrier-points';
import type { Executor, Tx } from '../order/state-db';

export const INTEGRAL_MESSAGES_SERVER = {
  notIntegral: '该商品不支持积分兑换',
  offShelf: '商品已下架',
  carrierMismatch: '该商品不支持此类积分兑换',
  notBound: '请先查询并绑定积分手机号',
  phoneMismatch: '积分手机号已变更，请重新查询',
  overMax: '超出单笔最高可用积分',
  amountMismatch: '订单金额有误，请刷新后重试',
  unpaidExists: '已存在待支付订单，请完成付款!',
} as const;

/** Unpaid orders with a cash part expire like other orders (and give their points back then). */
export const INTEGRAL_ORDER_TTL_MS = 30 * 60 * 1000;

type Customer = { userId: string; projectSn: string };

export const orderNoAt = (prefix: string, now: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${prefix}${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
};

export async function findBinding(db: Executor, userId: string, integralType: string) {
  const [row] = await db
    .select()
    .from(integralBindings)
    .where(and(eq(integralBindings.userId, userId), eq(integralBindings.integralType, integralType)))
    .limit(1);
  return row ?? null;
}

/** integral/binding/state: the customer's own binding (never another customer's) and its points when readable. */
export async function bindingState(
  db: Db,
  user: Customer,
  integralType: IntegralType,
  provider: CarrierPointsProvider = carrierPoints,
): Promise<BindingState> {
  const binding = await findBinding(db, user.userId, integralType);
  if (!binding) return { integralType, bound: false, phone: null, point: null, needAuth: false };
  return db.transaction(async (tx) => {
    const needAuth = await provider.needsAuthorisation(tx, integralType, binding.phone);
    let point: number | null = null;
    if (!needAuth) {
      const answer = await provider.balance(tx, {
        carrier: integralType,
        phone: binding.phone,
        callbackUrl: '/',
        now: new Date(),
      });
      point = answer.kind === 'BALANCE' ? answer.points : null;
    }
    return { integralType, bound: true, phone: binding.phone, point, needAuth };
  });
}

/** Bind search: the typed phone becomes this customer's phone for the carrier (a new phone replaces the old). */
export async function bindPhone(
  db: Db,
  user: Customer,
  integralType: IntegralType,
  phone: string,
  provider: CarrierPointsProvider = carrierPoints,
): Promise<BindingState> {
  const now = new Date();
  await db
    .insert(integralBindings)
    .values({ userId: user.userId, integralType, projectSn: user.projectSn, phone, updatedAt: now })
    .onConflictDoUpdate({
      target: [integralBindings.userId, integralBindings.integralType],
      set: { phone, projectSn: user.projectSn, updatedAt: now },
    });
  return bindingState(db, user, integralType, provider);
}

/**
 * integral/balance (§4, §7): binds the phone and asks the carrier. flag true: the browser goes to redirectUrl
 * (the carrier's authorisation page), which sends it back to callbackUrl; the storefront then asks again.
 */
export async function queryBalance(
  db: Db,
  user: Customer,
  q: { integralType: IntegralType; phone: string; callbackUrl: string },
  provider: CarrierPointsProvider = carrierPoints,
): Promise<BalanceReply> {
  const now = new Date();
  await db
    .insert(integralBindings)
    .values({
      userId: user.userId,
      integralType: q.integralType,
      projectSn: user.projectSn,
      phone: q.phone,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [integralBindings.userId, integralBindings.integralType],
      set: { phone: q.phone, projectSn: user.projectSn, updatedAt: now },
    });
  const answer = await db.transaction((tx) =>
    provider.balance(tx, { carrier: q.integralType, phone: q.phone, callbackUrl: q.callbackUrl, now }),
  );
  if (answer.kind === 'AUTHORISE')
    return { balance: null, flag: true, redirectUrl: answer.redirectUrl, phone: q.phone, point: null };
  return { balance: answer.points, flag: false, redirectUrl: null, phone: q.phone, point: answer.points };
}

type ActivityRow = typeof activities.$inferSelect;
type IntegralPackage = { integralType: IntegralType; minIntegralType: string | null; maxIntegral: number };

async function pointsItem(db: Executor, user: Customer, actSn: string) {
  // The price as the item's cards and detail show it (one definition: catalogue.ts pointsPriceColumn).
  const [row] = await db
    .select({ act: activities, price: pointsPriceColumn })
    .from(activities)
    .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, user.projectSn)))
    .limit(1);
  if (!row) throw notFound('商品不存在');
  const { act, price } = row;
  const pkg = (act.detail as { integralPackage?: IntegralPackage | null }).integralPackage;
  if (act.actType !== 'INTEGRAL' || !pkg || !price) throw badRequest(INTEGRAL_MESSAGES_SERVER.notIntegral);
  return { act, pkg, points: price.points, cashAmount: price.cashAmount };
}

/** The carrier whose points pay for an item: its own, narrowed by minIntegralType. */
const itemCarrier = (pkg: IntegralPackage): IntegralType => payingCarrier(pkg) as IntegralType;

/** integral/place/order: the points order confirmation (price in points, cash part, balance and what remains). */
export async function placeOrder(
  db: Db,
  user: Customer,
  actSn: string,
  provider: CarrierPointsProvider = carrierPoints,
): Promise<PlaceOrderInfo> {
  const { act, pkg, points, cashAmount } = await pointsItem(db, user, actSn);
  const carrier = itemCarrier(pkg);
  const binding = await findBinding(db, user.userId, carrier);
  let balance: number | null = null;
  let needAuth = false;
  if (binding) {
    await db.transaction(async (tx) => {
      needAuth = await provider.needsAuthorisation(tx, carrier, binding.phone);
      if (!needAuth) {
        const answer = await provider.balance(tx, { carrier, phone: binding.phone, callbackUrl: '/', now: new Date() });
        if (answer.kind === 'BALANCE') balance = answer.points;
      }
    });
  }
  const sums = pointsOrderSums({ balance, points, maxIntegral: pkg.maxIntegral });
  const suffix = integralCarrier(carrier).suffix;
  const disabledReason =
    act.status !== 'ONLINE'
      ? INTEGRAL_MESSAGES_SERVER.offShelf
      : !binding
        ? INTEGRAL_MESSAGES_SERVER.notBound
        : needAuth
          ? POINTS_MESSAGES.authFirst
          : sums.overMax
            ? INTEGRAL_MESSAGES_SERVER.overMax
            : !sums.enough
              ? `${suffix}不足`
              : '';
  return {
    actSn,
    actName: act.actName,
    cover: act.cover,
    integralType: carrier,
    points,
    cashAmount,
    maxIntegral: pkg.maxIntegral,
    phone: binding?.phone ?? null,
    balance,
    remaining: sums.remaining,
    needAuth,
    disabledReason,
  };
}

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

function orderSnapshot(act: ActivityRow, amount: number, extra: Record<string, unknown>) {
  return {
    courseName: act.actName,
    cover: act.cover,
    skuCnt: 1,
    orderCourseInfo: { actSn: act.actSn, courseName: act.actName, courseCover: act.cover, skuCnt: 1 },
    confirmOrderAmount: {
      totalAmount: amount,
      orderTotalAmount: amount,
      payAmount: amount,
      freight: 0,
      courseDiscountAmount: 0,
      packageDiscountAmount: 0,
    },
    goodsType: null,
    address: null,
    applicant: [],
    remark: null,
    coupon: null,
    ...extra,
  };
}

/**
 * submit/integral: one transaction places the order, records its points and has the carrier deduct them.
 * The order's createOrderSn is `integral:<userId>:<requestId>` (unique): a retried submit answers the first order.
 */
export async function submitIntegralOrder(
  db: Db,
  user: Customer,
  body: {
    actSn: string;
    integralType: IntegralType;
    phone: string;
    points: number;
    cashAmount: number;
    requestId: string;
  },
  provider: CarrierPointsProvider = carrierPoints,
  now = new Date(),
): Promise<IntegralSubmitResult> {
  const createOrderSn = `integral:${user.userId}:${body.requestId}`;
  const earlier = async (): Promise<IntegralSubmitResult | null> => {
    const [o] = await db
      .select({
        orderNo: orders.orderNo,
        status: orders.status,
        totalAmount: orders.totalAmount,
        points: integralOrders.points,
        phone: integralOrders.phone,
        carrier: integralOrders.integralType,
      })
      .from(orders)
      .innerJoin(integralOrders, eq(integralOrders.orderNo, orders.orderNo))
      .where(eq(orders.createOrderSn, createOrderSn))
      .limit(1);
    if (!o) return null;
    const balance = await db.transaction(async (tx) => {
      const a = await provider.balance(tx, { carrier: o.carrier, phone: o.phone, callbackUrl: '/', now });
      return a.kind === 'BALANCE' ? a.points : 0;
    });
    return {
      orderNo: o.orderNo,
      payAmount: o.status === 'UNPAID' ? o.totalAmount : 0,
      totalAmount: o.totalAmount,
      orderStatus: o.status,
      points: o.points,
      balance,
    };
  };
  const replay = await earlier();
  if (replay) return replay;
  try {
    return await db.transaction(async (tx) => {
      const { act, pkg, points, cashAmount } = await pointsItem(tx, user, body.actSn);
      if (act.status !== 'ONLINE')
        throw new AppError(400, ERROR_CODES.SUBMIT_OFF_SHELF, INTEGRAL_MESSAGES_SERVER.offShelf);
      if (!carrierAccepted(pkg, body.integralType)) throw badRequest(INTEGRAL_MESSAGES_SERVER.carrierMismatch);
      const binding = await findBinding(tx, user.userId, body.integralType);
      if (!binding) throw badRequest(INTEGRAL_MESSAGES_SERVER.notBound);
      if (binding.phone !== body.phone) throw badRequest(INTEGRAL_MESSAGES_SERVER.phoneMismatch);
      if (pkg.maxIntegral > 0 && points > pkg.maxIntegral) throw badRequest(INTEGRAL_MESSAGES_SERVER.overMax);
      if (body.points !== points || body.cashAmount !== cashAmount)
        throw new AppError(400, ERROR_CODES.SUBMIT_AMOUNT_MISMATCH, INTEGRAL_MESSAGES_SERVER.amountMismatch);
      // One unpaid points order per item and customer, as for courses (§8 1005 with its number).
      if (cashAmount > 0) {
        const [unpaid] = await tx
          .select({ orderNo: orders.orderNo })
          .from(orders)
          .where(
            and(
              eq(orders.userId, user.userId),
              eq(orders.actSn, act.actSn),
              eq(orders.status, 'UNPAID'),
              or(isNull(orders.expiresAt), gt(orders.expiresAt, now)),
            ),
          )
          .limit(1);
        if (unpaid)
          throw new AppError(409, ERROR_CODES.SUBMIT_UNPAID_EXISTS, INTEGRAL_MESSAGES_SERVER.unpaidExists, {
            orderNo: unpaid.orderNo,
          });
      }
      const orderNo = orderNoAt('SO', now);
      const paid = cashAmount === 0;
      await tx.insert(orders).values({
        orderNo,
        createOrderSn,
        projectSn: user.projectSn,
        userId: user.userId,
        actSn: act.actSn,
        orderType: 'GOODS',
        orderPayType: 1,
        status: paid ? 'PAID' : 'UNPAID',
        totalAmount: cashAmount,
        snapshot: orderSnapshot(act, cashAmount, {
          integral: { integralType: body.integralType, phone: body.phone, points },
        }),
        expiresAt: paid ? null : new Date(now.getTime() + INTEGRAL_ORDER_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderPayments).values({
        orderNo,
        seq: 1,
        kind: 'NORMAL',
        amount: cashAmount,
        status: paid ? 'PAID' : 'UNPAID',
        paidAmount: paid ? 0 : null,
        paidAt: paid ? now : null,
      });
      await tx.insert(integralOrders).values({
        orderNo,
        userId: user.userId,
        integralType: body.integralType,
        phone: body.phone,
        points,
        cashAmount,
        createdAt: now,
      });
      const { balance } = await provider.deduct(tx, {
        carrier: body.integralType,
        phone: body.phone,
        points,
        ref: orderNo,
      });
      return {
        orderNo,
        payAmount: cashAmount,
        totalAmount: cashAmount,
        orderStatus: paid ? 'PAID' : 'UNPAID',
        points,
        balance,
      };
    });
  } catch (err) {
    // The same request twice at once: the unique createOrderSn let one through; answer that one.
    if (isUniqueViolation(err)) {
      const first = await earlier();
      if (first) return first;
    }
    throw err;
  }
}

/**
 * Gives an order's points back, once (cancel, expiry, refund). Runs in the caller's transaction; an order that
 * spent no points changes nothing.
 */
export async function refundOrderPoints(
  tx: Tx,
  orderNo: string,
  at: Date,
  provider: CarrierPointsProvider = carrierPoints,
): Promise<boolean> {
  const [row] = await tx
    .update(integralOrders)
    .set({ refundedAt: at })
    .where(and(eq(integralOrders.orderNo, orderNo), isNull(integralOrders.refundedAt)))
    .returning();
  if (!row) return false;
  return provider.refund(tx, { carrier: row.integralType, phone: row.phone, points: row.points, ref: orderNo });
}
