import { Image, View } from '@tarojs/components';
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useState } from 'react';
import AtTabs from 'taro-ui/lib/components/tabs';
import type { OrderTab } from '@contract/constants';
import { orderStatusText } from '@contract/rules/order-status';
import type { OrderSummary } from '@contract/payment';
import { assetUrl } from '../../api/asset';
import { errorMessage } from '../../api/error-message';
import EmptyView from '../../components/empty-view';
import { confirm } from '../../components/confirm';
import PageShell from '../../components/page-shell';
import Skeleton from '../../components/skeleton';
import PayCheck from '../../components/pay-check';
import { formatMoney } from '@contract/rules/money';
import { pointsPriceText } from '@contract/rules/integral';
import { orderCountText } from '../../domain/catalogue';
import { ROUTES } from '../../domain/routes';
import { payableLabel } from '../../domain/schedule';
import { openPage } from '../../platform/navigation';
import { applyAfterPay } from '../../platform/pay-result';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { PagedList } from '../../stores/paged-list';
import { imgAlt } from '../../platform/a11y';
import './orderList.scss';

const TABS: { key: OrderTab; title: string }[] = [
  { key: 'ALL', title: '全部' },
  { key: 'UNPAID', title: '待付款' },
  { key: 'TO_SHIP', title: '待发货' },
  { key: 'TO_RECEIVE', title: '待收货' },
  { key: 'PAID', title: '已完成' },
  { key: 'CANCELLED', title: '已取消' },
  { key: 'REFUND', title: '退款' },
];
const PER_SIZE = 10;

/** §2 order list: tabs by state, paged, pull-to-refresh, empty view. */
function OrderList() {
  const { api, payment } = useStores();
  const { params } = useRouter();
  const initialTab = (TABS.some((t) => t.key === params.tab) ? params.tab : 'ALL') as OrderTab;
  const ui = useLocalObservable(() => ({ tab: initialTab }));
  const [state] = useState(
    () => new PagedList<OrderSummary>((page, perSize) => api.order.list(initialTab, page, perSize), PER_SIZE),
  );
  const load = (reset: boolean) => state.load(reset);

  useDidShow(() => void load(true));
  useReachBottom(() => void load(false));
  usePullDownRefresh(async () => {
    await load(true);
    Taro.stopPullDownRefresh();
  });

  function switchTab(tab: OrderTab) {
    runInAction(() => (ui.tab = tab));
    state.setSource((page, perSize) => api.order.list(tab, page, perSize));
    void load(true);
  }

  async function pay(order: OrderSummary) {
    const decision = await payment.payOrder(order.orderNo, 'list');
    await applyAfterPay(decision);
    if (decision.refresh) void load(true);
  }

  async function cancel(order: OrderSummary) {
    if (!(await confirm({ title: '提示', content: '确定取消该订单吗？' }))) return;
    try {
      await api.order.cancel(order.orderNo);
      toast('订单已取消');
      void load(true);
    } catch (err) {
      toast(errorMessage(err, '取消失败，请重试'));
    }
  }

  return (
    <PageShell className="sf-orders">
      <View className="sf-orders__tabs">
        <AtTabs
          current={Math.max(
            0,
            TABS.findIndex((t) => t.key === ui.tab),
          )}
          tabList={TABS}
          scroll
          onClick={(i: number) => switchTab(TABS[i].key)}
        />
      </View>
      {state.list.map((o) => (
        <View
          key={o.orderNo}
          className="sf-order"
          data-order-no={o.orderNo}
          onClick={() => void openPage(ROUTES.orderDetail, { orderNo: o.orderNo })}
        >
          <View className="sf-order__head">
            <View className="sf-order__no">订单号 {o.orderNo}</View>
            <View className="sf-order__status">{orderStatusText(o.orderStatus, o.shipmentStatus)}</View>
          </View>
          <View className="sf-order__body">
            <Image className="sf-order__cover" src={assetUrl(o.cover)} mode="aspectFill" {...imgAlt(o.courseName)} />
            <View className="sf-order__info">
              <View className="sf-order__name">{o.courseName}</View>
              <View className="sf-order__meta">{orderCountText(o.orderType, o.courseNum, o.skuCnt)}</View>
              {o.integral ? (
                <View className="sf-order__meta sf-order__points">兑换价格 {pointsPriceText(o.integral)}</View>
              ) : null}
              <View className="sf-order__amount">
                订单金额 <View className="sf-price">{formatMoney(o.totalAmount)}</View>
              </View>
            </View>
          </View>
          {o.canPay || o.canCancel ? (
            <View className="sf-order__actions">
              {o.canCancel ? (
                <View
                  className="sf-order__btn"
                  onClick={(e) => {
                    e.stopPropagation();
                    void cancel(o);
                  }}
                >
                  取消订单
                </View>
              ) : null}
              {o.canPay ? (
                <View
                  className="sf-order__btn is-primary"
                  onClick={(e) => {
                    e.stopPropagation();
                    void pay(o);
                  }}
                >
                  {payableLabel(o.orderPayType, o.installmentPayNum) === '应付'
                    ? '去支付'
                    : `支付${payableLabel(o.orderPayType, o.installmentPayNum)}`}{' '}
                  {formatMoney(o.dueAmount)}
                </View>
              ) : null}
            </View>
          ) : null}
        </View>
      ))}
      {!state.loaded && !state.list.length && !state.error ? <Skeleton variant="list" /> : null}
      {state.loaded && !state.list.length && !state.error ? <EmptyView /> : null}
      {state.error ? <EmptyView text={state.error} actionText="重新加载" onAction={() => void load(true)} /> : null}
      {state.list.length ? (
        <View className="sf-more__end">{state.done ? '没有更多了' : state.loading ? '加载中...' : ''}</View>
      ) : null}
      <PayCheck onAnswered={() => void load(true)} />
    </PageShell>
  );
}

export default observer(OrderList);
