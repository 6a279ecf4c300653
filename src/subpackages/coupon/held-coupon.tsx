import { View } from '@tarojs/components';
import type { HeldCoupon } from '@contract/coupon';
import CouponCard from '../../components/coupon-card';
import { couponDates } from '../../domain/coupon-dates';
import { couponStateMark, isCouponDisabled } from '../../domain/coupons';

interface HeldCouponCardProps {
  coupon: HeldCoupon;
  /** Server-adjusted now (session.now()), for 今日到期 / 明日到期. */
  now: number;
  /** 去使用; left out for used and expired coupons. */
  onUse?: (coupon: HeldCoupon) => void;
}

/** A coupon of 我的优惠券 / 历史优惠券: disabled look and a stamp for used (2) and expired (3). */
export default function HeldCouponCard({ coupon, now, onUse }: HeldCouponCardProps) {
  const disabled = isCouponDisabled(coupon);
  const { validity, expiry } = couponDates(coupon, now);
  return (
    <View className="sf-held" data-rc-sn={coupon.rcSn}>
      <CouponCard
        coupon={coupon}
        validity={validity}
        expiry={expiry}
        disabled={disabled}
        mark={couponStateMark(coupon.state)}
        action={
          !disabled && onUse ? (
            <View className="sf-pill" onClick={() => onUse(coupon)}>
              去使用
            </View>
          ) : null
        }
      />
    </View>
  );
}
