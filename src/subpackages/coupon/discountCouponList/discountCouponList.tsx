import { View } from '@tarojs/components';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import type { CouponListState, HeldCoupon } from '@contract/coupon';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useShownPagedList } from '../../../components/paged-list/use-shown-list';
import { COUPON_TABS, claimFromScan } from '../../../domain/coupons';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { scanner } from '../../../platform/scan';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import HeldCouponCard from '../held-coupon';
import { goUseCoupon } from '../use-coupon';
import '../coupon.scss';

const PER_SIZE = 10;

/** §2 我的优惠券: tabs by state, paged, 去使用 (§4), a link to the history and, in mini-programs, 扫一扫 to claim. */
function DiscountCouponList() {
  const { api, session } = useStores();
  const ui = useLocalObservable(() => ({ tab: '1' as CouponListState }));
  const list = useShownPagedList<HeldCoupon>((page, perSize) => api.coupon.list('1', page, perSize), PER_SIZE);

  function switchTab(state: CouponListState) {
    runInAction(() => (ui.tab = state));
    list.setSource((page, perSize) => api.coupon.list(state, page, perSize));
    void list.load(true);
  }

  async function scan() {
    const text = await scanner.scan();
    if (text === null) return;
    const target = claimFromScan(text);
    if (!target) {
      toast('无法识别该二维码');
      return;
    }
    await openPage(ROUTES.getCouponActive, { actSn: target.actSn });
  }

  const now = session.now();
  return (
    <PageShell className="sf-coupons-page">
      <View className="sf-coupons-page__tabs">
        {COUPON_TABS.map((t) => (
          <View
            key={t.state}
            className={`sf-coupons-page__tab ${ui.tab === t.state ? 'is-active' : ''}`}
            onClick={() => switchTab(t.state)}
          >
            {t.title}
          </View>
        ))}
      </View>
      <View className="sf-coupons-page__tools">
        {scanner.available ? (
          <View className="sf-coupons-page__tool" onClick={() => void scan()}>
            扫一扫
          </View>
        ) : null}
        <View className="sf-coupons-page__tool" onClick={() => void openPage(ROUTES.couponHistory)}>
          历史优惠券
        </View>
      </View>
      {list.list.map((c) => (
        <HeldCouponCard key={c.rcSn} coupon={c} now={now} onUse={(coupon) => void goUseCoupon(api, coupon)} />
      ))}
      {list.loaded && !list.error && !list.list.length ? <EmptyView text="暂无优惠券" /> : null}
      {list.error ? <EmptyView text={list.error} actionText="重试" onAction={() => void list.load(true)} /> : null}
      {list.list.length ? (
        <View className="sf-coupons-page__end">{list.done ? '没有更多了' : list.loading ? '加载中...' : ''}</View>
      ) : null}
    </PageShell>
  );
}

export default observer(DiscountCouponList);
