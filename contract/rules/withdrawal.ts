/**
 * Withdrawal rules, computed the same way by the storefront (to name the problem as the amount is
 * typed) and by the server (which decides, inside the promoter's locked transaction). Money is integer fen.
 */
import { formatMoney } from './money';

export interface WithdrawalRule {
  /** Smallest amount per withdrawal, fen. */
  minAmount: number;
  /** Most that may be withdrawn per China calendar day, fen (withdrawals refused or returned do not count). */
  maxPerDay: number;
  /** Withdrawals per China calendar day. */
  countPerDay: number;
  /** Fee in basis points of the amount (60 = 0.6%), rounded up to the fen, at least feeMin when a fee applies. */
  feeBps: number;
  feeMin: number;
  identityRequired: boolean;
  bankCardRequired: boolean;
}

/**
 * Where a withdrawal is paid: the earner's bank card (the sandbox channel), or their WeChat balance (WeChat Pay's
 * transfer to balance, which pays an openid and needs no card). The payout channel the server runs decides.
 */
export const PAYOUT_TARGETS = ['BANK_CARD', 'WECHAT_BALANCE'] as const;
export type PayoutTarget = (typeof PAYOUT_TARGETS)[number];
/** What records and the withdraw page name as the destination of a payout to WeChat balance. */
export const WECHAT_BALANCE_NAME = '微信零钱';

/** Where a withdrawal is paid, as its detail and the console name it: 工商银行 **** 1234, or 微信零钱. */
export function payoutDestination(w: { payoutTo: PayoutTarget; bankName: string; cardMasked: string }): string {
  return w.payoutTo === 'WECHAT_BALANCE' ? WECHAT_BALANCE_NAME : `${w.bankName} ${w.cardMasked}`;
}

export const WITHDRAWAL_MESSAGES = {
  amountEmpty: '请输入提现金额',
  amountFormat: '请输入正确的金额（最多两位小数）',
  belowMin: (min: number) => `单笔提现金额不能低于${formatMoney(min)}`,
  overBalance: '提现金额超过可提现余额',
  overDaily: (left: number) => `超出今日提现额度，今日还可提现${formatMoney(Math.max(0, left))}`,
  tooMany: (n: number) => `今日提现次数已达上限（${n}次）`,
  identity: '请先完成实名认证',
  bankCard: '请先添加银行卡',
  feeTooHigh: '提现金额不足以支付手续费',
  negative: '提现金额不能为负数',
} as const;

/** "12.3" / "12.30" / "12" -> fen; null when it is not a non-negative amount with at most two decimals. */
export function yuanTextToFen(text: string): number | null {
  const v = text.trim();
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(v)) return null;
  const [yuan, cents = ''] = v.split('.');
  return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
}

/** What an amount field holds: fen, or why it is no amount (the field keeps what was typed; the page says why). */
export type AmountRead = { fen: number } | { problem: 'EMPTY' | 'NEGATIVE' | 'FORMAT' };

/** Reads a typed yuan amount; a minus (ASCII, or the full-width and Unicode ones) before a number is NEGATIVE. */
export function readAmountText(text: string): AmountRead {
  const v = text.trim();
  if (!v) return { problem: 'EMPTY' };
  if (/^[-−－]\s*[\d.]/.test(v)) return { problem: 'NEGATIVE' };
  const fen = yuanTextToFen(v.startsWith('.') ? `0${v}` : v);
  return fen === null ? { problem: 'FORMAT' } : { fen };
}

/** The fee of a withdrawal of `amount` fen. */
export function withdrawalFee(amount: number, rule: Pick<WithdrawalRule, 'feeBps' | 'feeMin'>): number {
  if (rule.feeBps <= 0 && rule.feeMin <= 0) return 0;
  return Math.max(rule.feeMin, Math.ceil((amount * rule.feeBps) / 10_000));
}

export interface WithdrawalContext {
  /** Withdrawable balance (sum of the AVAILABLE ledger), fen; may be negative after a clawback. */
  available: number;
  /** Already withdrawn today (requests not refused or returned), fen. */
  todayAmount: number;
  todayCount: number;
  verified: boolean;
  hasCard: boolean;
  payoutTo: PayoutTarget;
}

/** The most one may withdraw now: the balance, capped by what is left of today's limit. */
export function maxWithdrawable(
  rule: WithdrawalRule,
  ctx: Pick<WithdrawalContext, 'available' | 'todayAmount'>,
): number {
  return Math.max(0, Math.min(ctx.available, rule.maxPerDay - ctx.todayAmount));
}

/** The first rule a withdrawal of `amount` fen breaks, in the order a person fixes them, or null. */
export function withdrawalError(amount: number | null, rule: WithdrawalRule, ctx: WithdrawalContext): string | null {
  if (rule.identityRequired && !ctx.verified) return WITHDRAWAL_MESSAGES.identity;
  if (ctx.payoutTo === 'BANK_CARD' && rule.bankCardRequired && !ctx.hasCard) return WITHDRAWAL_MESSAGES.bankCard;
  if (amount === null) return WITHDRAWAL_MESSAGES.amountFormat;
  if (amount <= 0) return WITHDRAWAL_MESSAGES.amountEmpty;
  if (amount < rule.minAmount) return WITHDRAWAL_MESSAGES.belowMin(rule.minAmount);
  if (amount > ctx.available) return WITHDRAWAL_MESSAGES.overBalance;
  if (ctx.todayCount >= rule.countPerDay) return WITHDRAWAL_MESSAGES.tooMany(rule.countPerDay);
  if (ctx.todayAmount + amount > rule.maxPerDay) return WITHDRAWAL_MESSAGES.overDaily(rule.maxPerDay - ctx.todayAmount);
  if (withdrawalFee(amount, rule) >= amount) return WITHDRAWAL_MESSAGES.feeTooHigh;
  return null;
}

/** The rule as the lines the withdraw page shows (withdrawal/rule answers them too). */
export function ruleLines(rule: WithdrawalRule, payoutTo: PayoutTarget): string[] {
  const fee =
    rule.feeBps <= 0 && rule.feeMin <= 0
      ? '提现手续费：免费'
      : `提现手续费：提现金额的${rule.feeBps / 100}%${rule.feeMin > 0 ? `，最低${formatMoney(rule.feeMin)}` : ''}，从提现金额中扣除`;
  const lines = [
    `单笔提现金额不低于${formatMoney(rule.minAmount)}`,
    `每日最多提现${formatMoney(rule.maxPerDay)}，最多${rule.countPerDay}次`,
    fee,
  ];
  if (rule.identityRequired) lines.push('提现前需完成实名认证');
  if (payoutTo === 'WECHAT_BALANCE') {
    lines.push('提现转入本人微信零钱，到账前需在微信中确认收款');
    lines.push('推广订单支付后进入冻结期，过了退款期才可提现；提现经审核后转入微信零钱');
  } else {
    if (rule.bankCardRequired) lines.push('仅可提现到本人实名的银行卡');
    lines.push('推广订单支付后进入冻结期，过了退款期才可提现；提现经审核后打款，预计1-3个工作日到账');
  }
  return lines;
}
