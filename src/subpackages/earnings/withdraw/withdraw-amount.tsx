import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { formatMoney } from '@contract/rules/money';
import AmountInput from '../../../components/amount-input';
import type { WithdrawForm } from './use-withdraw';

/**
 * 提现金额: the field (kept as typed), 全部提现, what may be taken, the fee and what arrives, and what is wrong
 * with the amount by the rule the server applies.
 */
function WithdrawAmount({ form }: { form: WithdrawForm }) {
  const { info, verdict } = form;
  if (!info || !verdict) return null;
  const error = form.shownError;
  return (
    <View className="sf-earn__card">
      <View className="sf-earn__card-title">提现金额</View>
      <View className="sf-earn__amount-row">
        <View className="sf-earn__yen">¥</View>
        <AmountInput
          id="withdraw-amount"
          className="sf-earn__amount-input"
          value={form.amount}
          placeholder="0.00"
          onInput={(text) => form.typeAmount(text)}
        />
        <View className="sf-earn__all" id="withdraw-all" onClick={() => form.takeAll()}>
          全部提现
        </View>
      </View>
      <View className="sf-earn__muted" id="withdraw-available">
        可提现 {formatMoney(info.available)}，本次最多可提 {formatMoney(info.maxAmount)}
      </View>
      {verdict.amount ? (
        <View className="sf-earn__muted">
          手续费 {formatMoney(verdict.fee)}，实际到账 {formatMoney(verdict.actual)}
        </View>
      ) : null}
      {error ? (
        <View className="sf-earn__error" id="withdraw-error">
          {error}
        </View>
      ) : null}
    </View>
  );
}

export default observer(WithdrawAmount);
