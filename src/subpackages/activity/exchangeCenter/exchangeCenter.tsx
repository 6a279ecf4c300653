import { Input, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { CARD_CODE_MAX, isCardCodeShape, normalizeCardCode } from '@contract/rules/card-code';
import { errorMessage } from '../../../api/error-message';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import { setExchangeDraft } from '../exchange-draft';
import './exchange.scss';

export const SHAPE_MESSAGE = '卡密格式不正确，请核对后重新输入';

/**
 * §2 exchangeCenter: type a card secret (spaces, hyphens and lower case are fine), see what it redeems to on the
 * next page. Each refusal (wrong, used, expired, invalid, too many tries) shows the server's own message.
 */
function ExchangeCenter() {
  const { api } = useStores();
  const form = useLocalObservable(() => ({ code: '', message: '', busy: false }));

  useDidShow(() => setExchangeDraft(null));

  async function next() {
    if (form.busy) return;
    const code = normalizeCardCode(form.code);
    if (!code) {
      runInAction(() => (form.message = '请输入卡密'));
      return;
    }
    if (!isCardCodeShape(code)) {
      runInAction(() => (form.message = SHAPE_MESSAGE));
      return;
    }
    runInAction(() => {
      form.busy = true;
      form.message = '';
    });
    try {
      const { preview } = await api.card.check(code);
      setExchangeDraft({ code, preview });
      await openPage(ROUTES.exchangeDetail);
    } catch (err) {
      runInAction(() => (form.message = errorMessage(err, '请求失败，稍后再试哦~')));
    } finally {
      runInAction(() => (form.busy = false));
    }
  }

  return (
    <PageShell className="sf-exchange">
      <View className="sf-exchange__card">
        <View className="sf-exchange__title">输入卡密兑换</View>
        <Input
          className="sf-exchange__input"
          id="exchange-code"
          type="text"
          maxlength={CARD_CODE_MAX + 16}
          placeholder="请输入卡密，如 ABCD-EFGH-JKMN-PQRS"
          value={form.code}
          onInput={(e) =>
            runInAction(() => {
              form.code = e.detail.value;
              form.message = '';
            })
          }
        />
        {form.message ? <View className="sf-exchange__message">{form.message}</View> : null}
        <View className={`sf-btn sf-exchange__submit ${form.busy ? 'is-disabled' : ''}`} onClick={() => void next()}>
          立即兑换
        </View>
      </View>
      <View className="sf-exchange__links">
        <View className="sf-exchange__link" onClick={() => void openPage(ROUTES.couponList)}>
          我的卡券
        </View>
      </View>
      <View className="sf-exchange__tips">
        <View>兑换说明</View>
        <View>1. 卡密不区分大小写，空格和“-”可省略。</View>
        <View>2. 每个卡密只能兑换一次，兑换后卡券放入“我的卡券”，赠送的优惠券放入“我的优惠券”。</View>
        <View>3. 多次输错卡密需稍候再试。</View>
      </View>
    </PageShell>
  );
}

export default observer(ExchangeCenter);
