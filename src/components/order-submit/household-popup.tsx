import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { Confirmation } from '@contract/order';
import type { OrderDraft } from '../../stores/order-draft';
import Popup from '../popup';
import type { ScreenPopups } from './use-order-submit';

/** §2 入户类型: the household types the course offers; choosing one closes the popup. */
function HouseholdPopup({ draft, c, popups }: { draft: OrderDraft; c: Confirmation; popups: ScreenPopups }) {
  const close = () => popups.showHousehold(false);
  return (
    <Popup open={popups.householdOpen} title="入户类型" onClose={close}>
      {c.householdTypes.map((h) => (
        <View
          key={h.type}
          className={`sf-submit__option ${draft.householdType === h.type ? 'is-on' : ''}`}
          onClick={() => {
            draft.setHousehold(h.type);
            close();
          }}
        >
          {h.name}
        </View>
      ))}
    </Popup>
  );
}

export default observer(HouseholdPopup);
