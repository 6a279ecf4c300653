import { View } from '@tarojs/components';
import type { PaidRecord } from '@contract/order';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';

/** 支付记录: each payment made with its channel and time, a points order's points first (server paidList). */
export default function PaidCard({ list }: { list: readonly PaidRecord[] }) {
  return list.length ? (
    <View className="sf-detail__card" id="order-paid-list">
      <View className="sf-detail__card-title">支付记录</View>
      {list.map((p, i) => (
        <View key={i} className={`sf-detail__paid-row ${p.returned ? 'is-returned' : ''}`}>
          <View>
            <View className="sf-detail__paid-title">
              {p.title}
              <View className="sf-detail__paid-channel">{p.channel}</View>
            </View>
            <View className="sf-detail__paid-time">{formatChinaTime(p.paidAt, 'YYYY-MM-DD HH:mm')}</View>
          </View>
          <View className="sf-detail__paid-amount">
            {p.points !== null ? p.points + p.channel : formatMoney(p.amount)}
            {p.returned ? <View className="sf-detail__paid-note">已退回</View> : null}
          </View>
        </View>
      ))}
    </View>
  ) : null;
}
