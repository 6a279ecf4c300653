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

export const opsTemplateBody = z
  .object({
    projectSn,
    couponName: z.string().trim().min(1, '请填写优惠券名称').max(40, '优惠券名称不能超过40个字'),
    couponType: z.union([z.literal(1), z.literal(2)], { error: 'couponType 须为 1（减金额）或 2（打折）' }),
    couponAmount: z.number().int().min(1, '优惠额度须大于0').max(100_000_000),
    threshold: fen('门槛').default(0),
    upperLimit: fen('最高优惠').default(0),
    scopeActSns: z.array(sn).max(200).default([]),
    scopeText: z.string().trim().max(60).default(''),
    validityType: z
      .number()
      .int()
      .refine((v) => VALIDITY_TYPE_VALUES.includes(v), '有效期类型须为 1-9'),
    validityDays: z.number().int().min(1).max(3650).nullable().default(null),
    validStart: time.nullable().default(null),
    validEnd: time.nullable().default(null),
    instructions: z.string().max(500).default(''),
    useUrl: z
      .url({ protocol: /^https?$/, error: '使用链接须为 http(s) 地址' })
      .nullable()
      .default(null),
  })
  .refine((b) => b.couponType !== 2 || b.couponAmount < 100, {
    message: '折扣券的 couponAmount 是减去的百分比，须小于100',
    path: ['couponAmount'],
  });
export type OpsTemplateInput = z.infer<typeof opsTemplateBody>;

export const opsTemplateSchema = z.object({
  couponSn: z.string(),
  projectSn: z.string(),
  couponName: z.string(),
  couponType: z.number().int(),
  couponAmount: z.number().int(),
  threshold: z.number().int(),
  upperLimit: z.number().int(),
  scopeText: z.string(),
  validityType: z.number().int(),
  issued: z.number().int(),
  used: z.number().int(),
});
export const opsTemplateList = z.object({ list: z.array(opsTemplateSchema) });

export const opsClaimBody = z.object({
  projectSn,
  title: z.string().trim().min(1, '请填写活动标题').max(40),
  description: z.string().max(500).default(''),
  startAt: time.nullable().default(null),
  endAt: time.nullable().default(null),
  items: z
    .array(
      z.object({
        couponSn: sn,
        stock: z.number().int().min(1, '库存须大于0').max(10_000_000),
        perPerson: z.number().int().min(1).max(100).default(1),
      }),
    )
    .min(1, '至少包含一张优惠券')
    .max(20),
});
export const opsClaimSchema = z.object({
  actSn: z.string(),
  projectSn: z.string(),
  title: z.string(),
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
  cardName: z.string().trim().min(1, '请填写卡券名称').max(40),
  faceValue: fen('面值').default(0),
  description: z.string().max(200).default(''),
  instructions: z.string().max(500).default(''),
  couponSns: z.array(sn).max(20).default([]),
  validityDays: z.number().int().min(1).max(3650).default(365),
  redeemEndAt: time.nullable().default(null),
  count: z.number().int().min(1, '生成数量须为1-5000').max(5000, '生成数量须为1-5000'),
});
export const opsBatchSchema = z.object({
  batchSn: z.string(),
  projectSn: z.string(),
  cardName: z.string(),
  faceValue: z.number().int(),
  validityDays: z.number().int(),
  redeemEndAt: z.string().nullable(),
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
