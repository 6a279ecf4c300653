import { ScrollView, Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { DiscountCoupon } from '@contract/order';
import { percentCouponText, splitCoupons } from '@contract/rules/coupon';
import { formatMoney } from '@contract/rules/money';
import { couponDates } from '../../domain/coupon-dates';
import Popup from '../popup';
import './index.scss';

interface CouponPopupProps {
  open: boolean;
  coupons: DiscountCoupon[];
  selectedRcSn: string | null;
  /** Server-adjusted now, for 今日到期 / 明日到期. */
  now: number;
  onClick: (coupon: DiscountCoupon) => void;
  onClose: () => void;
}

/** §2 coupon popup 优惠券 with the two tags; §4 selection rules live in the draft store. */
export default function CouponPopup({ open, coupons, selectedRcSn, now, onClick, onClose }: CouponPopupProps) {
  const [tab, setTab] = useState<'available' | 'unavailable'>('available');
  const { available, unavailable } = splitCoupons(coupons);
  const list = tab === 'available' ? available : unavailable;
  return (
    <Popup open={open} title="优惠券" onClose={onClose} className="sf-coupons">
      {/* Hand-made, not AtTabs: two tabs inside a fixed-height sheet, where AtTabs' swipeable panes would
          fight the list's scroll. */}
      <View className="sf-coupons__tabs">
        <View
          className={`sf-coupons__tab ${tab === 'available' ? 'is-active' : ''}`}
          onClick={() => setTab('available')}
        >
          可用优惠券 ({available.length}张)
        </View>
        <View
          className={`sf-coupons__tab ${tab === 'unavailable' ? 'is-active' : ''}`}
          onClick={() => setTab('unavailable')}
        >
          不可用优惠券 ({unavailable.length}张)
        </View>
      </View>
      <ScrollView scrollY className="sf-coupons__list">
        {!coupons.length ? <View className="sf-coupons__empty">您还没有领取任何优惠券！</View> : null}
        {coupons.length > 0 && !list.length ? <View className="sf-coupons__empty">暂无数据</View> : null}
        {list.map((c) => {
          const dates = couponDates(c, now);
          return (
            <View
              key={c.rcSn}
              className={`sf-coupon ${c.isAvailable ? '' : 'is-disabled'} ${c.rcSn === selectedRcSn ? 'is-selected' : ''}`}
              data-rc-sn={c.rcSn}
              onClick={() => {
                if (!c.isAvailable) return;
                onClick(c);
                onClose();
              }}
            >
              <View className="sf-coupon__value">
                <View className="sf-coupon__amount">
                  {c.couponType === 2 ? percentCouponText(c.couponAmount) : formatMoney(c.couponAmount)}
                </View>
                <View className="sf-coupon__threshold">
                  {c.threshold > 0 ? `满${formatMoney(c.threshold)}可用` : '无门槛'}
                </View>
              </View>
              <View className="sf-coupon__body">
                <View className="sf-coupon__name">{c.couponName}</View>
                <View className="sf-coupon__meta">
                  {c.couponType === 2 && c.upperLimit > 0 ? `最高减${formatMoney(c.upperLimit)} · ` : ''}
                  {c.scope}
                </View>
                <View className="sf-coupon__meta sf-coupon__dates">
                  {dates.validity}
                  {dates.expiry ? <Text className="sf-coupon__expiry">{dates.expiry}</Text> : null}
                </View>
                {!c.isAvailable && c.disabledReason ? (
                  <View className="sf-coupon__reason">{c.disabledReason}</View>
                ) : null}
              </View>
              {c.isAvailable ? <View className={`sf-coupon__check ${c.rcSn === selectedRcSn ? 'is-on' : ''}`} /> : null}
            </View>
          );
        })}
      </ScrollView>
    </Popup>
  );
}
