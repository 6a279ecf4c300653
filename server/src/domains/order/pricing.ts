/**
 * What an order costs, pure (§2 price lines and schedule, §3 coupons, §5 amounts): the item's amounts and payments
 * (the confirmation shows them), a coupon checked and priced, and the amounts a submit must carry. The confirmation
 * (order-confirm.ts), the coupon list (coupons.ts) and the submit (order-submit.ts) all price through here, with the
 * rules the storefront imports too (contract/rules), so both sides compute one payable.
 */
import type { Confirmation, DiscountCoupon } from '@contract/order';
import {
  couponUnavailableReason,
  isCouponStateDisabled,
  priceWithCoupon,
  type CouponCopy,
  type CouponPrice,
} from '@contract/rules/coupon';
import { couponValidity } from '@contract/rules/coupon-validity';
import { chargedFreight } from '@contract/rules/freight';
import type { couponTemplates, userCoupons } from '../coupon/schema';
import type { OrderConfig } from './schema';

const DAY_MS = 86_400_000;

export type PaymentKind = 'NORMAL' | 'DEPOSIT' | 'FINAL' | 'INSTALLMENT';
export interface PlannedPayment {
  seq: number;
  kind: PaymentKind;
  amount: number;
  dueTime: Date | null;
}

/** Splits a total into n instalments: equal parts, the remainder on the first so they sum exactly. */
export function splitInstallments(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? total - base * (n - 1) : base));
}

/**
 * The operator's plan amounts for an order of `total`: as saved when they sum to it (one item, no package), else
 * in the same proportions, the remainder on the first period, so they still sum exactly.
 */
export function scalePlan(amounts: readonly number[], total: number): number[] {
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (sum === total || sum <= 0) return sum === total ? [...amounts] : splitInstallments(total, amounts.length);
  const rest = amounts.map((a) => Math.floor((total * a) / sum));
  rest[0] = total - rest.slice(1).reduce((s, a) => s + a, 0);
  return rest;
}

type Package = OrderConfig['packages'][number];

export interface ItemAmounts {
  /** 1 normal, 2 deposit + final, 3 instalment (1 when the order has one payment). */
  orderPayType: number;
  confirmOrderAmount: Confirmation['confirmOrderAmount'];
  /** The payments before any coupon; they sum to confirmOrderAmount.orderTotalAmount. */
  payments: PlannedPayment[];
}

/** The amounts and payments of a new order of `skuCnt` of an item at `price` (or as `pkg`), installmentPayNum 1. */
export function priceItem(args: {
  price: number;
  config: OrderConfig;
  pkg: Package | undefined;
  skuCnt: number;
  now: Date;
}): ItemAmounts {
  const { config, pkg, skuCnt, now } = args;
  const listPrice = pkg ? pkg.courses.reduce((n, c) => n + c.courseAmount, 0) : args.price;
  const totalAmount = listPrice * skuCnt;
  const packageDiscountAmount = pkg ? Math.max(0, listPrice - pkg.price) * skuCnt : 0;
  const courseDiscountAmount = Math.min(config.courseDiscountAmount * skuCnt, totalAmount - packageDiscountAmount);
  const { freight, oldFreight } = chargedFreight(config);
  const orderTotalAmount = totalAmount - packageDiscountAmount - courseDiscountAmount + freight;

  let payments: PlannedPayment[];
  if (config.orderPayType === 2 && orderTotalAmount > 0) {
    const deposit = Math.min(config.depositAmount ?? Math.round(orderTotalAmount * 0.2), orderTotalAmount);
    payments = [
      { seq: 1, kind: 'DEPOSIT', amount: deposit, dueTime: null },
      {
        seq: 2,
        kind: 'FINAL',
        amount: orderTotalAmount - deposit,
        dueTime: new Date(now.getTime() + (config.finalDueDays ?? 30) * DAY_MS),
      },
    ];
  } else if (config.orderPayType === 3 && orderTotalAmount > 0 && config.installmentPlan?.length) {
    const plan = config.installmentPlan;
    payments = scalePlan(
      plan.map((r) => r.amount),
      orderTotalAmount,
    ).map((amount, i) => ({
      seq: i + 1,
      kind: 'INSTALLMENT' as const,
      amount,
      dueTime: i === 0 ? null : new Date(now.getTime() + plan[i].dueDays * DAY_MS),
    }));
  } else if (config.orderPayType === 3 && orderTotalAmount > 0) {
    const n = Math.max(1, config.installmentNum ?? 3);
    payments = splitInstallments(orderTotalAmount, n).map((amount, i) => ({
      seq: i + 1,
      kind: 'INSTALLMENT' as const,
      amount,
      dueTime: i === 0 ? null : new Date(now.getTime() + i * (config.installmentIntervalDays ?? 30) * DAY_MS),
    }));
  } else {
    payments = [{ seq: 1, kind: 'NORMAL', amount: orderTotalAmount, dueTime: null }];
  }
  const orderPayType = payments.length > 1 ? config.orderPayType : 1;
  const item = (p: PlannedPayment) => ({
    installmentAmount: p.amount,
    payFlag: false,
    installmentPayType: null,
    deductionAmount: 0,
    installmentPayAmount: null,
    dueTime: p.dueTime ? p.dueTime.toISOString() : null,
  });
  return {
    orderPayType,
    payments,
    confirmOrderAmount: {
      totalAmount,
      courseDiscountAmount,
      packageDiscountAmount,
      freight,
      oldFreight,
      orderTotalAmount,
      payAmount: payments[0].amount,
      installmentPayNum: 1,
      deductionAmount: 0,
      depositInfoList:
        orderPayType === 2 ? payments.map((p) => ({ depositType: p.kind === 'DEPOSIT' ? 1 : 2, ...item(p) })) : [],
      installmentInfoList: orderPayType === 3 ? payments.map((p) => ({ installmentNum: p.seq, ...item(p) })) : [],
    },
  };
}

type Template = typeof couponTemplates.$inferSelect;
type Received = typeof userCoupons.$inferSelect;

export interface CouponContext {
  actSn: string;
  /** The order's payments before the coupon (the first is paid at submit; they sum to orderAmount). */
  payments: readonly number[];
  /**
   * The whole order (after course and package discounts, with freight): what the threshold and percent are measured by.
   */
  orderAmount: number;
  /** False for changed-course or link orders and later payments (§6). */
  allowed: boolean;
  now: Date;
}

const copyOf = (t: Template, r: Received): CouponCopy => ({
  ...t,
  state: r.state,
  startTime: r.startTime,
  endTime: r.endTime,
});

/** Why a coupon cannot be used on this order, or null. */
export function unavailableReason(t: Template, r: Received, ctx: CouponContext): string | null {
  return couponUnavailableReason(copyOf(t, r), {
    allowed: ctx.allowed,
    payAmount: ctx.payments[0] ?? 0,
    orderAmount: ctx.orderAmount,
    applies: !t.scopeActSns.length || t.scopeActSns.includes(ctx.actSn),
    now: ctx.now,
  });
}

/** A coupon as the order screen's popup shows it, with what it takes off this order. */
export function toDiscountCoupon(t: Template, r: Received, ctx: CouponContext): DiscountCoupon {
  const reason = unavailableReason(t, r, ctx);
  const expired = r.state === 3 || couponValidity(r, ctx.now) === 'EXPIRED';
  return {
    couponSn: t.couponSn,
    rcSn: r.rcSn,
    couponName: t.couponName,
    couponType: t.couponType === 2 ? 2 : 1,
    couponAmount: t.couponAmount,
    couponCount: 1,
    threshold: t.threshold,
    upperLimit: t.upperLimit,
    scope: t.scopeText,
    state: isCouponStateDisabled(r.state) ? r.state : expired ? 3 : r.state,
    isAvailable: reason === null,
    disabledReason: reason,
    orderCouponAmount: reason ? 0 : priceWithCoupon(ctx.orderAmount, ctx.payments, t).discount,
    validityType: t.validityType,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    validityDays: t.validityDays,
    instructions: t.instructions,
  };
}

/** A submit's priced order: the coupon refused (its reason), or what is taken off and what each payment costs. */
export type SubmitPrice = { refused: string } | ({ refused: null } & CouponPrice);

/** The order priced with the customer's coupon (or none), as the submit checks and stores it. */
export function priceSubmit(
  order: { orderAmount: number; payments: readonly number[] },
  coupon: { t: Template; r: Received } | null,
  ctx: Omit<CouponContext, 'payments' | 'orderAmount'>,
): SubmitPrice {
  const full = { ...ctx, payments: order.payments, orderAmount: order.orderAmount };
  if (coupon) {
    const reason = unavailableReason(coupon.t, coupon.r, full);
    if (reason) return { refused: reason };
  }
  return { refused: null, ...priceWithCoupon(order.orderAmount, order.payments, coupon ? coupon.t : null) };
}

/** Whether a submit's amounts are the server's: total, discount, what is paid now, and the coupon's money. */
export function amountsMatch(
  body: {
    totalAmount: number;
    discountsAmount: number;
    payAmount: number;
    orderDiscountList: readonly { discountMoney: number }[];
  },
  orderAmount: number,
  price: CouponPrice,
): boolean {
  const wanted = body.orderDiscountList[0];
  return (
    body.totalAmount === orderAmount &&
    body.discountsAmount === price.discount &&
    body.payAmount === price.payable &&
    (!wanted || wanted.discountMoney === price.discount)
  );
}
