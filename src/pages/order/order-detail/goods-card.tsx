import { View } from '@tarojs/components';
import type { OrderDetail } from '@contract/payment';
import { formatChinaTime } from '@contract/rules/china-time';
import PriceLines, { PriceLine } from '../../../components/price-lines';
import { orderCountText } from '../../../domain/catalogue';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { copyText } from '../../../platform/ui';

/** The parcel once it is on its way: carrier, number (copyable), when it went and when it arrived. */
export function ParcelLines({ order: o }: { order: OrderDetail }) {
  const parcel = o.orderStatus === 'PAID' && o.shipment;
  if (!parcel || parcel.status === 'TO_SHIP') return null;
  return (
    <PriceLines>
      <PriceLine label="快递公司">{parcel.carrierName}</PriceLine>
      <PriceLine label="快递单号">
        <View id="order-tracking-no">
          {parcel.trackingNo}
          <View className="sf-detail__copy" onClick={() => copyText(parcel.trackingNo || '')}>
            复制
          </View>
        </View>
      </PriceLine>
      {parcel.shippedAt ? <PriceLine label="发货时间">{formatChinaTime(parcel.shippedAt)}</PriceLine> : null}
      {parcel.receivedAt ? <PriceLine label="收货时间">{formatChinaTime(parcel.receivedAt)}</PriceLine> : null}
    </PriceLines>
  );
}

/** What was bought (name, package, gift courses, count) and, for an activity, when and where it takes place. */
export default function GoodsCard({ order: o }: { order: OrderDetail }) {
  const place = o.event && o.event.place;
  return (
    <>
      <View className="sf-detail__card">
        <View className="sf-detail__name">{o.courseName}</View>
        {o.packageName ? <View className="sf-detail__sub">套餐：{o.packageName}</View> : null}
        {o.giftCourseList.length ? (
          <View className="sf-detail__sub">赠课：{o.giftCourseList.map((g) => g.courseName).join('、')}</View>
        ) : null}
        <View className="sf-detail__sub">{orderCountText(o.orderType, o.courseNum, o.skuCnt)}</View>
      </View>
      {o.event ? (
        <PriceLines>
          {o.event.schedule ? (
            <PriceLine label="活动时间">
              <View id="order-event-time">{o.event.schedule}</View>
            </PriceLine>
          ) : null}
          {place ? (
            <PriceLine label="活动地点" arrow onClick={() => void openPage(ROUTES.openLocation, { ...place })}>
              <View id="order-event-place">{place.name || place.address}</View>
            </PriceLine>
          ) : null}
        </PriceLines>
      ) : null}
    </>
  );
}
