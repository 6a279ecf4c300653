import { View } from '@tarojs/components';
import { useState } from 'react';
import type { ScheduleRow } from '../../domain/schedule';
import { formatMoney } from '@contract/rules/money';
import TipPopup from '../tip-popup';
import './index.scss';

interface PayScheduleProps {
  /** Rows from domain/schedule.ts scheduleRows. */
  rows: ScheduleRow[];
}

const DEDUCTION_HELP = '费用抵扣：更换课程后，原课程已支付的费用抵扣新课程的应付金额。';

/** §2 deposit and instalment schedule with the 费用抵扣 help popup. */
export default function PaySchedule({ rows }: PayScheduleProps) {
  const [help, setHelp] = useState(false);
  if (!rows.length) return null;
  return (
    <View className="sf-schedule">
      {rows.map((row) => (
        <View key={row.key} className={`sf-schedule__row is-${row.state} ${row.greyed ? 'is-grey' : ''}`}>
          <View className="sf-schedule__title">{row.title}</View>
          <View className="sf-schedule__amount">{formatMoney(row.amount)}</View>
          <View className="sf-schedule__status">{row.statusText}</View>
          {row.deductionAmount > 0 ? (
            <View className="sf-schedule__deduction">
              <View className="sf-schedule__help" onClick={() => setHelp(true)}>
                费用抵扣 ?
              </View>
              <View>-{formatMoney(row.deductionAmount)}</View>
              {row.paidAmount !== null ? (
                <View className="sf-schedule__paid">实付 {formatMoney(row.paidAmount)}</View>
              ) : null}
            </View>
          ) : null}
        </View>
      ))}
      <TipPopup
        open={help}
        title="费用抵扣"
        message={DEDUCTION_HELP}
        confirmText="我知道了"
        onConfirm={() => setHelp(false)}
      />
    </View>
  );
}
