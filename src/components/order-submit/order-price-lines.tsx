import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { HOLD_TYPES, REMARK_MAX } from '@contract/constants';
import { formatMoney } from '@contract/rules/money';
import type { Confirmation } from '@contract/order';
import type { OrderDraft } from '../../stores/order-draft';
import PriceLines, { FreightValue, PriceLine, RemarkLine } from '../price-lines';
import type { ScreenPopups } from './use-order-submit';

/** A line taken off the price: its amount with a minus, in the discount colour. */
function Off({ amount }: { amount: number }) {
  return <View className="sf-lines__discount">-{formatMoney(amount)}</View>;
}

/**
 * The §2 price lines: 售价, 课程优惠, 套餐优惠, 运费, 优惠券 (opens the coupons), 入户类型 (household courses, first
 * payment only; opens the choice) and 订单备注.
 */
function OrderPriceLines({ draft, c, popups }: { draft: OrderDraft; c: Confirmation; popups: ScreenPopups }) {
  const amount = c.confirmOrderAmount;
  const { discount } = draft.pay;
  const available = draft.couponGroups.available.length;
  return (
    <PriceLines>
      <PriceLine label="售价">{formatMoney(amount.totalAmount)}</PriceLine>
      {amount.courseDiscountAmount > 0 ? (
        <PriceLine label="课程优惠">
          <Off amount={amount.courseDiscountAmount} />
        </PriceLine>
      ) : null}
      {amount.packageDiscountAmount > 0 ? (
        <PriceLine label="套餐优惠">
          <Off amount={amount.packageDiscountAmount} />
        </PriceLine>
      ) : null}
      {draft.needsDelivery ? (
        <PriceLine label="运费">
          <FreightValue freight={amount.freight} oldFreight={amount.oldFreight} />
        </PriceLine>
      ) : null}
      {draft.couponsAllowed ? (
        <PriceLine label="优惠券" arrow onClick={() => popups.showCoupons(true)}>
          {draft.selectedCoupon && discount > 0 ? (
            <Off amount={discount} />
          ) : (
            <View className="sf-lines__muted">{available ? `${available}张可用` : '暂无可用'}</View>
          )}
        </PriceLine>
      ) : null}
      {c.isHousehold && draft.firstPayment ? (
        <PriceLine label="入户类型" arrow onClick={() => popups.showHousehold(true)}>
          {draft.householdType ? HOLD_TYPES[draft.householdType] : <View className="sf-lines__muted">请选择</View>}
        </PriceLine>
      ) : null}
      <RemarkLine value={draft.remark} maxLength={REMARK_MAX} onChange={(v) => draft.setRemark(v)} />
    </PriceLines>
  );
}

export default observer(OrderPriceLines);
