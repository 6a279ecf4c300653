/**
 * Earnings screens' pure rules: the ledger grouped by China month, signed money text, what the
 * amount field accepts as it is typed, and the withdraw page's verdict (contract/rules/withdrawal.ts decides;
 * the server decides again).
 */
import type { LedgerLine, WithdrawalDetail, WithdrawalRuleInfo } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { ledgerFlow, ledgerRowShown, ledgerTotals } from '@contract/rules/ledger';
import { formatMoney } from '@contract/rules/money';
import {
  payoutDestination,
  readAmountText,
  withdrawalError,
  withdrawalFee,
  WITHDRAWAL_MESSAGES,
} from '@contract/rules/withdrawal';

export interface LedgerMonth {
  /** "2026年11月" */
  month: string;
  income: number;
  expense: number;
  lines: LedgerLine[];
}

/**
 * Lines (newest first) grouped by China month, each month with its 收入 and 支出 added up from exactly the lines
 * shown under it (contract/rules/ledger.ts says which rows show and which total each counts in).
 */
export function groupLedgerByMonth(lines: readonly LedgerLine[]): LedgerMonth[] {
  const out: LedgerMonth[] = [];
  for (const line of lines) {
    if (!ledgerRowShown(line)) continue;
    const month = formatChinaTime(line.createdAt, 'YYYY年MM月');
    let group = out[out.length - 1];
    if (!group || group.month !== month) {
      group = { month, income: 0, expense: 0, lines: [] };
      out.push(group);
    }
    group.lines.push(line);
  }
  for (const group of out) Object.assign(group, ledgerTotals(group.lines));
  return out;
}

/** +¥6.4 / -¥10: a ledger amount with its sign. */
export function signedMoney(fen: number): string {
  return fen > 0 ? `+${formatMoney(fen)}` : formatMoney(fen);
}

/** A ledger line's amount: signed when it is money in or out; a release (frozen to withdrawable) unsigned. */
export function ledgerAmountText(line: Pick<LedgerLine, 'kind' | 'amount'>): string {
  return ledgerFlow(line.kind) ? signedMoney(line.amount) : formatMoney(Math.abs(line.amount));
}

/** Where a withdrawal's detail says it is paid: the card and its holder, or WeChat balance and the payee's name. */
export function destinationRows(
  d: Pick<WithdrawalDetail, 'payoutTo' | 'bankName' | 'cardMasked' | 'holderName'>,
): [string, string][] {
  if (d.payoutTo === 'BANK_CARD')
    return [
      ['到账银行卡', payoutDestination(d)],
      ['持卡人', d.holderName],
    ];
  return [['到账方式', payoutDestination(d)], ...(d.holderName ? [['收款人', d.holderName] as [string, string]] : [])];
}

/**
 * The money rows of a withdrawal's detail: what reached the card only once it did (实际到账), what will while
 * it is on its way (预计到账), and for a refused or failed one what went back to the balance (no fee was taken).
 */
export function withdrawalMoneyRows(
  d: Pick<WithdrawalDetail, 'status' | 'amount' | 'fee' | 'actualAmount'>,
): [string, string][] {
  if (d.status === 'FAILED' || d.status === 'REJECTED') return [['退回可提现', formatMoney(d.amount)]];
  return [
    ['手续费', formatMoney(d.fee)],
    [d.status === 'SUCCESS' ? '实际到账' : '预计到账', formatMoney(d.actualAmount)],
  ];
}

export interface WithdrawVerdict {
  amount: number | null;
  fee: number;
  /** What reaches the card. */
  actual: number;
  /** Why it cannot be sent yet; null when it can. */
  error: string | null;
}

/**
 * The withdraw page's verdict on the typed amount (kept as typed: a minus is named, never dropped) against the
 * rule and the promoter's position.
 */
export function withdrawVerdict(text: string, info: WithdrawalRuleInfo, hasCard: boolean): WithdrawVerdict {
  const read = readAmountText(text);
  const amount = 'fen' in read ? read.fen : read.problem === 'EMPTY' ? 0 : null;
  const fee = amount ? withdrawalFee(amount, info.rule) : 0;
  const error = withdrawalError(amount, info.rule, { ...info, hasCard });
  const negative = 'problem' in read && read.problem === 'NEGATIVE';
  return {
    amount,
    fee,
    actual: amount ? Math.max(0, amount - fee) : 0,
    error: negative && error === WITHDRAWAL_MESSAGES.amountFormat ? WITHDRAWAL_MESSAGES.negative : error,
  };
}

/** Commission tabs of the earnings-order page, in the order shown. */
export const COMMISSION_TABS = [
  { state: 'ALL', title: '全部' },
  { state: 'FROZEN', title: '冻结中' },
  { state: 'SETTLED', title: '已结算' },
  { state: 'PENDING', title: '待支付' },
  { state: 'CANCELLED', title: '已失效' },
] as const;
