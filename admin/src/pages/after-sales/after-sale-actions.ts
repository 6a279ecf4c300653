/**
 * What the merchant may do with an application in each state (the server refuses anything else), and which
 * actions send money back: those ask for a confirmation with the amount first.
 */
import type { AfterSaleState } from '@contract/rules/after-sale';
import type { AfterSaleAction } from '../../api/after-sales';

export type Decision = AfterSaleAction | 'refuse';

export const ACTIONS: Partial<Record<AfterSaleState, Decision[]>> = {
  APPLIED: ['agree', 'return', 'refuse'],
  SHIPPED: ['receive', 'refuse'],
  RECEIVED: ['refund', 'refuse'],
  AGREED: ['refund'],
};

export const ACTION_TEXT: Record<Decision, string> = {
  agree: '同意退款',
  return: '同意退货',
  receive: '确认收货并退款',
  refund: '退款',
  refuse: '拒绝',
};

/** These hand the refund to the payment provider at once. */
export const MOVES_MONEY: ReadonlySet<Decision> = new Set(['agree', 'receive', 'refund']);
