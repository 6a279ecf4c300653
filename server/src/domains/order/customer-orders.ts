/**
 * A customer's placed orders where the payment channels take part: the detail asks the provider about a payment
 * no notification settled yet, and a cancel closes the order's open attempts at their providers too.
 */
import type { OrderDetail } from '@contract/payment';
import type { Db } from '../../runtime/database/plugin';
import type { PaymentProviders } from '../payment/providers';
import { closeAtProviders, pendingPaymentSns, syncPendingPayments } from '../payment/service';
import { expireUnpaidOrders } from './expiry';
import { cancelOrder, findUserOrder, orderNotFound, type OrderRow } from './state-db';
import { orderDetail } from './view';

type Log = { warn(obj: unknown, msg: string): void };

/** One order of the customer's, settled first by the pay-check; `courseOnly`: any other order is not one (404). */
export async function customerOrderDetail(
  db: Db,
  providers: PaymentProviders,
  input: { userId: string; orderNo: string; courseOnly?: boolean; log?: Log },
): Promise<OrderDetail> {
  const { userId, orderNo, log } = input;
  const now = new Date();
  const { orderType } = await findUserOrder(db, userId, orderNo);
  if (input.courseOnly && orderType !== 'COURSE') throw orderNotFound();
  // Before expiry runs, so money taken just before the deadline is not mistaken for an expired order.
  await syncPendingPayments(db, providers, orderNo, log);
  await expireUnpaidOrders(db, now, { orderNo });
  return orderDetail(db, await findUserOrder(db, userId, orderNo), now);
}

/** Cancels an unpaid order of the customer's (its coupon goes back) and closes its open payments at the providers. */
export async function cancelCustomerOrder(
  db: Db,
  providers: PaymentProviders,
  input: { userId: string; orderNo: string; log?: Log },
): Promise<OrderRow> {
  const open = await pendingPaymentSns(db, input.orderNo);
  const order = await cancelOrder(db, { userId: input.userId, orderNo: input.orderNo });
  await closeAtProviders(db, providers, open, input.log);
  return order;
}
