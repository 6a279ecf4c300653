import { View } from '@tarojs/components';
import type { ReactNode } from 'react';
import { couponFace, instructionLines, thresholdText, validityPieces } from '../../domain/cards';
import { upperLimitText } from '../../domain/coupons';
import './index.scss';

interface CouponCardProps {
  coupon: {
    couponName: string;
    couponType: number;
    couponAmount: number;
    threshold: number;
    upperLimit: number;
    scope: string;
    instructions: string;
  };
  /** The validity line (validityText). */
  validity: string;
  /** §4 expiry label: 今日到期 / 明日到期 / the date; empty for none. */
  expiry?: string;
  /** Used (2) or expired (3): the card is greyed and stamped with `mark`. */
  disabled?: boolean;
  mark?: string;
  /** The button or state on the right (去使用, 领取, 已领取 ...). */
  action?: ReactNode;
  /** A line under the scope (e.g. the claim page's stock). */
  extra?: string;
}

/** One coupon as a ticket: value and threshold left, name, scope, validity and instructions right. */
export default function CouponCard({ coupon, validity, expiry, disabled, mark, action, extra }: CouponCardProps) {
  const face = couponFace(coupon);
  const lines = instructionLines(coupon.instructions);
  const limit = upperLimitText(coupon);
  return (
    <View className={`sf-ticket ${disabled ? 'is-disabled' : ''}`}>
      <View className="sf-ticket__main">
        <View className="sf-ticket__value">
          <View className="sf-ticket__amount">
            {face.unit === '¥' ? <View className="sf-ticket__unit">¥</View> : null}
            <View className="sf-ticket__figure">{face.value}</View>
            {face.unit === '折' ? <View className="sf-ticket__unit">折</View> : null}
          </View>
          <View className="sf-ticket__threshold">{thresholdText(coupon.threshold)}</View>
        </View>
        <View className="sf-ticket__body">
          <View className="sf-ticket__name">{coupon.couponName}</View>
          <View className="sf-ticket__scope">{[coupon.scope, limit].filter(Boolean).join(' · ')}</View>
          {extra ? <View className="sf-ticket__scope">{extra}</View> : null}
          <View className="sf-ticket__validity">
            {validityPieces(validity).map((piece, i, all) => (
              <View key={piece} className="sf-ticket__piece">
                {/* The space is kept in the text (read aloud, copied); the margin draws the gap. */}
                {i < all.length - 1 ? `${piece} ` : piece}
              </View>
            ))}
            {expiry ? <View className="sf-ticket__expiry">{expiry}</View> : null}
          </View>
        </View>
        {action ? <View className="sf-ticket__action">{action}</View> : null}
        {disabled && mark ? <View className="sf-ticket__mark">{mark}</View> : null}
      </View>
      {lines.length ? (
        <View className="sf-ticket__notes">
          {lines.map((l, i) => (
            <View key={i} className="sf-ticket__note">
              {l}
            </View>
          ))}
        </View>
      ) : null}
    </View>
  );
}
