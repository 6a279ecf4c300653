import { runInAction } from 'mobx';
import { useLocalObservable } from 'mobx-react-lite';
import { useRef } from 'react';
import type { BankCard, WithdrawalRuleInfo } from '@contract/earnings';
import { fenToYuanText, formatMoney } from '@contract/rules/money';
import { WECHAT_BALANCE_NAME } from '@contract/rules/withdrawal';
import { errorMessage } from '../../../api/error-message';
import { confirm } from '../../../components/confirm';
import { withdrawVerdict } from '../../../domain/earnings';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';

/** A fresh id per withdrawal attempt: a double tap or a retry of the same attempt is one withdrawal on the server. */
const newRequestId = () => `wd${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** The withdraw page's state: what the server said, what the promoter chose and typed, and what went wrong. */
function withdrawForm() {
  return {
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
    /** The typed amount judged by the rule the server applies (null until the rule has loaded). */
    get verdict() {
      return this.info ? withdrawVerdict(this.amount, this.info, this.cards.length > 0) : null;
    },
    /** The refusal of the last 确认提现, else what is wrong with the amount as typed. */
    get shownError(): string | null {
      return this.error || (this.amount && this.verdict ? this.verdict.error : null);
    },
    chooseCard(cardId: string) {
      this.cardId = cardId;
    },
    typeAmount(text: string) {
      this.amount = text;
      this.error = '';
    },
    /** 全部提现: the most this withdrawal may take. */
    takeAll() {
      if (this.info) this.typeAmount(fenToYuanText(this.info.maxAmount));
    },
    toggleAgreed() {
      this.agreed = !this.agreed;
    },
    /** Opens or closes the agreement; 我已阅读并同意 closes it agreed. */
    showAgreement(open: boolean, agree = false) {
      this.agreementOpen = open;
      if (agree) this.agreed = true;
    },
  };
}

export type WithdrawForm = ReturnType<typeof withdrawForm>;

/**
 * The withdraw page's orchestration: loading the rule, the cards and the agreement on every show, and a
 * withdrawal that is checked, confirmed by the promoter, then sent once.
 */
export function useWithdraw() {
  const { api } = useStores();
  const form = useLocalObservable(withdrawForm);
  const attempt = useRef<{ key: string; id: string } | null>(null);

  async function load() {
    try {
      const [info, cards, agreement] = await Promise.all([
        api.earnings.rule(),
        api.earnings.cards(),
        api.earnings.agreement(),
      ]);
      runInAction(() => {
        form.info = info;
        form.cards = cards.list;
        form.agreement = agreement;
        if (!cards.list.some((c) => c.cardId === form.cardId)) form.cardId = cards.list[0]?.cardId ?? '';
        form.loadError = '';
      });
    } catch (err) {
      runInAction(() => (form.loadError = errorMessage(err, '加载失败，请重试')));
    }
  }

  async function submit() {
    const verdict = form.verdict;
    if (!verdict || form.sending) return;
    const problem = verdict.error ?? (!form.agreed ? `请先阅读并同意《${form.agreement.agreementName}》` : null);
    runInAction(() => (form.error = problem ?? ''));
    if (problem) return toast(problem);
    const toBalance = form.info?.payoutTo === 'WECHAT_BALANCE';
    const key = `${verdict.amount}:${toBalance ? WECHAT_BALANCE_NAME : form.cardId}`;
    if (attempt.current?.key !== key) attempt.current = { key, id: newRequestId() };
    runInAction(() => (form.sending = true));
    // Money leaves the balance: the promoter confirms the amount and where it goes; cancelling changes nothing.
    const amount = verdict.amount as number;
    const card = form.cards.find((c) => c.cardId === form.cardId);
    const to = toBalance ? WECHAT_BALANCE_NAME : card ? `${card.bankName}（${card.cardTail}）` : '银行卡';
    const yes = await confirm({
      title: '确认提现',
      content: `提现${formatMoney(amount)}至${to}，手续费${formatMoney(verdict.fee)}，预计到账${formatMoney(verdict.actual)}`,
    });
    if (!yes) return runInAction(() => (form.sending = false));
    try {
      const done = await api.earnings.withdraw({
        amount,
        ...(toBalance ? {} : { cardId: form.cardId }),
        requestId: attempt.current.id,
      });
      attempt.current = null;
      runInAction(() => (form.amount = ''));
      toast('提现申请已提交', 'success');
      void openPage(ROUTES.withdrawDetails, { withdrawalNo: done.withdrawalNo }, 'replace');
    } catch (err) {
      const message = errorMessage(err, '提现失败，请重试');
      runInAction(() => (form.error = message));
      toast(message);
    } finally {
      runInAction(() => (form.sending = false));
    }
  }

  return { form, load, submit };
}
