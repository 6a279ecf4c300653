/**
 * After-sales on the storefront: the apply form's checks (the server checks again), the progress
 * steps of an application and the texts the pages share. Pure: no Taro, no React.
 */
import type { AfterSaleDetail, AfterSaleRefer } from '@contract/after-sales';
import { AFTER_SALE_IMAGES_MAX, type AfterSaleState } from '@contract/rules/after-sale';
import { fenToYuanText, formatMoney } from '@contract/rules/money';
import { readAmountText } from '@contract/rules/withdrawal';

export const AFTER_SALE_TEXTS = {
  addressHint: '*退换的商品，可退换至以上地址',
  imagesHint: `最多上传${AFTER_SALE_IMAGES_MAX}张凭证图片`,
  submitted: '提交成功',
  cancelled: '已撤销',
  saved: '保存成功',
  confirmCancel: '确定撤销该售后申请吗？',
  amountEmpty: '请输入退款金额',
  amountNegative: '退款金额不能为负数',
  amountFormat: '请输入正确的退款金额',
  confirmTitle: '确认申请退款',
  confirm: (amount: number) => `申请退款${formatMoney(amount)}，提交后请等待商家处理`,
} as const;

export interface ApplyDraft {
  type: 1 | 2;
  seqs: number[];
  amountText: string;
  reason: string;
  description: string;
  images: string[];
}

/** Most the chosen payments can still give back (all paid payments when none is chosen). */
export function maxFor(refer: Pick<AfterSaleRefer, 'payments'>, seqs: readonly number[]): number {
  const chosen = seqs.length ? refer.payments.filter((p) => seqs.includes(p.seq)) : refer.payments;
  return chosen.reduce((s, p) => s + p.refundable, 0);
}

/**
 * The typed refund amount in fen, or what is wrong with it. The field keeps what was typed, so a minus or stray
 * text is named here, never dropped into another amount.
 */
export function refundAmount(text: string): { message: string } | { amount: number } {
  const read = readAmountText(text);
  if ('problem' in read) {
    const messages = {
      EMPTY: AFTER_SALE_TEXTS.amountEmpty,
      NEGATIVE: AFTER_SALE_TEXTS.amountNegative,
      FORMAT: AFTER_SALE_TEXTS.amountFormat,
    };
    return { message: messages[read.problem] };
  }
  return read.fen > 0 ? { amount: read.fen } : { message: AFTER_SALE_TEXTS.amountFormat };
}

/** The first problem of the draft, or null; the amount in fen when it is fine. */
export function applyProblem(
  draft: ApplyDraft,
  refer: Pick<AfterSaleRefer, 'payments'>,
): { message: string } | { amount: number } {
  if (refer.payments.length > 1 && draft.seqs.length === 0) return { message: '请选择退款的期数' };
  const typed = refundAmount(draft.amountText);
  if ('message' in typed) return typed;
  const { amount } = typed;
  const max = maxFor(refer, draft.seqs);
  if (amount > max) return { message: `退款金额不能超过可退金额${fenToYuanText(max)}元` };
  if (!draft.reason) return { message: '请选择退款原因' };
  if (draft.images.length > AFTER_SALE_IMAGES_MAX) return { message: `最多上传${AFTER_SALE_IMAGES_MAX}张图片` };
  return { amount };
}

export interface ProgressStep {
  title: string;
  done: boolean;
  /** The step where it stopped badly (refused, cancelled). */
  failed?: boolean;
}

/** The path an application takes, marked up to where it is now. */
export function progressSteps(d: Pick<AfterSaleDetail, 'state' | 'type' | 'logistics'>): ProgressStep[] {
  const returning = d.type === 2 || d.logistics !== null || ['RETURNING', 'SHIPPED', 'RECEIVED'].includes(d.state);
  const path: Array<{ title: string; states: AfterSaleState[] }> = [
    { title: '提交申请', states: ['APPLIED'] },
    { title: '商家处理', states: ['AGREED', 'RETURNING'] },
    ...(returning
      ? [
          { title: '寄回商品', states: ['SHIPPED'] as AfterSaleState[] },
          { title: '商家收货', states: ['RECEIVED'] as AfterSaleState[] },
        ]
      : []),
    { title: '退款中', states: ['REFUNDING'] },
    { title: '退款成功', states: ['REFUNDED'] },
  ];
  if (d.state === 'REFUSED' || d.state === 'CANCELLED') {
    return [
      { title: '提交申请', done: true },
      { title: d.state === 'REFUSED' ? '商家已拒绝' : '已撤销', done: true, failed: true },
    ];
  }
  const at = path.findIndex((s) => s.states.includes(d.state));
  return path.map((s, i) => ({ title: s.title, done: i <= at }));
}
