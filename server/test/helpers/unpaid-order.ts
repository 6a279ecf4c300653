/** An unpaid one-payment course order as submission writes it (the provider tests pay it their own way). */
import { orderPayments, orders } from '../../src/domains/order/schema';
import type { Harness } from './app';

export async function insertUnpaidOrder(
  h: Harness,
  o: { orderNo: string; userId: string; amount: number; expiresAt?: Date },
): Promise<void> {
  await h.database.db.insert(orders).values({
    orderNo: o.orderNo,
    projectSn: 'demo',
    userId: o.userId,
    actSn: 'demo-course-01',
    orderType: 'COURSE',
    orderPayType: 1,
    status: 'UNPAID',
    totalAmount: o.amount,
    snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: null } },
    expiresAt: o.expiresAt ?? new Date(Date.now() + 30 * 60_000),
    createdAt: new Date(),
  });
  await h.database.db
    .insert(orderPayments)
    .values({ orderNo: o.orderNo, seq: 1, kind: 'NORMAL', amount: o.amount, deductionAmount: 0, status: 'UNPAID' });
}
