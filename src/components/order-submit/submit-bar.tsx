import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { formatMoney } from '@contract/rules/money';
import type { Confirmation } from '@contract/order';
import type { OrderDraft } from '../../stores/order-draft';

/**
 * The §2 bottom bar: the course count, the payable amount and 提交订单; a disabled order shows why, and the
 * button is dimmed while it cannot be pressed.
 */
function SubmitBar({ draft, c, onSubmit }: { draft: OrderDraft; c: Confirmation; onSubmit: () => void }) {
  return (
    <View className="sf-submit__bar">
      {c.disableFlag ? <View className="sf-submit__disabled">{c.disableReason}</View> : null}
      <View className="sf-submit__bar-main">
        <View className="sf-submit__count">{draft.countText}</View>
        <View className="sf-submit__total">
          {draft.payLabel}：<View className="sf-price">{formatMoney(draft.pay.payable)}</View>
        </View>
        <View
          className={`sf-btn sf-submit__btn ${c.disableFlag || draft.submitting ? 'is-disabled' : ''}`}
          onClick={onSubmit}
        >
          提交订单
        </View>
      </View>
    </View>
  );
}

export default observer(SubmitBar);
