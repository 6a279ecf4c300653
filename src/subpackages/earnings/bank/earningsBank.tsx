import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { BankCard } from '@contract/earnings';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import '../earnings.scss';

/** §2 bank/earningsBank: the promoter's cards (masked); a card is added after real-name authentication. */
function EarningsBank() {
  const { api } = useStores();
  const state = useLocalObservable(() => ({ cards: [] as BankCard[], verified: false, loaded: false, error: '' }));

  useDidShow(async () => {
    try {
      const [cards, identity] = await Promise.all([api.earnings.cards(), api.earnings.identity()]);
      runInAction(() =>
        Object.assign(state, { cards: cards.list, verified: identity.verified, loaded: true, error: '' }),
      );
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, '加载失败，请重试')));
    }
  });

  function add() {
    if (!state.verified) {
      toast('请先完成实名认证');
      void openPage(ROUTES.authentication);
      return;
    }
    void openPage(ROUTES.addEarningsBank);
  }

  return (
    <PageShell className="sf-earn">
      {state.cards.map((c) => (
        <View key={c.cardId} className="sf-earn__bank">
          <View>
            <View className="sf-earn__bank-name">{c.bankName}</View>
            <View className="sf-earn__bank-no">{c.cardMasked}</View>
            <View className="sf-earn__muted">持卡人 {c.holderName}</View>
          </View>
          {c.isDefault ? <View className="sf-earn__state">默认</View> : null}
        </View>
      ))}
      {state.loaded && !state.cards.length ? <EmptyView text="还没有添加银行卡" /> : null}
      {state.error ? <EmptyView text={state.error} /> : null}
      <View className="sf-earn__actions">
        <View className="sf-btn" id="bank-add" onClick={add}>
          添加银行卡
        </View>
      </View>
    </PageShell>
  );
}

export default observer(EarningsBank);
