import { View } from '@tarojs/components';
import Taro, { useLoad, usePullDownRefresh, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import Skeleton from '../../../components/skeleton';
import RichTextView from '../../../components/rich-text';
import { decodeParam } from '../../../domain/routes';
import { switchToTab } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import './richTextH5.scss';

/**
 * §2 image-text page (jump enum IMAGE_TEXT_H5): the rich text given as `context`, or, with `targetSn`, the
 * product introduction of that item.
 */
function RichTextH5() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const targetSn = decodeParam(params.targetSn);
  const state = useLocalObservable(() => ({
    html: targetSn ? '' : decodeParam(params.context),
    loaded: !targetSn,
    error: '',
  }));

  async function load() {
    if (!targetSn || !session.token) return;
    try {
      const { content } = await api.activity.introduce(targetSn);
      runInAction(() => {
        state.html = content;
        state.loaded = true;
        state.error = '';
      });
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
    <PageShell className="sf-rich-page">
      {state.error ? <EmptyView text={state.error} actionText="返回首页" onAction={() => void switchToTab(0)} /> : null}
      {!state.error && state.loaded ? (
        <View className="sf-rich-page__body">
          <RichTextView html={state.html} />
        </View>
      ) : null}
      {!state.error && !state.loaded ? (
        <View className="sf-home__loading">
          <Skeleton variant="lines" />
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(RichTextH5);
