import { View } from '@tarojs/components';
import Taro, { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useRef } from 'react';
import type { BankCard, WithdrawalRuleInfo } from '@contract/earnings';
import { fenToYuanText, formatMoney } from '@contract/rules/money';
import { ApiError } from '../../../api/request';
import AmountInput from '../../../components/amount-input';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import Popup from '../../../components/popup';
import { withdrawVerdict } from '../../../domain/earnings';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import '../earnings.scss';

/** A fresh id per withdrawal attempt: a double tap or a retry of the same attempt is one withdrawal on the server. */
const newRequestId = () => `wd${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * §2 withdraw/withdraw: the card (same name as the identity), the amount with 全部提现, the rule text of
 * withdrawal/rule (minimum, daily maximum and count, fee) and the service agreement. The amount is checked as
 * it is typed by the same rule the server applies.
 */
function Withdraw() {
  const { api } = useStores();
  const state = useLocalObservable(() => ({
    info: null as WithdrawalRuleInfo | null,
    cards: [] as BankCard[],
    cardId: '',
    amount: '',
    agreed: true,
    agreementOpen: false,
    agreement: { agreementName: '推广服务协议', agreementContent: '' },
    error: '',
    loadError: '',
    sending: false,
  }));
  const attempt = useRef<{ key: string; id: string } | null>(null);

  useDidShow(async () => {
    try {
      const [info, cards, agreement] = await Promise.all([
        api.earnings.rule(),
        api.earnings.cards(),
        api.earnings.agreement(),
      ]);
      runInAction(() => {
        state.info = info;
        state.cards = cards.list;
        state.agreement = agreement;
        if (!cards.list.some((c) => c.cardId === state.cardId)) state.cardId = cards.list[0]?.cardId ?? '';
        state.loadError = '';
      });
    } catch (err) {
      runInAction(() => (state.loadError = err instanceof ApiError ? err.message : '加载失败，请重试'));
    }
  });

  async function submit() {
    const info = state.info;
    if (!info || state.sending) return;
    const verdict = withdrawVerdict(state.amount, info, state.cards.length > 0);
    const problem = verdict.error ?? (!state.agreed ? `请先阅读并同意《${state.agreement.agreementName}》` : null);
    runInAction(() => (state.error = problem ?? ''));
    if (problem) return toast(problem);
    const key = `${verdict.amount}:${state.cardId}`;
    if (attempt.current?.key !== key) attempt.current = { key, id: newRequestId() };
    runInAction(() => (state.sending = true));
    // Money leaves the balance: the promoter confirms the amount and the card first; cancelling changes nothing.
    const card = state.cards.find((c) => c.cardId === state.cardId);
    const { confirm } = await Taro.showModal({
      title: '确认提现',
      content: `提现${formatMoney(verdict.amount as number)}至${card ? `${card.bankName}（${card.cardTail}）` : '银行卡'}，手续费${formatMoney(verdict.fee)}，预计到账${formatMoney(verdict.actual)}`,
    }).catch(() => ({ confirm: false }));
    if (!confirm) return runInAction(() => (state.sending = false));
    try {
      const done = await api.earnings.withdraw({
        amount: verdict.amount as number,
        cardId: state.cardId,
        requestId: attempt.current.id,
      });
      attempt.current = null;
      runInAction(() => (state.amount = ''));
      toast('提现申请已提交', 'success');
      void openPage(ROUTES.withdrawDetails, { withdrawalNo: done.withdrawalNo }, 'replace');
    } catch (err) {
      const message = err instanceof ApiError ? err.message : '提现失败，请重试';
      runInAction(() => (state.error = message));
      toast(message);
    } finally {
      runInAction(() => (state.sending = false));
    }
  }

  const info = state.info;
  if (state.loadError)
    return (
      <PageShell className="sf-earn">
        <EmptyView text={state.loadError} />
      </PageShell>
    );
  if (!info)
    return (
      <PageShell className="sf-earn">
        <View className="sf-earn__card sf-earn__muted">加载中...</View>
      </PageShell>
    );
  const verdict = withdrawVerdict(state.amount, info, state.cards.length > 0);
  const shownError = state.error || (state.amount ? verdict.error : null);
  return (
    <PageShell className="sf-earn">
      {!info.verified ? (
        <View
          className="sf-earn__card sf-earn__row"
          id="withdraw-go-auth"
          onClick={() => void openPage(ROUTES.authentication)}
        >
          <View className="sf-earn__label">提现前需完成实名认证</View>
          <View className="sf-earn__value sf-earn__link">去认证</View>
          <View className="sf-earn__arrow">›</View>
        </View>
      ) : null}

      <View className="sf-earn__card">
        <View className="sf-earn__card-title">到账银行卡</View>
        {state.cards.map((c) => (
          <View
            key={c.cardId}
            className="sf-earn__row"
            id={`withdraw-card-${c.cardTail}`}
            onClick={() => runInAction(() => (state.cardId = c.cardId))}
          >
            <View className={`sf-earn__check ${state.cardId === c.cardId ? 'is-on' : ''}`} />
            <View className="sf-earn__input">
              {c.bankName}（{c.cardTail}）
            </View>
          </View>
        ))}
        <View
          className="sf-earn__row"
          id="withdraw-add-card"
          onClick={() => void openPage(info.verified ? ROUTES.addEarningsBank : ROUTES.authentication)}
        >
          <View className="sf-earn__label sf-earn__link">添加银行卡</View>
          <View className="sf-earn__value" />
          <View className="sf-earn__arrow">›</View>
        </View>
      </View>

      <View className="sf-earn__card">
        <View className="sf-earn__card-title">提现金额</View>
        <View className="sf-earn__amount-row">
          <View className="sf-earn__yen">¥</View>
          <AmountInput
            id="withdraw-amount"
            className="sf-earn__amount-input"
            value={state.amount}
            placeholder="0.00"
            onInput={(text) =>
              runInAction(() => {
                state.amount = text;
                state.error = '';
              })
            }
          />
          <View
            className="sf-earn__all"
            id="withdraw-all"
            onClick={() => runInAction(() => ((state.amount = fenToYuanText(info.maxAmount)), (state.error = '')))}
          >
            全部提现
          </View>
        </View>
        <View className="sf-earn__muted" id="withdraw-available">
          可提现 {formatMoney(info.available)}，本次最多可提 {formatMoney(info.maxAmount)}
        </View>
        {verdict.amount ? (
          <View className="sf-earn__muted">
            手续费 {formatMoney(verdict.fee)}，实际到账 {formatMoney(verdict.actual)}
          </View>
        ) : null}
        {shownError ? (
          <View className="sf-earn__error" id="withdraw-error">
            {shownError}
          </View>
        ) : null}
      </View>

      <View className="sf-earn__card">
        <View className="sf-earn__card-title">提现规则</View>
        {info.lines.map((l) => (
          <View key={l} className="sf-earn__muted">
            · {l}
          </View>
        ))}
      </View>

      <View className="sf-earn__agree">
        <View
          className={`sf-earn__check ${state.agreed ? 'is-on' : ''}`}
          id="withdraw-agree"
          onClick={() => runInAction(() => (state.agreed = !state.agreed))}
        />
        <View>
          阅读并同意
          <View
            className="sf-earn__link"
            style={{ display: 'inline' }}
            onClick={() => runInAction(() => (state.agreementOpen = true))}
          >
            《{state.agreement.agreementName}》
          </View>
        </View>
      </View>
      <View className="sf-earn__actions">
        <View
          className={`sf-btn ${state.sending ? 'is-disabled' : ''}`}
          id="withdraw-submit"
          onClick={() => void submit()}
        >
          确认提现
        </View>
        <View className="sf-earn__muted sf-earn__actions" onClick={() => void openPage(ROUTES.withdrawRecord)}>
          查看提现记录 ›
        </View>
      </View>

      <Popup
        open={state.agreementOpen}
        title={state.agreement.agreementName}
        position="center"
        onClose={() => runInAction(() => (state.agreementOpen = false))}
      >
        <View className="sf-earn__agreement">{state.agreement.agreementContent}</View>
        <View
          className="sf-btn sf-earn__agreement-ok"
          onClick={() => runInAction(() => ((state.agreementOpen = false), (state.agreed = true)))}
        >
          我已阅读并同意
        </View>
      </Popup>
    </PageShell>
  );
}

export default observer(Withdraw);
