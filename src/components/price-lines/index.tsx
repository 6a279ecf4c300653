import { View } from '@tarojs/components';
import type { PropsWithChildren } from 'react';
import { freightText } from '@contract/rules/freight';
import { formatMoney } from '@contract/rules/money';
import TextField from '../text-field';
import './index.scss';

interface LineProps {
  /** Left-hand label. */
  label: string;
  onClick?: () => void;
  /** Shows a › arrow for lines that open something. */
  arrow?: boolean;
}

/** One row of the §2 price block. */
export function PriceLine({ label, onClick, arrow, children }: PropsWithChildren<LineProps>) {
  return (
    <View className="sf-lines__row" onClick={onClick}>
      <View className="sf-lines__label">{label}</View>
      <View className="sf-lines__value">{children}</View>
      {arrow ? <View className="sf-lines__arrow">›</View> : null}
    </View>
  );
}

/** 运费: the old freight struck through when it changed; 免运费 at 0 (§2). */
export function FreightValue({ freight, oldFreight }: { freight: number; oldFreight: number }) {
  return (
    <View className="sf-lines__freight">
      {oldFreight !== freight && oldFreight > 0 ? (
        <View className="sf-lines__old">{formatMoney(oldFreight)}</View>
      ) : null}
      <View>{freightText(freight, formatMoney)}</View>
    </View>
  );
}

interface RemarkProps {
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}

/** 订单备注: optional, at most 30 characters, placeholder 选填, 备注留言 (§5). */
export function RemarkLine({ value, maxLength, onChange }: RemarkProps) {
  return (
    <TextField
      boxClass="sf-lines__row"
      labelClass="sf-lines__label"
      fieldClass="sf-lines__remark"
      label="订单备注"
      id="order-remark"
      value={value}
      maxLength={maxLength}
      placeholder="选填, 备注留言"
      onInput={(e) => onChange(e.detail.value)}
    />
  );
}

/** The white block the lines sit in. */
export default function PriceLines({ children }: PropsWithChildren) {
  return <View className="sf-lines">{children}</View>;
}
