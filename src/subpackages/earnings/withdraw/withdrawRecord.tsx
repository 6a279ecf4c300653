import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { WithdrawalSummary } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useShownPagedList } from '../../../components/paged-list/use-shown-list';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import '../earnings.scss';

/** §2 withdraw/withdrawRecord: the promoter's withdrawals, newest first; each opens its detail. */
function WithdrawRecord() {
  const { api } = useStores();
  const list = useShownPagedList<WithdrawalSummary>((page, perSize) => api.earnings.records(page, perSize), 10);

  return (
    <PageShell className="sf-earn">
      {list.list.length ? (
        <View className="sf-earn__card">
          {list.list.map((w) => (
            <View
              key={w.withdrawalNo}
              className="sf-earn__line"
              id={`record-${w.withdrawalNo}`}
              onClick={() => void openPage(ROUTES.withdrawDetails, { withdrawalNo: w.withdrawalNo })}
            >
              <View>
                <View className="sf-earn__line-title">
                  提现至{w.bankName}
                  {w.payoutTo === 'BANK_CARD' ? `(${w.cardMasked.slice(-4)})` : ''}
                </View>
                <View className="sf-earn__line-sub">{formatChinaTime(w.createdAt, 'YYYY-MM-DD HH:mm')}</View>
              </View>
              <View style={{ textAlign: 'right' }}>
                <View className="sf-earn__minus">{formatMoney(w.amount)}</View>
                <View className={`sf-earn__state ${w.status === 'FAILED' || w.status === 'REJECTED' ? 'is-off' : ''}`}>
                  {w.statusText}
                </View>
              </View>
            </View>
          ))}
        </View>
      ) : null}
      {list.loaded && !list.error && !list.list.length ? <EmptyView text="暂无提现记录" /> : null}
      {list.error ? <EmptyView text={list.error} actionText="重试" onAction={() => void list.load(true)} /> : null}
      {list.list.length ? (
        <View className="sf-earn__muted sf-earn__actions">
          {list.done ? '没有更多了' : list.loading ? '加载中...' : ''}
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(WithdrawRecord);
