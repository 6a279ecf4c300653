/**
 * Hands the coupon an order used back to the customer when the order is cancelled or expires, inside the
 * transaction that ends the order. The coupon tables belong to order submission; until they exist there is
 * nothing to return.
 */
import type { Tx } from './order-state-db';

export async function returnOrderCoupon(_tx: Tx, _orderNo: string, _userId: string, _at: Date): Promise<boolean> {
  return false;
}
