import { View } from '@tarojs/components';
import Taro, { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import PageShell from '../../components/page-shell';
import { ROUTES, TAB_ROUTES, CENTER_TAB_INDEX, toUrl, type RoutePath } from '../../domain/routes';
import { entranceUrl, openPage } from '../../platform/navigation';
import { useStores } from '../../stores';
import './center.scss';

/** Entries to the areas of the product; each opens through the access check. */
const ENTRIES: { title: string; route: RoutePath }[] = [
  { title: '我的订单', route: ROUTES.orderList },
  { title: '优惠券', route: ROUTES.discountCouponList },
  { title: '卡券', route: ROUTES.couponList },
  { title: '兑换中心', route: ROUTES.exchangeCenter },
  { title: '售后服务', route: ROUTES.afterSaleOrder },
  { title: '收货地址', route: ROUTES.deliveryAddress },
  { title: '我的收益', route: ROUTES.myEarnings },
  { title: '意见反馈', route: ROUTES.feedback },
  { title: '联系客服', route: ROUTES.customerService },
];

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** §2 personal centre, the fifth tab (no pull-to-refresh). */
function Center() {
  const { session } = useStores();
  useDidShow(() => session.setCurrentTab(CENTER_TAB_INDEX));

  function login() {
    void Taro.navigateTo({ url: entranceUrl({ login: 'phone', redirect: toUrl(TAB_ROUTES[CENTER_TAB_INDEX]) }) });
  }

  async function logout() {
    const res = await Taro.showModal({ title: '提示', content: '确定退出登录吗？' });
    if (!res.confirm) return;
    const projectSn = session.projectSn;
    session.clear();
    void Taro.reLaunch({ url: entranceUrl({ projectSn }) });
  }

  const user = session.loggedIn ? session.userInfo : null;
  return (
    <PageShell className="sf-center">
      <View className="sf-center__head">
        <View className="sf-center__avatar" />
        {user ? (
          <View className="sf-center__user">
            <View className="sf-center__name">{user.nickName || '用户'}</View>
            <View className="sf-center__phone">{maskPhone(user.phone || '')}</View>
          </View>
        ) : (
          <View className="sf-center__user" onClick={login}>
            <View className="sf-center__name sf-center__login">登录/注册</View>
            <View className="sf-center__phone">登录后查看订单、优惠券和收益</View>
          </View>
        )}
      </View>
      <View className="sf-center__grid">
        {ENTRIES.map((e) => (
          <View key={e.route} className="sf-center__entry" onClick={() => void openPage(e.route)}>
            <View className="sf-center__dot" />
            <View>{e.title}</View>
          </View>
        ))}
      </View>
      {user ? (
        <View className="sf-btn is-ghost sf-center__logout" onClick={() => void logout()}>
          退出登录
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(Center);
