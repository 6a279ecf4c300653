import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import type { WithdrawalDetail } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { useDetailLoad } from '../../../components/detail-load';
import { confirmTransfer } from '../../../platform/merchant-transfer';
import { toast } from '../../../platform/ui';
import PageShell from '../../../components/page-shell';
import { destinationRows, withdrawalMoneyRows } from '../../../domain/earnings';
import { useStores } from '../../../stores';
import '../earnings.scss';

/** §2 withdraw/withdrawDetails (param withdrawalNo): amount, fee, card and the state timeline. */
function WithdrawDetails() {
  const { api } = useStores();
  const { params } = useRouter();
  const withdrawalNo = String(params.withdrawalNo ?? '');
  const {
    data: d,
    gate,
    load,
  } = useDetailLoad<WithdrawalDetail>({
    fetch: () => api.earnings.detail(withdrawalNo),
    // While the bank works on it the page asks again now and then, so 到账 shows without a manual refresh.
    again: (detail) => detail.status === 'REVIEWING' || detail.status === 'PAYING',
    shellClass: 'sf-earn',
    loadingClass: 'sf-earn__card sf-earn__muted',
  });
  if (gate || !d) return gate;
  // 待确认收款: WeChat's own page takes the earner's acceptance; the server hears the result from WeChat.
  const confirm = async () => {
    if (!d.confirm) return;
    const outcome = await confirmTransfer(d.confirm);
    if (outcome.ok) void load();
    else toast(outcome.message);
  };
  const rows: [string, string][] = [
    ['提现单号', d.withdrawalNo],
    ...destinationRows(d),
    ...withdrawalMoneyRows(d),
    ['申请时间', formatChinaTime(d.createdAt, 'YYYY-MM-DD HH:mm:ss')],
  ];
  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__card sf-earn__status">
        <View className="sf-earn__status-text" id="withdraw-status">
          {d.statusText}
        </View>
        <View className="sf-earn__status-amount">{formatMoney(d.amount)}</View>
        {d.reason ? <View className="sf-earn__muted">原因：{d.reason}</View> : null}
        {d.confirm ? (
          <View className="sf-earn__code-btn" id="withdraw-confirm" onClick={() => void confirm()}>
            确认收款
          </View>
        ) : null}
      </View>
      <View className="sf-earn__card" id="withdraw-timeline">
        {d.timeline.map((s, i) => (
          <View key={`${s.title}-${i}`} className="sf-earn__step">
            <View className={`sf-earn__dot ${s.failed ? 'is-failed' : s.done ? 'is-done' : ''}`} />
            <View>
              <View className="sf-earn__line-title">{s.title}</View>
              <View className="sf-earn__line-sub">
                {s.time ? formatChinaTime(s.time, 'YYYY-MM-DD HH:mm:ss') : s.done ? '' : '处理中'}
              </View>
            </View>
          </View>
        ))}
      </View>
      <View className="sf-earn__card">
        {rows.map(([k, v]) => (
          <View key={k} className="sf-earn__row" data-row={k}>
            <View className="sf-earn__label">{k}</View>
            <View className="sf-earn__value">{v}</View>
          </View>
        ))}
      </View>
    </PageShell>
  );
}

export default observer(WithdrawDetails);
