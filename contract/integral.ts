/**
 * Carrier points and zero-price sign-ups (spec §3 integral package / user info, §4 points, §5 points
 * search, §7 integral/binding/state, integral/balance, bind search, order submit/integral, integral/place/order,
 * zero/activity/{id}, sign-up). Points are whole numbers; money is integer fen.
 */
import { z } from 'zod';
import { signedFields } from './common';
import { INTEGRAL_CARRIERS, INTEGRAL_MESSAGES } from './rules/integral';

const integralType = z.enum(INTEGRAL_CARRIERS, { message: '积分类型不正确' });
const phone = z
  .string({ message: INTEGRAL_MESSAGES.phoneRequired })
  .trim()
  .min(1, INTEGRAL_MESSAGES.phoneRequired)
  .regex(/^1[3-9]\d{9}$/, INTEGRAL_MESSAGES.phoneInvalid);
const actSn = z.string({ message: '缺少商品编号' }).min(1, '缺少商品编号').max(64, '商品编号不正确');
/** A retry of the same submit carries the same id and gets the first answer (nothing spent twice). */
const requestId = z.string({ message: '缺少请求编号' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号不正确');

/** A points item's price (rules/integral PointsPrice): on its cards, its detail and its orders. */
export const pointsPriceSchema = z.object({
  integralType: z.string(),
  points: z.number().int(),
  cashAmount: z.number().int(),
});

export const bindingStateQuery = z.object({ ...signedFields, integralType });
/** §3 integral user info plus the binding: phone and points are null until a phone is bound and queried. */
export const bindingStateInfo = z.object({
  integralType: z.string(),
  bound: z.boolean(),
  phone: z.string().nullable(),
  point: z.number().int().nullable(),
  /** The bound phone must be authorised at the carrier before its balance can be read. */
  needAuth: z.boolean(),
});
export type BindingState = z.infer<typeof bindingStateInfo>;

/** Bind search: the phone typed in the 积分查询 search view becomes the customer's phone for that carrier. */
export const bindSearchBody = z.object({ ...signedFields, integralType, updatePhone: phone });

export const balanceBody = z.object({
  ...signedFields,
  integralType,
  phone,
  sessionid: z.string().max(128, '会话编号不正确').optional(),
  fingerprint: z.string().max(128, '设备指纹不正确').optional(),
  /** Where the carrier's authorisation page sends the browser back (this origin only). */
  callbackUrl: z.string().max(2048, '跳转地址不正确').optional(),
});
/** §7 balance reply: flag true means authorise first at redirectUrl; otherwise balance (= point) is the answer. */
export const balanceInfo = z.object({
  balance: z.number().int().nullable(),
  flag: z.boolean(),
  redirectUrl: z.string().nullable(),
  phone: z.string(),
  point: z.number().int().nullable(),
});
export type BalanceReply = z.infer<typeof balanceInfo>;

/** Points order confirmation (integral/place/order): what the item costs and what the balance leaves. */
export const placeOrderBody = z.object({ ...signedFields, actSn });
export const placeOrderInfo = z.object({
  actSn: z.string(),
  actName: z.string(),
  cover: z.string(),
  integralType: z.string(),
  points: z.number().int(),
  /** fen */
  cashAmount: z.number().int(),
  maxIntegral: z.number().int(),
  phone: z.string().nullable(),
  balance: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  needAuth: z.boolean(),
  /** Why it cannot be ordered now ('' when it can). */
  disabledReason: z.string(),
});
export type PlaceOrderInfo = z.infer<typeof placeOrderInfo>;

/** submit/integral: the points and cash the customer saw are compared with the server's, never used. */
export const integralSubmitBody = z.object({
  ...signedFields,
  actSn,
  integralType,
  phone,
  points: z.number({ message: '积分数量不正确' }).int('积分数量不正确').min(0, '积分数量不正确'),
  cashAmount: z.number({ message: '订单金额有误' }).int('订单金额有误').min(0, '订单金额有误'),
  requestId,
});
export const integralSubmitInfo = z.object({
  orderNo: z.string(),
  payAmount: z.number().int(),
  totalAmount: z.number().int(),
  orderStatus: z.string(),
  points: z.number().int(),
  balance: z.number().int(),
});
export type IntegralSubmitResult = z.infer<typeof integralSubmitInfo>;

/** zero/activity/{id}: whether a zero-price item can be signed up for, and the customer's sign-up if any. */
export const zeroActivityParams = z.object({ actSn });
export const zeroActivityBody = z.object({ ...signedFields });
export const zeroActivityInfo = z.object({
  actSn: z.string(),
  actName: z.string(),
  free: z.boolean(),
  signedUp: z.boolean(),
  orderNo: z.string().nullable(),
});
export type ZeroActivityInfo = z.infer<typeof zeroActivityInfo>;

export const signUpBody = z.object({ ...signedFields, actSn, remark: z.string().max(30, '备注最多30个字').optional() });
export const signUpInfo = z.object({
  orderNo: z.string(),
  orderStatus: z.string(),
  payAmount: z.number().int(),
  totalAmount: z.number().int(),
  existed: z.boolean(),
});
export type SignUpResult = z.infer<typeof signUpInfo>;
