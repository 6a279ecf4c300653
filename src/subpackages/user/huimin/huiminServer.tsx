import { View } from '@tarojs/components';
import { useLoad } from '@tarojs/taro';
import { useState } from 'react';
import AtIcon from 'taro-ui/lib/components/icon';
import type { ServiceInfo } from '@contract/user-extras';
import PageShell from '../../../components/page-shell';
import { BUILT_ROUTES, ROUTES, type RoutePath } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { callPhone } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './huiminServer.scss';

interface ServiceEntry {
  title: string;
  text: string;
  icon: string;
  route: RoutePath;
  query?: Record<string, string>;
}

/** The project's every-field collect form (seeded per project as `<projectSn>-form`). */
export const infoFormSn = (projectSn: string) => `${projectSn}-form`;

/**
 * §2 huimin/huiminServer, the service page: the service line at the top, then every way to reach the merchant
 * that this build has (an entry whose page is not built is hidden, DESIGN.md §8).
 */
export default function HuiminServer() {
  const { api, session } = useStores();
  const [info, setInfo] = useState<ServiceInfo | null>(null);
  useLoad(
    () =>
      void api.service
        .info()
        .then(setInfo)
        .catch(() => undefined),
  );

  const entries: ServiceEntry[] = [
    {
      title: '信息登记',
      text: '留下您的联系方式，课程顾问为您解答',
      icon: 'edit',
      route: ROUTES.collectForms,
      query: { formSn: infoFormSn(session.projectSn) },
    },
    { title: '联系客服', text: '电话与企业微信客服', icon: 'phone', route: ROUTES.customerService },
    { title: '意见反馈', text: '告诉我们您的建议', icon: 'message', route: ROUTES.feedback },
    { title: '关注我们', text: '添加企业微信，获取课程通知', icon: 'image', route: ROUTES.drainageCode },
    { title: '用户协议', text: '用户协议与隐私政策', icon: 'file-generic', route: ROUTES.agreement },
  ];
  return (
    <PageShell className="sf-huimin">
      <View className="sf-huimin__hero">
        <View className="sf-huimin__title">{session.projectName || '服务中心'}</View>
        <View className="sf-huimin__sub">服务时间：{info?.hours ?? '周一至周日 9:00-21:00'}</View>
        {info ? (
          <View className="sf-huimin__phone" id="huimin-phone" onClick={() => callPhone(info.phone)}>
            服务热线 {info.phoneText}
          </View>
        ) : null}
      </View>
      <View className="sf-huimin__list">
        {entries
          .filter((e) => BUILT_ROUTES.has(e.route))
          .map((e) => (
            <View key={e.title} className="sf-huimin__entry" onClick={() => void openPage(e.route, e.query)}>
              <AtIcon value={e.icon} size={22} className="sf-huimin__icon" />
              <View className="sf-huimin__entry-body">
                <View className="sf-huimin__entry-title">{e.title}</View>
                <View className="sf-huimin__entry-text">{e.text}</View>
              </View>
              <View className="sf-huimin__arrow">›</View>
            </View>
          ))}
      </View>
    </PageShell>
  );
}
