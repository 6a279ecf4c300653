import { runInAction } from 'mobx';
import { useLocalObservable } from 'mobx-react-lite';
import type { OrderDetail } from '@contract/payment';
import { errorMessage } from '../../../api/error-message';
import type { ApiError } from '../../../api/request';
import { confirm } from '../../../components/confirm';
import { applyAfterPay } from '../../../platform/pay-result';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';

/** §8: code 1008 shows the server's message, anything else 订单获取失败, 请重试!. */
export const ORDER_FETCH_FAILED = '订单获取失败, 请重试!';

/**
 * The order detail's state and what its buttons do. After any action the page shows what the server says, so
 * each one ends by loading the order again.
 */
export function useOrder(orderNo: string) {
  const { api, payment } = useStores();
  const state = useLocalObservable(() => ({ order: null as OrderDetail | null, error: '' }));

  async function load() {
    try {
      const order = await api.order.detail(orderNo);
      runInAction(() => {
        state.order = order;
        state.error = '';
      });
    } catch (err) {
      const e = err as ApiError;
      runInAction(() => (state.error = e.code === 1008 && e.message ? e.message : ORDER_FETCH_FAILED));
    }
  }

  async function pay() {
    const decision = await payment.payOrder(orderNo, 'detail');
    await applyAfterPay(decision);
    if (decision.refresh) void load();
  }

  /** Asks first (the page's own dialog), then runs `call`; its failure shows the server's message or `failed`. */
  async function confirmed(
    question: { title: string; content: string },
    call: () => Promise<unknown>,
    done: () => void,
    failed: string,
  ) {
    if (!(await confirm(question))) return;
    try {
      await call();
      done();
      void load();
    } catch (err) {
      toast(errorMessage(err, failed));
    }
  }

  const cancel = () =>
    confirmed(
      { title: '提示', content: '确定取消该订单吗？' },
      () => api.order.cancel(orderNo),
      () => toast('订单已取消'),
      '取消失败，请重试',
    );
  const receive = () =>
    confirmed(
      { title: '确认收货', content: '请确认已收到商品，确认后订单将完成' },
      () => api.order.receive(orderNo),
      () => toast('已确认收货', 'success'),
      '确认失败，请重试',
    );

  return { state, load, pay, cancel, receive };
}
