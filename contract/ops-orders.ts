/**
 * 订单管理 of the operator console (/ops/v1/orders, operator session or OPS_KEY): the orders of the operator's
 * projects searched by state, project, order date (China calendar days), phone and order number; one order with
 * its payments, schedule, coupon, after-sales and refunds, history and parcel; cancelling an unpaid one; the
 * filtered list as CSV. Money is integer fen, times ISO 8601 (the console shows China time).
 */
import { z } from 'zod';
import { shipmentSchema } from './shipping';

/**
 * What the state filter offers: the order's own states, and for paid goods orders their parcel's (待发货,
 * 待收货); PAID then means 已完成, as the storefront's tabs count it (nothing left to ship or receive).
 */
export const OPS_ORDER_STATES = [
  'UNPAID',
  'UNPAID_BALANCE',
  'UNPAID_INSTALLMENTS',
  'TO_SHIP',
  'SHIPPED',
  'PAID',
  'CANCELLED',
  'REFUND',
  'REFUND_PART',
  'DEAL_DONE_COURSE',
] as const;
export type OpsOrderState = (typeof OPS_ORDER_STATES)[number];

export const OPS_ORDER_STATE_TEXT: Record<OpsOrderState, string> = {
  UNPAID: '待付款',
  UNPAID_BALANCE: '待付尾款',
  UNPAID_INSTALLMENTS: '分期中',
  TO_SHIP: '待发货',
  SHIPPED: '待收货',
  PAID: '已完成',
  CANCELLED: '已取消',
  REFUND: '已退款',
  REFUND_PART: '部分退款',
  DEAL_DONE_COURSE: '已换课',
};

/** The most rows one CSV export holds (narrow the filters for more). */
export const OPS_ORDERS_CSV_MAX = 10_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
/** A China calendar day, YYYY-MM-DD. */
const day = (what: string) =>
  z
    .string({ error: `${what}格式应为YYYY-MM-DD` })
    .trim()
    .regex(DAY, `${what}格式应为YYYY-MM-DD`)
    .refine(validDay, `${what}不是有效日期`);

const emptyAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(emptyAsMissing, schema.optional());

const filterShape = {
  projectSn: optional(z.string({ error: '项目编号不正确' }).trim().max(64, '项目编号过长')),
  state: optional(z.enum(OPS_ORDER_STATES, { error: '订单状态不正确' })),
  /** Ordered on or after this China day. */
  from: optional(day('开始日期')),
  /** Ordered on or before this China day. */
  to: optional(day('结束日期')),
  /** Part of the customer's login phone or the consignee's phone. */
  phone: optional(
    z
      .string({ error: '手机号应为3到11位数字' })
      .trim()
      .regex(/^\d{3,11}$/, '手机号应为3到11位数字'),
  ),
  /** Part of the order number. */
  orderNo: optional(
    z
      .string({ error: '订单号只能包含字母、数字和-' })
      .trim()
      .max(64, '订单号过长')
      .regex(/^[A-Za-z0-9-]+$/, '订单号只能包含字母、数字和-'),
  ),
};
const dayRange = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const RANGE_REFUSAL = { message: '开始日期不能晚于结束日期', path: ['to'] };

/** The filters, without paging (the CSV export takes these). */
export const opsOrderFilter = z.object(filterShape).refine(dayRange, RANGE_REFUSAL);
export type OpsOrderFilter = z.infer<typeof opsOrderFilter>;

export const opsOrderListQuery = z
  .object({
    ...filterShape,
    page: z.coerce.number({ error: '页码应为数字' }).int('页码应为整数').min(1, '页码最小为1').max(100_000).default(1),
    size: z.coerce
      .number({ error: '每页条数应为数字' })
      .int('每页条数应为整数')
      .min(1, '每页至少1条')
      .max(100, '每页最多100条')
      .default(20),
  })
  .refine(dayRange, RANGE_REFUSAL);
export type OpsOrderListQuery = z.infer<typeof opsOrderListQuery>;

export const opsOrderItem = z.object({
  orderNo: z.string(),
  projectSn: z.string(),
  createdAt: z.string(),
  /** The order's own state (orders.status). */
  status: z.string(),
  /** The parcel's, for a goods order that sends one. */
  shipmentStatus: z.enum(['TO_SHIP', 'SHIPPED', 'RECEIVED']).nullable(),
  /** What the operator reads: the parcel's state while a paid order waits for it, else the order's. */
  stateText: z.string(),
  /** COURSE | GOODS */
  orderType: z.string(),
  /** 1 normal, 2 deposit + final, 3 instalment. */
  orderPayType: z.number().int(),
  courseName: z.string(),
  skuCnt: z.number().int(),
  totalAmount: z.number().int(),
  discountAmount: z.number().int(),
  freight: z.number().int(),
  /** Paid so far, fen (费用抵扣 of a course change not counted). */
  paidAmount: z.number().int(),
  userId: z.string(),
  /** The customer's login phone (null for a visitor). */
  phone: z.string().nullable(),
  consignee: z.string().nullable(),
  consigneePhone: z.string().nullable(),
});
export type OpsOrderItem = z.infer<typeof opsOrderItem>;

export const opsOrderList = z.object({ list: z.array(opsOrderItem), total: z.number().int() });

export const opsOrderParams = z.object({
  orderNo: z
    .string()
    .trim()
    .min(1, '缺少订单号')
    .max(64, '订单号过长')
    .regex(/^[A-Za-z0-9-]+$/, '订单号只能包含字母、数字和-'),
});

/** One row of the schedule (order_payments): the single payment, deposit and final, or an instalment. */
export const opsOrderScheduleRow = z.object({
  seq: z.number().int(),
  /** NORMAL | DEPOSIT | FINAL | INSTALLMENT */
  kind: z.string(),
  amount: z.number().int(),
  /** 费用抵扣 of a course change, fen. */
  deductionAmount: z.number().int(),
  dueTime: z.string().nullable(),
  /** UNPAID | PAID */
  status: z.string(),
  /** 1 WeChat, 2 scan-code, 3 Alipay, 4 bank card, 5 fee deduction. */
  payType: z.number().int().nullable(),
  paidAmount: z.number().int().nullable(),
  paidAt: z.string().nullable(),
});

/** One attempt to pay through a provider. */
export const opsOrderPayment = z.object({
  paymentSn: z.string(),
  seq: z.number().int(),
  amount: z.number().int(),
  provider: z.string(),
  /** PENDING | SUCCESS | CLOSED | REFUND_PENDING */
  status: z.string(),
  txnId: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});

export const opsOrderCoupon = z.object({
  rcSn: z.string(),
  couponSn: z.string(),
  couponName: z.string(),
  /** 1 满减/立减 (amount off, fen), otherwise as the template says. */
  couponType: z.number().int(),
  couponAmount: z.number().int(),
  /** 1 unused (handed back when the order was cancelled), 2 used, 3 expired. */
  state: z.number().int(),
  usedAt: z.string().nullable(),
});

export const opsOrderAfterSale = z.object({
  applicationNo: z.string(),
  /** 1 仅退款, 2 退货退款. */
  type: z.number().int(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  state: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const opsOrderRefund = z.object({
  refundSn: z.string(),
  applicationNo: z.string(),
  paymentSn: z.string(),
  amount: z.number().int(),
  provider: z.string(),
  /** PENDING | SUCCESS | FAILED */
  status: z.string(),
  failReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

/** One line of the order's history, oldest first: a state change, or the parcel shipped / received. */
export const opsOrderEvent = z.object({
  at: z.string(),
  /** PLACE | PAY | CANCEL | EXPIRE | REFUND_FULL | REFUND_PART | CHANGE_COURSE | SHIP | RECEIVE */
  event: z.string(),
  text: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
});

export const opsOrderDetail = z.object({
  order: opsOrderItem.extend({
    actSn: z.string(),
    packageName: z.string().nullable(),
    expiresAt: z.string().nullable(),
    updatedAt: z.string(),
    remark: z.string().nullable(),
    address: z.string().nullable(),
    applicant: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
  schedule: z.array(opsOrderScheduleRow),
  payments: z.array(opsOrderPayment),
  coupons: z.array(opsOrderCoupon),
  afterSales: z.array(opsOrderAfterSale),
  refunds: z.array(opsOrderRefund),
  events: z.array(opsOrderEvent),
  shipment: shipmentSchema.nullable(),
  /** Only an UNPAID order with nothing paid and no 费用抵扣 may be cancelled. */
  mayCancel: z.boolean(),
  /** A paid goods order whose parcel waits (or is on its way: shipping again corrects the number). */
  mayShip: z.boolean(),
  /**
   * The operator's marks the §3 refund tags read (contract/rules/refund-window.ts): 已拆封 on goods (tag 5),
   * 已激活 on a course (tags 3 and 6). Each may be set once, on a paid order of its type.
   */
  marks: z.object({
    unsealedAt: z.string().nullable(),
    unsealedBy: z.string().nullable(),
    activatedAt: z.string().nullable(),
    activatedBy: z.string().nullable(),
    mayMarkUnsealed: z.boolean(),
    mayMarkActivated: z.boolean(),
  }),
});
export type OpsOrderDetail = z.infer<typeof opsOrderDetail>;
