import { View } from '@tarojs/components';
import { useDidShow, useRouter } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import AtTimeline from 'taro-ui/lib/components/timeline';
import type { LogisticsInfo } from '@contract/after-sales';
import { ApiError } from '../../../api/request';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useStores } from '../../../stores';
import '../afterSale/after-sale.scss';

/** §2 logistics/logistics (params carrierCode, trackingNo): the return shipment's tracking timeline, newest first. */
function Logistics() {
  const { api } = useStores();
  const { params } = useRouter();
  const carrierCode = String(params.carrierCode ?? '');
  const trackingNo = String(params.trackingNo ?? '');
  const s = useLocalObservable(() => ({ info: null as LogisticsInfo | null, error: '' }));
  async function load() {
    try {
      const info = await api.afterSales.tracking(carrierCode, trackingNo);
      runInAction(() => ((s.info = info), (s.error = '')));
    } catch (err) {
      runInAction(() => (s.error = err instanceof ApiError ? err.message : '物流查询失败，请重试'));
    }
  }
  useDidShow(() => void load());
  const info = s.info;
  if (s.error) return <PageShell className="sf-as"><EmptyView text={s.error} actionText="重试" onAction={() => void load()} /></PageShell>;
  if (!info) return <PageShell className="sf-as"><View className="sf-as__card sf-as__muted">加载中...</View></PageShell>;
  return (
    <PageShell className="sf-as sf-as-logistics">
      <View className="sf-as__card">
        <View className="sf-as__state" id="track-state">
          {info.stateText}
        </View>
        <View className="sf-as__muted">
          {info.carrierName} {info.trackingNo}
        </View>
      </View>
      <View className="sf-as__card" id="track-timeline">
        {info.traces.length === 0 ? (
          <View className="sf-as__muted">暂无物流信息</View>
        ) : (
          <AtTimeline items={info.traces.map((t, i) => ({ title: t.context, content: [t.time], color: i === 0 ? 'green' : 'blue' }))} />
        )}
      </View>
    </PageShell>
  );
}

export default observer(Logistics);
