import { View } from '@tarojs/components';
import { useDidShow, useReachBottom } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useState } from 'react';
import type { LedgerLine, ProfitInfo } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { fenToYuanText, formatMoney } from '@contract/rules/money';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { groupLedgerByMonth, ledgerAmountText } from '../../../domain/earnings';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import { PagedList } from '../../../stores/paged-list';
import '../earnings.scss';

/** §2 earnings/myEarnings: withdrawable, frozen, total and withdrawn, the areas of earnings, the ledger by month. */
function MyEarnings() {
  const { api, session } = useStores();
  const state = useLocalObservable(() => ({ info: null as ProfitInfo | null }));
  const [ledger] = useState(
    () =>
      new PagedList<LedgerLine>(async (page, perSize) => {
        const info = await api.earnings.profit(page, perSize);
        runInAction(() => (state.info = info));
        session.setEarner(info.isPromoter, info.promoterCode ?? '');
        return info.ledger;
      }, 20),
  );

  useDidShow(() => void ledger.load(true));
  useReachBottom(() => void ledger.load(false));

  const info = state.info;
  if (!info) {
    return (
      <PageShell className="sf-earn">
        {ledger.error ? (
          <EmptyView text={ledger.error} actionText="重试" onAction={() => void ledger.load(true)} />
        ) : (
          <View className="sf-earn__card sf-earn__muted">加载中...</View>
        )}
      </PageShell>
    );
  }
  if (!info.isPromoter) {
    return (
      <PageShell className="sf-earn">
        <EmptyView text="您还不是推广员，暂无收益" />
      </PageShell>
    );
  }
  const rows: { title: string; value: string; go: () => void }[] = [
    { title: '推广订单', value: '', go: () => void openPage(ROUTES.earningsOrder) },
    { title: '提现记录', value: '', go: () => void openPage(ROUTES.withdrawRecord) },
    { title: '银行卡', value: '', go: () => void openPage(ROUTES.earningsBank) },
    {
      title: '实名认证',
      value: info.verified ? '已认证' : '未认证',
      go: () => void openPage(info.verified ? ROUTES.authenticationDetails : ROUTES.authentication),
    },
  ];
  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__hero" id="earnings-hero">
        <View className="sf-earn__hero-label">可提现(元)</View>
        <View className="sf-earn__hero-amount" id="earnings-withdrawable">
          {fenToYuanText(info.withdrawable)}
        </View>
        <View className="sf-earn__hero-row">
          <View className="sf-earn__hero-item">
            <View className="sf-earn__hero-label">冻结中</View>
            <View className="sf-earn__hero-num" id="earnings-frozen">
              {formatMoney(info.frozen)}
            </View>
          </View>
          <View className="sf-earn__hero-item">
            <View className="sf-earn__hero-label">累计收益</View>
            <View className="sf-earn__hero-num">{formatMoney(info.totalEarned)}</View>
          </View>
          <View className="sf-earn__hero-btn" id="earnings-withdraw" onClick={() => void openPage(ROUTES.withdraw)}>
            提现
          </View>
        </View>
      </View>

      <View className="sf-earn__card">
        {rows.map((r) => (
          <View key={r.title} className="sf-earn__row" onClick={r.go}>
            <View className="sf-earn__label">{r.title}</View>
            <View className="sf-earn__value">{r.value}</View>
            <View className="sf-earn__arrow">›</View>
          </View>
        ))}
      </View>

      {info.promoterCode ? (
        <View className="sf-earn__card">
          <View className="sf-earn__card-title">我的推广码 {info.promoterCode}</View>
          <View className="sf-earn__muted">
            分享商品或活动时，链接会带上您的推广码；好友通过链接下单支付后，佣金先冻结，过了退款期转为可提现。
          </View>
        </View>
      ) : null}

      <View className="sf-earn__card" id="earnings-ledger">
        <View className="sf-earn__card-title">收支明细</View>
        {groupLedgerByMonth(ledger.list).map((m) => (
          <View key={m.month} className="sf-earn__ledger-month">
            <View className="sf-earn__month">
              <View>{m.month}</View>
              <View className="sf-earn__month-sums">
                收入 {formatMoney(m.income)} 支出 {formatMoney(m.expense)}
              </View>
            </View>
            {m.lines.map((l) => (
              <View key={l.id} className="sf-earn__line" data-kind={l.kind}>
                <View>
                  <View className="sf-earn__line-title">{l.kindText}</View>
                  <View className="sf-earn__line-sub">
                    {l.title} · {l.bucket === 'FROZEN' ? '冻结' : '可提现'} ·{' '}
                    {formatChinaTime(l.createdAt, 'MM-DD HH:mm')}
                  </View>
                </View>
                <View
                  className={`sf-earn__line-amount ${l.kind === 'RELEASE' ? 'sf-earn__muted' : l.amount > 0 ? 'sf-earn__plus' : 'sf-earn__minus'}`}
                >
                  {ledgerAmountText(l)}
                </View>
              </View>
            ))}
          </View>
        ))}
        {ledger.loaded && !ledger.list.length ? <View className="sf-earn__muted">暂无收支明细</View> : null}
        {ledger.list.length ? (
          <View className="sf-earn__muted">{ledger.done ? '没有更多了' : ledger.loading ? '加载中...' : ''}</View>
        ) : null}
      </View>
    </PageShell>
  );
}

export default observer(MyEarnings);
