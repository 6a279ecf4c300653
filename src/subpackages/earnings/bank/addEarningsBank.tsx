import { View } from '@tarojs/components';
import AtInput from 'taro-ui/lib/components/input';
import Taro, { useDidShow, useUnload } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useRef } from 'react';
import type { Bank } from '@contract/earnings';
import { CARD_MAX_LENGTH, cardNoError, normalizeCardNo } from '@contract/rules/luhn';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import { errorMessage } from '../../../api/error-message';
import { bindValue, sendForm } from '../../../stores/form-send';
import '../earnings.scss';

/**
 * §2 bank/addEarningsBank: the holder is the verified name (shown masked, not editable), the bank comes from
 * chooseBank, the number is checked by length and Luhn as it is sent, and the account phone's code confirms.
 * A refusal names its problem and keeps what was typed.
 */
function AddEarningsBank() {
  const { api, session } = useStores();
  const form = useLocalObservable(() => ({
    holder: '',
    cardNo: '',
    code: '',
    phone: '',
    countdown: 0,
    error: '',
    sending: false,
  }));
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const bank = session.bankCodeInfo as Bank | null;

  useDidShow(async () => {
    try {
      const identity = await api.earnings.identity();
      if (!identity.verified) {
        toast('请先完成实名认证');
        void openPage(ROUTES.authentication, {}, 'replace');
        return;
      }
      runInAction(() => (form.holder = identity.realName ?? ''));
    } catch (err) {
      toast(errorMessage(err, '加载失败，请重试'));
    }
  });
  useUnload(() => {
    if (timer.current) clearInterval(timer.current);
  });

  async function sendCode() {
    if (form.countdown > 0) return;
    try {
      const sent = await api.earnings.sendPhoneCode();
      runInAction(() => Object.assign(form, { phone: sent.phone, countdown: sent.resendAfter }));
      toast('验证码已发送', 'success');
      timer.current = setInterval(() => {
        runInAction(() => (form.countdown = Math.max(0, form.countdown - 1)));
        if (form.countdown === 0 && timer.current) clearInterval(timer.current);
      }, 1000);
    } catch (err) {
      toast(errorMessage(err, '验证码发送失败，请重试'));
    }
  }

  const save = () =>
    sendForm(form, {
      problem: !bank
        ? '请选择开户银行'
        : (cardNoError(form.cardNo) ?? (/^\d{6}$/.test(form.code.trim()) ? null : '请输入6位验证码')),
      fallback: '保存失败，请重试',
      run: async () => {
        await api.earnings.saveCard({
          bankCode: (bank as Bank).bankCode,
          cardNo: normalizeCardNo(form.cardNo),
          code: form.code.trim(),
        });
        session.setBankCodeInfo(null);
        toast('添加成功', 'success');
        setTimeout(() => void Taro.navigateBack(), 500);
      },
    });

  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__card">
        <View className="sf-earn__row">
          <View className="sf-earn__label">持卡人</View>
          <View className="sf-earn__value" id="bank-holder">
            {form.holder}
          </View>
        </View>
        <View className="sf-earn__row" id="bank-choose" onClick={() => void openPage(ROUTES.chooseBank)}>
          <View className="sf-earn__label">开户银行</View>
          <View className={`sf-earn__value ${bank ? '' : 'is-placeholder'}`}>{bank?.bankName ?? '请选择开户银行'}</View>
          <View className="sf-earn__arrow">›</View>
        </View>
        <AtInput
          name="bank-card-no"
          title="银行卡号"
          type="number"
          maxlength={CARD_MAX_LENGTH}
          placeholder="请输入本人名下的银行卡号"
          {...bindValue(form, 'cardNo')}
        />
        <AtInput
          name="bank-code"
          title="验证码"
          type="number"
          maxlength={6}
          placeholder="请输入验证码"
          {...bindValue(form, 'code')}
        >
          <View
            id="bank-send-code"
            className={`sf-earn__code-btn ${form.countdown > 0 ? 'is-disabled' : ''}`}
            onClick={() => void sendCode()}
          >
            {form.countdown > 0 ? `${form.countdown}s后重发` : '获取验证码'}
          </View>
        </AtInput>
        {form.phone ? <View className="sf-earn__muted">验证码已发送至 {form.phone}</View> : null}
        {form.error ? (
          <View className="sf-earn__error" id="bank-error">
            {form.error}
          </View>
        ) : null}
      </View>
      <View className="sf-earn__card sf-earn__muted">
        为保障资金安全，仅支持添加实名认证本人名下的储蓄卡，卡号加密保存。
      </View>
      <View className="sf-earn__actions">
        <View className={`sf-btn ${form.sending ? 'is-disabled' : ''}`} id="bank-save" onClick={() => void save()}>
          保存
        </View>
      </View>
    </PageShell>
  );
}

export default observer(AddEarningsBank);
