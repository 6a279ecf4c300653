/**
 * Zero-price sign-ups (§7 zero/activity/{id} and order/sign-up): a free item is ordered without a
 * cashier. The order is written PAID at once (nothing to pay, §4 pay flow: a zero amount opens the order
 * detail). One sign-up per customer and item: the order's createOrderSn is `signup:<userId>:<actSn>` (unique),
 * so a double tap or two tabs at once make one order and the second answer names it.
 */
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { SignUpResult, ZeroActivityInfo } from '@contract/integral';
import { activities } from '../activity/schema';
import { orderPayments, orders } from './schema';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { orderNoAt } from '../integral/service';

export const SIGN_UP_MESSAGES = {
  notFree: '该活动需付费购买，请提交订单',
  offShelf: '活动已下架',
  notFound: '活动不存在',
} as const;

type Customer = { userId: string; projectSn: string };
const signUpSn = (userId: string, actSn: string) => `signup:${userId}:${actSn}`;

/** A zero-price item: no price and no priced package (a course with paid packages is not free). */
function isFree(act: typeof activities.$inferSelect): boolean {
  const packages = (act.detail as { packages?: { price?: number }[] }).packages ?? [];
  return act.price === 0 && packages.every((p) => !p.price) && act.actType !== 'INTEGRAL';
}

async function findActivity(db: Db, user: Customer, actSn: string) {
  const [act] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, user.projectSn)))
    .limit(1);
  if (!act) throw notFound(SIGN_UP_MESSAGES.notFound);
  return act;
}

async function existing(db: Db, user: Customer, actSn: string) {
  const [o] = await db
    .select({ orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(eq(orders.createOrderSn, signUpSn(user.userId, actSn)))
    .limit(1);
  return o ?? null;
}

/** zero/activity/{id}: whether the item is free and whether this customer has signed up already. */
export async function zeroActivity(db: Db, user: Customer, actSn: string): Promise<ZeroActivityInfo> {
  const act = await findActivity(db, user, actSn);
  const mine = await existing(db, user, actSn);
  return { actSn, actName: act.actName, free: isFree(act), signedUp: !!mine, orderNo: mine?.orderNo ?? null };
}

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

/** order/sign-up: the free order, or the customer's earlier sign-up (existed: true). */
export async function signUp(
  db: Db,
  user: Customer,
  body: { actSn: string; remark?: string },
  now = new Date(),
): Promise<SignUpResult> {
  const act = await findActivity(db, user, body.actSn);
  const earlier = await existing(db, user, act.actSn);
  if (earlier)
    return { orderNo: earlier.orderNo, orderStatus: earlier.status, payAmount: 0, totalAmount: 0, existed: true };
  if (act.status !== 'ONLINE') throw new AppError(400, ERROR_CODES.SUBMIT_OFF_SHELF, SIGN_UP_MESSAGES.offShelf);
  if (!isFree(act)) throw badRequest(SIGN_UP_MESSAGES.notFree);
  const orderNo = orderNoAt('SO', now);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        orderNo,
        createOrderSn: signUpSn(user.userId, act.actSn),
        projectSn: user.projectSn,
        userId: user.userId,
        actSn: act.actSn,
        orderType: 'GOODS',
        orderPayType: 1,
        status: 'PAID',
        totalAmount: 0,
        snapshot: {
          courseName: act.actName,
          cover: act.cover,
          skuCnt: 1,
          orderCourseInfo: { actSn: act.actSn, courseName: act.actName, courseCover: act.cover, skuCnt: 1 },
          confirmOrderAmount: {
            totalAmount: 0,
            orderTotalAmount: 0,
            payAmount: 0,
            freight: 0,
            courseDiscountAmount: 0,
            packageDiscountAmount: 0,
          },
          goodsType: null,
          address: null,
          applicant: [],
          remark: body.remark?.trim() || null,
          coupon: null,
          signUp: true,
        },
        expiresAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .insert(orderPayments)
        .values({ orderNo, seq: 1, kind: 'NORMAL', amount: 0, status: 'PAID', paidAmount: 0, paidAt: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await existing(db, user, act.actSn);
      if (first)
        return { orderNo: first.orderNo, orderStatus: first.status, payAmount: 0, totalAmount: 0, existed: true };
    }
    throw err;
  }
  return { orderNo, orderStatus: 'PAID', payAmount: 0, totalAmount: 0, existed: false };
}
