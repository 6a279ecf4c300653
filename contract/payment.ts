/**
 * Orders after submit: list, detail, payment (start / continue), cancel, instalment info, contracts and the
 * sandbox provider's notification (§3 order, deposit and instalment items; §4 pay flow; §7 Orders; §8).
 */
import { z } from 'zod';
import { pageQuery, paged, signedFields } from './common';
import { addressSchema } from './address';
import { depositItemSchema, installmentItemSchema, paidRecordSchema } from './order';
import { orderCourseChangeSchema } from './after-sales';
import { pointsPriceSchema } from './integral';
import { shipmentSchema } from './shipping';
import { activityPlaceSchema } from './activity';

import { ORDER_STATUS_TEXT, ORDER_TABS, type OrderTab } from './constants';

export { ORDER_STATUS_TEXT, ORDER_TABS, type OrderTab };

export const orderSummarySchema = z.object({
  orderNo: z.string(),
  actSn: z.string(),
  orderType: z.string(),
  orderPayType: z.number().int(),
  orderStatus: z.string(),
  courseName: z.string(),
  cover: z.string().nullable(),
  skuCnt: z.number().int(),
  courseNum: z.number().int(),
  totalAmount: z.number().int(),
  /** What the next payment costs (0 when nothing is due). */
  dueAmount: z.number().int(),
  /** installmentPayNum: the payment now due, 1-based (n+1 when all paid). */
  installmentPayNum: z.number().int(),
  createdAt: z.string(),
  canPay: z.boolean(),
  canCancel: z.boolean(),
  /** A goods order's parcel: TO_SHIP, SHIPPED or RECEIVED; null when nothing is sent. */
  shipmentStatus: z.enum(['TO_SHIP', 'SHIPPED', 'RECEIVED']).nullable().optional(),
  /** A points order's price: the carrier points it spent and its cash part (= totalAmount). */
  integral: pointsPriceSchema.nullable().optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListQuery = z.object({
  ...signedFields,
  tab: z.enum(['ALL', 'UNPAID', 'TO_SHIP', 'TO_RECEIVE', 'PAID', 'CANCELLED', 'REFUND']).default('ALL'),
  ...pageQuery,
});
export const orderListInfo = paged(orderSummarySchema);

export const orderNoParams = z.object({ orderNo: z.string().min(1, '缺少订单号').max(64, '订单号过长') });
export const orderNoQuery = z.object({
  ...signedFields,
  orderNo: z.string().min(1, '缺少订单号').max(64, '订单号过长'),
});

export const orderDetailSchema = orderSummarySchema.extend({
  goodsType: z.string().nullable(),
  checkPackage: z.boolean(),
  packageName: z.string().nullable(),
  courseSn: z.string().nullable(),
  /** 商品金额 (售价): with the lines below it adds up to totalAmount. */
  goodsAmount: z.number().int(),
  courseTotalPrice: z.number().int(),
  /** 课程优惠 / 套餐优惠 taken off at confirmation. */
  courseDiscountAmount: z.number().int(),
  packageDiscountAmount: z.number().int(),
  /** 优惠券 */
  discountAmount: z.number().int(),
  freight: z.number().int(),
  depositInfoList: z.array(depositItemSchema),
  installmentInfoList: z.array(installmentItemSchema),
  giftCourseList: z.array(z.object({ courseSn: z.string(), courseName: z.string() })),
  address: addressSchema.nullable(),
  applicant: z.array(z.object({ label: z.string(), value: z.string() })),
  householdType: z.string().nullable(),
  remark: z.string().nullable(),
  /** Unpaid orders are cancelled at this time. */
  expiresAt: z.string().nullable(),
  agreementSn: z.string().nullable(),
  /** Whether the purchase agreement was signed (ratifyAccord). */
  agreementSigned: z.boolean(),
  canSign: z.boolean(),
  /**
   * The newest payment attempt: lets the storefront tell, on return from a cashier, a payment cancelled there
   * (CLOSED) or settled (SUCCESS) from one still unknown (PENDING), and name the channel.
   */
  lastPayment: z.object({ status: z.string(), provider: z.string() }).nullable(),
  /**
   * The order's after-sales: refunded so far and when, and its newest application (state text for
   * the order page, applicationNo for PAGE_AFTER_SALE_DETAIL). Null when no application was ever made.
   */
  refundVO: z
    .object({
      refundAmount: z.number().int(),
      refundTime: z.string().nullable(),
      applicationNo: z.string().nullable().optional(),
      afterSaleState: z.string().nullable().optional(),
      afterSaleStateText: z.string().nullable().optional(),
    })
    .nullable(),
  /** 支付方式 / 支付时间 of the newest paid payment (§3 pay type named), null while nothing is paid. */
  payTypeName: z.string().nullable().optional(),
  payTime: z.string().nullable().optional(),
  /** 申请售后 is offered: paid, the refund tags allow it, money left, and no application open. */
  canApplyAfterSale: z.boolean().optional(),
  /**
   * What the §3 refund window is decided on (contract/rules/refund-window.ts), when the order would otherwise take an
   * application: the storefront explains a closed window on 申请售后 before the customer applies. Null otherwise.
   */
  refundWindowFacts: z
    .object({
      tags: z.array(z.number().int()),
      orderType: z.string(),
      paidAt: z.string().nullable(),
      receivedAt: z.string().nullable(),
      unsealedAt: z.string().nullable(),
      activatedAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** 费用抵扣 on this order's payments in all (a changed-course order), fen. */
  deductionAmount: z.number().int().optional(),
  /** The course change this order was part of, either side; null when none. */
  courseChange: orderCourseChangeSchema.nullable().optional(),
  /** The parcel of a goods order that sends something (carrier, number, times); null otherwise. */
  shipment: shipmentSchema.nullable().optional(),
  /** An activity's 活动时间 and 活动地点 (what a sign-up needs to take part); null for other items. */
  event: z.object({ schedule: z.string().nullable(), place: activityPlaceSchema.nullable() }).nullable().optional(),
  /** What has been paid, oldest first, each with its channel; a points order's points first. */
  paidList: z.array(paidRecordSchema).optional(),
  /** Cash paid so far in all (the sum of paidList's amounts), fen. */
  paidAmount: z.number().int().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Start or continue paying the payment now due (§7 payment/continue). */
export const payQuery = z.object({
  ...signedFields,
  paySource: z.enum(['H5', 'WEAPP', 'SWAN']).default('H5'),
  /** MWEB (H5 outside WeChat), JSAPI (WeChat browser and weapp), SWAN. */
  tradeType: z.enum(['MWEB', 'JSAPI', 'SWAN']).default('MWEB'),
  /** Where the provider sends the browser back (H5), an app URL of ours. */
  redirectUrl: z.string().max(1000).optional(),
});

/** §3 pay fields: what the target's payment API needs. Zero amount means nothing to pay. */
export const payParamsSchema = z.object({
  orderNo: z.string(),
  paymentSn: z.string(),
  payAmount: z.number().int(),
  /** H5 outside WeChat: open this URL (the sandbox cashier or the provider's page). */
  mwebUrl: z.string().nullable(),
  /** WeChat JSAPI / weapp requestPayment fields. */
  appId: z.string().nullable(),
  timeStamp: z.string().nullable(),
  nonceStr: z.string().nullable(),
  package1: z.string().nullable(),
  signType: z.string().nullable(),
  againSign: z.string().nullable(),
  /** Baidu requestPolymerPayment orderInfo. */
  orderInfo: z.record(z.string(), z.unknown()).nullable(),
});
export type PayParams = z.infer<typeof payParamsSchema>;

export const cancelInfo = z.object({ orderNo: z.string(), orderStatus: z.string() });

export const installmentInfo = z.object({
  orderNo: z.string(),
  orderPayType: z.number().int(),
  installmentPayNum: z.number().int(),
  orderStatus: z.string(),
  depositInfoList: z.array(depositItemSchema),
  installmentInfoList: z.array(installmentItemSchema),
});

export const contractListInfo = z.object({
  list: z.array(
    z.object({ flowId: z.string(), contractName: z.string(), signed: z.boolean(), signedAt: z.string().nullable() }),
  ),
});
export const contractFileQuery = z.object({ ...signedFields, flowId: z.string().min(1, '缺少合同编号').max(64) });
export const contractFileInfo = z.object({ url: z.string() });
export const signLinkBody = z.object({
  ...signedFields,
  orderNo: z.string().min(1, '缺少订单号').max(64),
  redirectUrl: z.string().max(1000).optional(),
});
export const signLinkInfo = z.object({ signUrl: z.string(), flowId: z.string() });
