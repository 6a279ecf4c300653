/**
 * What the order detail's status header says happens next, and the one action it offers (pure: the detail the
 * server sent). Every other action the order allows goes to the bottom bar, so no action shows twice. Texts the
 * spec does not give are ours (docs/order-detail.md). Written without ?. and ??: the mini build expands each into
 * a long expression, and this page is in the WeChat main package.
 */
import type { OrderDetail } from '@contract/payment';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { pointsText } from '@contract/rules/integral';
import { payableLabel } from '../../../domain/schedule';
import { afterSaleRefusal } from './refund-window';

export type NextAction = 'pay' | 'receive' | 'logistics' | 'afterSale' | 'afterSaleView';

export interface NextStep {
  /** The line under the status name. */
  hint: string;
  action: NextAction | null;
}

/** The carrier code the logistics page queries by, from the parcel's carrier name ('' when unknown). */
export type CarrierCodeOf = (carrierName: string | null | undefined) => string;

/** 去支付 / 支付定金 / 支付尾款 / 支付本期 with the amount: the order list's wording. */
export function payText(o: OrderDetail): string {
  const label = payableLabel(o.orderPayType, o.installmentPayNum);
  return `${label === '应付' ? '去支付' : '支付' + label} ${formatMoney(o.dueAmount)}`;
}

/** Each action's button: its id (the walks press these), its words, and whether it is the strong one. */
export const ACTION_BUTTONS: Record<NextAction, [id: string, text: (o: OrderDetail) => string, primary?: boolean]> = {
  afterSale: ['order-after-sale-apply', () => '申请售后'],
  afterSaleView: ['order-after-sale-view', () => '查看售后'],
  logistics: ['order-logistics', () => '查看物流'],
  receive: ['order-receive', () => '确认收货', true],
  pay: ['order-pay', payText, true],
};

function payHint(o: OrderDetail): string {
  const label = payableLabel(o.orderPayType, o.installmentPayNum);
  const amount = `待支付${label === '应付' ? '' : label} ${formatMoney(o.dueAmount)}`;
  if (o.orderStatus === 'UNPAID' && o.expiresAt)
    return `${amount}，请在${formatChinaTime(o.expiresAt, 'HH:mm')}前完成支付`;
  const rows: { dueTime: string | null }[] = o.orderPayType === 2 ? o.depositInfoList : o.installmentInfoList;
  const row = rows[o.installmentPayNum - 1];
  const first =
    o.orderStatus === 'UNPAID_BALANCE' ? '定金已付，' : o.orderStatus === 'UNPAID_INSTALLMENTS' ? '上期已付，' : '';
  return first + amount + (row && row.dueTime ? `，请在${formatChinaTime(row.dueTime, 'MM月DD日 HH:mm')}前支付` : '');
}

const parcelOf = (o: OrderDetail) => (o.orderStatus === 'PAID' && o.shipment) || null;

/** Every action the order allows now, in the bottom bar's order (left to right, the strongest last). */
export function allowedActions(o: OrderDetail, carrierCodeOf: CarrierCodeOf): NextAction[] {
  const parcel = parcelOf(o);
  const out: NextAction[] = [];
  // A closed refund window keeps the entry, which then says why (order-actions).
  if (o.canApplyAfterSale || afterSaleRefusal(o)) out.push('afterSale');
  if (parcel && parcel.status !== 'TO_SHIP' && parcel.trackingNo && carrierCodeOf(parcel.carrierName))
    out.push('logistics');
  if (parcel && parcel.status === 'SHIPPED') out.push('receive');
  if (o.canPay && o.dueAmount > 0) out.push('pay');
  return out;
}

/** After-sales states that are over (rules/after-sale FINAL_AFTER_SALE_STATES, kept out of the main package). */
const SALE_OVER = ['REFUNDED', 'REFUSED', 'CANCELLED'];

export function nextStep(o: OrderDetail, carrierCodeOf: CarrierCodeOf): NextStep {
  const step = (hint: string, action: NextAction | null = null): NextStep => ({ hint, action });
  if (o.canPay && o.dueAmount > 0) return step(payHint(o), 'pay');
  const parcel = parcelOf(o);
  const sale = o.refundVO;
  const saleNo = sale && sale.applicationNo;
  const open = !!saleNo && !SALE_OVER.includes(sale.afterSaleState || '');
  const afterSale: NextAction | null = open
    ? 'afterSaleView'
    : o.canApplyAfterSale || afterSaleRefusal(o)
      ? 'afterSale'
      : null;
  const points = o.integral ? pointsText(o.integral.points, o.integral.integralType) : '';
  const status = o.orderStatus;

  if (status.startsWith('UNPAID')) return step('订单已超时，将自动取消');
  if (status === 'CANCELLED') return step(points ? `订单已取消，${points}已退回` : '订单已取消，如需购买请重新下单');
  if (status === 'REFUND')
    return step('退款已完成，款项已原路退回' + (points ? `，${points}已退回` : ''), saleNo ? 'afterSaleView' : null);
  if (status === 'REFUND_PART') return step('部分款项已原路退回', afterSale || (saleNo ? 'afterSaleView' : null));
  if (status === 'DEAL_DONE_COURSE') return step('已换课，本订单已付费用抵扣至新课程订单');
  if (open) return step(`售后处理中：${sale.afterSaleStateText || ''}`, 'afterSaleView');
  if (parcel && parcel.status === 'TO_SHIP') return step('商家正在备货，发货后可在此查看快递单号', afterSale);
  if (parcel && parcel.status === 'SHIPPED') {
    const auto = parcel.autoReceiveAt
      ? `，${formatChinaTime(parcel.autoReceiveAt, 'MM月DD日 HH:mm')}后将自动确认收货`
      : '';
    return step('商品已发出' + auto, 'receive');
  }
  if (parcel)
    return step(
      '已确认收货，感谢您的购买',
      parcel.trackingNo && carrierCodeOf(parcel.carrierName) ? 'logistics' : afterSale,
    );
  if (points) return step('兑换成功，已使用' + points, afterSale);
  return step(o.orderType === 'COURSE' ? '报名成功，课程已为您开通' : '交易已完成，感谢您的购买', afterSale);
}
