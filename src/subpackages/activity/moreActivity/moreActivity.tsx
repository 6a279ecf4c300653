import { View } from '@tarojs/components';
import Taro, { useLoad, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { ActivityCard as Card } from '@contract/pages';
import { ApiError } from '../../../api/request';
import ActivityCard from '../../../components/activity-card';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { detailJumpEnum } from '../../../domain/catalogue';
import { resolveJump } from '../../../domain/jump';
import { followJump, goBackOrHome } from '../../../platform/navigation';
import { useStores } from '../../../stores';

const PER_SIZE = 10;

/** "More" list of a column or of the activities a coupon applies to (§2 moreActivity: couponSn, targetSn). */
function MoreActivity() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const filter = { couponSn: params.couponSn ? String(params.couponSn) : undefined, targetSn: params.targetSn ? String(params.targetSn) : undefined };
  const state = useLocalObservable(() => ({ list: [] as Card[], page: 0, total: 0, loading: false, error: '', done: false }));

  async function load(reset: boolean) {
    if (state.loading || (!reset && state.done)) return;
    const page = reset ? 1 : state.page + 1;
    runInAction(() => {
      state.loading = true;
      state.error = '';
    });
    try {
      const res = await api.pages.moreLevelList(filter, page, PER_SIZE);
      runInAction(() => {
        state.list = reset ? res.list : [...state.list, ...res.list];
        state.page = page;
        state.total = res.total;
        state.done = state.list.length >= res.total || res.list.length < PER_SIZE;
      });
    } catch (err) {
      runInAction(() => (state.error = err instanceof ApiError ? err.message : String(err)));
    } finally {
      runInAction(() => (state.loading = false));
    }
  }

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
      {state.list.map((card) => (
        <ActivityCard key={card.actSn} card={card} onClick={open} />
      ))}
      {!state.loading && !state.error && !state.list.length ? <EmptyView /> : null}
      {state.error ? <EmptyView text={state.error} actionText="返回首页" onAction={() => void goBackOrHome()} /> : null}
      {state.list.length ? <View className="sf-more__end">{state.done ? '没有更多了' : state.loading ? '加载中...' : ''}</View> : null}
    </PageShell>
  );
}

export default observer(MoreActivity);
