import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { switchToTab } from '../../platform/navigation';
import type { OrderDraft } from '../../stores/order-draft';
import EmptyView from '../empty-view';
import Skeleton from '../skeleton';
import LoadFailurePopup from './load-failure-popup';

/** The screen before its confirmation arrives: a skeleton, or the failure with 重新加载 and the §8 popup. */
function LoadState({ draft }: { draft: OrderDraft }) {
  const failure = draft.loadError;
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
      <LoadFailurePopup failure={failure} onHome={() => void switchToTab(0)} onReload={reload} />
    </>
  );
}

export default observer(LoadState);
