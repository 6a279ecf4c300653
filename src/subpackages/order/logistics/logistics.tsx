import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import AtTimeline from 'taro-ui/lib/components/timeline';
import type { LogisticsInfo } from '@contract/after-sales';
import { useDetailLoad } from '../../../components/detail-load';
import PageShell from '../../../components/page-shell';
import { orderPackageApi } from '../api';
import '../afterSale/after-sale.scss';

/** §2 logistics/logistics (params carrierCode, trackingNo): the return shipment's tracking timeline, newest first. */
function Logistics() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const carrierCode = String(params.carrierCode ?? '');
  const trackingNo = String(params.trackingNo ?? '');
  const { data: info, gate } = useDetailLoad<LogisticsInfo>({
    fetch: () => api.afterSales.tracking(carrierCode, trackingNo),
    failText: '物流查询失败，请重试',
    shellClass: 'sf-as',
    loadingClass: 'sf-as__card sf-as__muted',
  });
  if (gate || !info) return gate;
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
