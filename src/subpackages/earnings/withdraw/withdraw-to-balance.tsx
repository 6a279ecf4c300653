import { View } from '@tarojs/components';
import { WECHAT_BALANCE_NAME } from '@contract/rules/withdrawal';

/** 到账方式 when the store pays withdrawals to WeChat balance: no card to choose; WeChat asks the earner to accept. */
export default function WithdrawToBalance() {
  return (
    <View className="sf-earn__card">
      <View className="sf-earn__card-title">到账方式</View>
      <View className="sf-earn__row" id="withdraw-to-balance">
        <View className="sf-earn__check is-on" />
        <View className="sf-earn__input">{WECHAT_BALANCE_NAME}</View>
      </View>
      <View className="sf-earn__muted">打款后请在微信中确认收款</View>
    </View>
  );
}
