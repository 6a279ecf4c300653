import { View } from '@tarojs/components';
import AtInput from 'taro-ui/lib/components/input';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { idNumberError, realNameError } from '@contract/rules/identity';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import { bindValue, sendForm } from '../../../stores/form-send';
import '../earnings.scss';

/**
 * §2 authentication/authentication: real name and 18-digit mainland ID (check digit, birth date, adult) checked
 * here and again on the server, then by the verifier. A refusal names its problem and keeps what was typed.
 */
function Authentication() {
  const { api, session } = useStores();
  const form = useLocalObservable(() => ({ realName: '', idNumber: '', error: '', sending: false }));

  const submit = () =>
    sendForm(form, {
      problem: realNameError(form.realName) ?? idNumberError(form.idNumber, session.now()),
      fallback: '认证失败，请重试',
      run: async () => {
        await api.earnings.identify({ realName: form.realName.trim(), idNumber: form.idNumber.trim().toUpperCase() });
        toast('认证成功', 'success');
        void openPage(ROUTES.authenticationDetails, {}, 'replace');
      },
    });

  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__card">
        <AtInput
          name="auth-name"
          title="真实姓名"
          maxlength={20}
          placeholder="请输入真实姓名"
          {...bindValue(form, 'realName')}
        />
        <AtInput
          name="auth-id"
          title="身份证号"
          type="idcard"
          maxlength={18}
          placeholder="请输入身份证号"
          {...bindValue(form, 'idNumber')}
        />
        {form.error ? (
          <View className="sf-earn__error" id="auth-error">
            {form.error}
          </View>
        ) : null}
      </View>
      <View className="sf-earn__card sf-earn__muted">
        实名信息仅用于提现的身份核验，身份证号加密保存；认证后提现只能到本人名下的银行卡，认证信息不可修改。
      </View>
      <View className="sf-earn__actions">
        <View className={`sf-btn ${form.sending ? 'is-disabled' : ''}`} id="auth-submit" onClick={() => void submit()}>
          提交认证
        </View>
      </View>
    </PageShell>
  );
}

export default observer(Authentication);
