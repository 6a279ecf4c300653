import { Input, View } from '@tarojs/components';
import Taro, { useLoad, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useState } from 'react';
import type { ActivityCard as Card } from '@contract/pages';
import ActivityCard from '../../components/activity-card';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import Skeleton from '../../components/skeleton';
import { detailJumpEnum } from '../../domain/catalogue';
import { resolveJump } from '../../domain/jump';
import { followJump } from '../../platform/navigation';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { PagedList } from '../../stores/paged-list';
import './indexSearch.scss';

const PER_SIZE = 10;
/** The server's limit on a search word (contract searchQuery). */
export const KEYWORD_MAX = 30;
/** No keyword: nothing to search, an empty page. */
const emptySearch = async () => ({ list: [] as Card[], total: 0, page: 1, perSize: PER_SIZE });

export const KEYWORD_REQUIRED = '请输入搜索关键词';
/** Shown until the first search: nothing has been looked for, so 暂无数据 would be a wrong answer. */
export const SEARCH_HINT = '输入课程或活动名称，点击搜索';

/** §2 search: a search box, a hint until the first search, results paged as the list scrolls, 暂无数据 for no result. */
function IndexSearch() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const form = useLocalObservable(() => ({ input: params.keyword ? String(params.keyword) : '', keyword: '' }));
  const [results] = useState(() => new PagedList<Card>(emptySearch, PER_SIZE));
  const load = (reset: boolean) => (form.keyword ? results.load(reset) : Promise.resolve());

  function submit() {
    const keyword = form.input.trim();
    runInAction(() => (form.keyword = keyword));
    // A new keyword starts a new list; a page of the old one that arrives late is dropped.
    results.setSource(keyword ? (page, perSize) => api.pages.search(keyword, page, perSize) : emptySearch);
    if (!keyword) {
      toast(KEYWORD_REQUIRED);
      return;
    }
    void load(true);
  }

  useLoad(() => {
    if (form.input) submit();
  });
  useReachBottom(() => void load(false));
  usePullDownRefresh(async () => {
    await load(true);
    Taro.stopPullDownRefresh();
  });

  const open = (card: Card) =>
    void followJump(resolveJump({ firstEnum: detailJumpEnum(card.actType), targetSn: card.actSn }, session.tabList));

  return (
    <PageShell className="sf-search">
      {/* Hand-made, not AtSearchBar: its input takes no id, and the search field is found and labelled by
          #search-input. */}
      <View className="sf-search__bar">
        <View className="sf-search__box">
          <Input
            className="sf-search__input"
            id="search-input"
            value={form.input}
            maxlength={KEYWORD_MAX}
            focus
            confirmType="search"
            placeholder="搜索课程、活动"
            onInput={(e) => runInAction(() => (form.input = e.detail.value))}
            onConfirm={submit}
          />
        </View>
        <View className="sf-search__go" id="search-go" onClick={submit}>
          搜索
        </View>
      </View>
      {form.keyword && results.total > 0 ? <View className="sf-search__count">共找到{results.total}个结果</View> : null}
      {results.list.map((card) => (
        <ActivityCard key={card.actSn} card={card} onClick={open} />
      ))}
      {results.error ? <EmptyView text={results.error} actionText="重新搜索" onAction={() => void load(true)} /> : null}
      {!results.loaded && !results.loading && !results.error ? (
        <View className="sf-search__hint" id="search-hint">
          {SEARCH_HINT}
        </View>
      ) : null}
      {results.loaded && !results.error && !results.loading && !results.list.length ? <EmptyView /> : null}
      {results.list.length ? (
        <View className="sf-more__end">{results.done ? '没有更多了' : results.loading ? '加载中...' : ''}</View>
      ) : null}
      {results.loading && !results.list.length ? (
        <View className="sf-home__loading">
          <Skeleton variant="list" />
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(IndexSearch);
