/**
 * Order submission: confirmation, coupons, submit token, submit (§3 discount coupon, course order confirmation,
 * deposit and instalment items, applicant rule, submit token and payload; §7 Orders; §8 order-submit codes).
 * Money is integer fen everywhere.
 */
import { z } from 'zod';
import { signedFields } from './common';
import { addressSchema } from './address';
import { heldCouponFields } from './coupon-fields';

import { NO_DELIVERY, REMARK_MAX, SKU_CNT_MAX, SUBMIT_CODES } from './constants';

export { NO_DELIVERY, REMARK_MAX, SKU_CNT_MAX, SUBMIT_CODES };

export const FIELD_KEYS = ['TEXT', 'NAME', 'IDCARD', 'IDCARD_OUT', 'NUMBER', 'PHONE', 'EMAIL', 'ADDRESS'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

/** §3 applicant rule. `nKey` is the field's 6-character id (§9). */
export const applicantRuleSchema = z.object({
  nKey: z.string(),
  keyName: z.enum(FIELD_KEYS),
  label: z.string(),
  placeholder: z.string().nullable(),
  value: z.string(),
  required: z.boolean(),
  echoValue: z.string().nullable(),
  idCardType: z.enum(['IDCARD', 'IDCARD_OUT']).nullable(),
  /** Multi-line text uses a textarea (§5). */
  multiline: z.boolean(),
  submitTips: z.string().nullable(),
});
export type ApplicantRule = z.infer<typeof applicantRuleSchema>;

/** §3 discount coupon, with what it is worth on this order computed by the server. */
export const discountCouponSchema = z.object({
  ...heldCouponFields,
  /** 1 amount off (couponAmount in fen), 2 percent off (couponAmount = percent taken off, 1..99). */
  couponType: z.union([z.literal(1), z.literal(2)]),
  isAvailable: z.boolean(),
  disabledReason: z.string().nullable(),
  /** The discount this coupon gives on this order, fen (0 when unavailable). */
  orderCouponAmount: z.number().int(),
});
export type DiscountCoupon = z.infer<typeof discountCouponSchema>;

export const depositItemSchema = z.object({
  /** 1 deposit, 2 final payment. */
  depositType: z.number().int(),
  installmentAmount: z.number().int(),
  payFlag: z.boolean(),
  /** §3 installment pay types: 1 WeChat, 2 scan-code, 3 Alipay, 4 bank card, 5 fee deduction. */
  installmentPayType: z.number().int().nullable(),
  deductionAmount: z.number().int(),
  installmentPayAmount: z.number().int().nullable(),
  dueTime: z.string().nullable(),
});
export type DepositItem = z.infer<typeof depositItemSchema>;

export const installmentItemSchema = z.object({
  installmentNum: z.number().int(),
  installmentAmount: z.number().int(),
  dueTime: z.string().nullable(),
  payFlag: z.boolean(),
  installmentPayType: z.number().int().nullable(),
  deductionAmount: z.number().int(),
  installmentPayAmount: z.number().int().nullable(),
});
export type InstallmentItem = z.infer<typeof installmentItemSchema>;

/**
 * One payment an order has taken, as the order detail lists it: each paid period with the channel that paid it,
 * and a points order's points. amount is the cash paid (fen, 0 for points); points is set on a points row only.
 */
export const paidRecordSchema = z.object({
  /** 定金 / 尾款 / 第N期 / 订单支付 / 积分兑换 */
  title: z.string(),
  /** 微信支付 / 百度支付 / 支付宝 / 银行卡 / 费用抵扣 / 无需支付 / 联通积分 ... */
  channel: z.string(),
  amount: z.number().int(),
  /** 费用抵扣 taken off this period (a changed-course order), fen. */
  deductionAmount: z.number().int(),
  points: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  /** A points row whose points went back (cancel, expiry, refund). */
  returned: z.boolean(),
});
export type PaidRecord = z.infer<typeof paidRecordSchema>;

export const orderCourseSchema = z.object({
  courseSn: z.string(),
  courseName: z.string(),
  courseCover: z.string().nullable(),
  courseAmount: z.number().int(),
});

export const HOUSEHOLD_TYPES = ['TRAILING_HOLD', 'TALENT_IN'] as const;

export const confirmationSchema = z.object({
  createOrderSn: z.string(),
  /** TARGET: ordered from a detail page; LINK: a single-use order link (no coupons, §6). */
  creatType: z.enum(['TARGET', 'LINK']),
  orderType: z.enum(['COURSE', 'GOODS']),
  /** 1 normal, 2 deposit + final, 3 instalment. */
  orderPayType: z.number().int(),
  /** 2: an order changed from another course (no coupons, §6). */
  confirmOrderType: z.number().int(),
  deliveryType: z.number().int(),
  isHousehold: z.boolean(),
  householdTypes: z.array(z.object({ type: z.enum(HOUSEHOLD_TYPES), name: z.string() })),
  agreementSn: z.string().nullable(),
  agreementName: z.string().nullable(),
  /** The purchase agreement must be ticked before submit. */
  electronicProtocol: z.boolean(),
  disableFlag: z.boolean(),
  disableReason: z.string().nullable(),
  hasProductIntroduce: z.boolean(),
  /** 2: area restrictions apply (invalidAreas). */
  freightAreasType: z.number().int(),
  invalidAreas: z.array(
    z.object({
      provinceId: z.string(),
      cityId: z.string().nullable(),
      areaId: z.string().nullable(),
      name: z.string(),
    }),
  ),
  restrict: z.array(applicantRuleSchema),
  orderCourseInfo: z.object({
    actSn: z.string(),
    courseSn: z.string(),
    packageSn: z.string().nullable(),
    courseName: z.string(),
    courseCover: z.string().nullable(),
    skuCnt: z.number().int(),
    freight: z.number().int(),
  }),
  packageCourseList: z.array(orderCourseSchema),
  giftCourseList: z.array(orderCourseSchema),
  confirmOrderAmount: z.object({
    /** 售价 */
    totalAmount: z.number().int(),
    courseDiscountAmount: z.number().int(),
    packageDiscountAmount: z.number().int(),
    freight: z.number().int(),
    /** Freight before a change (struck through when different). */
    oldFreight: z.number().int(),
    /** The whole order after course/package discounts, with freight. */
    orderTotalAmount: z.number().int(),
    /** What this payment costs before a coupon (deposit, final, this instalment or the whole order). */
    payAmount: z.number().int(),
    /** Which payment this is, 1-based. */
    installmentPayNum: z.number().int(),
    deductionAmount: z.number().int(),
    depositInfoList: z.array(depositItemSchema),
    installmentInfoList: z.array(installmentItemSchema),
  }),
  /** Coupons may be used on this order (not for changed-course or link orders, §6; first payment only). */
  couponAllowed: z.boolean(),
  /** The user's default address, when delivery is needed. */
  defaultAddress: addressSchema.nullable(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

const targetSn = z.string({ error: '缺少商品编号' }).trim().min(1, '缺少商品编号').max(64, '商品编号过长');
const createOrderSn = z.string({ error: '缺少下单编号' }).trim().min(1, '缺少下单编号').max(64, '下单编号过长');

export const confirmByTargetQuery = z.object({
  ...signedFields,
  targetSn,
  /** The package chosen on the detail page (courses); it must be one of the item's packages. */
  packageSn: z.string().max(64, '套餐编号过长').optional(),
  /** thirdEnum PAGE_HUIMIN_COURSE_SUBMIT and others pass through for the server's records. */
  thirdEnum: z.string().max(64).optional(),
  /** Pieces of a goods item (courses are always 1). */
  skuCnt: z.coerce
    .number({ error: '购买数量有误' })
    .int('购买数量有误')
    .min(1, '购买数量至少为1')
    .max(SKU_CNT_MAX, `购买数量不能超过${SKU_CNT_MAX}`)
    .optional(),
});
export const confirmDetailsQuery = z.object({
  ...signedFields,
  createOrderSn,
  addressId: z.string().max(64).optional(),
});

export const couponListQuery = z.object({
  ...signedFields,
  createOrderSn,
});
export const couponListInfo = z.object({ list: z.array(discountCouponSchema) });

const sn = (message: string) => z.string().trim().min(1, message).max(64, message).optional();
/**
 * §7 discount coupon list by course or package sn and total amount. One of the two sns is required: the server says
 * so itself (a refinement would be lost where the query schema is narrowed, server/src/runtime/auth.ts).
 */
export const discountCouponListQuery = z.object({
  ...signedFields,
  courseSn: sn('课程编号格式不正确'),
  packageSn: sn('套餐编号格式不正确'),
  totalAmount: z.coerce
    .number({ error: '订单金额不正确' })
    .int('订单金额不正确')
    .min(0, '订单金额不正确')
    .max(100_000_000, '订单金额不正确'),
});

export const orderTokenQuery = z.object({ ...signedFields, createOrderSn });
export const orderTokenInfo = z.object({ orderToken: z.string() });

export const submitBody = z.object({
  ...signedFields,
  createOrderSn,
  cityCode: z.string().max(12).optional(),
  cityName: z.string().max(30).optional(),
  entranceSource: z.string().max(32).optional(),
  orderDiscountList: z
    .array(
      z.object({
        discountType: z.literal('DISCOUNT_RED', { error: '不支持的优惠类型' }),
        couponSn: z.string().max(64),
        discountReceiveSn: z.string().min(1, '优惠券信息有误').max(64),
        redeemCode: z.string().max(64).optional(),
        discountMoney: z.number().int().min(0, '优惠金额有误'),
      }),
    )
    .max(1, '每笔订单只能使用一张优惠券')
    .default([]),
  discountsAmount: z.number({ error: '金额有误' }).int('金额有误').min(0, '金额有误'),
  payAmount: z.number({ error: '金额有误' }).int('金额有误').min(0, '金额有误'),
  totalAmount: z.number({ error: '金额有误' }).int('金额有误').min(0, '金额有误'),
  orderToken: z.string({ error: '订单信息获取异常! 请退出重试' }).min(1, '订单信息获取异常! 请退出重试').max(128),
  phone: z.string().max(11).optional(),
  paySource: z.enum(['H5', 'WEAPP', 'SWAN']).optional(),
  tradeType: z.string().max(16).optional(),
  orderPreAttachVO: z.object({
    addressId: z.string().max(64).optional(),
    deliveryType: z.number().int(),
    householdType: z.enum(HOUSEHOLD_TYPES).optional(),
    /** JSON text: { userInfo: {nKey: value}, restrict: ApplicantRule[] } */
    userExtra: z.string().max(20000, '用户信息过长').optional(),
  }),
  remark: z.string().max(REMARK_MAX, `备注不能超过${REMARK_MAX}个字`).optional(),
  /** The promoter's code from the share link the customer landed on; unknown codes attribute nothing. */
  promoterCode: z.string().max(32).optional(),
});
export type SubmitPayload = z.infer<typeof submitBody>;

export const submitInfo = z.object({
  orderNo: z.string(),
  /** What this payment costs after the coupon, fen; 0 skips payment. */
  payAmount: z.number().int(),
  totalAmount: z.number().int(),
  orderStatus: z.string(),
});
export type SubmitResult = z.infer<typeof submitInfo>;

/** §3 agreement: the purchase agreement shown before submit (§7 contract/details by agreementSn). */
export const agreementQuery = z.object({ ...signedFields, agreementSn: z.string().min(1, '缺少协议编号').max(64) });
export const agreementInfo = z.object({
  agreementSn: z.string(),
  agreementName: z.string(),
  agreementContent: z.string(),
});
export type Agreement = z.infer<typeof agreementInfo>;
