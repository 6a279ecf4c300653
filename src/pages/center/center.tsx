import { View } from '@tarojs/components';
import Taro, { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import AtIcon from 'taro-ui/lib/components/icon';
import type { OrderTab } from '@contract/constants';
import type { UserSummary } from '@contract/user-summary';
import { confirm } from '../../components/confirm';
import PageShell from '../../components/page-shell';
import { BUILT_ROUTES, ROUTES, TAB_ROUTES, CENTER_TAB_INDEX, toUrl, type RoutePath } from '../../domain/routes';
import { primaryTextColour } from '../../domain/theme';
import { entranceUrl, openPage } from '../../platform/navigation';
import { applyTabBar } from '../../platform/tabbar';
import { useStores } from '../../stores';
import './center.scss';

interface Entry {
  title: string;
  route: RoutePath;
  /** taro-ui icon name. */
  icon: string;
}

/**
 * Entries in two groups. An entry shows only when its page is built (BUILT_ROUTES), so a capability that has
 * not landed is absent rather than a tile that leads nowhere (DESIGN.md §8).
 */
const GROUPS: { title: string; entries: Entry[] }[] = [
  {
    title: '我的资产',
    entries: [
      { title: '优惠券', route: ROUTES.discountCouponList, icon: 'tags' },
      { title: '卡券', route: ROUTES.couponList, icon: 'credit-card' },
      { title: '兑换中心', route: ROUTES.exchangeCenter, icon: 'shopping-bag' },
      { title: '我的收益', route: ROUTES.myEarnings, icon: 'money' },
      { title: '积分查询', route: ROUTES.integralQuery, icon: 'star' },
    ],
  },
  {
    title: '服务与帮助',
    entries: [
      // §2 user/huimin/huiminServer: the service hub (the service line, form, customer service, feedback, terms).
      { title: '服务中心', route: ROUTES.huiminServer, icon: 'help' },
      { title: '收货地址', route: ROUTES.deliveryAddress, icon: 'map-pin' },
      { title: '售后服务', route: ROUTES.afterSaleOrder, icon: 'repeat-play' },
      { title: '意见反馈', route: ROUTES.feedback, icon: 'edit' },
      { title: '联系客服', route: ROUTES.customerService, icon: 'phone' },
      { title: '关注我们', route: ROUTES.drainageCode, icon: 'image' },
      { title: '用户协议', route: ROUTES.agreement, icon: 'file-generic' },
    ],
  },
];

/** The order-status strip: each opens the order list on its tab. (No 待使用: orders have no used state yet.) */
const ORDER_STRIP: { title: string; tab: OrderTab; icon: string }[] = [
  { title: '待付款', tab: 'UNPAID', icon: 'clock' },
  { title: '待发货', tab: 'TO_SHIP', icon: 'shopping-bag' },
  { title: '待收货', tab: 'TO_RECEIVE', icon: 'map-pin' },
  { title: '已完成', tab: 'PAID', icon: 'check-circle' },
  { title: '退款/售后', tab: 'REFUND', icon: 'repeat-play' },
];

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** A count on a tile: nothing for 0, 99+ past 99. (Hand-made, not AtBadge: one styled number beside an icon.) */
function badge(n: number | undefined): string {
  if (!n) return '';
  return n > 99 ? '99+' : String(n);
}

/** §2 personal centre, the fifth tab (no pull-to-refresh). */
function Center() {
  const { session, api } = useStores();
  // summaryFailed: the call failed, so the coupon count is left out (its row with it) rather than loading for ever.
  const state = useLocalObservable(() => ({ summary: null as UserSummary | null, summaryFailed: false }));
  const user = session.loggedIn ? session.userInfo : null;

  useDidShow(() => {
    session.setCurrentTab(CENTER_TAB_INDEX);
    // A reload or a link can open 我的 before any home tab or the entrance has put the project's labels on the
    // tab bar, which starts with the app config's.
    if (session.token) {
      (session.tabList.length ? Promise.resolve(session.tabList) : session.loadMenu())
        .then((tabs) => applyTabBar(tabs, primaryTextColour(session.theme)))
        .catch(() => undefined);
    }
    if (!session.loggedIn) {
      runInAction(() => {
        state.summary = null;
        state.summaryFailed = false;
      });
      return;
    }
    // The numbers are a convenience: when the call fails the page still works, without counts.
    api.user
      .summary()
      .then((s) =>
        runInAction(() => {
          state.summary = s;
          state.summaryFailed = false;
        }),
      )
      .catch(() => runInAction(() => (state.summaryFailed = true)));
    // 我的收益 is for promoters only; the answer also gives the code their share links carry.
    api.earnings
      .profit(1, 1)
      .then((p) => session.setEarner(p.isPromoter, p.promoterCode ?? ''))
      .catch(() => undefined);
  });

  function login() {
    void Taro.navigateTo({ url: entranceUrl({ login: 'phone', redirect: toUrl(TAB_ROUTES[CENTER_TAB_INDEX]) }) });
  }

  async function logout() {
    if (!(await confirm({ title: '提示', content: '确定退出登录吗？' }))) return;
    const projectSn = session.projectSn;
    session.clear();
    void Taro.reLaunch({ url: entranceUrl({ projectSn }) });
  }

  const s = state.summary;
  const couponsBuilt = BUILT_ROUTES.has(ROUTES.discountCouponList);
  // 我的收益 is for promoters; 积分查询 where the project is the points project (§1, INTEGRAL_APPLE).
  const only = (e: Entry) =>
    e.route === ROUTES.myEarnings
      ? !!user && session.isEarner
      : e.route === ROUTES.integralQuery
        ? session.projectEnum === 'INTEGRAL_APPLE'
        : true;
  const groups = GROUPS.map((g) => ({
    ...g,
    entries: g.entries.filter((e) => BUILT_ROUTES.has(e.route) && only(e)),
  })).filter((g) => g.entries.length);
  return (
    <PageShell className="sf-center">
      <View className="sf-center__head">
        <View className="sf-center__avatar" aria-hidden>
          <AtIcon value="user" size={30} />
        </View>
        {user ? (
          <View className="sf-center__user">
            <View className="sf-center__name">{user.nickName || '用户'}</View>
            <View className="sf-center__phone">{maskPhone(user.phone || '')}</View>
          </View>
        ) : (
          <View className="sf-center__user" onClick={login}>
            <View className="sf-center__name sf-center__login">登录/注册</View>
            <View className="sf-center__phone">登录后查看订单和优惠券</View>
          </View>
        )}
      </View>

      {/* The row is drawn with the page and its number filled in when the summary comes: drawn only then, it
          pushed the cards below it down after they had painted (a layout shift of 0.089 at Lighthouse's viewport). */}
      {user && couponsBuilt && !(state.summaryFailed && !s) ? (
        <View className="sf-center__assets">
          <View className="sf-center__asset" onClick={() => void openPage(ROUTES.discountCouponList)}>
            {s ? (
              <View className="sf-center__asset-num">{s.coupons}</View>
            ) : (
              <View className="sf-center__asset-num is-loading" aria-hidden>
                {'\u00a0'}
              </View>
            )}
            <View className="sf-center__asset-label">优惠券</View>
          </View>
        </View>
      ) : null}

      <View className="sf-center__card sf-center__orders">
        <View className="sf-center__card-head" onClick={() => void openPage(ROUTES.orderList)}>
          <View className="sf-center__card-title">我的订单</View>
          <View className="sf-center__more">
            全部订单
            <AtIcon value="chevron-right" size={14} />
          </View>
        </View>
        <View className="sf-center__strip">
          {ORDER_STRIP.map((o) => (
            <View
              key={o.tab}
              className="sf-center__status"
              onClick={() => void openPage(ROUTES.orderList, { tab: o.tab })}
            >
              <View className="sf-center__status-icon">
                <AtIcon value={o.icon} size={24} />
                {badge(s?.orders[o.tab]) ? <View className="sf-center__badge">{badge(s?.orders[o.tab])}</View> : null}
              </View>
              <View className="sf-center__status-title">{o.title}</View>
            </View>
          ))}
        </View>
      </View>

      {groups.map((g) => (
        <View key={g.title} className="sf-center__card sf-center__group">
          <View className="sf-center__card-head">
            <View className="sf-center__card-title">{g.title}</View>
          </View>
          {g.entries.map((e) => (
            <View key={e.route} className="sf-center__entry" onClick={() => void openPage(e.route)}>
              <View className="sf-center__entry-icon">
                <AtIcon value={e.icon} size={20} />
              </View>
              <View className="sf-center__entry-title">{e.title}</View>
              <AtIcon value="chevron-right" size={16} className="sf-center__arrow" />
            </View>
          ))}
        </View>
      ))}

      {user ? (
        <View className="sf-btn is-ghost sf-center__logout" onClick={() => void logout()}>
          退出登录
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(Center);
