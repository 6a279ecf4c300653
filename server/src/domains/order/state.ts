/**
 * The order state machine: every state of ORDER_STATUSES, the events that move an order, and
 * which transitions are allowed. Pure: no database, no clock. Callers lock the order row, ask `transition`, and
 * write the answer in the same transaction.
 *
 * UNPAID ──PAY NORMAL──────────────▶ PAID
 * UNPAID ──PAY DEPOSIT (1 of 2)────▶ UNPAID_BALANCE ──PAY FINAL (2 of 2)──▶ PAID
 * UNPAID ──PAY INSTALLMENT 1 of n──▶ UNPAID_INSTALLMENTS ──PAY INSTALLMENT k of n──▶ itself (k<n) / PAID (k=n)
 *        (1 of 1 goes straight to PAID)
 * UNPAID ──CANCEL / EXPIRE─────────▶ CANCELLED   (nothing was paid, so nothing is refunded)
 * paid states ──REFUND_FULL──▶ REFUND, ──REFUND_PART──▶ REFUND_PART, ──CHANGE_COURSE──▶ DEAL_DONE_COURSE
 * REFUND_PART ──CHANGE_COURSE──▶ DEAL_DONE_COURSE (what was kept moves to the new course,
 * domains/order/course-change.ts)
 * CANCELLED, REFUND and DEAL_DONE_COURSE are final.
 */
import { ORDER_STATUSES, type OrderStatus } from './schema';

export { ORDER_STATUSES, type OrderStatus };

/** order_payments.kind: which payment of the order a PAY event settles. */
export const PAYMENT_KINDS = ['NORMAL', 'DEPOSIT', 'FINAL', 'INSTALLMENT'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export type OrderEvent =
  /** Payment `seq` (1-based) of `count` payments, of the given kind, was paid. */
  | { type: 'PAY'; seq: number; count: number; kind: PaymentKind }
  /** The customer cancelled. */
  | { type: 'CANCEL' }
  /** The unpaid order reached its expiry time. */
  | { type: 'EXPIRE' }
  | { type: 'REFUND_FULL' }
  | { type: 'REFUND_PART' }
  /** The course was changed to another one (the money moves to the new order as a fee deduction). */
  | { type: 'CHANGE_COURSE' };
export type OrderEventType = OrderEvent['type'];
export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'PAY',
  'CANCEL',
  'EXPIRE',
  'REFUND_FULL',
  'REFUND_PART',
  'CHANGE_COURSE',
];

/** States in which money has been received and the order is still alive. */
export const PAID_STATES: readonly OrderStatus[] = ['UNPAID_BALANCE', 'UNPAID_INSTALLMENTS', 'PAID'];
/** States in which a payment is due. */
export const PAYABLE_STATES: readonly OrderStatus[] = ['UNPAID', 'UNPAID_BALANCE', 'UNPAID_INSTALLMENTS'];
export const FINAL_STATES: readonly OrderStatus[] = ['CANCELLED', 'REFUND', 'DEAL_DONE_COURSE'];

export type Transition = { ok: true; to: OrderStatus } | { ok: false; reason: string };

const allow = (to: OrderStatus): Transition => ({ ok: true, to });
const refuse = (reason: string): Transition => ({ ok: false, reason });

/** Why a payment cannot be taken in this state (the texts the payment calls answer with). */
export function notPayableReason(status: OrderStatus): string {
  switch (status) {
    case 'CANCELLED':
      return '订单已取消';
    case 'REFUND':
    case 'REFUND_PART':
      return '订单已退款';
    case 'DEAL_DONE_COURSE':
      return '订单已换课';
    default:
      return '订单已支付';
  }
}

function pay(from: OrderStatus, e: Extract<OrderEvent, { type: 'PAY' }>): Transition {
  const { seq, count, kind } = e;
  if (!Number.isInteger(seq) || !Number.isInteger(count) || count < 1 || seq < 1 || seq > count)
    return refuse('支付期数不正确');
  if (!PAYABLE_STATES.includes(from)) return refuse(notPayableReason(from));
  switch (kind) {
    case 'NORMAL':
      if (count !== 1 || seq !== 1) return refuse('支付期数不正确');
      return from === 'UNPAID' ? allow('PAID') : refuse('订单状态不正确');
    case 'DEPOSIT':
      if (count !== 2 || seq !== 1) return refuse('支付期数不正确');
      return from === 'UNPAID' ? allow('UNPAID_BALANCE') : refuse('定金已支付');
    case 'FINAL':
      if (count !== 2 || seq !== 2) return refuse('支付期数不正确');
      return from === 'UNPAID_BALANCE' ? allow('PAID') : refuse(from === 'UNPAID' ? '请先支付定金' : '订单状态不正确');
    case 'INSTALLMENT':
      if (seq === 1) {
        if (from !== 'UNPAID') return refuse('第1期已支付');
        return allow(count === 1 ? 'PAID' : 'UNPAID_INSTALLMENTS');
      }
      if (from !== 'UNPAID_INSTALLMENTS') return refuse(from === 'UNPAID' ? '请先支付第1期' : '订单状态不正确');
      return allow(seq === count ? 'PAID' : 'UNPAID_INSTALLMENTS');
    default:
      return refuse('支付类型不正确');
  }
}

/** Where `event` takes an order in state `from`, or why it cannot. */
export function transition(from: OrderStatus, event: OrderEvent): Transition {
  if (!ORDER_STATUSES.includes(from)) return refuse('订单状态不正确');
  switch (event.type) {
    case 'PAY':
      return pay(from, event);
    case 'CANCEL':
      if (from === 'UNPAID') return allow('CANCELLED');
      if (from === 'CANCELLED') return refuse('订单已取消');
      return refuse(PAID_STATES.includes(from) ? '订单已支付，无法取消' : '当前订单状态无法取消');
    case 'EXPIRE':
      return from === 'UNPAID' ? allow('CANCELLED') : refuse('订单无需过期处理');
    case 'REFUND_FULL':
      return PAID_STATES.includes(from) || from === 'REFUND_PART' ? allow('REFUND') : refuse('当前订单状态无法退款');
    case 'REFUND_PART':
      return PAID_STATES.includes(from) || from === 'REFUND_PART'
        ? allow('REFUND_PART')
        : refuse('当前订单状态无法退款');
    case 'CHANGE_COURSE':
      // A partly refunded order may still change: what it kept is the credit (the difference refunded first).
      if (PAID_STATES.includes(from) || from === 'REFUND_PART') return allow('DEAL_DONE_COURSE');
      if (from === 'UNPAID') return refuse('订单未支付，无法换课');
      return refuse(
        from === 'DEAL_DONE_COURSE' ? '订单已换课' : from === 'CANCELLED' ? '订单已取消' : '订单已退款，无法换课',
      );
    default:
      return refuse('未知的订单事件');
  }
}

/** The order_payments kind each seq of an order must have, by orderPayType (1 normal, 2 deposit, 3 instalment). */
export function kindOf(orderPayType: number, seq: number): PaymentKind {
  if (orderPayType === 2) return seq === 1 ? 'DEPOSIT' : 'FINAL';
  if (orderPayType === 3) return 'INSTALLMENT';
  return 'NORMAL';
}
