/**
 * Property tests of the publish rule (contract/rules/catalogue-publish.ts): an item whose figures add up is
 * publishable, and each way of not adding up (a plan off by any amount, too few or too many periods, due days
 * out of order, a deposit not below the payable, 包邮 with freight) is refused with its own Chinese message. And the
 * plan an operator saves is the schedule the order confirmation charges (server/src/domains/order/pricing.ts).
 */
import fc from 'fast-check';
import {
  MAX_INSTALLMENTS,
  MIN_INSTALLMENTS,
  PUBLISH_MESSAGES as M,
  evenPlan,
  payableOf,
  planProblems,
  publishProblems,
  type InstallmentRow,
  type PublishInput,
} from '../../contract/rules/catalogue-publish';
import { priceItem } from '../../server/src/domains/order/pricing';
import { DEFAULT_ORDER_CONFIG } from '../../server/src/domains/order/order-config';

const base = (over: Partial<PublishInput> = {}): PublishInput => ({
  actName: '课程',
  cover: '/static/c.png',
  price: 10000,
  originalPrice: null,
  orderPayType: 1,
  deliveryType: 4,
  freight: 0,
  tags: [],
  courseDiscountAmount: 0,
  packages: [],
  ...over,
});

/** A plan of n periods summing to total: random positive parts, strictly increasing due days from 0. */
const planOf = (total: number) =>
  fc
    .integer({ min: MIN_INSTALLMENTS, max: Math.min(MAX_INSTALLMENTS, total) })
    .chain((n) =>
      fc.tuple(
        fc.uniqueArray(fc.integer({ min: 1, max: total - 1 }), { minLength: n - 1, maxLength: n - 1 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 720 }), { minLength: n - 1, maxLength: n - 1 }),
      ),
    )
    .map(([cuts, days]): InstallmentRow[] => {
      const points = [0, ...[...cuts].sort((a, b) => a - b), total];
      const due = [0, ...[...days].sort((a, b) => a - b)];
      return points.slice(1).map((p, i) => ({ amount: p - points[i], dueDays: due[i] }));
    });

const priced = fc.record({
  price: fc.integer({ min: 100, max: 5_000_000 }),
  discount: fc.integer({ min: 0, max: 99 }),
  shipped: fc.boolean(),
  freight: fc.integer({ min: 0, max: 5000 }),
});

describe('publish rule', () => {
  test('an instalment plan that sums to the payable, due days rising from 0, publishes', () => {
    fc.assert(
      fc.property(
        priced.chain((p) => {
          const input = base({
            price: p.price,
            courseDiscountAmount: p.discount,
            deliveryType: p.shipped ? 1 : 4,
            freight: p.shipped ? p.freight : 0,
            orderPayType: 3,
          });
          return planOf(payableOf(input)).map((plan) => ({ ...input, installmentPlan: plan }));
        }),
        (input) => {
          expect(publishProblems(input)).toEqual([]);
        },
      ),
    );
  });

  test('a plan off by any amount is refused with the sums in yuan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1_000_000 }).chain((price) =>
          fc.tuple(
            fc.constant(price),
            planOf(price),
            fc.integer({ min: -500, max: 500 }).filter((d) => d !== 0),
          ),
        ),
        ([price, plan, delta]) => {
          // Off on the largest period, never to 0 or below (a change there is refused for its own reason).
          const at = plan.reduce((best, r, i) => (r.amount > plan[best].amount ? i : best), 0);
          const shift = plan[at].amount + delta >= 1 ? delta : Math.abs(delta);
          const off = plan.map((r, i) => (i === at ? { ...r, amount: r.amount + shift } : r));
          const sum = off.reduce((s, r) => s + r.amount, 0);
          const problems = publishProblems(base({ price, orderPayType: 3, installmentPlan: off }));
          expect(problems).toContain(M.planSum(sum, price));
        },
      ),
    );
  });

  test('fewer than 2 or more than 12 periods are refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 13, max: 40 })),
        fc.integer({ min: 100, max: 100_000 }),
        (n, per) => {
          const plan = Array.from({ length: n }, (_, i) => ({ amount: per, dueDays: i * 30 }));
          const problems = planProblems(plan, per * n);
          expect(problems).toContain(M.periods);
        },
      ),
    );
  });

  test('due days that do not rise are refused at the period that does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n - 1 }))),
        ([n, at]) => {
          const plan = evenPlan(n * 1000, n);
          plan[at] = { ...plan[at], dueDays: plan[at - 1].dueDays };
          expect(planProblems(plan, n * 1000)).toContain(M.dueOrder(at + 1));
        },
      ),
    );
  });

  test('a deposit publishes exactly when it is positive and below the payable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1_000_000 }),
        fc.integer({ min: -10, max: 1_100_000 }),
        (price, deposit) => {
          const problems = publishProblems(base({ price, orderPayType: 2, depositAmount: deposit, finalDueDays: 30 }));
          expect(problems.includes(M.deposit)).toBe(!(deposit > 0 && deposit < price));
        },
      ),
    );
  });

  test('包邮 is allowed exactly when something is shipped for no freight', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 2000 }), (shipped, freight) => {
        const input = base({ deliveryType: shipped ? 1 : 4, freight, tags: ['包邮', '热卖'] });
        expect(publishProblems(input).includes(M.freeShippingTag)).toBe(!(shipped && freight === 0));
      }),
    );
  });

  test('prices that are not positive integer fen are refused', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true, noNaN: true })), (price) => {
        expect(publishProblems(base({ price }))).toContain(M.price);
      }),
    );
  });

  test('the saved plan is the schedule the order confirmation charges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1_000_000 }).chain((price) => fc.tuple(fc.constant(price), planOf(price))),
        ([price, plan]) => {
          const now = new Date('2026-03-01T00:00:00Z');
          const config = {
            ...DEFAULT_ORDER_CONFIG,
            orderPayType: 3,
            installmentNum: plan.length,
            installmentPlan: plan,
          };
          const { payments } = priceItem({ price, config, pkg: undefined, skuCnt: 1, now });
          expect(payments.map((p) => p.amount)).toEqual(plan.map((r) => r.amount));
          expect(payments.map((p) => (p.dueTime ? (p.dueTime.getTime() - now.getTime()) / 86_400_000 : 0))).toEqual(
            plan.map((r) => r.dueDays),
          );
        },
      ),
    );
  });
  /** A package of 1 to 6 courses of positive integer fen. */
  const coursesArb = fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 });
  const pkg = (price: number, amounts: number[]) => ({
    packageName: '套餐',
    price,
    courses: amounts.map((courseAmount) => ({ courseAmount })),
  });
  const sum = (a: number[]) => a.reduce((s, n) => s + n, 0);

  test('a package priced from 1 fen up to its courses’ sum publishes', () => {
    fc.assert(
      fc.property(
        coursesArb.chain((a) => fc.tuple(fc.constant(a), fc.integer({ min: 1, max: sum(a) }))),
        ([amounts, price]) => {
          expect(publishProblems(base({ packages: [pkg(price, amounts)] }))).toEqual([]);
        },
      ),
    );
  });

  test('a package priced above its courses’ sum is refused at that package, and only there', () => {
    fc.assert(
      fc.property(
        coursesArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        (amounts, over, before) => {
          const ok = Array.from({ length: before }, () => pkg(sum(amounts), amounts));
          const problems = publishProblems(base({ packages: [...ok, pkg(sum(amounts) + over, amounts)] }));
          expect(problems).toEqual([M.packageAbove(before + 1)]);
          expect(problems[0]).toMatch(/^第 \d+ 个套餐的价格不得高于所含课程的合计$/);
        },
      ),
    );
  });

  test('a package price that is not a positive integer of fen is refused', () => {
    fc.assert(
      fc.property(
        coursesArb,
        fc.oneof(fc.integer({ min: -1_000_000, max: 0 }), fc.double({ min: 0.01, max: 1000, noInteger: true })),
        (amounts, price) => {
          const problems = publishProblems(base({ packages: [pkg(price, amounts)] }));
          expect(problems).toContain(M.packagePrice(1));
          expect(problems).not.toContain(M.packageAbove(1));
        },
      ),
    );
  });

  test('the package charged at confirmation is its price: 套餐优惠 is the courses’ sum less it', () => {
    fc.assert(
      fc.property(
        coursesArb.chain((a) => fc.tuple(fc.constant(a), fc.integer({ min: 1, max: sum(a) }))),
        fc.integer({ min: 1, max: 5 }),
        ([amounts, price], skuCnt) => {
          const p = {
            packageSn: 'PK1',
            packageName: '套餐',
            price,
            discount: sum(amounts) - price,
            courses: amounts.map((courseAmount, i) => ({ courseSn: `C${i}`, courseName: `课${i}`, courseAmount })),
          };
          const { confirmOrderAmount: a } = priceItem({
            price: 1,
            config: { ...DEFAULT_ORDER_CONFIG, packages: [p] },
            pkg: p,
            skuCnt,
            now: new Date('2026-03-01T00:00:00Z'),
          });
          expect(a.totalAmount).toBe(sum(amounts) * skuCnt);
          expect(a.packageDiscountAmount).toBe((sum(amounts) - price) * skuCnt);
          expect(a.orderTotalAmount).toBe(price * skuCnt);
        },
      ),
    );
  });
});
