import { View } from '@tarojs/components';
import { useDidShow, useRouter } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import type { NegotiationRecord } from '@contract/after-sales';
import { formatChinaTime } from '@contract/rules/china-time';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { orderPackageApi } from '../api';
import './after-sale.scss';

/** §2 afterSale/negotiationHistory (param applicationNo): every message and decision of both sides, newest first. */
function NegotiationHistory() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const applicationNo = String(params.applicationNo ?? '');
  const s = useLocalObservable(() => ({ list: null as NegotiationRecord[] | null, error: '' }));
  async function load() {
    try {
      const res = await api.afterSales.records(applicationNo);
      runInAction(() => ((s.list = [...res.list].reverse()), (s.error = '')));
    } catch (err) {
      runInAction(() => (s.error = errorMessage(err, '加载失败，请重试')));
    }
  }
  useDidShow(() => void load());
  if (s.error)
    return (
      <PageShell className="sf-as">
        <EmptyView text={s.error} actionText="重试" onAction={() => void load()} />
      </PageShell>
    );
  if (!s.list)
    return (
      <PageShell className="sf-as">
        <View className="sf-as__card sf-as__muted">加载中...</View>
      </PageShell>
    );
  return (
    <PageShell className="sf-as sf-as-history">
      <View className="sf-as__card">
        {s.list.map((r, i) => (
          <View key={`${r.createdAt}-${i}`} className="sf-as__record as-record">
            <View className="sf-as__row">
              <View className="sf-as__title">{r.actorText}</View>
              <View className="sf-as__muted">{formatChinaTime(r.createdAt, 'YYYY-MM-DD HH:mm:ss')}</View>
            </View>
            <View>{r.eventText}</View>
            {r.message ? <View className="sf-as__muted">{r.message}</View> : null}
          </View>
        ))}
      </View>
    </PageShell>
  );
}

export default observer(NegotiationHistory);
