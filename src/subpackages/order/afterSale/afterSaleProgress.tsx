import { View } from '@tarojs/components';
import { useDidShow, useRouter } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import type { AfterSaleDetail } from '@contract/after-sales';
import { formatChinaTime } from '@contract/rules/china-time';
import { ApiError } from '../../../api/request';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { progressSteps } from '../../../domain/after-sale';
import { orderPackageApi } from '../api';
import './after-sale.scss';

/** §2 afterSale/afterSaleProgress (param applicationNo): the steps of the application and where it is. */
function AfterSaleProgress() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const applicationNo = String(params.applicationNo ?? '');
  const s = useLocalObservable(() => ({ detail: null as AfterSaleDetail | null, error: '' }));
  async function load() {
    try {
      const detail = await api.afterSales.detail(applicationNo);
      runInAction(() => ((s.detail = detail), (s.error = '')));
    } catch (err) {
      runInAction(() => (s.error = err instanceof ApiError ? err.message : '加载失败，请重试'));
    }
  }
  useDidShow(() => void load());
  const d = s.detail;
  if (s.error) return <PageShell className="sf-as"><EmptyView text={s.error} actionText="重试" onAction={() => void load()} /></PageShell>;
  if (!d) return <PageShell className="sf-as"><View className="sf-as__card sf-as__muted">加载中...</View></PageShell>;
  return (
    <PageShell className="sf-as sf-as-progress">
      <View className="sf-as__card">
        <View className="sf-as__state">{d.stateText}</View>
        <View className="sf-as__muted">更新于 {formatChinaTime(d.updatedAt, 'YYYY-MM-DD HH:mm:ss')}</View>
      </View>
      <View className="sf-as__card sf-as__steps">
        {progressSteps(d).map((st) => (
          <View key={st.title} className={`sf-as__step ${st.failed ? 'is-failed' : st.done ? 'is-done' : ''}`}>
            <View className="sf-as__dot" />
            {st.title}
          </View>
        ))}
      </View>
      {d.refuseReason ? <View className="sf-as__card sf-as__warn">拒绝原因：{d.refuseReason}</View> : null}
    </PageShell>
  );
}

export default observer(AfterSaleProgress);
