import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { ReactNode } from 'react';
import type { PageInfo } from '@contract/pages';
import { errorMessage } from '../../api/error-message';
import { ROUTES } from '../../domain/routes';
import { primaryTextColour } from '../../domain/theme';
import { openPage } from '../../platform/navigation';
import { applyTabBar } from '../../platform/tabbar';
import { useStores } from '../../stores';
import Box from '../box';
import EmptyView from '../empty-view';
import PageModules from '../page-modules';
import PageShell from '../page-shell';
import Skeleton from '../skeleton';
import { releaseFirstScreen } from '../slides/first-screen';
import './index.scss';

interface HomeTabProps {
  /** 0..3: which of the four configurable home tabs this page is. */
  tabIndex: number;
  /** Draws the loaded page in a tab's own way; null leaves it to the configured modules. */
  render?: (page: PageInfo) => ReactNode;
}

/** One of the four home tabs: the modules of the page the project's menu puts at this position. */
function HomeTab({ tabIndex, render }: HomeTabProps) {
  const { session, api, pagePrefetch } = useStores();
  const state = useLocalObservable(() => ({
    page: null as PageInfo | null,
    error: '',
    loading: false,
    loadedSn: '',
  }));

  async function load(force = false) {
    if (!session.token) return;
    if (!session.tabList.length) {
      try {
        await session.loadMenu();
      } catch (err) {
        runInAction(() => (state.error = errorMessage(err, String(err))));
        return;
      }
    }
    void applyTabBar(session.tabList, primaryTextColour(session.theme));
    const tab = session.tabFor(tabIndex);
    if (!tab || !tab.pageSn) {
      runInAction(() => (state.error = '该栏目暂未配置'));
      return;
    }
    if (!force && state.loadedSn === tab.pageSn && state.page) return;
    runInAction(() => {
      state.loading = true;
      state.error = '';
    });
    try {
      // The entrance may have asked for the first tab's page already (stores/page-prefetch); a refresh never uses it.
      const early = force ? null : await pagePrefetch.take(tab.pageSn);
      const page = early ?? (await api.pages.moduleInfo(tab.pageSn));
      runInAction(() => {
        state.page = page;
        state.loadedSn = tab.pageSn || '';
      });
      // The server drew this page's first banner picture (H5); with no banner first it has nothing to give way to.
      if (page.modules[0]?.moduleType !== 'BANNER' || !page.modules[0].items.length) releaseFirstScreen();
      void Taro.setNavigationBarTitle({ title: tab.title || page.pageTitle });
    } catch (err) {
      releaseFirstScreen();
      runInAction(() => (state.error = errorMessage(err, String(err))));
    } finally {
      runInAction(() => (state.loading = false));
    }
  }

  useDidShow(() => {
    session.setCurrentTab(tabIndex);
    void load();
  });
  usePullDownRefresh(async () => {
    await load(true);
    Taro.stopPullDownRefresh();
  });

  return (
    <PageShell className="sf-home">
      {tabIndex === 0 ? (
        <Box className="sf-home__search" id="home-search" onClick={() => void openPage(ROUTES.indexSearch)}>
          <Box className="sf-home__search-box">搜索课程、活动</Box>
        </Box>
      ) : null}
      {state.page ? (render?.(state.page) ?? <PageModules modules={state.page.modules} />) : null}
      {state.page && !state.page.modules.length ? <EmptyView /> : null}
      {state.error && !state.page ? (
        <EmptyView text={state.error} actionText="重新加载" onAction={() => void load(true)} />
      ) : null}
      {!state.page && !state.error ? (
        <Box className="sf-home__loading">
          <Skeleton variant="detail" />
        </Box>
      ) : null}
    </PageShell>
  );
}

export default observer(HomeTab);
