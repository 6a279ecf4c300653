import { useDidShow } from '@tarojs/taro';
import { useState } from 'react';
import { PAY_TEXTS, payCheckVerdict } from '../../domain/pay-flow';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import TipPopup from '../tip-popup';

interface PayCheckProps {
  /** Called once the outcome is settled (answered, or known from the server), so the page can reload the order. */
  onAnswered?: () => void;
}

/**
 * §4 payment return: when the browser comes back from the provider and an order number is stored, the server
 * is asked first. A payment it already knows as paid says 支付成功; one cancelled at the cashier needs no
 * question and opens the order list; otherwise the popup asks whether the payment finished, in §8's words.
 * 已完成支付 opens the order detail, 支付遇到问题，重新支付 the order list; the stored value is reset either way
 * (reading it resets it).
 */
export default function PayCheck({ onAnswered }: PayCheckProps) {
  const { payment, api } = useStores();
  const [orderNo, setOrderNo] = useState<string | null>(null);

  useDidShow(() => {
    const pending = payment.takePendingOrder();
    if (!pending) return;
    api.order
      .detail(pending)
      .then((order) => {
        const verdict = payCheckVerdict(order.lastPayment);
        if (verdict === 'ask') return setOrderNo(pending);
        // §4: 取消支付 at the cashier ends on the order list (its unpaid tab), as a cancel on the submit screen does.
        if (verdict === 'cancelled') return void openPage(ROUTES.orderList, { tab: 'UNPAID' }, 'replace');
        toast(PAY_TEXTS.success, 'success');
        onAnswered?.();
      })
      // The server could not say: ask the customer, as §4 does without a server.
      .catch(() => setOrderNo(pending));
  });

  if (!orderNo) return null;
  const answer = (to: 'detail' | 'list') => {
    setOrderNo(null);
    onAnswered?.();
    if (to === 'detail') void openPage(ROUTES.orderDetail, { orderNo }, 'replace');
    else void openPage(ROUTES.orderList, {}, 'replace');
  };
  return (
    <TipPopup
      open
      title={PAY_TEXTS.checkTitle}
      message={`订单号：${orderNo}`}
      confirmText={PAY_TEXTS.checkDone}
      onConfirm={() => answer('detail')}
      cancelText={PAY_TEXTS.checkProblem}
      onCancel={() => answer('list')}
      onClose={() => answer('list')}
    />
  );
}
