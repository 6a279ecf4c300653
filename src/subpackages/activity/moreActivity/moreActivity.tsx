import { View } from '@tarojs/components';
import Taro, { useLoad, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ActivityCard as Card } from '@contract/pages';
import ActivityCard from '../../../components/activity-card';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import Skeleton from '../../../components/skeleton';
import { detailJumpEnum, moreListTitle } from '../../../domain/catalogue';
import { NO_ACTIVITY } from '../../../domain/coupons';
import { resolveJump } from '../../../domain/jump';
import { followJump, goBackOrHome } from '../../../platform/navigation';
import { setPageTitle } from '../../../platform/ui';
import { useStores } from '../../../stores';
import { PagedList } from '../../../stores/paged-list';

const PER_SIZE = 10;

/**
 * "More" list of a column or of the activities a coupon applies to (§2 moreActivity: couponSn, targetSn), titled by
 * what it lists (the column's own title), not a fixed 更多活动 that is wrong for a course column.
 */
function MoreActivity() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const filter = {
    couponSn: params.couponSn ? String(params.couponSn) : undefined,
    targetSn: params.targetSn ? String(params.targetSn) : undefined,
  };
  const [state] = useState(
    () =>
      new PagedList<Card>(async (page, perSize) => {
        const res = await api.pages.moreLevelList(filter, page, perSize);
        if (page === 1) setPageTitle(moreListTitle({ columnTitle: res.columnTitle, couponSn: filter.couponSn }));
        return res;
      }, PER_SIZE),
  );
  const load = (reset: boolean) => state.load(reset);

  useLoad(() => void load(true));
  useReachBottom(() => void load(false));
  usePullDownRefresh(async () => {
    await load(true);
    Taro.stopPullDownRefresh();
  });

  const open = (card: Card) =>
    void followJump(resolveJump({ firstEnum: detailJumpEnum(card.actType), targetSn: card.actSn }, session.tabList));

  return (
    <PageShell className="sf-more">
      <View style={{ height: '12px' }} />
      {!state.loaded && !state.error ? (
        <View className="sf-home__loading">
          <Skeleton variant="list" />
        </View>
      ) : null}
      {state.list.map((card) => (
        <ActivityCard key={card.actSn} card={card} onClick={open} />
      ))}
      {state.loaded && !state.loading && !state.error && !state.list.length ? (
        <EmptyView text={filter.couponSn ? NO_ACTIVITY : undefined} />
      ) : null}
      {state.error ? <EmptyView text={state.error} actionText="返回首页" onAction={() => void goBackOrHome()} /> : null}
      {state.list.length ? (
        <View className="sf-more__end">{state.done ? '没有更多了' : state.loading ? '加载中...' : ''}</View>
      ) : null}
    </PageShell>
  );
}

export default observer(MoreActivity);
