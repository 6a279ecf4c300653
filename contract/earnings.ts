/**
 * Promoter earnings (§1, §3 "fields not shown", §7 Earnings): balances and ledger, attributed orders
 * and their commission, bank cards, real-name identity, withdrawal rule, records and details. Every route lives
 * under /front/v1/personal/. Money is integer fen; times are ISO strings (shown in China time).
 */
import { z } from 'zod';
import { pageQuery, paged, signedFields } from './common';
import { CARD_MAX_LENGTH } from './rules/luhn';
import { PAYOUT_TARGETS } from './rules/withdrawal';

export const EARNINGS_PREFIX = '/front/v1/personal';

/** Commission states: PENDING (order not fully paid), FROZEN, SETTLED (withdrawable), CANCELLED. */
export const COMMISSION_STATES = ['PENDING', 'FROZEN', 'SETTLED', 'CANCELLED'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_STATE_TEXT: Record<CommissionState, string> = {
  PENDING: '待支付',
  FROZEN: '冻结中',
  SETTLED: '已结算',
  CANCELLED: '已失效',
};

export const WITHDRAWAL_STATES = ['REVIEWING', 'PAYING', 'SUCCESS', 'FAILED', 'REJECTED'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
export const WITHDRAWAL_STATE_TEXT: Record<WithdrawalState, string> = {
  REVIEWING: '审核中',
  PAYING: '打款中',
  SUCCESS: '到账',
  FAILED: '打款失败',
  REJECTED: '审核未通过',
};

export const LEDGER_KIND_TEXT = {
  COMMISSION: '推广佣金（冻结）',
  RELEASE: '佣金解冻',
  COMMISSION_CANCEL: '订单退款，佣金取消',
  CLAWBACK: '订单退款，佣金扣回',
  WITHDRAWAL: '提现',
  WITHDRAWAL_RETURN: '提现退回',
} as const;
export type LedgerKind = keyof typeof LEDGER_KIND_TEXT;

export const ledgerLineSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindText: z.string(),
  title: z.string(),
  bucket: z.enum(['FROZEN', 'AVAILABLE']),
  /** Signed fen. */
  amount: z.number().int(),
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const profitQuery = z.object({ ...signedFields, ...pageQuery });
export const profitInfo = z.object({
  isPromoter: z.boolean(),
  promoterCode: z.string().nullable(),
  /** Sum of the AVAILABLE ledger; negative after a clawback larger than the balance. */
  withdrawable: z.number().int(),
  frozen: z.number().int(),
  /** Commission earned for good: booked less cancelled and clawed back. */
  totalEarned: z.number().int(),
  /** Paid out or on its way (withdrawals less returns). */
  withdrawn: z.number().int(),
  verified: z.boolean(),
  ledger: paged(ledgerLineSchema),
});
export type ProfitInfo = z.infer<typeof profitInfo>;

export const commissionOrderSchema = z.object({
  orderNo: z.string(),
  courseName: z.string(),
  cover: z.string().nullable(),
  /** The amount the commission was computed on. */
  orderAmount: z.number().int(),
  commission: z.number().int(),
  reversedAmount: z.number().int(),
  status: z.enum(COMMISSION_STATES),
  statusText: z.string(),
  buyerPhone: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  releaseAt: z.string().nullable(),
});
export type CommissionOrder = z.infer<typeof commissionOrderSchema>;
export const freezingOrderQuery = z.object({
  ...signedFields,
  ...pageQuery,
  state: z.enum(['ALL', ...COMMISSION_STATES], { error: '订单状态有误' }).default('ALL'),
});
export const freezingOrderInfo = paged(commissionOrderSchema);

export const bankSchema = z.object({ bankCode: z.string(), bankName: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const bankListInfo = z.object({ list: z.array(bankSchema) });

export const bankCardSchema = z.object({
  cardId: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked: *三. */
  holderName: z.string(),
  cardMasked: z.string(),
  cardTail: z.string(),
  isDefault: z.boolean(),
});
export type BankCard = z.infer<typeof bankCardSchema>;
export const bankCardListInfo = z.object({ list: z.array(bankCardSchema) });

export const updateBankCardBody = z.object({
  ...signedFields,
  /** Set: replace that card; unset: add a card. */
  cardId: z.string().max(64).optional(),
  bankCode: z.string({ error: '请选择开户银行' }).trim().min(1, '请选择开户银行').max(16, '开户银行有误'),
  cardNo: z
    .string({ error: '请输入银行卡号' })
    .trim()
    .min(1, '请输入银行卡号')
    .max(CARD_MAX_LENGTH + 8, '银行卡号应为16-19位数字'),
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .regex(/^\d{6}$/, '请输入6位验证码'),
});
export type UpdateBankCardPayload = z.infer<typeof updateBankCardBody>;

export const identityInfo = z.object({
  verified: z.boolean(),
  /** Masked: *三. */
  realName: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type IdentityInfo = z.infer<typeof identityInfo>;

export const doIdentifyBody = z.object({
  ...signedFields,
  realName: z
    .string({ error: '请输入真实姓名' })
    .trim()
    .min(1, '请输入真实姓名')
    .max(20, '请输入正确的姓名（2-20个汉字，可含·）'),
  idNumber: z.string({ error: '请输入身份证号' }).trim().min(1, '请输入身份证号').max(18, '请输入正确的身份证号码'),
});
export type DoIdentifyPayload = z.infer<typeof doIdentifyBody>;

export const phoneCodeInfo = z.object({ phone: z.string(), resendAfter: z.number().int() });

export const agreementInfo = z.object({ agreementName: z.string(), agreementContent: z.string() });

export const withdrawalRuleSchema = z.object({
  minAmount: z.number().int(),
  maxPerDay: z.number().int(),
  countPerDay: z.number().int(),
  feeBps: z.number().int(),
  feeMin: z.number().int(),
  identityRequired: z.boolean(),
  bankCardRequired: z.boolean(),
});
export const withdrawalRuleInfo = z.object({
  rule: withdrawalRuleSchema,
  lines: z.array(z.string()),
  available: z.number().int(),
  todayAmount: z.number().int(),
  todayCount: z.number().int(),
  /** The most that can be withdrawn now (balance capped by today's limit). */
  maxAmount: z.number().int(),
  verified: z.boolean(),
  hasCard: z.boolean(),
  /** Where this store pays withdrawals: a bank card the earner chooses, or their WeChat balance (no card). */
  payoutTo: z.enum(PAYOUT_TARGETS),
});
export type WithdrawalRuleInfo = z.infer<typeof withdrawalRuleInfo>;

export const withdrawalSummarySchema = z.object({
  withdrawalNo: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  actualAmount: z.number().int(),
  status: z.enum(WITHDRAWAL_STATES),
  statusText: z.string(),
  /** Where it is paid; for WECHAT_BALANCE bankName is 微信零钱 and cardMasked is empty. */
  payoutTo: z.enum(PAYOUT_TARGETS),
  bankName: z.string(),
  cardMasked: z.string(),
  createdAt: z.string(),
});
export type WithdrawalSummary = z.infer<typeof withdrawalSummarySchema>;

export const timelineStepSchema = z.object({
  title: z.string(),
  time: z.string().nullable(),
  done: z.boolean(),
  failed: z.boolean(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/** A WeChat transfer to balance waiting for the earner to accept it in WeChat. */
export const WITHDRAWAL_CONFIRM_TEXT = '待确认收款';
/** What the earner's WeChat needs to open the transfer's confirm page, and in which app (WEAPP or WeChat browser). */
export const withdrawalConfirmSchema = z.object({
  mchId: z.string(),
  appId: z.string(),
  package: z.string(),
  where: z.enum(['WEAPP', 'WECHAT_H5']),
});
export type WithdrawalConfirm = z.infer<typeof withdrawalConfirmSchema>;

export const withdrawalDetailSchema = withdrawalSummarySchema.extend({
  holderName: z.string(),
  /** Set while the payout waits for the earner's confirmation (待确认收款). */
  confirm: withdrawalConfirmSchema.nullable().optional(),
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  timeline: z.array(timelineStepSchema),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const withdrawalRecordQuery = z.object({ ...signedFields, ...pageQuery });
export const withdrawalRecordInfo = paged(withdrawalSummarySchema);
export const withdrawalDetailQuery = z.object({
  ...signedFields,
  withdrawalNo: z.string({ error: '缺少提现单号' }).trim().min(1, '缺少提现单号').max(40, '提现单号有误'),
});

export const withdrawalBody = z.object({
  ...signedFields,
  amount: z
    .number({ error: '请输入提现金额' })
    .int('提现金额有误')
    .min(1, '请输入提现金额')
    .max(100_000_000, '提现金额有误'),
  /** The card to pay; required when withdrawals go to a bank card, ignored when they go to WeChat balance. */
  cardId: z.string({ error: '请选择到账银行卡' }).trim().min(1, '请选择到账银行卡').max(64).optional(),
  /** A client id per withdrawal attempt: the same id again answers the first withdrawal instead of a second. */
  requestId: z
    .string({ error: '请求编号有误' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号有误'),
});
export type WithdrawalPayload = z.infer<typeof withdrawalBody>;

// ---- Operator API (/ops/earnings/..., bearer OPS_KEY) ----

export const opsWithdrawalQuery = z.object({
  status: z.enum(WITHDRAWAL_STATES, { error: '提现状态有误' }).optional(),
  /** One project's withdrawals (its promoters'); absent: every project the operator sees. */
  projectSn: z.string({ error: '项目编号有误' }).trim().min(1, '项目编号有误').max(64, '项目编号有误').optional(),
});
export const opsWithdrawalSchema = withdrawalDetailSchema.extend({
  userId: z.string(),
  phone: z.string().nullable(),
  payoutRef: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof opsWithdrawalSchema>;
export const opsWithdrawalList = z.object({ list: z.array(opsWithdrawalSchema) });
export const opsWithdrawalParams = z.object({
  withdrawalNo: z.string({ error: '缺少提现单号' }).trim().min(1, '缺少提现单号').max(40, '提现单号有误'),
});
export const opsRejectBody = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(60, '驳回原因不能超过60个字'),
});
export const opsPromoterBody = z.object({
  projectSn: z.string({ error: '缺少项目' }).trim().min(1, '缺少项目').max(64),
  phone: z
    .string({ error: '请输入手机号码' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码'),
});
export const opsPromoterInfo = z.object({ userId: z.string(), promoterCode: z.string(), status: z.string() });
export const COMMISSION_MODE_TEXT = { FIXED: '固定金额', RATE: '按比例' } as const;
export const opsCommissionRuleBody = z.object({
  actSn: z.string({ error: '缺少商品编号' }).trim().min(1, '缺少商品编号').max(64, '商品编号有误'),
  mode: z.enum(['FIXED', 'RATE'], { error: '请选择佣金方式' }),
  value: z
    .number({ error: '佣金数值有误' })
    .int('佣金数值有误')
    .min(0, '佣金数值有误')
    .max(100_000_000, '佣金数值有误'),
});
export const opsRefundParams = z.object({ orderNo: z.string().min(1).max(64) });
export const opsRefundBody = z.object({
  /** Everything refunded on the order so far (cumulative), fen. */
  refundedTotal: z
    .number({ error: '退款金额有误' })
    .int('退款金额有误')
    .min(0, '退款金额有误')
    .max(1_000_000_000, '退款金额有误'),
});
export const opsSettleInfo = z.object({ promoters: z.number().int() });
export type OpsCommissionRule = z.infer<typeof opsCommissionRuleBody>;

export const opsProjectQuery = z.object({
  projectSn: z.string({ error: '缺少项目' }).trim().min(1, '缺少项目').max(64, '项目编号有误'),
});
/** A promoter of the project with its balances (fen): what the console's 推广员 list shows. */
export const opsPromoterRow = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  promoterCode: z.string(),
  status: z.string(),
  createdAt: z.string(),
  frozen: z.number().int(),
  withdrawable: z.number().int(),
  withdrawn: z.number().int(),
});
export type OpsPromoterRow = z.infer<typeof opsPromoterRow>;
export const opsPromoterList = z.object({ list: z.array(opsPromoterRow) });
/** An item of the project and its commission rule (null: it pays none). */
export const opsCommissionItem = z.object({
  actSn: z.string(),
  actName: z.string(),
  rule: z.object({ mode: z.enum(['FIXED', 'RATE']), value: z.number().int() }).nullable(),
});
export type OpsCommissionItem = z.infer<typeof opsCommissionItem>;
export const opsCommissionItemList = z.object({ list: z.array(opsCommissionItem) });
