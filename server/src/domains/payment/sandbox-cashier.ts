/**
 * What the sandbox cashier page shows: the sandbox payment and its order, or why the cashier cannot take it.
 * The order is expired first if its time is up, as the provider's page of a real channel would refuse it.
 */
import type { Db } from '../../runtime/database/plugin';
import { expireUnpaidOrders } from '../order/expiry';
import { cancelledByExpiry, findOrder, orderPaymentRows, type OrderRow } from '../order/state-db';
import { PAYABLE_STATES } from '../order/state';
import { courseNameOf, paymentTitle } from '../order/view';
import { findPayment, type PaymentRow } from './service';

/** Refused: the status and text of the page; `payment` when there is one (its return target), `paid` if it was paid. */
export type CashierState =
  | { ok: true; payment: PaymentRow; order: OrderRow }
  | { ok: false; status: number; text: string; payment?: PaymentRow; paid?: boolean };

export async function cashierState(db: Db, paymentSn: string): Promise<CashierState> {
  const payment = await findPayment(db, paymentSn);
  if (!payment || payment.provider !== 'sandbox') return { ok: false, status: 404, text: '支付单不存在' };
  await expireUnpaidOrders(db, new Date(), { orderNo: payment.orderNo });
  const order = await findOrder(db, payment.orderNo);
  const refuse = (status: number, text: string, paid?: boolean): CashierState => ({
    ok: false,
    status,
    text,
    payment,
    paid,
  });
  if (!order) return refuse(404, '订单不存在');
  if (payment.status === 'SUCCESS') return refuse(409, '该笔款项已支付', true);
  if (payment.status !== 'PENDING') return refuse(409, '该支付已关闭，请返回重新发起支付');
  if (!PAYABLE_STATES.includes(order.status)) {
    const text =
      order.status === 'CANCELLED'
        ? (await cancelledByExpiry(db, order.orderNo))
          ? '订单已过期'
          : '订单已取消'
        : '订单已支付';
    return refuse(409, `${text}，无法支付`);
  }
  return { ok: true, payment, order };
}

/** What is being paid: the payment's title (course and period), or the order number when its row is gone. */
export async function cashierTitle(db: Db, payment: PaymentRow, order: OrderRow): Promise<string> {
  const rows = await orderPaymentRows(db, order.orderNo);
  const due = rows.find((r) => r.seq === payment.seq);
  return due ? paymentTitle(order, due, await courseNameOf(db, order)) : order.orderNo;
}
