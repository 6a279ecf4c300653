import { View } from '@tarojs/components';
import { useLoad } from '@tarojs/taro';
import { useState } from 'react';
import type { ServiceInfo } from '@contract/user-extras';
import PageShell from '../../../components/page-shell';
import QrCode from '../../../components/qr-code';
import Skeleton from '../../../components/skeleton';
import { callPhone, copyText } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './customerService.scss';

/** Shown until the project's own settings arrive, and if they cannot be loaded: the platform's service line. */
export const SERVICE_PHONE = '4008008000';
export const SERVICE_PHONE_TEXT = '400-800-8000';
export const SERVICE_HOURS = '周一至周日 9:00-21:00';

/**
 * §1/§2 customer service, configured per project (/front/v1/service/info): the phone (tap to call, long-press
 * to copy with 复制成功), the hours, and the WeChat Work contact as a QR code.
 */
export default function CustomerService() {
  const { api } = useStores();
  const [info, setInfo] = useState<ServiceInfo | null>(null);
  const [loaded, setLoaded] = useState(false);

  useLoad(() => {
    api.service
      .info()
      .then(setInfo)
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  });

  const phone = info?.phone ?? SERVICE_PHONE;
  const phoneText = info?.phoneText ?? SERVICE_PHONE_TEXT;
  return (
    <PageShell className="sf-service">
      <View className="sf-service__card">
        <View className="sf-service__title">联系客服</View>
        <View className="sf-service__sub">购买、订单、退款等问题，欢迎联系我们</View>
        {!loaded ? (
          <Skeleton variant="lines" count={2} />
        ) : (
          <>
            <View
              className="sf-service__row"
              id="service-phone"
              onClick={() => callPhone(phone)}
              onLongPress={() => copyText(phone)}
            >
              <View className="sf-service__label">客服电话</View>
              <View className="sf-service__value">{phoneText}</View>
            </View>
            <View className="sf-service__row">
              <View className="sf-service__label">服务时间</View>
              <View className="sf-service__value">{info?.hours ?? SERVICE_HOURS}</View>
            </View>
          </>
        )}
      </View>
      {info?.wechatLink ? (
        <View className="sf-service__card sf-service__wechat">
          <View className="sf-service__title">企业微信客服</View>
          {info.wechatName ? <View className="sf-service__sub">{info.wechatName}</View> : null}
          <QrCode text={info.wechatLink} name="wechat-service" id="service-wechat-qr" />
        </View>
      ) : null}
      <View className="sf-btn sf-service__call" onClick={() => callPhone(phone)}>
        拨打客服电话
      </View>
      <View className="sf-service__tip">长按电话号码可复制；请在服务时间内拨打，我们将竭诚为您服务</View>
    </PageShell>
  );
}
