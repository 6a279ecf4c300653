/**
 * Course changes (§2 费用抵扣, §4 DEAL_DONE_COURSE, §6): the operator moves a paid course order to
 * another course. In one transaction the old order is locked and becomes DEAL_DONE_COURSE (its open payment
 * attempts closed), and a new order for the new course is written whose payments carry the 费用抵扣: what the old
 * order had received (paid, plus its own deductions, less what was refunded) counts against the new payments
 * from the first one on. A payment wholly covered is PAID by fee deduction (pay type 5, 0 paid); one partly
 * covered costs only the rest (payment.ts payableOf). The deduction never exceeds the new price; no coupon
 * applies (§6: changed-course orders take none). The change is a course_changes row both order details show.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, or, gt, sql } from 'drizzle-orm';
import type { CourseChangeOptions, CourseChangeResult } from '@contract/after-sales';
import { fenToYuanText } from '@contract/rules/money';
import { activities } from '../activity/schema';
import { afterSaleApplications, refunds } from '../after-sales/schema';
import { courseChanges } from './schema';
import { orderPayments, orders } from './schema';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { defaultAddress } from '../address/service';
import { computePlan, loadConfig, type Plan } from './confirm';
import {
  applyOrderEvent,
  closePendingPayments,
  lockOrder,
  orderNotFound,
  type Executor,
  type OrderRow,
  type Tx,
} from './state-db';
import { transition } from './state';
import { OPEN_AFTER_SALE_STATES } from '@contract/rules/after-sale';
import { PAY_TYPES } from '../payment/providers/types';

type PlannedPayment = Plan['payments'][number];

/**
 * The 费用抵扣 on each new payment, from the first on: each takes what is left of the credit up to its amount, so
 * the deduction never exceeds the new price. Pure (table-tested).
 */
export function spreadDeduction<P extends Pick<PlannedPayment, 'amount'>>(
  payments: readonly P[],
  credit: number,
): Array<P & { deductionAmount: number }> {
  let left = Math.max(0, Math.floor(credit));
  return payments.map((p) => {
    const deductionAmount = Math.min(left, p.amount);
    left -= deductionAmount;
    return { ...p, deductionAmount };
  });
}

/** SO + time + random: unique like submission's numbers (the order_no primary key refuses a clash). */
const newChangeOrderNo = (now: Date) => `SO${now.getTime()}${randomBytes(4).toString('hex').toUpperCase()}`;

export const COURSE_CHANGE_MESSAGES = {
  notCourse: '该订单不是课程订单',
  targetMissing: '新课程不存在或已下架',
  sameCourse: '请选择其他课程',
  openAfterSale: '该订单有处理中的售后申请，请先处理',
  unpaidExists: '该用户已有该课程的待支付订单',
  disabled: '新课程暂不支持购买',
} as const;

type Activity = typeof activities.$inferSelect;

/** What the old order has received and kept, fen: paid rows (cash and their own 费用抵扣) less successful refunds. */
async function creditOf(db: Executor, orderNo: string): Promise<number> {
  const [{ got }] = await db
    .select({
      got: sql<number>`coalesce(sum(coalesce(${orderPayments.paidAmount}, 0) + ${orderPayments.deductionAmount}), 0)::int`,
    })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderNo, orderNo), eq(orderPayments.status, 'PAID')));
  const [{ back }] = await db
    .select({ back: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderNo, orderNo), eq(refunds.status, 'SUCCESS')));
  return Math.max(0, Number(got) - Number(back));
}

/** The courses an order may move to: the same project's other online courses. */
async function targetCourses(db: Executor, order: OrderRow): Promise<Activity[]> {
  return db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.projectSn, order.projectSn),
        eq(activities.actType, 'COURSE'),
        eq(activities.status, 'ONLINE'),
        ne(activities.actSn, order.actSn),
      ),
    )
    .orderBy(activities.actSn);
}

async function planOf(
  db: Executor,
  order: OrderRow,
  activity: Activity,
  packageSn: string | null,
  now: Date,
): Promise<Plan> {
  const config = await loadConfig(db, activity.actSn);
  const snap = order.snapshot as { address?: unknown };
  const address =
    config.deliveryType !== 4
      ? ((snap.address as Plan['confirmation']['defaultAddress']) ?? (await defaultAddress(db as Db, order.userId)))
      : null;
  return computePlan({
    createOrderSn: '',
    creatType: 'TARGET',
    activity,
    config,
    packageSn,
    skuCnt: 1,
    address,
    defaultAddress: null,
    now,
  });
}

/** GET /ops/orders/:orderNo/course-change: the credit and, per course it may move to, the price and deduction. */
export async function courseChangeOptions(db: Db, orderNo: string, now = new Date()): Promise<CourseChangeOptions> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw orderNotFound();
  const credit = await creditOf(db, orderNo);
  const check = transition(order.status, { type: 'CHANGE_COURSE' });
  const courses = [];
  for (const a of await targetCourses(db, order)) {
    const price = (await planOf(db, order, a, null, now)).confirmation.confirmOrderAmount.orderTotalAmount;
    courses.push({ actSn: a.actSn, actName: a.actName, price, deductionAmount: Math.min(credit, price) });
  }
  return {
    orderNo,
    orderStatus: order.status,
    credit,
    allowed: order.orderType === 'COURSE' && check.ok,
    notAllowedReason: order.orderType !== 'COURSE' ? COURSE_CHANGE_MESSAGES.notCourse : check.ok ? null : check.reason,
    courses,
  };
}

/** POST /ops/orders/:orderNo/change-course. */
export async function changeCourse(
  db: Db,
  input: { orderNo: string; actSn: string; packageSn?: string | null; message?: string },
  now = new Date(),
): Promise<CourseChangeResult> {
  return db.transaction(async (tx) => {
    const old = await lockOrder(tx, input.orderNo);
    if (!old) throw orderNotFound();
    if (old.orderType !== 'COURSE') throw badRequest(COURSE_CHANGE_MESSAGES.notCourse);
    const check = transition(old.status, { type: 'CHANGE_COURSE' });
    if (!check.ok) throw conflict(check.reason);
    if (input.actSn === old.actSn) throw badRequest(COURSE_CHANGE_MESSAGES.sameCourse);
    const [open] = await tx
      .select({ no: afterSaleApplications.applicationNo })
      .from(afterSaleApplications)
      .where(
        and(
          eq(afterSaleApplications.orderNo, old.orderNo),
          inArray(afterSaleApplications.state, [...OPEN_AFTER_SALE_STATES]),
        ),
      )
      .limit(1);
    if (open) throw conflict(COURSE_CHANGE_MESSAGES.openAfterSale);
    const [target] = await tx
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.actSn, input.actSn),
          eq(activities.projectSn, old.projectSn),
          eq(activities.actType, 'COURSE'),
          eq(activities.status, 'ONLINE'),
        ),
      )
      .limit(1);
    if (!target) throw notFound(COURSE_CHANGE_MESSAGES.targetMissing);
    // §8 1005 holds here too: one unpaid order per course and customer.
    const [unpaid] = await tx
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(
        and(
          eq(orders.userId, old.userId),
          eq(orders.actSn, target.actSn),
          or(
            and(eq(orders.status, 'UNPAID'), gt(orders.expiresAt, now)),
            inArray(orders.status, ['UNPAID_BALANCE', 'UNPAID_INSTALLMENTS']),
          ),
        ),
      )
      .limit(1);
    if (unpaid) throw conflict(COURSE_CHANGE_MESSAGES.unpaidExists);

    const plan = await planOf(tx, old, target, input.packageSn ?? null, now);
    const c = plan.confirmation;
    if (c.disableFlag) throw badRequest(c.disableReason || COURSE_CHANGE_MESSAGES.disabled);
    const credit = await creditOf(tx, old.orderNo);
    const rows = spreadDeduction(plan.payments, credit);
    const deductionAmount = rows.reduce((s, r) => s + r.deductionAmount, 0);
    const uncovered = credit - deductionAmount;

    // The old order: DEAL_DONE_COURSE (order_events records it), its open payment attempts closed.
    await applyOrderEvent(tx, old, { type: 'CHANGE_COURSE' }, now);
    await closePendingPayments(tx, old.orderNo, now);

    const newOrderNo = newChangeOrderNo(now);
    const oldSnap = old.snapshot as Record<string, unknown>;
    const message = input.message?.trim() ?? '';
    await tx.insert(orders).values({
      orderNo: newOrderNo,
      createOrderSn: null,
      projectSn: old.projectSn,
      userId: old.userId,
      actSn: target.actSn,
      orderType: 'COURSE',
      orderPayType: c.orderPayType,
      status: 'UNPAID',
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      discountAmount: 0,
      freight: c.confirmOrderAmount.freight,
      snapshot: {
        orderCourseInfo: c.orderCourseInfo,
        courseName: target.actName,
        cover: target.cover,
        skuCnt: 1,
        packageName: plan.config.packages.find((p) => p.packageSn === c.orderCourseInfo.packageSn)?.packageName ?? null,
        packageCourseList: c.packageCourseList,
        giftCourseList: c.giftCourseList,
        confirmOrderAmount: { ...c.confirmOrderAmount, deductionAmount },
        goodsType: 'RIGHT_COURSE',
        address: c.defaultAddress,
        // The customer who was enrolled stays enrolled: applicant and household carry over.
        applicant: oldSnap.applicant ?? [],
        householdType: oldSnap.householdType ?? null,
        remark: null,
        agreementSn: c.agreementSn,
        agreementName: c.agreementName,
        // §3 confirmOrderType 2: a changed-course order (§6: no coupon).
        confirmOrderType: 2,
        coupon: null,
        changedFrom: old.orderNo,
      },
      // The credit is already in it: it never expires (expiry would lose the old course's money).
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderPayments).values(
      rows.map((r) => {
        const covered = r.deductionAmount === r.amount;
        return {
          orderNo: newOrderNo,
          seq: r.seq,
          kind: r.kind,
          amount: r.amount,
          deductionAmount: r.deductionAmount,
          dueTime: r.dueTime,
          status: covered ? 'PAID' : 'UNPAID',
          payType: covered ? PAY_TYPES.DEDUCTION : null,
          paidAmount: covered ? 0 : null,
          paidAt: covered ? now : null,
        };
      }),
    );
    // Each payment the deduction settled moves the new order as its payment would (UNPAID -> ... -> PAID).
    const created = (await lockOrder(tx, newOrderNo))!;
    for (const r of rows) {
      if (r.deductionAmount !== r.amount) break;
      await applyOrderEvent(tx, created, { type: 'PAY', seq: r.seq, count: rows.length, kind: r.kind }, now);
    }
    await tx
      .insert(courseChanges)
      .values({ oldOrderNo: old.orderNo, newOrderNo, credit, deductionAmount, uncovered, message, createdAt: now });
    return {
      oldOrderNo: old.orderNo,
      oldOrderStatus: old.status,
      newOrderNo,
      newOrderStatus: created.status,
      courseName: target.actName,
      price: c.confirmOrderAmount.orderTotalAmount,
      credit,
      deductionAmount,
      uncovered,
    };
  });
}

/** What an order's detail shows of a change it was part of (either side), or null. */
export async function courseChangeOfOrder(db: Executor, orderNo: string) {
  const [row] = await db
    .select()
    .from(courseChanges)
    .where(or(eq(courseChanges.oldOrderNo, orderNo), eq(courseChanges.newOrderNo, orderNo)))
    .limit(1);
  if (!row) return null;
  const from = row.newOrderNo === orderNo;
  const otherNo = from ? row.oldOrderNo : row.newOrderNo;
  const [other] = await db
    .select({ snapshot: orders.snapshot, actSn: orders.actSn })
    .from(orders)
    .where(eq(orders.orderNo, otherNo))
    .limit(1);
  const name = (other?.snapshot as { courseName?: unknown } | undefined)?.courseName;
  return {
    direction: from ? ('FROM' as const) : ('TO' as const),
    orderNo: otherNo,
    courseName: typeof name === 'string' ? name : (other?.actSn ?? ''),
    deductionAmount: row.deductionAmount,
    text: from
      ? `由原课程换课，原订单已付${fenToYuanText(row.credit)}元抵扣${fenToYuanText(row.deductionAmount)}元`
      : '已换课至新课程',
    message: row.message,
    at: row.createdAt.toISOString(),
  };
}

export type { Tx };
