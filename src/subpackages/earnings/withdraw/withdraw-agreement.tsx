import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import Popup from '../../../components/popup';
import type { WithdrawForm } from './use-withdraw';

/** 阅读并同意《推广服务协议》: the tick, and the name that opens the agreement. */
function AgreementTick({ form }: { form: WithdrawForm }) {
  return (
    <View className="sf-earn__agree">
      <View
        className={`sf-earn__check ${form.agreed ? 'is-on' : ''}`}
        id="withdraw-agree"
        onClick={() => form.toggleAgreed()}
      />
      <View>
        阅读并同意
        <View className="sf-earn__link" style={{ display: 'inline' }} onClick={() => form.showAgreement(true)}>
          《{form.agreement.agreementName}》
        </View>
      </View>
    </View>
  );
}

/** The agreement's text; 我已阅读并同意 closes it ticked. */
function AgreementPopup({ form }: { form: WithdrawForm }) {
  return (
    <Popup
      open={form.agreementOpen}
      title={form.agreement.agreementName}
      position="center"
      onClose={() => form.showAgreement(false)}
    >
      <View className="sf-earn__agreement">{form.agreement.agreementContent}</View>
      <View className="sf-btn sf-earn__agreement-ok" onClick={() => form.showAgreement(false, true)}>
        我已阅读并同意
      </View>
    </Popup>
  );
}

export const WithdrawAgreementTick = observer(AgreementTick);
export const WithdrawAgreementPopup = observer(AgreementPopup);
