import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { switchToTab } from '../../platform/navigation';
import type { OrderDraft } from '../../stores/order-draft';
import EmptyView from '../empty-view';
import Skeleton from '../skeleton';
import LoadFailurePopup from './load-failure-popup';

const home = () => void switchToTab(0);

/** The screen before its confirmation arrives: a skeleton, or the failure with 重新加载 and the §8 popup. */
function LoadState({ draft }: { draft: OrderDraft }) {
  const failure = draft.loadError;
  // An order link that cannot be used: the §8 popup (components/order-submit/index.tsx) says so; nothing to reload.
  if (failure && draft.popup) return <EmptyView text={draft.popup.message} actionText="返回首页" onAction={home} />;
  if (!failure)
    return (
      <View className="sf-home__loading">
        <Skeleton variant="detail" />
      </View>
    );
  const reload = () => void draft.load();
  return (
    <>
      <EmptyView text={failure.message} actionText="重新加载" onAction={reload} />
      <LoadFailurePopup failure={failure} onHome={home} onReload={reload} />
    </>
  );
}

export default observer(LoadState);
