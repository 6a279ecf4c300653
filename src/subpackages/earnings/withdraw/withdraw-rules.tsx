import { View } from '@tarojs/components';

/** 提现规则: the lines of withdrawal/rule (minimum, daily maximum and count, fee). */
export default function WithdrawRules({ lines }: { lines: readonly string[] }) {
  return (
    <View className="sf-earn__card">
      <View className="sf-earn__card-title">提现规则</View>
      {lines.map((l) => (
        <View key={l} className="sf-earn__muted">
          · {l}
        </View>
      ))}
    </View>
  );
}
