/**
 * Operator API of the coupon and card domain (/ops/..., bearer OPS_KEY): coupon templates, claim activities and
 * card batches, and how much of each has been used. Money is integer fen.
 */
import { z } from 'zod';
import { VALIDITY_TYPE_VALUES } from './rules/coupon-validity';

const projectSn = z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号格式不正确');
const sn = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, '编号格式不正确');
const fen = (name: string) =>
  z
    .number({ error: `${name}须为整数（分）` })
    .int(`${name}须为整数（分）`)
    .min(0, `${name}不能为负`)
    .max(100_000_000, `${name}过大`);
const time = z.iso.datetime({ offset: true, error: '时间格式须为 ISO 8601，如 2026-12-31T23:59:59+08:00' });

export const opsProjectQuery = z.object({ projectSn });

/** The fields of a template; the operator types each of them in the console's form. */
export const opsTemplateFields = z.object({
  projectSn,
  couponName: z.string().trim().min(1, '请填写优惠券名称').max(40, '优惠券名称不能超过40个字'),
  couponType: z.union([z.literal(1), z.literal(2)], { error: '优惠类型须为减金额（1）或打折（2）' }),
  couponAmount: z
    .number({ error: '优惠额度须为整数' })
    .int('优惠额度须为整数')
    .min(1, '优惠额度须大于0')
    .max(100_000_000, '优惠额度过大'),
  threshold: fen('门槛').default(0),
  upperLimit: fen('最高优惠').default(0),
  scopeActSns: z.array(sn).max(200).default([]),
  scopeText: z.string().trim().max(60, '适用范围说明不能超过60个字').default(''),
  validityType: z
    .number()
    .int()
    .refine((v) => VALIDITY_TYPE_VALUES.includes(v), '请选择有效期类型'),
  validityDays: z
    .number({ error: '有效天数须为整数' })
    .int('有效天数须为整数')
    .min(1, '有效天数须为1到3650天')
    .max(3650, '有效天数须为1到3650天')
    .nullable()
    .default(null),
  validStart: time.nullable().default(null),
  validEnd: time.nullable().default(null),
  instructions: z.string().max(500, '使用说明不能超过500个字').default(''),
  useUrl: z
    .url({ protocol: /^https?$/, error: '使用链接须为 http(s) 地址' })
    .nullable()
    .default(null),
});
const percentBelow100 = {
  message: '折扣券的优惠额度是减去的百分比，须小于100',
  path: ['couponAmount'],
};
export const opsTemplateBody = opsTemplateFields.refine(
  (b) => b.couponType !== 2 || b.couponAmount < 100,
  percentBelow100,
);
export type OpsTemplateInput = z.infer<typeof opsTemplateBody>;
/** An edit sends every field again; the project stays. Once copies were given out only the texts may change. */
export const opsTemplateUpdateBody = opsTemplateFields
  .omit({ projectSn: true })
  .refine((b) => b.couponType !== 2 || b.couponAmount < 100, percentBelow100);
export type OpsTemplateUpdate = z.infer<typeof opsTemplateUpdateBody>;
export const opsTemplateParams = z.object({ couponSn: sn });
/** ACTIVE: given out by claims and cards; ENDED: given out no more, copies held stay usable. */
export const TEMPLATE_STATUS = { ACTIVE: 'ACTIVE', ENDED: 'ENDED' } as const;

export const opsTemplateSchema = z.object({
  couponSn: z.string(),
  projectSn: z.string(),
  couponName: z.string(),
  couponType: z.number().int(),
  couponAmount: z.number().int(),
  threshold: z.number().int(),
  upperLimit: z.number().int(),
  scopeText: z.string(),
  scopeActSns: z.array(z.string()),
  validityType: z.number().int(),
  validityDays: z.number().int().nullable(),
  validStart: z.string().nullable(),
  validEnd: z.string().nullable(),
  instructions: z.string(),
  useUrl: z.string().nullable(),
  status: z.string(),
  issued: z.number().int(),
  used: z.number().int(),
});
export const opsTemplateList = z.object({ list: z.array(opsTemplateSchema) });

export const opsClaimFields = z.object({
  projectSn,
  title: z.string().trim().min(1, '请填写活动标题').max(40, '活动标题不能超过40个字'),
  description: z.string().max(500, '活动说明不能超过500个字').default(''),
  startAt: time.nullable().default(null),
  endAt: time.nullable().default(null),
  items: z
    .array(
      z.object({
        couponSn: sn,
        stock: z
          .number({ error: '库存须为整数' })
          .int('库存须为整数')
          .min(1, '库存须大于0')
          .max(10_000_000, '库存过大'),
        perPerson: z
          .number({ error: '每人限领须为整数' })
          .int('每人限领须为整数')
          .min(1, '每人限领须为1到100张')
          .max(100, '每人限领须为1到100张')
          .default(1),
      }),
    )
    .min(1, '至少包含一张优惠券')
    .max(20, '一个活动最多20张优惠券'),
});
const endAfterStart = {
  message: '结束时间须晚于开始时间',
  path: ['endAt'],
};
const timesInOrder = (b: { startAt: string | null; endAt: string | null }) =>
  !b.startAt || !b.endAt || new Date(b.endAt) > new Date(b.startAt);
const distinctCoupons = (b: { items: { couponSn: string }[] }) =>
  new Set(b.items.map((i) => i.couponSn)).size === b.items.length;
const distinctMessage = { message: '同一张优惠券不能重复添加', path: ['items'] };
export const opsClaimBody = opsClaimFields.refine(timesInOrder, endAfterStart);
/** An edit sends every field again; stock may not fall below what was claimed, claimed coupons stay. */
export const opsClaimUpdateBody = opsClaimFields
  .omit({ projectSn: true })
  .refine(timesInOrder, endAfterStart)
  .refine(distinctCoupons, distinctMessage);
export type OpsClaimUpdate = z.infer<typeof opsClaimUpdateBody>;
export const opsClaimSchema = z.object({
  actSn: z.string(),
  projectSn: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** The page a printed QR code leads to. */
  claimUrl: z.string(),
  items: z.array(
    z.object({
      itemId: z.string(),
      couponSn: z.string(),
      couponName: z.string(),
      stock: z.number().int(),
      claimed: z.number().int(),
      perPerson: z.number().int(),
    }),
  ),
});
export const opsClaimList = z.object({ list: z.array(opsClaimSchema) });

export const opsBatchBody = z.object({
  projectSn,
  cardName: z.string().trim().min(1, '请填写卡券名称').max(40, '卡券名称不能超过40个字'),
  faceValue: fen('面值').default(0),
  description: z.string().max(200, '卡券说明不能超过200个字').default(''),
  instructions: z.string().max(500, '使用说明不能超过500个字').default(''),
  couponSns: z.array(sn).max(20, '最多绑定20张优惠券').default([]),
  validityDays: z
    .number({ error: '有效天数须为整数' })
    .int('有效天数须为整数')
    .min(1, '有效天数须为1到3650天')
    .max(3650, '有效天数须为1到3650天')
    .default(365),
  redeemEndAt: time.nullable().default(null),
  count: z
    .number({ error: '生成数量须为1-5000' })
    .int('生成数量须为1-5000')
    .min(1, '生成数量须为1-5000')
    .max(5000, '生成数量须为1-5000'),
});
export const opsBatchSchema = z.object({
  batchSn: z.string(),
  projectSn: z.string(),
  cardName: z.string(),
  faceValue: z.number().int(),
  validityDays: z.number().int(),
  redeemEndAt: z.string().nullable(),
  couponSns: z.array(z.string()),
  /** When the codes were exported (their one copy out of the server); null: not yet. */
  exportedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
  codes: z.number().int(),
  redeemed: z.number().int(),
  voided: z.number().int(),
});
export const opsBatchList = z.object({ list: z.array(opsBatchSchema) });
/** The codes exist in clear only in this answer: CSV with a header line `code`. */
export const opsBatchCreated = z.object({ batch: opsBatchSchema, csv: z.string() });

export const opsClaimParams = z.object({ actSn: sn });
/** The claim URL and its QR code (a PNG data URL) to print. */
export const opsClaimQr = z.object({ claimUrl: z.string(), qr: z.string() });

export const opsBatchParams = z.object({ batchSn: sn });
/** POST /ops/v1/card/batches answers the batch only: the codes leave the server once, by the export. */
export const opsBatchGenerated = z.object({ batch: opsBatchSchema });
/** The one export of a batch: CSV with a header line `code`, and the file name to save it as. */
export const opsBatchExport = z.object({ batch: opsBatchSchema, csv: z.string(), filename: z.string() });

/** Refusals of the marketing console's changes. */
export const MARKETING_MESSAGES = {
  templateNotFound: '优惠券不存在',
  templateEnded: '优惠券已结束，不能修改',
  templateAlreadyEnded: '优惠券已结束',
  templateIssuedTerms:
    '已发放的优惠券只能修改名称、适用范围说明、使用说明和使用链接，优惠内容和有效期不能改，可结束后新建',
  claimNotFound: '领券活动不存在',
  claimEnded: '领券活动已结束，不能修改',
  claimAlreadyEnded: '领券活动已结束',
  stockBelowClaimed: (name: string, claimed: number) => `「${name}」的库存不能少于已领取的${claimed}张`,
  claimedItemRemoved: (name: string) => `「${name}」已有人领取，不能从活动中移除`,
  batchNotFound: '卡密批次不存在',
  exportedAlready: '该批次的卡密已导出过一次，为防泄露不能再次导出；如卡密遗失，请作废该批次后重新生成',
  exportVoided: '该批次已作废，卡密不能导出',
  voidedAlready: '该批次已作废',
} as const;
