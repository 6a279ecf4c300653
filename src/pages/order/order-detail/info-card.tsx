import { View } from '@tarojs/components';
import type { OrderDetail } from '@contract/payment';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import PriceLines, { PriceLine } from '../../../components/price-lines';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { copyText } from '../../../platform/ui';

const HOUSEHOLD_NAMES: Record<string, string> = { TRAILING_HOLD: '随迁落户', TALENT_IN: '人才引进' };

/** 用户信息 the applicant gave, household type and remark. */
export function ApplicantCard({ order: o }: { order: OrderDetail }) {
  if (!o.applicant.length && !o.householdType && !o.remark) return null;
  return (
    <PriceLines>
      {o.applicant.map((a) => (
        <PriceLine key={a.label} label={a.label}>
          {a.value}
        </PriceLine>
      ))}
      {o.householdType ? (
        <PriceLine label="入户类型">{HOUSEHOLD_NAMES[o.householdType] || o.householdType}</PriceLine>
      ) : null}
      {o.remark ? <PriceLine label="订单备注">{o.remark}</PriceLine> : null}
    </PriceLines>
  );
}

/** 售后: the newest application's state (opens it) and what has come back; hidden when there was none. */
export function AfterSaleCard({ order: o }: { order: OrderDetail }) {
  const sale = o.refundVO;
  if (!sale || (!sale.applicationNo && !sale.refundAmount)) return null;
  return (
    <PriceLines>
      {sale.applicationNo ? (
        <PriceLine
          label="售后"
          arrow
          onClick={() => void openPage(ROUTES.afterSaleDetail, { applicationNo: sale.applicationNo! })}
        >
          <View id="order-after-sale">{sale.afterSaleStateText}</View>
        </PriceLine>
      ) : null}
      {sale.refundAmount > 0 ? (
        <PriceLine label="已退款">
          <View className="sf-price" id="order-refunded">
            {formatMoney(sale.refundAmount)}
          </View>
        </PriceLine>
      ) : null}
      {sale.refundTime ? <PriceLine label="退款时间">{formatChinaTime(sale.refundTime)}</PriceLine> : null}
    </PriceLines>
  );
}

/** 订单编号 (copyable), times, the newest payment's channel, the agreement and a course change. */
export default function InfoCard({ order: o }: { order: OrderDetail }) {
  const change = o.courseChange;
  // The newest payment's channel as 支付记录 names it (百度支付 rather than the pay type's 银行卡).
  const cash = (o.paidList || []).filter((p) => p.points === null);
  const channel = cash.length ? cash[cash.length - 1].channel : '';
  return (
    <PriceLines>
      <PriceLine label="订单编号">
        <View id="order-no">
          {o.orderNo}
          <View className="sf-detail__copy" onClick={() => copyText(o.orderNo)}>
            复制
          </View>
        </View>
      </PriceLine>
      <PriceLine label="下单时间">{formatChinaTime(o.createdAt)}</PriceLine>
      {o.payTypeName ? <PriceLine label="支付方式">{channel || o.payTypeName}</PriceLine> : null}
      {o.payTime ? <PriceLine label="支付时间">{formatChinaTime(o.payTime)}</PriceLine> : null}
      {o.agreementSn ? (
        <PriceLine label="购买协议" arrow onClick={() => void openPage(ROUTES.ratifyAccord, { orderNo: o.orderNo })}>
          {o.agreementSigned ? '已签署' : '待签署'}
        </PriceLine>
      ) : null}
      {change ? (
        <PriceLine
          label={change.direction === 'FROM' ? '换课来源' : '已换课至'}
          arrow
          onClick={() => void openPage(ROUTES.orderDetail, { orderNo: change.orderNo })}
        >
          <View id="order-course-change">{change.courseName}</View>
        </PriceLine>
      ) : null}
    </PriceLines>
  );
}
