import { View } from '@tarojs/components';
import type { OrderDetail } from '@contract/payment';
import { formatMoney } from '@contract/rules/money';
import { pointsPriceText, pointsText } from '@contract/rules/integral';
import PriceLines, { FreightValue, PriceLine } from '../../../components/price-lines';

/** A line taken off: its amount with a minus, in the discount colour. */
function Off({ label, amount, id }: { label: string; amount: number; id?: string }) {
  return amount > 0 ? (
    <PriceLine label={label}>
      <View className="sf-lines__discount" id={id}>
        -{formatMoney(amount)}
      </View>
    </PriceLine>
  ) : null;
}

/**
 * The price lines, adding up: 商品金额 − 课程优惠 − 套餐优惠 − 优惠券 + 运费 = 订单总额; − 费用抵扣 = 实付款 once
 * nothing is owed, else 已付款 + 待付款. A points order's points stand beside its cash on 兑换价格 and 实付款.
 */
export default function PriceCard({ order: o }: { order: OrderDetail }) {
  const deduction = o.deductionAmount || 0;
  const paid = o.paidAmount || 0;
  const owed = Math.max(0, o.totalAmount - deduction - paid);
  const spent = (o.paidList || []).find((p) => p.points !== null && !p.returned);
  const points = spent && o.integral ? pointsText(spent.points || 0, o.integral.integralType) : '';
  const paidText = points ? (paid > 0 ? `${points}+${formatMoney(paid)}` : points) : formatMoney(paid);
  const live = o.orderStatus !== 'CANCELLED' && o.orderStatus !== 'DEAL_DONE_COURSE';
  const settled = owed === 0;
  return (
    <PriceLines>
      {/* A points order's price as its item showed it; the money lines below add up its cash part. */}
      {o.integral ? <PriceLine label="兑换价格">{pointsPriceText(o.integral)}</PriceLine> : null}
      <PriceLine label="商品金额">{formatMoney(o.goodsAmount)}</PriceLine>
      <Off label="课程优惠" amount={o.courseDiscountAmount} />
      <Off label="套餐优惠" amount={o.packageDiscountAmount} />
      <Off label="优惠券" amount={o.discountAmount} />
      {o.address || o.freight > 0 ? (
        <PriceLine label="运费">
          <FreightValue freight={o.freight} oldFreight={o.freight} />
        </PriceLine>
      ) : null}
      <PriceLine label="订单总额">
        <View className="sf-price">{formatMoney(o.totalAmount)}</View>
      </PriceLine>
      {/* A changed-course order (§2): the old course's payment counts against this one. */}
      <Off label="费用抵扣" amount={deduction} id="order-deduction" />
      {live && (settled || paid > 0 || points) ? (
        <PriceLine label={settled ? '实付款' : '已付款'}>
          <View className={settled ? 'sf-price' : ''} id="order-paid-total">
            {paidText}
          </View>
        </PriceLine>
      ) : null}
      {live && !settled ? (
        <PriceLine label="待付款">
          <View className="sf-price" id="order-owed">
            {formatMoney(owed)}
          </View>
        </PriceLine>
      ) : null}
    </PriceLines>
  );
}
