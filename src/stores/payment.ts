/** Carries out the §4 pay flow on any target: ask the server for pay params, pay, then follow domain/pay-flow. */
import type { Api } from '../api';
import type { PayContext } from '../api/payment';
import { ApiError } from '../api/request';
import { afterPay, type AfterPay, type PayFrom, type PayResult } from '../domain/pay-flow';
import type { KeyValueStorage } from '../platform/storage';
import { PENDING_ORDER_KEY, payCacheKey, type Pay } from '../platform/payment/types';

export interface PayDeps {
  pay: Pay;
  context: (orderNo: string) => PayContext;
  /** The subscribe permission asked for right after paying (mini-programs; stores/subscribe.ts). */
  subscribe?: { prepare(moment: 'afterPay'): void; ask(moment: 'afterPay'): Promise<void> };
}

export class PaymentStore {
  paying = false;

  constructor(
    private readonly api: Api,
    private readonly storage: KeyValueStorage,
    private readonly deps: PayDeps,
  ) {}

  /**
   * Right after submit (§4 pay flow): a zero-amount first payment was settled by the server at submit, so payment
   * is skipped and the order detail opens; it never starts the next payment of a deposit or instalment order.
   */
  async payAfterSubmit(result: { orderNo: string; payAmount: number }): Promise<AfterPay & { orderNo: string }> {
    if (result.payAmount === 0) {
      this.storage.remove(payCacheKey(result.orderNo));
      return { ...afterPay('free', 'submit'), orderNo: result.orderNo };
    }
    return this.payOrder(result.orderNo, 'submit');
  }

  /** Pays what is due on an order now. Returns the decision the page should carry out. */
  async payOrder(orderNo: string, from: PayFrom): Promise<AfterPay & { orderNo: string }> {
    if (this.paying) return { orderNo, toast: null, clearPending: false, navigate: null, refresh: false };
    this.paying = true;
    this.deps.subscribe?.prepare('afterPay');
    let result: PayResult;
    let message: string | null = null;
    try {
      const params = await this.api.payment.pay(orderNo, this.deps.context(orderNo));
      if (params.payAmount === 0) {
        result = 'free';
      } else {
        // §9: the pay cache, keyed by order number, lasts until the end of the day.
        this.storage.set(payCacheKey(orderNo), params, { untilEndOfDay: true });
        const outcome = await this.deps.pay(params);
        result = outcome.status;
        // Inside the payment's completion, where WeChat lets the sheet open; never awaited, never in the way.
        if (result === 'success') void this.deps.subscribe?.ask('afterPay');
      }
    } catch (err) {
      result = 'fail';
      // The server's own words (already paid, cancelled, not yours) say more than the generic text.
      if (err instanceof ApiError && err.kind === 'business') message = err.message;
    } finally {
      this.paying = false;
    }
    const decision = afterPay(result, from);
    if (decision.clearPending) {
      this.storage.remove(PENDING_ORDER_KEY);
      this.storage.remove(payCacheKey(orderNo));
    }
    return { ...decision, toast: message ?? decision.toast, orderNo };
  }

  /** §4 payment return: the order whose payment left the app, if any. Reading it resets it. */
  takePendingOrder(): string | null {
    const orderNo = this.storage.get<string>(PENDING_ORDER_KEY);
    if (orderNo) this.storage.remove(PENDING_ORDER_KEY);
    return orderNo || null;
  }
}
