import { Input, View } from '@tarojs/components';
import Taro, { useLoad, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { ActivityCard as Card } from '@contract/pages';
import { ApiError } from '../../api/request';
import ActivityCard from '../../components/activity-card';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import { detailJumpEnum } from '../../domain/catalogue';
import { resolveJump } from '../../domain/jump';
import { followJump } from '../../platform/navigation';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import './indexSearch.scss';

const PER_SIZE = 10;
/** The server's limit on a search word (contract searchQuery). */
export const KEYWORD_MAX = 30;
export const KEYWORD_REQUIRED = '请输入搜索关键词';

/** §2 search: a search box, results paged as the list scrolls, and 暂无数据 for no keyword or no result. */
function IndexSearch() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const state = useLocalObservable(() => ({
    input: params.keyword ? String(params.keyword) : '',
    keyword: '',
    list: [] as Card[],
    page: 0,
    total: 0,
    loading: false,
    error: '',
    done: false,
  }));

  async function load(reset: boolean) {
    if (!state.keyword || state.loading || (!reset && state.done)) return;
    const keyword = state.keyword;
    const page = reset ? 1 : state.page + 1;
    runInAction(() => {
      state.loading = true;
      state.error = '';
      if (reset) {
        state.list = [];
        state.done = false;
      }
    });
    try {
      const res = await api.pages.search(keyword, page, PER_SIZE);
      runInAction(() => {
        // A newer search replaced this one while it was on its way.
        if (keyword !== state.keyword) return;
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

  function submit() {
    const keyword = state.input.trim();
    runInAction(() => {
      state.keyword = keyword;
      state.list = [];
      state.total = 0;
      state.error = '';
      state.done = false;
    });
    if (!keyword) {
      toast(KEYWORD_REQUIRED);
      return;
    }
    void load(true);
  }

  useLoad(() => {
    if (state.input) submit();
  });
  useReachBottom(() => void load(false));
  usePullDownRefresh(async () => {
    await load(true);
    Taro.stopPullDownRefresh();
  });

  const open = (card: Card) => void followJump(resolveJump({ firstEnum: detailJumpEnum(card.actType), targetSn: card.actSn }, session.tabList));

  return (
    <PageShell className="sf-search">
      <View className="sf-search__bar">
        <View className="sf-search__box">
          <Input
            className="sf-search__input"
            id="search-input"
            value={state.input}
            maxlength={KEYWORD_MAX}
            focus
            confirmType="search"
            placeholder="搜索课程、活动"
            onInput={(e) => runInAction(() => (state.input = e.detail.value))}
            onConfirm={submit}
          />
        </View>
        <View className="sf-search__go" id="search-go" onClick={submit}>
          搜索
        </View>
      </View>
      {state.keyword && state.total > 0 ? <View className="sf-search__count">共找到{state.total}个结果</View> : null}
      {state.list.map((card) => (
        <ActivityCard key={card.actSn} card={card} onClick={open} />
      ))}
      {state.error ? <EmptyView text={state.error} actionText="重新搜索" onAction={() => void load(true)} /> : null}
      {!state.error && !state.loading && !state.list.length ? <EmptyView /> : null}
      {state.list.length ? <View className="sf-more__end">{state.done ? '没有更多了' : state.loading ? '加载中...' : ''}</View> : null}
      {state.loading && !state.list.length ? <View className="sf-home__loading">加载中...</View> : null}
    </PageShell>
  );
}

export default observer(IndexSearch);
