import { Text, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import AtSteps from 'taro-ui/lib/components/steps';
import type { AfterSaleDetail } from '@contract/after-sales';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { useDetailLoad } from '../../../components/detail-load';
import EventTimeline from '../../../components/event-timeline';
import PageShell from '../../../components/page-shell';
import { progressSteps } from '../../../domain/after-sale';
import { orderPackageApi } from '../api';
import './after-sale.scss';
import './afterSaleProgress.scss';

const TIME = 'YYYY-MM-DD HH:mm';

/**
 * §2 afterSale/afterSaleProgress (param applicationNo): where the application is, told as the big stores do: the
 * state and what happens next by when, the amount and the channel it goes back to, the step bar, and what each
 * side did, newest first.
 */
function AfterSaleProgress() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const applicationNo = String(params.applicationNo ?? '');
  const { data: d, gate } = useDetailLoad<AfterSaleDetail>({
    fetch: () => api.afterSales.detail(applicationNo),
    // The provider settles a refund by itself: the page follows it to 退款成功.
    again: (detail) => detail.state === 'REFUNDING',
    shellClass: 'sf-as sf-asp',
    loadingClass: 'sf-as__card sf-as__muted',
  });
  if (gate || !d) return gate;

  const steps = progressSteps(d);
  const reached = steps.reduce((at, st, i) => (st.done ? i : at), 0);
  // Reached steps are ticked, a bad end is a cross; the step being worked on now is the filled, numbered one.
  const current = d.next.actor === null ? reached : Math.min(reached + 1, steps.length - 1);
  const stepItems = steps.map((st) => ({
    title: st.title,
    status: st.failed ? 'error' : st.done ? 'success' : undefined,
  }));
  const events = [...d.records]
    .reverse()
    .map((r) => ({ title: r.eventText, details: [r.message], time: formatChinaTime(r.createdAt, TIME) }));
  const money = d.refundedAmount > 0 ? d.refundedAmount : d.amount;
  // A refused or withdrawn application sends nothing back: it shows what was asked, and no channel.
  const closed = d.state === 'REFUSED' || d.state === 'CANCELLED';
  const label = d.refundedAmount > 0 ? '已退款' : closed ? '申请金额' : '退款金额';
  const channels = closed
    ? []
    : d.refundTo.length
      ? d.refundTo
      : [{ channel: 'original', channelText: '原支付账户', amount: d.amount }];

  return (
    <PageShell className="sf-as sf-asp">
      <View className="sf-asp__hero" id="asp-hero">
        <View className="sf-asp__state" id="asp-state">
          {d.stateText}
        </View>
        <View className="sf-asp__next" id="asp-next">
          {d.next.text}
        </View>
        {d.next.dueAt ? (
          <View className="sf-asp__due" id="asp-due">
            {d.next.dueLabel}：{formatChinaTime(d.next.dueAt, 'MM月DD日 HH:mm')}
          </View>
        ) : null}
        {d.refuseReason ? (
          <View className="sf-asp__reason" id="asp-refuse-reason">
            拒绝原因：{d.refuseReason}
          </View>
        ) : null}
      </View>

      <View className="sf-as__card sf-asp__money" id="asp-money">
        <View className="sf-asp__money-head">
          <Text className="sf-asp__label">{label}</Text>
          <Text className={`sf-asp__amount ${closed ? 'is-closed' : ''}`} id="asp-amount">
            {formatMoney(money)}
          </Text>
        </View>
        {channels.map((c) => (
          <View key={c.channel} className="sf-asp__channel" data-channel={c.channel}>
            <Text className="sf-asp__tag">原路退回</Text>
            <Text className="sf-asp__channel-name">{c.channelText}</Text>
            {channels.length > 1 ? <Text className="sf-asp__channel-amount">{formatMoney(c.amount)}</Text> : null}
          </View>
        ))}
      </View>

      <View className="sf-as__card sf-asp__steps" id="asp-steps">
        <AtSteps items={stepItems} current={current} onChange={() => undefined} />
      </View>

      <View className="sf-as__card sf-asp__records" id="asp-records">
        <View className="sf-as__title">处理记录</View>
        <EventTimeline events={events} />
      </View>

      <View className="sf-asp__foot">售后单号 {d.applicationNo}</View>
    </PageShell>
  );
}

export default observer(AfterSaleProgress);
