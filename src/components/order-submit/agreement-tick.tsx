import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { OrderDraft } from '../../stores/order-draft';

interface AgreementTickProps {
  draft: OrderDraft;
  /** Opens 《购买协议》 to read. */
  onOpen: () => void;
}

/** §2 阅读并同意《购买协议》, ticked by default; the name opens the agreement. */
function AgreementTick({ draft, onOpen }: AgreementTickProps) {
  const toggle = () => draft.setAgreed(!draft.agreed);
  return (
    <View className="sf-submit__agree">
      <View className={`sf-submit__checkbox ${draft.agreed ? 'is-on' : ''}`} onClick={toggle} />
      <View onClick={toggle}>阅读并同意</View>
      <View className="sf-submit__agreement-link" onClick={onOpen}>
        《购买协议》
      </View>
    </View>
  );
}

export default observer(AgreementTick);
