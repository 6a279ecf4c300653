import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { OrderDraft } from '../../stores/order-draft';
import Popup from '../popup';
import type { ScreenPopups } from './use-order-submit';

/** The purchase agreement as the server has it; 我已阅读并同意 ticks it and closes. */
function AgreementPopup({ draft, popups }: { draft: OrderDraft; popups: ScreenPopups }) {
  // Written without ?.: the mini build expands each into a long expression, and this is in the WeChat main package.
  const agreement = popups.agreement;
  if (!agreement) return null;
  const close = () => popups.showAgreement(null);
  return (
    <Popup open title={agreement.agreementName || '购买协议'} onClose={close}>
      <View className="sf-submit__agreement">
        {(agreement.agreementContent || '').split('\n').map((line, i) => (
          <View key={i}>{line}</View>
        ))}
      </View>
      <View
        className="sf-btn sf-submit__agree-btn"
        onClick={() => {
          draft.setAgreed(true);
          close();
        }}
      >
        我已阅读并同意
      </View>
    </Popup>
  );
}

export default observer(AgreementPopup);
