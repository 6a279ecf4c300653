import { Image, Text, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import type { LogisticsInfo } from '@contract/after-sales';
import { useDetailLoad } from '../../../components/detail-load';
import EventTimeline from '../../../components/event-timeline';
import Icon from '../../../components/icon';
import PageShell from '../../../components/page-shell';
import { copyText } from '../../../platform/ui';
import { orderPackageApi } from '../api';
import '../afterSale/after-sale.scss';
import './logistics.scss';

/**
 * §2 logistics/logistics (params carrierCode, trackingNo): a parcel of the customer's (their return parcel, or a
 * goods order's parcel the merchant sent) as the big stores show one: where it is, the carrier and the number to
 * copy, what is inside, and what happened to it (the carrier's scans), newest first.
 */
function Logistics() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const carrierCode = String(params.carrierCode ?? '');
  const trackingNo = String(params.trackingNo ?? '');
  const { data: info, gate } = useDetailLoad<LogisticsInfo>({
    fetch: () => api.afterSales.tracking(carrierCode, trackingNo),
    failText: '物流查询失败，请重试',
    shellClass: 'sf-as sf-asl',
    loadingClass: 'sf-as__card sf-as__muted',
  });
  if (gate || !info) return gate;
  const { goods } = info;
  // The tracker's times are already China time as text (YYYY-MM-DD HH:mm:ss): shown without the seconds.
  const events = info.traces.map((t) => ({ title: t.context, time: t.time.slice(0, 16) }));
  return (
    <PageShell className="sf-as sf-asl">
      <View className="sf-asl__hero">
        <View className="sf-asl__state" id="track-state">
          {info.stateText}
        </View>
        <View className="sf-asl__sub" id="track-kind">
          {info.kind === 'RETURN' ? '退货包裹 · 寄往商家售后仓' : '订单包裹 · 寄往您的收货地址'}
        </View>
      </View>

      <View className="sf-as__card sf-asl__parcel" id="track-parcel">
        <View className="sf-asl__carrier">
          <View className="sf-asl__badge">{info.carrierName.slice(0, 1)}</View>
          <Text className="sf-asl__carrier-name" id="track-carrier">
            {info.carrierName}
          </Text>
        </View>
        <View className="sf-asl__number">
          <Text className="sf-asl__number-label">运单号</Text>
          <Text className="sf-asl__number-value" id="track-no" userSelect>
            {info.trackingNo}
          </Text>
          <View className="sf-asl__copy" id="track-copy" onClick={() => copyText(info.trackingNo)}>
            复制
          </View>
        </View>
        <View className="sf-asl__goods" id="track-goods">
          {goods.cover ? (
            <Image className="sf-asl__cover" src={goods.cover} mode="aspectFill" />
          ) : (
            <View className="sf-asl__cover sf-asl__cover--none">
              <Icon value="shopping-bag" size={22} />
            </View>
          )}
          <View className="sf-asl__goods-name">{goods.name}</View>
          <View className="sf-asl__goods-qty" id="track-qty">
            共{goods.quantity}件
          </View>
        </View>
      </View>

      <View className="sf-as__card" id="track-timeline">
        <View className="sf-as__title">物流跟踪</View>
        {events.length === 0 ? (
          <View className="sf-asl__empty">暂无物流信息，快递公司揽收后将在这里显示</View>
        ) : (
          <EventTimeline events={events} />
        )}
      </View>
    </PageShell>
  );
}

export default observer(Logistics);
