import { View } from '@tarojs/components';
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { OrderDetail as Detail } from '@contract/payment';
import { ApiError } from '../../api/request';
import AtCountdown from 'taro-ui/lib/components/countdown';
import AddressCard from '../../components/address-card';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import PayCheck from '../../components/pay-check';
import PaySchedule from '../../components/pay-schedule';
import PriceLines, { FreightValue, PriceLine } from '../../components/price-lines';
import { formatChinaTime } from '@contract/rules/china-time';
import { orderStatusText } from '@contract/rules/order-status';
import { formatMoney } from '@contract/rules/money';
import { pointsPriceText } from '@contract/rules/integral';
import { orderCountText } from '../../domain/catalogue';
import { ROUTES } from '../../domain/routes';
import { payableLabel, scheduleRows } from '../../domain/schedule';
import { openPage } from '../../platform/navigation';
import { applyAfterPay } from '../../platform/pay-result';
import { copyText, toast } from '../../platform/ui';
import { useStores } from '../../stores';
import './orderDetail.scss';

/** §8: code 1008 shows the server's message, anything else 订单获取失败, 请重试!. */
export const ORDER_FETCH_FAILED = '订单获取失败, 请重试!';
const HOUSEHOLD_NAMES: Record<string, string> = { TRAILING_HOLD: '随迁落户', TALENT_IN: '人才引进' };

/** §2 order detail (param orderNo, custom navigation): amounts, schedule, address, applicant info and actions. */
function OrderDetail() {
  const { api, payment, session } = useStores();
  const { params } = useRouter();
  const orderNo = String(params.orderNo || '');
  const state = useLocalObservable(() => ({ order: null as Detail | null, error: '' }));

  async function load() {
    try {
      const order = await api.payment.detail(orderNo);
      runInAction(() => {
        state.order = order;
        state.error = '';
      });
    } catch (err) {
      const e = err as ApiError;
      runInAction(() => (state.error = e.code === 1008 && e.message ? e.message : ORDER_FETCH_FAILED));
    }
  }

  // After any payment attempt the page shows what the server says, so it reloads on every show.
  useDidShow(() => void load());
  usePullDownRefresh(async () => {
    await load();
    Taro.stopPullDownRefresh();
  });

  async function pay() {
    const decision = await payment.payOrder(orderNo, 'detail');
    await applyAfterPay(decision);
    if (decision.refresh) void load();
  }

  async function cancel() {
    const res = await Taro.showModal({ title: '提示', content: '确定取消该订单吗？' });
    if (!res.confirm) return;
    try {
      await api.payment.cancel(orderNo);
      toast('订单已取消');
      void load();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : '取消失败，请重试');
    }
  }

  async function receive() {
    const res = await Taro.showModal({ title: '确认收货', content: '请确认已收到商品，确认后订单将完成' });
    if (!res.confirm) return;
    try {
      await api.payment.receive(orderNo);
      toast('已确认收货', 'success');
      void load();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : '确认失败，请重试');
    }
  }

  const o = state.order;
  const parcel = o?.orderStatus === 'PAID' ? (o.shipment ?? null) : null;
  const rows = o ? scheduleRows(o.orderPayType, o.orderPayType === 2 ? o.depositInfoList : o.installmentInfoList, o.installmentPayNum, o.orderStatus) : [];
  const label = o ? payableLabel(o.orderPayType, o.installmentPayNum) : '';
  return (
    <PageShell className="sf-detail">
      {state.error && !o ? <EmptyView text={state.error} actionText="重新加载" onAction={() => void load()} /> : null}
      {o ? (
        <>
          <View className="sf-detail__status">
            <View className="sf-detail__status-text">{orderStatusText(o.orderStatus, o.shipmentStatus)}</View>
            {parcel?.status === 'TO_SHIP' ? <View className="sf-detail__status-sub">商家正在备货，发货后可在此查看快递单号</View> : null}
            {parcel?.status === 'SHIPPED' && parcel.autoReceiveAt ? (
              <View className="sf-detail__status-sub">商品已发出，{formatChinaTime(parcel.autoReceiveAt, 'MM月DD日 HH:mm')}后将自动确认收货</View>
            ) : null}
            {o.canPay && o.dueAmount > 0 ? (
              <View className="sf-detail__status-sub">
                {label === '应付' ? '待支付' : `待支付${label}`} {formatMoney(o.dueAmount)}
                {o.expiresAt && o.orderStatus === 'UNPAID' ? `，请在${formatChinaTime(o.expiresAt, 'HH:mm')}前完成支付` : ''}
              </View>
            ) : null}
            {o.canPay && o.expiresAt && o.orderStatus === 'UNPAID' ? <PayCountdown until={o.expiresAt} now={session.now()} onTimeUp={() => void load()} /> : null}
          </View>
          {o.address ? <AddressCard address={o.address} /> : null}
          {parcel && parcel.status !== 'TO_SHIP' ? (
            <PriceLines>
              <PriceLine label="快递公司">{parcel.carrierName}</PriceLine>
              <PriceLine label="快递单号">
                <View id="order-tracking-no">
                  {parcel.trackingNo}
                  <View className="sf-detail__copy" onClick={() => copyText(parcel.trackingNo ?? '')}>
                    复制
                  </View>
                </View>
              </PriceLine>
              {parcel.shippedAt ? <PriceLine label="发货时间">{formatChinaTime(parcel.shippedAt)}</PriceLine> : null}
              {parcel.receivedAt ? <PriceLine label="收货时间">{formatChinaTime(parcel.receivedAt)}</PriceLine> : null}
            </PriceLines>
          ) : null}
          <View className="sf-detail__card">
            <View className="sf-detail__name">{o.courseName}</View>
            {o.packageName ? <View className="sf-detail__sub">套餐：{o.packageName}</View> : null}
            {o.giftCourseList.length ? (
              <View className="sf-detail__sub">赠课：{o.giftCourseList.map((g) => g.courseName).join('、')}</View>
            ) : null}
            <View className="sf-detail__sub">{orderCountText(o.orderType, o.courseNum, o.skuCnt)}</View>
          </View>
          {o.event ? (
            <PriceLines>
              {o.event.schedule ? (
                <PriceLine label="活动时间">
                  <View id="order-event-time">{o.event.schedule}</View>
                </PriceLine>
              ) : null}
              {o.event.place ? (
                <PriceLine label="活动地点" arrow onClick={() => void openPage(ROUTES.openLocation, { ...o.event!.place! })}>
                  <View id="order-event-place">{o.event.place.name || o.event.place.address}</View>
                </PriceLine>
              ) : null}
            </PriceLines>
          ) : null}
          <PriceLines>
            {/* A points order's price as its item showed it; the money lines below add up its cash part. */}
            {o.integral ? <PriceLine label="兑换价格">{pointsPriceText(o.integral)}</PriceLine> : null}
            <PriceLine label="商品金额">{formatMoney(o.goodsAmount)}</PriceLine>
            {o.courseDiscountAmount > 0 ? (
              <PriceLine label="课程优惠">
                <View className="sf-lines__discount">-{formatMoney(o.courseDiscountAmount)}</View>
              </PriceLine>
            ) : null}
            {o.packageDiscountAmount > 0 ? (
              <PriceLine label="套餐优惠">
                <View className="sf-lines__discount">-{formatMoney(o.packageDiscountAmount)}</View>
              </PriceLine>
            ) : null}
            {o.discountAmount > 0 ? (
              <PriceLine label="优惠券">
                <View className="sf-lines__discount">-{formatMoney(o.discountAmount)}</View>
              </PriceLine>
            ) : null}
            {o.address || o.freight > 0 ? (
              <PriceLine label="运费">
                <FreightValue freight={o.freight} oldFreight={o.freight} />
              </PriceLine>
            ) : null}
            <PriceLine label="订单总额">
              <View className="sf-price">{formatMoney(o.totalAmount)}</View>
            </PriceLine>
            {/* A changed-course order (§2): the old course's payment counts against this one. */}
            {o.deductionAmount ? (
              <PriceLine label="费用抵扣">
                <View className="sf-lines__discount" id="order-deduction">
                  -{formatMoney(o.deductionAmount)}
                </View>
              </PriceLine>
            ) : null}
          </PriceLines>
          <PaySchedule rows={rows} />
          {o.applicant.length || o.householdType || o.remark ? (
            <PriceLines>
              {o.applicant.map((a) => (
                <PriceLine key={a.label} label={a.label}>
                  {a.value}
                </PriceLine>
              ))}
              {o.householdType ? <PriceLine label="入户类型">{HOUSEHOLD_NAMES[o.householdType] || o.householdType}</PriceLine> : null}
              {o.remark ? <PriceLine label="订单备注">{o.remark}</PriceLine> : null}
            </PriceLines>
          ) : null}
          <PriceLines>
            <PriceLine label="订单编号">{o.orderNo}</PriceLine>
            <PriceLine label="下单时间">{formatChinaTime(o.createdAt)}</PriceLine>
            {o.payTypeName ? <PriceLine label="支付方式">{o.payTypeName}</PriceLine> : null}
            {o.payTime ? <PriceLine label="支付时间">{formatChinaTime(o.payTime)}</PriceLine> : null}
            {o.agreementSn ? (
              <PriceLine label="购买协议" arrow onClick={() => void openPage(ROUTES.ratifyAccord, { orderNo: o.orderNo })}>
                {o.agreementSigned ? '已签署' : '待签署'}
              </PriceLine>
            ) : null}
            {o.courseChange ? (
              <PriceLine label={o.courseChange.direction === 'FROM' ? '换课来源' : '已换课至'} arrow onClick={() => void openPage(ROUTES.orderDetail, { orderNo: o.courseChange!.orderNo })}>
                <View id="order-course-change">{o.courseChange.courseName}</View>
              </PriceLine>
            ) : null}
            {/* After-sales (issue 13): the newest application's state, and what has come back. */}
            {o.refundVO?.applicationNo ? (
              <PriceLine label="售后" arrow onClick={() => void openPage(ROUTES.afterSaleDetail, { applicationNo: o.refundVO!.applicationNo! })}>
                <View id="order-after-sale">{o.refundVO.afterSaleStateText}</View>
              </PriceLine>
            ) : null}
            {o.refundVO && o.refundVO.refundAmount > 0 ? (
              <PriceLine label="已退款">
                <View className="sf-price" id="order-refunded">{formatMoney(o.refundVO.refundAmount)}</View>
              </PriceLine>
            ) : null}
          </PriceLines>
          {o.orderStatus === 'PAID' && o.orderType === 'COURSE' ? (
            <View className="sf-detail__result" onClick={() => void openPage(ROUTES.courseDetailSuccess, { orderNo: o.orderNo })}>
              查看报名结果 ›
            </View>
          ) : null}
          <View className="sf-detail__spacer" />
          {o.canPay || o.canCancel || o.canSign || o.canApplyAfterSale || parcel?.status === 'SHIPPED' ? (
            <View className="sf-detail__bar">
              {o.canApplyAfterSale ? (
                <View className="sf-order__btn" id="order-after-sale-apply" onClick={() => void openPage(ROUTES.afterSaleApply, { orderNo: o.orderNo })}>
                  申请售后
                </View>
              ) : null}
              {o.canCancel ? (
                <View className="sf-order__btn" onClick={() => void cancel()}>
                  取消订单
                </View>
              ) : null}
              {o.canSign ? (
                <View className="sf-order__btn" onClick={() => void openPage(ROUTES.ratifyAccord, { orderNo: o.orderNo })}>
                  签署协议
                </View>
              ) : null}
              {parcel?.status === 'SHIPPED' ? (
                <View className="sf-order__btn is-primary" id="order-receive" onClick={() => void receive()}>
                  确认收货
                </View>
              ) : null}
              {o.canPay ? (
                <View className="sf-order__btn is-primary" id="order-pay" onClick={() => void pay()}>
                  {label === '应付' ? '立即支付' : `支付${label}`} {formatMoney(o.dueAmount)}
                </View>
              ) : null}
            </View>
          ) : null}
        </>
      ) : null}
      <PayCheck onAnswered={() => void load()} />
    </PageShell>
  );
}

/**
 * 剩余支付时间 with taro-ui's AtCountdown. Its stylesheet is not imported: it embeds a 60 KB number font; the
 * few rules it needs are in orderDetail.scss.
 */
function PayCountdown({ until, now, onTimeUp }: { until: string; now: number; onTimeUp: () => void }) {
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  if (left <= 0) return null;
  return (
    <View className="sf-detail__countdown">
      剩余支付时间
      <AtCountdown className="sf-detail__countdown-clock" isShowHour={left >= 3600} hours={Math.floor(left / 3600)} minutes={Math.floor((left % 3600) / 60)} seconds={left % 60} onTimeUp={onTimeUp} />
    </View>
  );
}

export default observer(OrderDetail);
