import { View } from '@tarojs/components';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useEffect } from 'react';
import type { PlaceOrderInfo } from '@contract/integral';
import { formatMoney } from '@contract/rules/money';
import { integralCarrier, maskPhone, pointsText, type IntegralType } from '@contract/rules/integral';
import { ApiError } from '../../api/request';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { applyAfterPay } from '../../platform/pay-result';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import Popup from '../popup';
import './index.scss';

interface PointsOrderProps {
  /** Whether the popup shows. */
  open: boolean;
  actSn: string;
  onClose: () => void;
  /** The 积分查询 popup, when the phone is not bound or must be queried first. */
  onQuery: () => void;
}

/** A fresh id per confirmation: a retried submit sends the same one and gets the first order back. */
const newRequestId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/**
 * The points order (issue 14): what the item costs in points (and cash), the bound phone, the balance and what
 * it leaves; 确认兑换 submits, the server deducts the points once, and a cash part goes on to payment.
 */
function PointsOrder({ open, actSn, onClose, onQuery }: PointsOrderProps) {
  const { api, payment } = useStores();
  const ui = useLocalObservable(() => ({ info: null as PlaceOrderInfo | null, requestId: newRequestId(), busy: false }));

  useEffect(() => {
    if (!open) return;
    runInAction(() => {
      ui.info = null;
      ui.requestId = newRequestId();
    });
    void api.integral
      .placeOrder(actSn)
      .then((info) => runInAction(() => (ui.info = info)))
      .catch((err) => toast(err instanceof ApiError ? err.message : '订单信息获取异常! 请退出重试'));
  }, [open, actSn]);

  async function submit() {
    const info = ui.info;
    if (!info || ui.busy) return;
    if (info.disabledReason) {
      toast(info.disabledReason);
      return;
    }
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
      onClose();
      // A points-only order is paid already (§4: a zero amount opens the order detail, here over the item so
      // that back returns to it); a cash part is paid now, and the order opens when it is.
      if (result.payAmount === 0) await openPage(ROUTES.orderDetail, { orderNo: result.orderNo });
      else await applyAfterPay(await payment.payOrder(result.orderNo, 'other'));
    } catch (err) {
      toast(err instanceof ApiError ? err.message : '下单异常, 请重试!');
    } finally {
      runInAction(() => (ui.busy = false));
    }
  }

  const info = ui.info;
  const type = info?.integralType ?? '';
  return (
    <Popup open={open} title="积分兑换" onClose={onClose} className="sf-po">
      {info ? (
        <View className="sf-iq__body" id="points-order">
          <View className="sf-po__line">
            <View>{info.actName}</View>
          </View>
          <View className="sf-po__line">
            <View>所需积分</View>
            <View id="points-price">{pointsText(info.points, type)}</View>
          </View>
          {info.cashAmount > 0 ? (
            <View className="sf-po__line">
              <View>另需支付</View>
              <View className="sf-price">{formatMoney(info.cashAmount)}</View>
            </View>
          ) : null}
          <View className="sf-po__line" onClick={onQuery}>
            <View>{integralCarrier(type).label || '积分'}账户</View>
            <View className={info.phone ? '' : 'sf-po__muted'}>{info.phone ? maskPhone(info.phone) : '去查询 ›'}</View>
          </View>
          <View className="sf-po__line">
            <View>当前积分</View>
            <View id="points-balance">{info.balance === null ? '—' : pointsText(info.balance, type)}</View>
          </View>
          <View className="sf-po__line">
            <View>兑换后剩余</View>
            <View id="points-remaining">{info.remaining === null ? '—' : pointsText(info.remaining, type)}</View>
          </View>
          {info.disabledReason ? <View className="sf-po__reason">{info.disabledReason}</View> : null}
          <View
            className={`sf-btn sf-iq__btn ${info.disabledReason || ui.busy ? 'is-disabled' : ''}`}
            id="points-submit"
            onClick={() => (info.disabledReason && (info.needAuth || !info.phone) ? onQuery() : void submit())}
          >
            {info.disabledReason && (info.needAuth || !info.phone) ? '查询积分' : '确认兑换'}
          </View>
        </View>
      ) : (
        <View className="sf-iq__body sf-po__muted">加载中...</View>
      )}
    </Popup>
  );
}

export default observer(PointsOrder);
