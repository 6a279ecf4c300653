/**
 * Whether a catalogue item may go on sale: its prices, packages, deposit or instalment plan, freight and points
 * price must add up, or a customer would be shown one figure and charged another. Pure, so the console shows the
 * same messages before it asks and the server refuses publish with them. Money is integer fen.
 */
import { fenToYuanText } from './money';
import { NO_DELIVERY } from '../constants';
import { FREE_SHIPPING } from './freight';

export const MIN_INSTALLMENTS = 2;
export const MAX_INSTALLMENTS = 12;

/** One period of an instalment plan: its amount and how many days after the order it falls due (0: at once). */
export interface InstallmentRow {
  amount: number;
  dueDays: number;
}

export interface PublishInput {
  actName: string;
  cover: string;
  price: number;
  originalPrice: number | null;
  /** 1 normal, 2 deposit + final, 3 instalment. */
  orderPayType: number;
  depositAmount?: number | null;
  finalDueDays?: number | null;
  installmentPlan?: readonly InstallmentRow[] | null;
  /** NO_DELIVERY (4): nothing is shipped. */
  deliveryType: number;
  freight: number;
  tags: readonly string[];
  courseDiscountAmount: number;
  packages: readonly { packageName: string; price: number; courses: readonly { courseAmount: number }[] }[];
  /** A points item's points and cash part; null for any other item. */
  points?: { points: number; cashAmount: number } | null;
  /** Null: not counted. */
  stock?: number | null;
}

export const PUBLISH_MESSAGES = {
  name: '请填写商品名称',
  cover: '请上传封面图',
  price: '售价须为大于 0 的整数分',
  originalPrice: '划线价须不低于售价',
  courseDiscount: '课程优惠须为不超过售价的非负整数分',
  freight: '运费须为非负整数分',
  freeShippingTag: '标签含“包邮”时运费须为 0',
  deposit: '定金须大于 0 且小于应付金额',
  finalDueDays: '尾款期限须为 1 至 365 天',
  periods: `分期期数须为 ${MIN_INSTALLMENTS} 至 ${MAX_INSTALLMENTS} 期`,
  periodAmount: (n: number) => `第 ${n} 期金额须为大于 0 的整数分`,
  planSum: (sum: number, total: number) =>
    `各期金额合计 ${fenToYuanText(sum)} 元，须等于应付金额 ${fenToYuanText(total)} 元`,
  firstDue: '第 1 期须在下单时支付（0 天）',
  dueOrder: (n: number) => `第 ${n} 期的付款天数须晚于上一期`,
  packageName: (n: number) => `请填写第 ${n} 个套餐的名称`,
  packagePrice: (n: number) => `第 ${n} 个套餐的价格须为大于 0 的整数分`,
  packageCourses: (n: number) => `第 ${n} 个套餐至少包含一门课程`,
  packageAbove: (n: number) => `第 ${n} 个套餐的价格不得高于所含课程的合计`,
  points: '积分须为大于 0 的整数',
  pointsCash: '现金部分须为非负整数分，且不高于售价',
  stock: '库存须为非负整数',
  payType: '付款方式须为全款、定金或分期',
} as const;

const positiveFen = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
const nonNegative = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/** What one order of the item costs before any coupon: price less course discount, plus the charged freight. */
export function payableOf(input: Pick<PublishInput, 'price' | 'courseDiscountAmount' | 'deliveryType' | 'freight'>) {
  const freight = input.deliveryType === NO_DELIVERY ? 0 : Math.max(0, input.freight);
  return input.price - Math.min(input.courseDiscountAmount, input.price) + freight;
}

/** Every reason the item may not go on sale, in form order; empty when it may. */
export function publishProblems(input: PublishInput): string[] {
  const m = PUBLISH_MESSAGES;
  const out: string[] = [];
  if (!input.actName.trim()) out.push(m.name);
  if (!input.cover.trim()) out.push(m.cover);
  const priceOk = positiveFen(input.price);
  if (!priceOk) out.push(m.price);
  if (input.originalPrice !== null && (!nonNegative(input.originalPrice) || input.originalPrice < input.price))
    out.push(m.originalPrice);
  if (!nonNegative(input.courseDiscountAmount) || (priceOk && input.courseDiscountAmount > input.price))
    out.push(m.courseDiscount);
  const freightOk = nonNegative(input.freight);
  if (!freightOk) out.push(m.freight);
  // 包邮 promises something shipped for nothing (contract/rules/freight.ts isFreeShipping).
  const free = input.deliveryType !== NO_DELIVERY && input.freight === 0;
  if (freightOk && !free && input.tags.some((t) => t.includes(FREE_SHIPPING))) out.push(m.freeShippingTag);

  input.packages.forEach((p, i) => {
    const n = i + 1;
    if (!p.packageName.trim()) out.push(m.packageName(n));
    if (!positiveFen(p.price)) out.push(m.packagePrice(n));
    if (!p.courses.length) out.push(m.packageCourses(n));
    else if (positiveFen(p.price) && p.price > p.courses.reduce((s, c) => s + c.courseAmount, 0))
      out.push(m.packageAbove(n));
  });

  const payable = priceOk && freightOk && nonNegative(input.courseDiscountAmount) ? payableOf(input) : null;
  if (input.orderPayType === 2) {
    const d = input.depositAmount;
    if (!positiveFen(d) || (payable !== null && d >= payable)) out.push(m.deposit);
    const days = input.finalDueDays;
    if (!Number.isSafeInteger(days) || (days as number) < 1 || (days as number) > 365) out.push(m.finalDueDays);
  } else if (input.orderPayType === 3) {
    out.push(...planProblems(input.installmentPlan ?? [], payable));
  } else if (input.orderPayType !== 1) out.push(m.payType);

  if (input.points) {
    if (!positiveFen(input.points.points)) out.push(m.points);
    if (!nonNegative(input.points.cashAmount) || (priceOk && input.points.cashAmount > input.price))
      out.push(m.pointsCash);
  }
  if (input.stock !== null && input.stock !== undefined && !nonNegative(input.stock)) out.push(m.stock);
  return out;
}

/** The reasons an instalment plan does not add up to `payable` (null: the payable itself is wrong, sum unchecked). */
export function planProblems(plan: readonly InstallmentRow[], payable: number | null): string[] {
  const m = PUBLISH_MESSAGES;
  const out: string[] = [];
  if (plan.length < MIN_INSTALLMENTS || plan.length > MAX_INSTALLMENTS) out.push(m.periods);
  let amountsOk = true;
  plan.forEach((row, i) => {
    if (!positiveFen(row.amount)) {
      amountsOk = false;
      out.push(m.periodAmount(i + 1));
    }
  });
  const sum = plan.reduce((s, r) => s + (Number.isFinite(r.amount) ? r.amount : 0), 0);
  if (amountsOk && payable !== null && plan.length && sum !== payable) out.push(m.planSum(sum, payable));
  if (plan.length && plan[0].dueDays !== 0) out.push(m.firstDue);
  for (let i = 1; i < plan.length; i++) {
    const days = plan[i].dueDays;
    if (!Number.isSafeInteger(days) || days <= plan[i - 1].dueDays) out.push(m.dueOrder(i + 1));
  }
  return out;
}

/** An even plan of `n` periods summing to `total` (remainder first), `intervalDays` apart: the editor's start. */
export function evenPlan(total: number, n: number, intervalDays = 30): InstallmentRow[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => ({
    amount: i === 0 ? total - base * (n - 1) : base,
    dueDays: i * intervalDays,
  }));
}
