import { Image, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { CommissionOrder, CommissionState } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useShownPagedList } from '../../../components/paged-list/use-shown-list';
import { COMMISSION_TABS } from '../../../domain/earnings';
import { useStores } from '../../../stores';
import '../earnings.scss';

type Tab = 'ALL' | CommissionState;

/** What the commission's state means for the promoter, in one line. */
function stateNote(o: CommissionOrder): string {
  if (o.status === 'FROZEN' && o.releaseAt) return `${formatChinaTime(o.releaseAt, 'MM-DD HH:mm')} 解冻`;
  if (o.status === 'PENDING') return '订单支付完成后计入冻结收益';
  if (o.status === 'CANCELLED') return '订单取消或退款，佣金已失效';
  if (o.reversedAmount > 0) return `订单退款，已扣回 ${formatMoney(o.reversedAmount)}`;
  return '已计入可提现';
}

/** §2 earnings/earningsOrder: orders placed through the promoter's links, with their commission state. */
function EarningsOrder() {
  const { api } = useStores();
  const [tab, setTab] = useState<Tab>('ALL');
  const list = useShownPagedList<CommissionOrder>((page, perSize) => api.earnings.orders('ALL', page, perSize), 10);

  function choose(next: Tab) {
    setTab(next);
    list.setSource((page, perSize) => api.earnings.orders(next, page, perSize));
    void list.load(true);
  }

  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__tabs">
        {COMMISSION_TABS.map((t) => (
          <View
            key={t.state}
            className={`sf-earn__tab ${tab === t.state ? 'is-active' : ''}`}
            onClick={() => choose(t.state)}
          >
            {t.title}
          </View>
        ))}
      </View>
      {list.list.map((o) => (
        <View key={o.orderNo} className="sf-earn__order">
          {o.cover ? (
            <Image className="sf-earn__order-cover" src={o.cover} mode="aspectFill" />
          ) : (
            <View className="sf-earn__order-cover" />
          )}
          <View className="sf-earn__order-body">
            <View className="sf-earn__order-name">{o.courseName}</View>
            <View className="sf-earn__order-meta">
              订单 {o.orderNo} · 买家 {o.buyerPhone}
            </View>
            <View className="sf-earn__order-meta">
              订单金额 {formatMoney(o.orderAmount)} · 下单 {formatChinaTime(o.createdAt, 'YYYY-MM-DD HH:mm')}
            </View>
            <View className="sf-earn__row">
              <View className={`sf-earn__state ${o.status === 'CANCELLED' ? 'is-off' : ''}`}>{o.statusText}</View>
              <View className="sf-earn__plus">佣金 {formatMoney(o.commission - o.reversedAmount)}</View>
            </View>
            <View className="sf-earn__order-meta">{stateNote(o)}</View>
          </View>
        </View>
      ))}
      {list.loaded && !list.error && !list.list.length ? <EmptyView text="暂无推广订单" /> : null}
      {list.error ? <EmptyView text={list.error} actionText="重试" onAction={() => void list.load(true)} /> : null}
      {list.list.length ? (
        <View className="sf-earn__muted sf-earn__actions">
          {list.done ? '没有更多了' : list.loading ? '加载中...' : ''}
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(EarningsOrder);
