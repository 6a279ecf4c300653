import { View } from '@tarojs/components';
import type { OrderDetail } from '@contract/payment';
import { ACTION_BUTTONS, type NextAction } from './next-step';

interface ActionButtonProps {
  order: OrderDetail;
  action: NextAction;
  className: string;
  onAction: (action: NextAction) => void;
}

/** One action's button, with its id and words (next-step ACTION_BUTTONS). */
export function ActionButton({ order, action, className, onAction }: ActionButtonProps) {
  const [id, text, primary] = ACTION_BUTTONS[action];
  return (
    <View className={`${className} ${primary ? 'is-primary' : ''}`} id={id} onClick={() => onAction(action)}>
      {text(order)}
    </View>
  );
}

interface ActionBarProps {
  order: OrderDetail;
  /** The actions not already offered by the status header (each action shows once). */
  actions: NextAction[];
  onAction: (action: NextAction) => void;
  onCancel: () => void;
  onSign: () => void;
}

/** The bottom bar: 取消订单, 签署协议 and whatever the header does not offer; nothing when there is nothing to do. */
export default function ActionBar({ order: o, actions, onAction, onCancel, onSign }: ActionBarProps) {
  if (!actions.length && !o.canCancel && !o.canSign) return null;
  return (
    <>
      <View className="sf-detail__spacer" />
      <View className="sf-detail__bar">
        {o.canCancel ? (
          <View className="sf-order__btn" onClick={onCancel}>
            取消订单
          </View>
        ) : null}
        {o.canSign ? (
          <View className="sf-order__btn" onClick={onSign}>
            签署协议
          </View>
        ) : null}
        {actions.map((a) => (
          <ActionButton key={a} order={o} action={a} className="sf-order__btn" onAction={onAction} />
        ))}
      </View>
    </>
  );
}
