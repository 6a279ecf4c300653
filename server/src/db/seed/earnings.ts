/**
 * Earnings demo data (issue 15): commission rules for every project's items, and in the demo project an earner
 * (phone 13800000088, promoter code P0DE000001A) with orders a customer (13800000099) bought through the
 * earner's link, one per commission state: settled long ago (withdrawable), paid two days ago (frozen), deposit
 * paid and final unpaid (pending), refunded (cancelled). The commissions are written PENDING as submit writes
 * them; the first read of the earner's earnings settles them through the real rules (freeze, release, refund).
 * Idempotent: rows that exist are left alone.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../runtime/database/plugin';
import { commissionFor } from '../../domains/earnings/service';
import { activities } from '../../domains/activity/schema';
import { users } from '../../domains/user/schema';
import { commissionRules, commissions, promoters } from '../../domains/earnings/schema';
import { orderPayments, orders, type OrderStatus } from '../../domains/order/schema';

export const DEMO_EARNER = { projectSn: 'demo', phone: '13800000088', promoterCode: 'P0DE000001A', userId: 'demo-earner' } as const;
export const DEMO_BUYER = { phone: '13800000099', userId: 'demo-earner-buyer' } as const;

/** Courses pay 10% of the goods amount, activities 5%, goods ¥3 an order; points items pay nothing. */
function ruleFor(actType: string): { mode: 'FIXED' | 'RATE'; value: number } | null {
  if (actType === 'COURSE') return { mode: 'RATE', value: 1000 };
  if (actType === 'ACTIVITY') return { mode: 'RATE', value: 500 };
  if (actType === 'GOODS') return { mode: 'FIXED', value: 300 };
  return null;
}

const DAY = 86_400_000;

interface DemoOrder {
  orderNo: string;
  actKey: string;
  status: OrderStatus;
  paidDaysAgo: number | null;
  /** Deposit orders: the deposit paid, the final not. */
  deposit?: boolean;
}

const DEMO_ORDERS: DemoOrder[] = [
  { orderNo: 'SOEARNDEMO0001', actKey: 'course-01', status: 'PAID', paidDaysAgo: 30 },
  { orderNo: 'SOEARNDEMO0002', actKey: 'course-02', status: 'PAID', paidDaysAgo: 20 },
  { orderNo: 'SOEARNDEMO0003', actKey: 'course-03', status: 'PAID', paidDaysAgo: 2 },
  { orderNo: 'SOEARNDEMO0004', actKey: 'course-04', status: 'UNPAID_BALANCE', paidDaysAgo: 1, deposit: true },
  { orderNo: 'SOEARNDEMO0005', actKey: 'goods-03', status: 'REFUND', paidDaysAgo: 3 },
];

export async function seedEarnings(db: Db): Promise<void> {
  const items = await db.select({ actSn: activities.actSn, actType: activities.actType, price: activities.price, actName: activities.actName, cover: activities.cover }).from(activities);
  const rules = items.flatMap((a) => {
    const r = ruleFor(a.actType);
    return r ? [{ actSn: a.actSn, ...r }] : [];
  });
  if (rules.length) await db.insert(commissionRules).values(rules).onConflictDoNothing();

  const [seeded] = await db.select({ userId: promoters.userId }).from(promoters).where(eq(promoters.promoterCode, DEMO_EARNER.promoterCode)).limit(1);
  if (seeded) return;
  const demoItems = new Map(items.filter((a) => a.actSn.startsWith(`${DEMO_EARNER.projectSn}-`)).map((a) => [a.actSn, a]));
  if (!demoItems.size) return;

  await db.transaction(async (tx) => {
    const now = Date.now();
    // The phones may have logged in already (a user row without the fixed id): reuse those rows then.
    const ensureUser = async (userId: string, phone: string) => {
      const [existing] = await tx.select({ userId: users.userId }).from(users).where(and(eq(users.projectSn, DEMO_EARNER.projectSn), eq(users.phone, phone))).limit(1);
      if (existing) return existing.userId;
      await tx.insert(users).values({ userId, projectSn: DEMO_EARNER.projectSn, phone, unionId: `u_${userId}`, nickName: userId === DEMO_EARNER.userId ? '推广达人' : null });
      return userId;
    };
    const earnerId = await ensureUser(DEMO_EARNER.userId, DEMO_EARNER.phone);
    const buyerId = await ensureUser(DEMO_BUYER.userId, DEMO_BUYER.phone);
    await tx.insert(promoters).values({ userId: earnerId, projectSn: DEMO_EARNER.projectSn, promoterCode: DEMO_EARNER.promoterCode }).onConflictDoNothing();
    const existing = await tx.select({ orderNo: orders.orderNo }).from(orders).where(inArray(orders.orderNo, DEMO_ORDERS.map((o) => o.orderNo)));
    if (existing.length) return;

    for (const o of DEMO_ORDERS) {
      const item = demoItems.get(`${DEMO_EARNER.projectSn}-${o.actKey}`);
      if (!item) continue;
      const paidAt = o.paidDaysAgo === null ? null : new Date(now - o.paidDaysAgo * DAY);
      const createdAt = new Date((paidAt?.getTime() ?? now) - 10 * 60_000);
      await tx.insert(orders).values({
        orderNo: o.orderNo,
        projectSn: DEMO_EARNER.projectSn,
        userId: buyerId,
        actSn: item.actSn,
        orderType: item.actType === 'COURSE' ? 'COURSE' : 'GOODS',
        orderPayType: o.deposit ? 2 : 1,
        status: o.status,
        totalAmount: item.price,
        snapshot: { courseName: item.actName, cover: item.cover, skuCnt: 1, goodsType: item.actType === 'COURSE' ? 'RIGHT_COURSE' : null },
        createdAt,
        updatedAt: paidAt ?? createdAt,
      });
      const deposit = Math.floor(item.price / 5);
      const parts = o.deposit
        ? [
            { seq: 1, kind: 'DEPOSIT', amount: deposit, paid: true },
            { seq: 2, kind: 'FINAL', amount: item.price - deposit, paid: false },
          ]
        : [{ seq: 1, kind: 'NORMAL', amount: item.price, paid: true }];
      await tx.insert(orderPayments).values(
        parts.map((p) => ({
          orderNo: o.orderNo,
          seq: p.seq,
          kind: p.kind,
          amount: p.amount,
          status: p.paid ? 'PAID' : 'UNPAID',
          payType: p.paid ? 1 : null,
          paidAmount: p.paid ? p.amount : null,
          paidAt: p.paid ? paidAt : null,
        })),
      );
      const amount = commissionFor(ruleFor(item.actType), item.price);
      await tx.insert(commissions).values({
        id: `CMDEMO${o.orderNo.slice(-4)}`,
        promoterUserId: earnerId,
        orderNo: o.orderNo,
        buyerUserId: buyerId,
        actSn: item.actSn,
        baseAmount: item.price,
        amount,
        status: 'PENDING',
        createdAt,
      });
    }
  });
}
