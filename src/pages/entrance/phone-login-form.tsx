import { Input, View } from '@tarojs/components';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { reaction, runInAction } from 'mobx';
import { useEffect } from 'react';
import { errorMessage } from '../../api/error-message';
import { MESSAGES } from '../../domain/errors';
import { PHONE_MAX_LENGTH, validatePhone, validateSmsCode } from '../../domain/phone';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';

interface PhoneLoginFormProps {
  /** Called once the server accepted the code. */
  onSuccess: () => void;
}

/** Phone + SMS code login through the auth service. What the user typed stays on every error. */
function PhoneLoginForm({ onSuccess }: PhoneLoginFormProps) {
  const { session } = useStores();
  const form = useLocalObservable(() => ({ phone: '', code: '', countdown: 0, sending: false, submitting: false }));

  // The countdown ticks on the store's value itself (a reaction), not on whichever render happened to read it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = reaction(
      () => form.countdown,
      (left) => {
        clearTimeout(timer);
        if (left > 0) timer = setTimeout(() => runInAction(() => (form.countdown -= 1)), 1000);
      },
      { fireImmediately: true },
    );
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [form]);

  async function sendCode() {
    if (form.countdown > 0 || form.sending) return;
    const bad = validatePhone(form.phone);
    if (bad) return toast(bad);
    runInAction(() => (form.sending = true));
    try {
      const { resendAfter } = await session.sendCode(form.phone);
      toast('验证码已发送');
      runInAction(() => (form.countdown = resendAfter || 60));
    } catch (err) {
      toast(errorMessage(err, MESSAGES.emptyResponse));
    } finally {
      runInAction(() => (form.sending = false));
    }
  }

  async function submit() {
    if (form.submitting) return;
    const bad = validatePhone(form.phone) || validateSmsCode(form.code);
    if (bad) return toast(bad);
    runInAction(() => (form.submitting = true));
    try {
      await session.loginByPhone(form.phone, form.code);
      onSuccess();
    } catch (err) {
      toast(errorMessage(err, MESSAGES.emptyResponse));
    } finally {
      runInAction(() => (form.submitting = false));
    }
  }

  return (
    <View className="sf-login">
      <View className="sf-login__row">
        <Input
          className="sf-login__input"
          id="login-phone"
          type="number"
          maxlength={PHONE_MAX_LENGTH}
          placeholder={MESSAGES.phonePlaceholder}
          value={form.phone}
          onInput={(e) => runInAction(() => (form.phone = e.detail.value))}
        />
      </View>
      <View className="sf-login__row">
        <Input
          className="sf-login__input"
          id="login-code"
          type="number"
          maxlength={6}
          placeholder="请输入验证码"
          value={form.code}
          onInput={(e) => runInAction(() => (form.code = e.detail.value))}
        />
        <View className={`sf-login__code ${form.countdown > 0 ? 'is-waiting' : ''}`} onClick={() => void sendCode()}>
          {form.countdown > 0 ? `${form.countdown}s后重新获取` : '获取验证码'}
        </View>
      </View>
      <View className={`sf-btn sf-login__submit ${form.submitting ? 'is-disabled' : ''}`} onClick={() => void submit()}>
        登录
      </View>
    </View>
  );
}

export default observer(PhoneLoginForm);
