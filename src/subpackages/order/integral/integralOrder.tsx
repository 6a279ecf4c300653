import { Image, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useCallback, useEffect } from 'react';
import type { PlaceOrderInfo } from '@contract/integral';
import { formatMoney } from '@contract/rules/money';
import {
  INTEGRAL_NOTE,
  integralCarrier,
  maskPhone,
  pointsPriceText,
  pointsText,
  type IntegralType,
} from '@contract/rules/integral';
import { assetUrl } from '../../../api/asset';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import IntegralQuery from '../../../components/integral-query';
import PageShell from '../../../components/page-shell';
import Skeleton from '../../../components/skeleton';
import { imgAlt } from '../../../platform/a11y';
import { decodeParam, ROUTES } from '../../../domain/routes';
import { goBackOrHome, openPage } from '../../../platform/navigation';
import { applyAfterPay } from '../../../platform/pay-result';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './integralOrder.scss';

/** A fresh id per confirmation: a retried submit sends the same one and gets the first order back. */
const newRequestId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/**
 * The points order screen (opened by 立即兑换 on a points item): the item and its price in points (and cash), the
 * carrier account with its balance, what this order deducts and what it leaves, the lines that make up the price
 * and a bar that repeats it beside 确认兑换. 确认兑换 submits, the server deducts the points once,
 * and a cash part goes on to payment. 去查询 / 查询积分 open the 积分查询 popup here (also where the carrier's
 * authorisation comes back to). A page of the order sub-package, so none of it weighs on the WeChat main package.
 */
function IntegralOrder() {
  const { params } = useRouter();
  const actSn = decodeParam(params.actSn);
  const { api, payment } = useStores();
  const ui = useLocalObservable(() => ({
    info: null as PlaceOrderInfo | null,
    error: '',
    requestId: newRequestId(),
    busy: false,
    query: false,
  }));

  // New only with a new item (api and ui never change): the order is asked for once per item shown.
  const load = useCallback(() => {
    void api.integral
      .placeOrder(actSn)
      .then((info) => runInAction(() => ((ui.info = info), (ui.error = ''))))
      .catch((err) => {
        const message = errorMessage(err, '订单信息获取异常! 请退出重试');
        // Shown in place of the order when there is none to show; a toast when a reload fails.
        if (ui.info) toast(message);
        else runInAction(() => (ui.error = message));
      });
  }, [api, ui, actSn]);
  useEffect(load, [load]);

  async function submit() {
    const info = ui.info;
    if (!info || ui.busy) return;
    if (info.disabledReason) return toast(info.disabledReason);
    runInAction(() => (ui.busy = true));
    try {
      const result = await api.integral.submit({
        actSn,
        integralType: info.integralType as IntegralType,
        phone: info.phone || '',
        points: info.points,
        cashAmount: info.cashAmount,
        requestId: ui.requestId,
      });
      // A points-only order is paid already (§4: a zero amount opens the order detail, in this screen's place so
      // that back returns to the item); a cash part is paid now, and the order opens when it is.
      if (result.payAmount === 0) await openPage(ROUTES.orderDetail, { orderNo: result.orderNo }, 'replace');
      else await applyAfterPay(await payment.payOrder(result.orderNo, 'other'));
    } catch (err) {
      toast(errorMessage(err, '下单异常, 请重试!'));
    } finally {
      runInAction(() => (ui.busy = false));
    }
  }

  const info = ui.info;
  const type = (info?.integralType ?? '') as IntegralType;
  // Without a usable balance (no phone, or the carrier wants an authorisation) the button queries instead.
  const mustQuery = !!info && !!info.disabledReason && (info.needAuth || !info.phone);
  const query = () => runInAction(() => (ui.query = true));
  const carrier = integralCarrier(type);
  return (
    <PageShell className="sf-po">
      {info ? (
        <View id="points-order">
          <View className="sf-po__card sf-po__item">
            <Image className="sf-po__cover" src={assetUrl(info.cover)} mode="aspectFill" {...imgAlt(info.actName)} />
            <View className="sf-po__item-body">
              <View className="sf-po__name">{info.actName}</View>
              <View className="sf-po__item-price">{pointsPriceText(info)}</View>
            </View>
          </View>
          <View className="sf-po__card">
            <View className="sf-po__line" onClick={query}>
              <View>{carrier.label || '积分'}账户</View>
              <View className={info.phone ? '' : 'sf-po__muted'}>
                {info.phone ? `${maskPhone(info.phone)} ›` : '去查询 ›'}
              </View>
            </View>
            <View className="sf-po__line">
              <View>当前积分</View>
              <View id="points-balance">{info.balance === null ? '—' : pointsText(info.balance, type)}</View>
            </View>
            <View className="sf-po__line">
              <View>本次扣除</View>
              <View className="sf-po__minus" id="points-deduct">
                -{pointsText(info.points, type)}
              </View>
            </View>
            <View className="sf-po__line">
              <View>兑换后剩余</View>
              <View id="points-remaining">{info.remaining === null ? '—' : pointsText(info.remaining, type)}</View>
            </View>
          </View>
          <View className="sf-po__card">
            <View className="sf-po__line">
              <View>兑换价格</View>
              <View id="points-price">{pointsPriceText(info)}</View>
            </View>
            <View className="sf-po__line">
              <View>积分支付</View>
              <View>{pointsText(info.points, type)}</View>
            </View>
            {info.cashAmount > 0 ? (
              <View className="sf-po__line">
                <View>另需支付</View>
                <View className="sf-price">{formatMoney(info.cashAmount)}</View>
              </View>
            ) : null}
            <View className="sf-po__line sf-po__total">
              <View>合计</View>
              <View className="sf-po__total-value" id="points-total">
                {pointsPriceText(info)}
              </View>
            </View>
          </View>
          {info.disabledReason ? <View className="sf-po__reason">{info.disabledReason}</View> : null}
          <View className="sf-po__note">{INTEGRAL_NOTE}</View>
          <View className="sf-po__spacer" />
          <View className="sf-po__bar">
            <View className="sf-po__bar-sum">
              <View className="sf-po__bar-label">{info.cashAmount > 0 ? '积分 + 现金' : '需支付积分'}</View>
              <View className="sf-po__bar-price" id="points-bar-total">
                {pointsPriceText(info)}
              </View>
            </View>
            <View
              className={`sf-btn sf-po__btn ${info.disabledReason || ui.busy ? 'is-disabled' : ''}`}
              id="points-submit"
              onClick={() => (mustQuery ? query() : void submit())}
            >
              {mustQuery ? '查询积分' : '确认兑换'}
            </View>
          </View>
        </View>
      ) : ui.error ? (
        <EmptyView text={ui.error} actionText="返回" onAction={() => void goBackOrHome()} />
      ) : (
        <Skeleton variant="lines" count={6} />
      )}
      {info ? (
        <IntegralQuery
          open={ui.query}
          integralType={type}
          side="order"
          onClose={() => {
            runInAction(() => (ui.query = false));
            // What was queried (a new phone, a balance) changes what the order can do.
            load();
          }}
          onResume={query}
        />
      ) : null}
    </PageShell>
  );
}

export default observer(IntegralOrder);
