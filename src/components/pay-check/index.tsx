import { useDidShow } from '@tarojs/taro';
import { useState } from 'react';
import { PAY_TEXTS } from '../../domain/pay-flow';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { useStores } from '../../stores';
import TipPopup from '../tip-popup';

interface PayCheckProps {
  /** Called after the customer answered, so the page can reload the order's real state. */
  onAnswered?: () => void;
}

/**
 * §4 payment return: when the browser comes back from the provider and an order number is stored, ask whether
 * the payment finished. 已完成支付 opens the order detail, 支付遇到问题，重新支付 the order list; the stored
 * value is reset either way (reading it resets it).
 */
export default function PayCheck({ onAnswered }: PayCheckProps) {
  const { payment } = useStores();
  const [orderNo, setOrderNo] = useState<string | null>(null);

  useDidShow(() => {
    const pending = payment.takePendingOrder();
    if (pending) setOrderNo(pending);
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
