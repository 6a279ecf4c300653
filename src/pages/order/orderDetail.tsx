import { View } from '@tarojs/components';
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import AddressCard from '../../components/address-card';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import PayCheck from '../../components/pay-check';
import Skeleton from '../../components/skeleton';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { useStores } from '../../stores';
import ActionBar from './order-detail/action-bar';
import { carrierCodeOf } from './order-detail/carrier-codes';
import GoodsCard, { ParcelLines } from './order-detail/goods-card';
import InfoCard, { AfterSaleCard, ApplicantCard } from './order-detail/info-card';
import NavBar from './order-detail/nav-bar';
import { allowedActions, nextStep, type NextAction } from './order-detail/next-step';
import { runAction } from './order-detail/order-actions';
import PaidCard from './order-detail/paid-card';
import PlanCard from './order-detail/plan-card';
import PriceCard from './order-detail/price-card';
import StatusHeader from './order-detail/status-header';
import { useOrder } from './order-detail/use-order';
import './orderDetail.scss';

/**
 * §2 order detail (param orderNo, custom navigation): the status and what happens next, the goods, the money and
 * how it was paid, the schedule, applicant and order info, after-sales and the actions the order allows.
 */
function OrderDetail() {
  const { session } = useStores();
  const orderNo = String(useRouter().params.orderNo || '');
  const { state, load, pay, cancel, receive } = useOrder(orderNo);

  // After any payment attempt the page shows what the server says, so it reloads on every show.
  useDidShow(() => void load());
  usePullDownRefresh(async () => {
    await load();
    Taro.stopPullDownRefresh();
  });

  const o = state.order;
  const act = (action: NextAction) => o && runAction(o, action, { pay, receive });
  const step = o ? nextStep(o, carrierCodeOf) : null;
  return (
    <PageShell className="sf-detail">
      <NavBar />
      {state.error && !o ? <EmptyView text={state.error} actionText="重新加载" onAction={() => void load()} /> : null}
      {!o && !state.error ? <Skeleton variant="lines" count={6} /> : null}
      {o && step ? (
        <>
          <StatusHeader order={o} step={step} now={session.now()} onTimeUp={() => void load()} onAction={act} />
          {o.address ? <AddressCard address={o.address} /> : null}
          <ParcelLines order={o} />
          <GoodsCard order={o} />
          <PriceCard order={o} />
          <PlanCard order={o} />
          <PaidCard list={o.paidList || []} />
          <ApplicantCard order={o} />
          <InfoCard order={o} />
          <AfterSaleCard order={o} />
          {o.orderStatus === 'PAID' && o.orderType === 'COURSE' ? (
            <View
              className="sf-detail__result"
              onClick={() => void openPage(ROUTES.courseDetailSuccess, { orderNo: o.orderNo })}
            >
              查看报名结果 ›
            </View>
          ) : null}
          <ActionBar
            order={o}
            actions={allowedActions(o, carrierCodeOf).filter((a) => a !== step.action)}
            onAction={act}
            onCancel={() => void cancel()}
            onSign={() => void openPage(ROUTES.ratifyAccord, { orderNo: o.orderNo })}
          />
        </>
      ) : null}
      <PayCheck onAnswered={() => void load()} />
    </PageShell>
  );
}

export default observer(OrderDetail);
