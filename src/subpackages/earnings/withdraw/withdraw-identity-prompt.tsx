import { View } from '@tarojs/components';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';

/** 提现前需完成实名认证 with 去认证, shown until the promoter's identity is verified. */
export default function WithdrawIdentityPrompt() {
  return (
    <View
      className="sf-earn__card sf-earn__row"
      id="withdraw-go-auth"
      onClick={() => void openPage(ROUTES.authentication)}
    >
      <View className="sf-earn__label">提现前需完成实名认证</View>
      <View className="sf-earn__value sf-earn__link">去认证</View>
      <View className="sf-earn__arrow">›</View>
    </View>
  );
}
