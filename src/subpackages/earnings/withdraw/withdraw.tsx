import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useWithdraw } from './use-withdraw';
import { WithdrawAgreementPopup, WithdrawAgreementTick } from './withdraw-agreement';
import WithdrawAmount from './withdraw-amount';
import WithdrawCardChoice from './withdraw-card-choice';
import WithdrawIdentityPrompt from './withdraw-identity-prompt';
import WithdrawRules from './withdraw-rules';
import WithdrawToBalance from './withdraw-to-balance';
import '../earnings.scss';

/**
 * §2 withdraw/withdraw: the card (same name as the identity) or, when the store pays to WeChat balance, 微信零钱;
 * the amount with 全部提现, the rule text of withdrawal/rule (minimum, daily maximum and count, fee) and the
 * service agreement. The amount is checked as it is typed by the same rule the server applies.
 */
function Withdraw() {
  const { form, load, submit } = useWithdraw();
  useDidShow(() => void load());

  const info = form.info;
  if (form.loadError)
    return (
      <PageShell className="sf-earn">
        <EmptyView text={form.loadError} />
      </PageShell>
    );
  if (!info)
    return (
      <PageShell className="sf-earn">
        <View className="sf-earn__card sf-earn__muted">加载中...</View>
      </PageShell>
    );
  return (
    <PageShell className="sf-earn">
      {!info.verified ? <WithdrawIdentityPrompt /> : null}
      {info.payoutTo === 'WECHAT_BALANCE' ? <WithdrawToBalance /> : <WithdrawCardChoice form={form} />}
      <WithdrawAmount form={form} />
      <WithdrawRules lines={info.lines} />
      <WithdrawAgreementTick form={form} />
      <View className="sf-earn__actions">
        <View
          className={`sf-btn ${form.sending ? 'is-disabled' : ''}`}
          id="withdraw-submit"
          onClick={() => void submit()}
        >
          确认提现
        </View>
        <View className="sf-earn__muted sf-earn__actions" onClick={() => void openPage(ROUTES.withdrawRecord)}>
          查看提现记录 ›
        </View>
      </View>
      <WithdrawAgreementPopup form={form} />
    </PageShell>
  );
}

export default observer(Withdraw);
