/**
 * The operator's marks on an order that the §3 refund tags depend on: 已拆封 (the goods were unsealed, tag 5 then
 * refuses a refund) and 已激活 (the course was activated, tag 6 then refuses, tag 3 counts its 7 days from it).
 * Nothing else in the store records either: goods are unsealed in the customer's hands and the operator learns of it
 * (a returned parcel, the customer's word); courses are opened on the merchant's own teaching platform. A mark is
 * set once, on a paid order of its type, and stays (the audit log says who set it).
 */
import { eq } from 'drizzle-orm';
import { conflict } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { orderMarks } from './schema';
import { PAID_STATES } from './state';
import { lockOrder, orderNotFound, type Executor, type OrderRow } from './state-db';

export type OrderMark = 'UNSEALED' | 'ACTIVATED';

export const ORDER_MARK_MESSAGES = {
  goodsOnly: '只有商品订单可以标记已拆封',
  courseOnly: '只有课程订单可以标记已激活',
  notPaid: '订单未支付，不能标记',
  alreadyUnsealed: '订单已标记为已拆封',
  alreadyActivated: '订单已标记为已激活',
} as const;

const paid = (o: OrderRow) => PAID_STATES.includes(o.status) || o.status === 'REFUND_PART';

export async function marksOf(db: Executor, order: OrderRow) {
  const [row] = await db.select().from(orderMarks).where(eq(orderMarks.orderNo, order.orderNo));
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    unsealedAt: iso(row?.unsealedAt),
    unsealedBy: row?.unsealedBy ?? null,
    activatedAt: iso(row?.activatedAt),
    activatedBy: row?.activatedBy ?? null,
    mayMarkUnsealed: order.orderType === 'GOODS' && paid(order) && !row?.unsealedAt,
    mayMarkActivated: order.orderType === 'COURSE' && paid(order) && !row?.activatedAt,
  };
}

/** Sets one mark on the order, under the order's lock; 409 with the reason when it may not be set. */
export async function markOrder(db: Db, orderNo: string, mark: OrderMark, by: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderNo);
    if (!order) throw orderNotFound();
    const goods = mark === 'UNSEALED';
    if (goods && order.orderType !== 'GOODS') throw conflict(ORDER_MARK_MESSAGES.goodsOnly);
    if (!goods && order.orderType !== 'COURSE') throw conflict(ORDER_MARK_MESSAGES.courseOnly);
    if (!paid(order)) throw conflict(ORDER_MARK_MESSAGES.notPaid);
    const [row] = await tx.select().from(orderMarks).where(eq(orderMarks.orderNo, orderNo));
    if (goods && row?.unsealedAt) throw conflict(ORDER_MARK_MESSAGES.alreadyUnsealed);
    if (!goods && row?.activatedAt) throw conflict(ORDER_MARK_MESSAGES.alreadyActivated);
    const set = goods ? { unsealedAt: now, unsealedBy: by } : { activatedAt: now, activatedBy: by };
    await tx
      .insert(orderMarks)
      .values({ orderNo, ...set })
      .onConflictDoUpdate({ target: orderMarks.orderNo, set });
  });
}
