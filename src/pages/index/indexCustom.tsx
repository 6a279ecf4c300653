import Taro, { useLoad, usePullDownRefresh, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { View } from '@tarojs/components';
import type { PageInfo } from '@contract/pages';
import { errorMessage } from '../../api/error-message';
import EmptyView from '../../components/empty-view';
import PageModules from '../../components/page-modules';
import PageShell from '../../components/page-shell';
import Skeleton from '../../components/skeleton';
import { goBackOrHome } from '../../platform/navigation';
import { useStores } from '../../stores';

/** A custom page (§2 indexCustom, query targetSn) rendered from the same modules as the home tabs. */
function IndexCustom() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const targetSn = String(params.targetSn || '');
  const state = useLocalObservable(() => ({ page: null as PageInfo | null, error: '' }));

  async function load() {
    if (!targetSn) {
      runInAction(() => (state.error = '页面不存在'));
      return;
    }
    if (!session.token) return;
    try {
      const page = await api.pages.moduleInfo(targetSn);
      runInAction(() => {
        state.page = page;
        state.error = '';
      });
      void Taro.setNavigationBarTitle({ title: page.pageTitle });
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, String(err))));
    }
  }

  useLoad(() => void load());
  usePullDownRefresh(async () => {
    await load();
    Taro.stopPullDownRefresh();
  });

  return (
    <PageShell className="sf-custom">
      {state.page ? <PageModules modules={state.page.modules} /> : null}
      {state.page && !state.page.modules.length ? <EmptyView /> : null}
      {state.error ? <EmptyView text={state.error} actionText="返回首页" onAction={() => void goBackOrHome()} /> : null}
      {!state.page && !state.error ? (
        <View className="sf-home__loading">
          <Skeleton variant="detail" />
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(IndexCustom);
