import { View } from '@tarojs/components';
import type { OrderDetail } from '@contract/payment';
import { formatMoney } from '@contract/rules/money';
import PaySchedule from '../../../components/pay-schedule';
import { scheduleRows } from '../../../domain/schedule';

/**
 * 付款计划 of a deposit or instalment order: each payment with its due date or its paid state, adding up to the
 * order. A paid row names the channel that took the money as 支付记录 does (Baidu settles with the bank-card pay
 * type, which alone would read 银行卡).
 */
export default function PlanCard({ order: o }: { order: OrderDetail }) {
  const rows = scheduleRows(
    o.orderPayType,
    o.orderPayType === 2 ? o.depositInfoList : o.installmentInfoList,
    o.installmentPayNum,
    o.orderStatus,
  );
  const channels = (o.paidList || []).filter((p) => p.points === null).map((p) => p.channel);
  let n = 0;
  let sum = 0;
  for (const r of rows) {
    sum += r.amount;
    if (r.state === 'paid' && channels[n]) r.statusText = `已支付（${channels[n++]}）`;
  }
  return rows.length ? (
    <View className="sf-detail__plan" id="order-plan">
      <View className="sf-detail__card-title">
        付款计划
        <View className="sf-detail__plan-sum">
          共{rows.length}笔，合计 {formatMoney(sum)}
        </View>
      </View>
      <PaySchedule rows={rows} />
    </View>
  ) : null;
}
