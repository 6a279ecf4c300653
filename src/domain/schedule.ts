/**
 * Deposit and instalment schedule rows and the payable line (§2 course order submit, §4 schedule rows and
 * order statuses). Pure: takes the lists the server sent.
 */
import { formatChinaTime } from '@contract/rules/china-time';
import { installmentName } from './chinese-numerals';

export const PAY_TYPE_NAMES: Record<number, string> = {
  1: '微信支付',
  2: '扫码支付',
  3: '支付宝',
  4: '银行卡',
  5: '费用抵扣',
};
export const ORDER_PAY_TYPE = { NORMAL: 1, DEPOSIT: 2, INSTALLMENT: 3 } as const;
/** Order statuses that grey out instalment entries (§4). */
export const GREYING_STATUSES: readonly string[] = ['REFUND', 'REFUND_PART', 'DEAL_DONE_COURSE'];

export interface ScheduleSource {
  depositType?: number;
  installmentNum?: number;
  installmentAmount: number;
  dueTime: string | null;
  payFlag: boolean;
  installmentPayType: number | null;
  deductionAmount: number;
  installmentPayAmount: number | null;
}

export type RowState = 'notYet' | 'current' | 'paid';

export interface ScheduleRow {
  key: string;
  /** 定金 / 尾款 / 第一期 ... */
  title: string;
  amount: number;
  state: RowState;
  /** 未支付 / 待支付 / pay-before time / 已支付（微信支付） */
  statusText: string;
  /** 费用抵扣 on a paid row (with what was actually paid) or on the row now due (paidAmount null). */
  deductionAmount: number;
  paidAmount: number | null;
  greyed: boolean;
}

function formatDue(dueTime: string): string {
  const text = formatChinaTime(dueTime, 'YYYY-MM-DD HH:mm');
  return text ? `${text}前支付` : dueTime;
}

function rowState(index: number, payNum: number, paid: boolean): RowState {
  if (paid) return 'paid';
  return index === payNum ? 'current' : 'notYet';
}

function statusText(state: RowState, item: ScheduleSource): string {
  if (state === 'paid') {
    const type = item.installmentPayType ? PAY_TYPE_NAMES[item.installmentPayType] : '';
    return type ? `已支付（${type}）` : '已支付';
  }
  if (state === 'current') return item.dueTime ? formatDue(item.dueTime) : '待支付';
  return '未支付';
}

/**
 * Rows for a deposit order (payment 1 is the deposit, 2 the final) or an instalment order. `payNum` is the
 * installmentPayNum: the payment now due, 1-based. `orderStatus` greys entries out for refunds and changes.
 * The rows add up to the order: each shows what that payment costs.
 */
export function scheduleRows(
  orderPayType: number,
  items: readonly ScheduleSource[],
  payNum: number,
  orderStatus = '',
  /** What each payment costs after a coupon (the submit screen), in the items' order; rows show these amounts. */
  amounts?: readonly number[],
): ScheduleRow[] {
  if (orderPayType !== ORDER_PAY_TYPE.DEPOSIT && orderPayType !== ORDER_PAY_TYPE.INSTALLMENT) return [];
  const greyAll = GREYING_STATUSES.includes(orderStatus);
  return items.map((item, i) => {
    const number = orderPayType === ORDER_PAY_TYPE.DEPOSIT ? i + 1 : (item.installmentNum ?? i + 1);
    const state = rowState(number, payNum, item.payFlag);
    const title =
      orderPayType === ORDER_PAY_TYPE.DEPOSIT ? (item.depositType === 1 ? '定金' : '尾款') : installmentName(number);
    return {
      key: `${orderPayType}-${number}`,
      title,
      amount: amounts?.[i] ?? item.installmentAmount,
      state,
      statusText: statusText(state, item),
      // A changed-course order's payment due may be partly covered already (费用抵扣): shown before it is paid too.
      deductionAmount: item.payFlag || state === 'current' ? item.deductionAmount : 0,
      paidAmount: item.payFlag ? (item.installmentPayAmount ?? item.installmentAmount - item.deductionAmount) : null,
      greyed: greyAll || state === 'notYet',
    };
  });
}

/** §2 payable line prefix: 定金 or 尾款 for deposit orders, 本期 for instalments, otherwise 应付. */
export function payableLabel(orderPayType: number, payNum: number): string {
  if (orderPayType === ORDER_PAY_TYPE.DEPOSIT) return payNum <= 1 ? '定金' : '尾款';
  if (orderPayType === ORDER_PAY_TYPE.INSTALLMENT) return '本期';
  return '应付';
}

/** First payment of the order (household type and coupons apply only then). */
export function isFirstPayment(payNum: number): boolean {
  return payNum <= 1;
}
