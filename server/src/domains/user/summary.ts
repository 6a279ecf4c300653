/**
 * The numbers of 我的 in one call, so the page does not ask five lists for their totals. Counts follow the order
 * list's tabs (ORDER_TABS) and the 未使用 coupon tab exactly.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { ORDER_TAB_SHIPMENT, ORDER_TABS, type OrderTab } from '@contract/constants';
import type { UserSummary } from '@contract/user-summary';
import { orders } from '../order/schema';
import { shipments } from '../shipping/schema';
import { couponTemplates, userCoupons } from '../coupon/schema';
import type { Db } from '../../runtime/database/plugin';
import { grantWelcomeGift } from '../coupon/welcome-gift';
import { expireUnpaidOrders } from '../order/expiry';

export async function userSummary(db: Db, userId: string, projectSn: string, now = new Date()): Promise<UserSummary> {
  // The order list expires overdue unpaid orders before it reads; the counts must agree with it.
  await expireUnpaidOrders(db, now, { userId });
  // The coupon list gives the 新人礼包 on first sight; so does the count, or it would read 0.
  await grantWelcomeGift(db, { userId, projectSn }, now);
  const [byStatus, [coupons]] = await Promise.all([
    db
      .select({ status: orders.status, parcel: shipments.status, n: count() })
      .from(orders)
      .leftJoin(shipments, eq(shipments.orderNo, orders.orderNo))
      .where(eq(orders.userId, userId))
      .groupBy(orders.status, shipments.status),
    db
      .select({ n: count() })
      .from(userCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
      .where(
        and(
          eq(userCoupons.userId, userId),
          eq(couponTemplates.projectSn, projectSn),
          eq(userCoupons.state, 1),
          gte(userCoupons.endTime, now),
        ),
      ),
  ]);
  const tally = (tab: OrderTab) => {
    const statuses: readonly string[] = ORDER_TABS[tab];
    const parcel = ORDER_TAB_SHIPMENT[tab];
    // Parcel states apply to paid orders only, as the list's filter does (tabShipmentFilter).
    const parcelFits = (r: { status: string; parcel: string | null }) =>
      !parcel ||
      r.status !== 'PAID' ||
      (parcel === 'DONE' ? r.parcel === null || r.parcel === 'RECEIVED' : r.parcel === parcel);
    return byStatus
      .filter((r) => (statuses.length === 0 || statuses.includes(r.status)) && parcelFits(r))
      .reduce((sum, r) => sum + Number(r.n), 0);
  };
  return {
    orders: {
      ALL: tally('ALL'),
      UNPAID: tally('UNPAID'),
      TO_SHIP: tally('TO_SHIP'),
      TO_RECEIVE: tally('TO_RECEIVE'),
      PAID: tally('PAID'),
      CANCELLED: tally('CANCELLED'),
      REFUND: tally('REFUND'),
    },
    coupons: Number(coupons?.n ?? 0),
  };
}
