/**
 * Property tests of the server's pure pricing (domains/order/pricing.ts), the functions the confirmation, the
 * coupon list and the submit call: for generated items and coupons, the submit's payments never go below 0 and sum
 * to the order total less the coupon, the payment made now carries the coupon first, a percent coupon is measured on
 * the whole order like its threshold, and a coupon outside its window is refused. The storefront's side of the same
 * orders is __tests__/stores/order-pricing.property.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { chinaTime } from '@contract/rules/china-time';
import { couponValidity } from '@contract/rules/coupon-validity';
import { isFreeShipping } from '@contract/rules/freight';
import type { OrderConfig } from '../../../src/domains/order/schema';
import { DEFAULT_ORDER_CONFIG } from '../../../src/domains/order/order-config';
import { amountsMatch, priceItem, priceSubmit, toDiscountCoupon } from '../../../src/domains/order/pricing';

type Template = Parameters<typeof toDiscountCoupon>[0];
type Received = Parameters<typeof toDiscountCoupon>[1];

const fen = (max: number) => fc.integer({ min: 0, max });

const configArb = fc
  .record({
    orderPayType: fc.constantFrom(1, 2, 3),
    depositAmount: fc.option(fen(1_000_000), { nil: undefined }),
    installmentNum: fc.integer({ min: 2, max: 12 }),
    deliveryType: fc.constantFrom(1, 4),
    freight: fc.oneof(fc.constant(0), fen(3000)),
    courseDiscountAmount: fc.oneof(fc.constant(0), fen(200_000)),
    isHousehold: fc.boolean(),
  })
  .map((x): OrderConfig => ({ ...DEFAULT_ORDER_CONFIG, ...x }));

const couponArb = fc.record({
  couponType: fc.constantFrom(1, 2),
  amount: fen(200_000),
  percent: fc.integer({ min: 1, max: 99 }),
  threshold: fc.oneof(fc.constant(0), fen(2_000_000)),
  upperLimit: fc.oneof(fc.constant(0), fen(100_000)),
  // Days from today (China) to the window's first and last day.
  startDay: fc.integer({ min: -30, max: 3 }),
  lastDay: fc.integer({ min: -3, max: 30 }),
});

function rows(c: typeof couponArb extends fc.Arbitrary<infer T> ? T : never, now: Date): { t: Template; r: Received } {
  const today = chinaTime(now)!.startOf('day');
  const t = {
    couponSn: 'CP1',
    projectSn: 'demo',
    couponName: '券',
    couponType: c.couponType,
    couponAmount: c.couponType === 2 ? c.percent : c.amount,
    threshold: c.threshold,
    upperLimit: c.upperLimit,
    scopeActSns: [],
    scopeText: '全部商品可用',
    validityType: 2,
    validityDays: null,
    instructions: '',
    useUrl: null,
    validStart: null,
    validEnd: null,
    status: 'ACTIVE',
  } satisfies Template;
  const start = today.add(c.startDay, 'day').toDate();
  const r = {
    rcSn: 'rc1',
    userId: 'U1',
    couponSn: 'CP1',
    state: 1,
    startTime: start,
    // A window never ends before it starts (validityProblem refuses such terms).
    endTime: today.add(Math.max(c.lastDay, c.startDay), 'day').endOf('day').toDate(),
    usedOrderNo: null,
    usedAt: null,
    receivedAt: start,
    source: 'test',
  } satisfies Received;
  return { t, r };
}

const nowArb = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2028-12-31T00:00:00Z'),
  noInvalidDate: true,
});

test('payments after a coupon: never below 0, sum to the order less the coupon, the payment made now first', () => {
  fc.assert(
    fc.property(fen(3_000_000), configArb, couponArb, nowArb, (price, config, coupon, now) => {
      const item = priceItem({ price, config, pkg: undefined, skuCnt: 1, now });
      const orderAmount = item.confirmOrderAmount.orderTotalAmount;
      const payments = item.payments.map((p) => p.amount);
      assert.equal(
        payments.reduce((n, p) => n + p, 0),
        orderAmount,
      );
      if (!isFreeShipping(config) && config.deliveryType !== 4)
        assert.equal(item.confirmOrderAmount.freight, config.freight);
      if (isFreeShipping(config) || config.deliveryType === 4) assert.equal(item.confirmOrderAmount.freight, 0);

      const { t, r } = rows(coupon, now);
      const price1 = priceSubmit({ orderAmount, payments }, { t, r }, { actSn: 'A1', allowed: true, now });
      const validity = couponValidity(r, now);
      if (validity !== 'VALID') {
        // Outside its window: refused, before start and after end alike.
        assert.equal(
          price1.refused,
          payments[0] > 0 ? (validity === 'NOT_STARTED' ? '尚未生效' : '已过期') : '本次无需支付，无需使用优惠券',
        );
        return;
      }
      if (price1.refused !== null) return; // a threshold not met, or nothing to pay now
      assert.ok(price1.payments.every((p) => p >= 0));
      assert.equal(
        price1.payments.reduce((n, p) => n + p, 0),
        orderAmount - price1.discount,
      );
      assert.ok(price1.discount >= 0 && price1.discount <= orderAmount);
      assert.equal(price1.payable, price1.payments[0]);
      // The discount is taken in order: a later payment is touched only once every earlier one is 0.
      price1.payments.forEach((p, i) => {
        if (p < payments[i]) assert.ok(price1.payments.slice(0, i).every((q) => q === 0));
      });
      // A percent coupon is its percent of the whole order (rounded down, at most its limit), like its threshold.
      if (t.couponType === 2) {
        const off = Math.floor((orderAmount * t.couponAmount) / 100);
        assert.equal(price1.discount, Math.min(t.upperLimit > 0 ? Math.min(off, t.upperLimit) : off, orderAmount));
      }
      // The coupon list offers the same figure the submit takes, and a body with it is accepted.
      const listed = toDiscountCoupon(t, r, { actSn: 'A1', payments, orderAmount, allowed: true, now });
      assert.equal(listed.orderCouponAmount, price1.discount);
      const body = {
        totalAmount: orderAmount,
        discountsAmount: price1.discount,
        payAmount: price1.payable,
        orderDiscountList: [{ discountMoney: price1.discount }],
      };
      assert.ok(amountsMatch(body, orderAmount, price1));
      assert.ok(!amountsMatch({ ...body, payAmount: body.payAmount + 1 }, orderAmount, price1));
    }),
    { numRuns: 500 },
  );
});

test('a coupon is valid from its first moment to its last: the end of its last China day counts', () => {
  fc.assert(
    fc.property(couponArb, nowArb, (coupon, now) => {
      const { r } = rows(coupon, now);
      assert.equal(couponValidity(r, r.startTime), 'VALID');
      assert.equal(couponValidity(r, new Date(r.startTime.getTime() - 1)), 'NOT_STARTED');
      assert.equal(couponValidity(r, r.endTime), 'VALID');
      assert.equal(couponValidity(r, new Date(r.endTime.getTime() + 1)), 'EXPIRED');
      // 23:59:59.999 China time on the last day.
      assert.equal(chinaTime(r.endTime)!.format('HH:mm:ss.SSS'), '23:59:59.999');
    }),
  );
});
