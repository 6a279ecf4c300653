import { View } from '@tarojs/components';
import PageShell from '../../../components/page-shell';
import { callPhone, copyText } from '../../../platform/ui';
import './customerService.scss';

/** The service line and its hours; static until projects configure their own. */
export const SERVICE_PHONE = '4008008000';
export const SERVICE_PHONE_TEXT = '400-800-8000';
export const SERVICE_HOURS = '周一至周日 9:00-21:00';

/** §1/§2 customer service: the service phone (tap to call, long-press to copy) and working hours. */
export default function CustomerService() {
  return (
    <PageShell className="sf-service">
      <View className="sf-service__card">
        <View className="sf-service__title">联系客服</View>
        <View className="sf-service__sub">购买、订单、退款等问题，欢迎联系我们</View>
        <View className="sf-service__row" id="service-phone" onClick={() => callPhone(SERVICE_PHONE)} onLongPress={() => copyText(SERVICE_PHONE)}>
          <View className="sf-service__label">客服电话</View>
          <View className="sf-service__value">{SERVICE_PHONE_TEXT}</View>
        </View>
        <View className="sf-service__row">
          <View className="sf-service__label">服务时间</View>
          <View className="sf-service__value">{SERVICE_HOURS}</View>
        </View>
      </View>
      <View className="sf-btn sf-service__call" onClick={() => callPhone(SERVICE_PHONE)}>
        拨打客服电话
      </View>
      <View className="sf-service__tip">请在服务时间内拨打，我们将竭诚为您服务</View>
    </PageShell>
  );
}
