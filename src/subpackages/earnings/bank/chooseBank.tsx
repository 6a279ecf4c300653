import { View } from '@tarojs/components';
import Taro, { useLoad } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { Bank } from '@contract/earnings';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useStores } from '../../../stores';
import '../earnings.scss';

/** §2 bank/chooseBank: the banks of getAllBank; the choice goes back through the session's bankCodeInfo (§3). */
function ChooseBank() {
  const { api, session } = useStores();
  const state = useLocalObservable(() => ({ banks: [] as Bank[], error: '', loaded: false }));
  const chosen = session.bankCodeInfo as Bank | null;

  useLoad(async () => {
    try {
      const { list } = await api.earnings.banks();
      runInAction(() => Object.assign(state, { banks: list, loaded: true }));
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, '加载失败，请重试')));
    }
  });

  function pick(bank: Bank) {
    session.setBankCodeInfo(bank);
    void Taro.navigateBack();
  }

  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__card">
        {state.banks.map((b) => (
          <View key={b.bankCode} className="sf-earn__row" id={`bank-${b.bankCode}`} onClick={() => pick(b)}>
            <View className="sf-earn__label">{b.bankName}</View>
            <View className="sf-earn__value">{chosen?.bankCode === b.bankCode ? '已选择' : ''}</View>
          </View>
        ))}
        {!state.loaded && !state.error ? <View className="sf-earn__muted">加载中...</View> : null}
      </View>
      {state.error ? <EmptyView text={state.error} /> : null}
    </PageShell>
  );
}

export default observer(ChooseBank);
