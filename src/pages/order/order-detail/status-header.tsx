import { View } from '@tarojs/components';
import AtCountdown from 'taro-ui/lib/components/countdown';
import type { OrderDetail } from '@contract/payment';
import { orderStatusText } from '@contract/rules/order-status';
import { ActionButton } from './action-bar';
import type { NextAction, NextStep } from './next-step';

interface StatusHeaderProps {
  /** The order as the server sent it. */
  order: OrderDetail;
  /** What happens next and the action offered (next-step.ts). */
  step: NextStep;
  /** Server-corrected time now, for the payment countdown. */
  now: number;
  onTimeUp: () => void;
  onAction: (action: NextAction) => void;
}

/** Status name, what happens next, the payment countdown and the one next action, on the theme colour. */
export default function StatusHeader({ order: o, step, now, onTimeUp, onAction }: StatusHeaderProps) {
  // 剩余支付时间 (taro-ui AtCountdown; its stylesheet embeds a 60 KB font, so orderDetail.scss has the few rules).
  const left =
    o.canPay && o.expiresAt && o.orderStatus === 'UNPAID'
      ? Math.floor((new Date(o.expiresAt).getTime() - now) / 1000)
      : 0;
  return (
    <View className="sf-detail__status">
      <View className="sf-detail__status-main">
        <View className="sf-detail__status-text">{orderStatusText(o.orderStatus, o.shipmentStatus)}</View>
        <View className="sf-detail__status-sub">{step.hint}</View>
        {left > 0 ? (
          <View className="sf-detail__countdown">
            剩余支付时间
            <AtCountdown
              className="sf-detail__countdown-clock"
              isShowHour={left >= 3600}
              hours={Math.floor(left / 3600)}
              minutes={Math.floor((left % 3600) / 60)}
              seconds={left % 60}
              onTimeUp={onTimeUp}
            />
          </View>
        ) : null}
      </View>
      {step.action ? (
        <ActionButton order={o} action={step.action} className="sf-detail__next" onAction={onAction} />
      ) : null}
    </View>
  );
}
