import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { HeldCoupon } from '@contract/coupon';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useShownPagedList } from '../../../components/paged-list/use-shown-list';
import { useStores } from '../../../stores';
import HeldCouponCard from '../held-coupon';
import '../coupon.scss';

/** §2 couponHistory: used and expired coupons together, newest first, disabled look. */
function CouponHistory() {
  const { api, session } = useStores();
  const list = useShownPagedList<HeldCoupon>((page, perSize) => api.coupon.list('history', page, perSize), 10);

  const now = session.now();
  return (
    <PageShell className="sf-coupons-page">
      <View style={{ height: '4px' }} />
      {list.list.map((c) => (
        <HeldCouponCard key={c.rcSn} coupon={c} now={now} />
      ))}
      {list.loaded && !list.error && !list.list.length ? <EmptyView text="暂无历史优惠券" /> : null}
      {list.error ? <EmptyView text={list.error} actionText="重试" onAction={() => void list.load(true)} /> : null}
      {list.list.length ? (
        <View className="sf-coupons-page__end">{list.done ? '没有更多了' : list.loading ? '加载中...' : ''}</View>
      ) : null}
    </PageShell>
  );
}

export default observer(CouponHistory);
