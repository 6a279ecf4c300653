import { Image, View } from '@tarojs/components';
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import type { AfterSaleSummary } from '@contract/after-sales';
import { AFTER_SALE_TAB_TEXT, type AfterSaleTab } from '@contract/rules/after-sale';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { orderPackageApi } from '../api';
import './after-sale.scss';

const TABS = Object.keys(AFTER_SALE_TAB_TEXT) as AfterSaleTab[];
const PER_SIZE = 10;

/** §2 afterSale/afterSaleOrder (centre 售后服务): the customer's applications, tabs by state, paged. */
function AfterSaleOrder() {
  const api = orderPackageApi();
  const s = useLocalObservable(() => ({
    tab: 'ALL' as AfterSaleTab,
    list: [] as AfterSaleSummary[],
    page: 0,
    total: 0,
    loaded: false,
    error: '',
  }));

  async function load(reset: boolean) {
    const tab = s.tab;
    const page = reset ? 1 : s.page + 1;
    try {
      const res = await api.afterSales.list(tab, page, PER_SIZE);
      if (tab !== s.tab) return; // a newer tab was chosen meanwhile
      runInAction(() => {
        s.list = reset ? res.list : [...s.list, ...res.list];
        s.page = page;
        s.total = res.total;
        s.loaded = true;
        s.error = '';
      });
    } catch (err) {
      runInAction(() => ((s.error = errorMessage(err, '加载失败，请重试')), (s.loaded = true)));
    }
  }
  useDidShow(() => void load(true));
  usePullDownRefresh(() => void load(true).finally(() => Taro.stopPullDownRefresh()));
  useReachBottom(() => {
    if (s.list.length < s.total) void load(false);
  });
  const switchTab = (tab: AfterSaleTab) => {
    runInAction(() => ((s.tab = tab), (s.list = []), (s.loaded = false)));
    void load(true);
  };

  return (
    <PageShell className="sf-as sf-as-list">
      <View className="sf-as__tabs">
        {TABS.map((t) => (
          <View key={t} className={`sf-as__tab ${s.tab === t ? 'is-active' : ''}`} onClick={() => switchTab(t)}>
            {AFTER_SALE_TAB_TEXT[t]}
          </View>
        ))}
      </View>
      {s.error ? <EmptyView text={s.error} actionText="重试" onAction={() => void load(true)} /> : null}
      {!s.error && s.loaded && s.list.length === 0 ? <EmptyView text="暂无售后记录" /> : null}
      {!s.loaded ? <View className="sf-as__card sf-as__muted">加载中...</View> : null}
      {s.list.map((a) => (
        <View
          key={a.applicationNo}
          className="sf-as__card as-item"
          data-no={a.applicationNo}
          onClick={() => void openPage(ROUTES.afterSaleDetail, { applicationNo: a.applicationNo })}
        >
          <View className="sf-as__row">
            <View className="sf-as__muted">售后单号 {a.applicationNo}</View>
            <View className="sf-as__value as-item-state">{a.stateText}</View>
          </View>
          <View className="sf-as__row">
            {a.cover ? <Image className="sf-as__image" src={a.cover} mode="aspectFill" /> : null}
            <View className="sf-as__value">
              <View className="sf-as__title">{a.courseName}</View>
              <View className="sf-as__muted">
                {a.typeText} · {formatChinaTime(a.createdAt, 'YYYY-MM-DD HH:mm')}
              </View>
            </View>
          </View>
          <View className="sf-as__row">
            <View>退款金额</View>
            <View className="sf-as__price">{formatMoney(a.amount)}</View>
          </View>
        </View>
      ))}
    </PageShell>
  );
}

export default observer(AfterSaleOrder);
