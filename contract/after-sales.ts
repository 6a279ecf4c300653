/**
 * After-sales HTTP contract (§7 After sales, /front/v1/after/sales/refund/apply,
 * /front/v2/client/course/order/after/submit) and the operator API (/ops/after-sales). States, reasons and
 * carriers are in contract/rules/after-sale.ts and contract/rules/logistics.ts.
 */
import { z } from 'zod';
import { addressSchema } from './address';
import { pageQuery, paged, signedFields } from './common';
import {
  AFTER_SALE_DESCRIPTION_MAX,
  AFTER_SALE_IMAGES_MAX,
  AFTER_SALE_REASONS,
  AFTER_SALE_REFUSE_REASON_MAX,
  AFTER_SALE_STATES,
  AFTER_SALE_TABS,
} from './rules/after-sale';

const applicationNo = z.string({ error: '缺少售后单号' }).trim().min(1, '缺少售后单号').max(40, '售后单号不正确');
const amount = z
  .number({ error: '请输入退款金额' })
  .int('退款金额最多两位小数')
  .min(1, '退款金额必须大于0')
  .max(1_000_000_000, '退款金额不正确');

/** What the customer fills on afterSaleApply (and again on edit). */
const applicationFields = {
  /** 1 仅退款, 2 退货退款. */
  type: z.union([z.literal(1), z.literal(2)], { error: '请选择售后类型' }),
  /** order_payments seqs: the instalments (or the single payment) the refund is for. Empty = everything paid. */
  seqs: z.array(z.number().int().min(1).max(120), { error: '请选择退款的期数' }).max(120).default([]),
  amount,
  reason: z.enum(AFTER_SALE_REASONS, { error: '请选择退款原因' }),
  description: z
    .string({ error: '问题描述格式不正确' })
    .trim()
    .max(AFTER_SALE_DESCRIPTION_MAX, `问题描述不能超过${AFTER_SALE_DESCRIPTION_MAX}个字`)
    .default(''),
  images: z
    .array(z.string().max(512, '图片地址不正确'), { error: '图片格式不正确' })
    .max(AFTER_SALE_IMAGES_MAX, `最多上传${AFTER_SALE_IMAGES_MAX}张图片`)
    .default([]),
};

export const afterSaleApplyBody = z.object({
  ...signedFields,
  orderNo: z.string({ error: '缺少订单编号' }).trim().min(1, '缺少订单编号').max(40, '订单编号不正确'),
  ...applicationFields,
});
export type AfterSaleApply = z.infer<typeof afterSaleApplyBody>;

export const afterSaleEditBody = z.object({ ...signedFields, applicationNo, ...applicationFields });
export type AfterSaleEdit = z.infer<typeof afterSaleEditBody>;

export const afterSaleReferBody = z.object({
  ...signedFields,
  orderNo: z.string({ error: '缺少订单编号' }).trim().min(1, '缺少订单编号').max(40, '订单编号不正确'),
  /** Editing this application: what it holds itself counts as refundable again. */
  applicationNo: applicationNo.optional(),
});

export const referPaymentSchema = z.object({
  seq: z.number().int(),
  /** 第1期 / 定金 / 尾款 / 订单金额 */
  label: z.string(),
  paid: z.number().int(),
  refundable: z.number().int(),
});
export const afterSaleReferInfo = z.object({
  orderNo: z.string(),
  courseName: z.string(),
  allowed: z.boolean(),
  /** Why no application can be made now (null when allowed). */
  notAllowedReason: z.string().nullable(),
  payments: z.array(referPaymentSchema),
  maxAmount: z.number().int(),
  reasons: z.array(z.string()),
});
export type AfterSaleRefer = z.infer<typeof afterSaleReferInfo>;

export const applicationNoParams = z.object({ applicationNo });
export const afterSaleIdParams = z.object({ id: applicationNo });
export const afterSaleRecordQuery = z.object({ ...signedFields, applicationNo });
export const afterSaleListQuery = z.object({
  ...signedFields,
  tab: z
    .enum(Object.keys(AFTER_SALE_TABS) as [keyof typeof AFTER_SALE_TABS], { error: '售后列表类型不正确' })
    .default('ALL'),
  ...pageQuery,
});

export const negotiationRecordSchema = z.object({
  actor: z.string(),
  /** 买家 / 商家 / 系统 */
  actorText: z.string(),
  event: z.string(),
  eventText: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type NegotiationRecord = z.infer<typeof negotiationRecordSchema>;

export const returnLogisticsSchema = z.object({
  carrierCode: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  editable: z.boolean(),
  shippedAt: z.string(),
});

export const afterSaleSummarySchema = z.object({
  applicationNo: z.string(),
  orderNo: z.string(),
  courseName: z.string(),
  cover: z.string().nullable(),
  type: z.number().int(),
  typeText: z.string(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  state: z.enum(AFTER_SALE_STATES),
  stateText: z.string(),
  createdAt: z.string(),
});
export type AfterSaleSummary = z.infer<typeof afterSaleSummarySchema>;

/** The names a customer reads in 原路退回至…, by the provider of the original payment. */
export const REFUND_CHANNEL_TEXT: Record<string, string> = {
  wechat: '微信支付',
  baidu: '百度收银台',
  sandbox: '沙箱收银台',
};

/** One channel the refund goes back through (原路退回): the provider of the payments it draws on, fen. */
export const refundChannelSchema = z.object({
  /** wechat | baidu | sandbox: the provider of the original payment. */
  channel: z.string(),
  channelText: z.string(),
  amount: z.number().int(),
});
export type RefundChannel = z.infer<typeof refundChannelSchema>;

/**
 * Days the side whose turn it is has for its next step, counted from when the application reached its state
 * (APPLIED: from the last apply or edit). What the progress page promises; docs/after-sales.md.
 */
export const AFTER_SALE_DUE_DAYS = { APPLIED: 3, AGREED: 3, RETURNING: 7, SHIPPED: 7, RECEIVED: 3 } as const;

/** What happens next, who acts and by when; for a final state, a closing word and no actor. */
export const afterSaleNextSchema = z.object({
  /** CUSTOMER | MERCHANT | PROVIDER: whose turn it is (null: the application is over). */
  actor: z.enum(['CUSTOMER', 'MERCHANT', 'PROVIDER']).nullable(),
  text: z.string(),
  /** 商家处理截止 / 寄回截止 / ...: what the date below means (null when there is no date). */
  dueLabel: z.string().nullable(),
  dueAt: z.string().nullable(),
});
export type AfterSaleNext = z.infer<typeof afterSaleNextSchema>;

export const afterSaleDetailSchema = afterSaleSummarySchema.extend({
  seqs: z.array(z.number().int()),
  reason: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  refuseReason: z.string().nullable(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canCancel: z.boolean(),
  /** The customer should (or may still) write the return tracking number. */
  canWriteLogistics: z.boolean(),
  logistics: returnLogisticsSchema.nullable(),
  /** Where to send the goods back (退货退款 and when the merchant asks for them). */
  returnAddress: addressSchema.nullable(),
  records: z.array(negotiationRecordSchema),
  /** Where the money goes back, split by the channel each part was paid through. */
  refundTo: z.array(refundChannelSchema),
  /** Whose turn it is and by when; a closing word once the application is over. */
  next: afterSaleNextSchema,
});
export type AfterSaleDetail = z.infer<typeof afterSaleDetailSchema>;

export const afterSaleListInfo = paged(afterSaleSummarySchema);
export const afterSaleRecordInfo = z.object({ list: z.array(negotiationRecordSchema) });
export const afterSaleApplyInfo = z.object({ applicationNo: z.string() });

export const logisticsBody = z.object({
  ...signedFields,
  applicationNo,
  carrierCode: z.string({ error: '请选择快递公司' }).trim().min(1, '请选择快递公司').max(16, '请选择快递公司'),
  trackingNo: z.string({ error: '请输入快递单号' }).trim().min(1, '请输入快递单号').max(40, '快递单号格式不正确'),
  phone: z.string().trim().max(20, '手机号格式不正确').optional(),
});
export type LogisticsSave = z.infer<typeof logisticsBody>;

export const logisticsInfoParams = z.object({
  a: z.string().trim().min(1, '请选择快递公司').max(16, '请选择快递公司'),
  b: z.string().trim().min(1, '请输入快递单号').max(40, '快递单号格式不正确'),
});
/** One scan or event, `time` already China time as text (YYYY-MM-DD HH:mm:ss). */
export const trackSchema = z.object({ time: z.string(), context: z.string() });
/** What is in the parcel: the order's item as it was bought. */
export const parcelGoodsSchema = z.object({
  name: z.string(),
  cover: z.string().nullable(),
  quantity: z.number().int(),
});
export type ParcelGoods = z.infer<typeof parcelGoodsSchema>;
export const logisticsInfoSchema = z.object({
  carrierCode: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  state: z.string(),
  stateText: z.string(),
  /** Newest first. */
  traces: z.array(trackSchema),
  /** When the provider was last asked (answers are cached). */
  queriedAt: z.string(),
  /** RETURN: the customer's parcel back to the merchant; ORDER: a goods order's parcel the merchant sent. */
  kind: z.enum(['RETURN', 'ORDER']),
  orderNo: z.string(),
  /** The application a return parcel belongs to (null for an order's parcel). */
  applicationNo: z.string().nullable(),
  goods: parcelGoodsSchema,
});
export type LogisticsInfo = z.infer<typeof logisticsInfoSchema>;

// Operator API.
export const opsAfterSaleQuery = z.object({
  state: z.enum(AFTER_SALE_STATES, { error: '售后状态不正确' }).optional(),
  /** One project's applications (the console's chosen project); absent: every project the operator sees. */
  projectSn: z.string({ error: '项目编号不正确' }).trim().min(1, '项目编号不正确').max(64, '项目编号不正确').optional(),
});
export const opsAfterSaleSchema = afterSaleDetailSchema.extend({
  userId: z.string(),
  phone: z.string().nullable(),
  orderStatus: z.string(),
});
export type OpsAfterSale = z.infer<typeof opsAfterSaleSchema>;
export const opsAfterSaleList = z.object({ list: z.array(opsAfterSaleSchema) });
export const opsMessageBody = z.object({
  message: z
    .string()
    .trim()
    .max(AFTER_SALE_REFUSE_REASON_MAX, `留言不能超过${AFTER_SALE_REFUSE_REASON_MAX}个字`)
    .default(''),
});
export const opsRefuseBody = z.object({
  reason: z
    .string({ error: '请填写拒绝原因' })
    .trim()
    .min(1, '请填写拒绝原因')
    .max(AFTER_SALE_REFUSE_REASON_MAX, `拒绝原因不能超过${AFTER_SALE_REFUSE_REASON_MAX}个字`),
});

// Course change (DEAL_DONE_COURSE): operator API.
export const courseChangeOrderParams = z.object({
  orderNo: z.string({ error: '缺少订单号' }).trim().min(1, '缺少订单号').max(64, '订单号过长'),
});
export const courseChangeBody = z.object({
  actSn: z.string({ error: '请选择新课程' }).trim().min(1, '请选择新课程').max(64, '课程编号不正确'),
  packageSn: z.string().trim().min(1).max(64, '套餐编号不正确').nullable().optional(),
  message: z
    .string({ error: '留言格式不正确' })
    .trim()
    .max(AFTER_SALE_REFUSE_REASON_MAX, `留言不能超过${AFTER_SALE_REFUSE_REASON_MAX}个字`)
    .default(''),
});
export const courseChangeOptionsSchema = z.object({
  orderNo: z.string(),
  orderStatus: z.string(),
  /** What the order received and kept, fen: the most a new order can have deducted. */
  credit: z.number().int(),
  allowed: z.boolean(),
  notAllowedReason: z.string().nullable(),
  /** The project's other online courses: price (fen, no coupon) and the 费用抵扣 it would get. */
  courses: z.array(
    z.object({ actSn: z.string(), actName: z.string(), price: z.number().int(), deductionAmount: z.number().int() }),
  ),
});
export type CourseChangeOptions = z.infer<typeof courseChangeOptionsSchema>;
export const courseChangeResultSchema = z.object({
  oldOrderNo: z.string(),
  oldOrderStatus: z.string(),
  newOrderNo: z.string(),
  newOrderStatus: z.string(),
  courseName: z.string(),
  price: z.number().int(),
  credit: z.number().int(),
  /** 费用抵扣 on the new order: min(credit, price). */
  deductionAmount: z.number().int(),
  /** Credit the new price could not take (refund it through after-sales before changing if it matters). */
  uncovered: z.number().int(),
});
export type CourseChangeResult = z.infer<typeof courseChangeResultSchema>;
/** What an order detail shows of a course change it was part of. */
export const orderCourseChangeSchema = z.object({
  /** FROM: this order was made from `orderNo`; TO: this order moved to `orderNo`. */
  direction: z.enum(['FROM', 'TO']),
  orderNo: z.string(),
  courseName: z.string(),
  deductionAmount: z.number().int(),
  text: z.string(),
  message: z.string(),
  at: z.string(),
});
