/**
 * Property tests of an order's money across both sides (DESIGN.md §7): for generated items (single payment, deposit,
 * 2-12 instalments, packages, freight and 包邮, household courses) and coupons (amount, percent, threshold, upper
 * limit, windows not yet started, expiring today, expired), the server's pure pricing (the functions its
 * confirmation, coupon list and submit call) and the storefront's order draft (what the screen shows and sends)
 * agree on the payable, every line adds up, nothing goes below 0, and a coupon outside its window is refused.
 */
import fc from 'fast-check';
import type { Confirmation, DiscountCoupon } from '../../contract/order';
import { chinaTime } from '../../contract/rules/china-time';
import { couponValidity } from '../../contract/rules/coupon-validity';
import { freightText, isFreeShipping } from '../../contract/rules/freight';
import { formatMoney } from '../../contract/rules/money';
import { amountsMatch, priceItem, priceSubmit, toDiscountCoupon } from '../../server/src/domains/order/pricing';
import type { Api } from '../../src/api';
import { OrderDraft } from '../../src/stores/order-draft';
import { courseConfirmation } from '../fixtures/order';

type PriceItemArgs = Parameters<typeof priceItem>[0];
type Template = Parameters<typeof toDiscountCoupon>[0];
type Received = Parameters<typeof toDiscountCoupon>[1];

const DAY = 86_400_000;
const fen = (max: number) => fc.integer({ min: 0, max });

/** An item and how it is bought, as the server's order config holds it. */
const itemArb = fc
  .record({
    price: fen(3_000_000),
    orderPayType: fc.constantFrom(1, 2, 3),
    depositAmount: fc.option(fen(1_000_000), { nil: undefined }),
    installmentNum: fc.integer({ min: 2, max: 12 }),
    deliveryType: fc.constantFrom(1, 4),
    freight: fc.oneof(fc.constant(0), fen(3000)),
    oldFreight: fc.option(fen(3000), { nil: undefined }),
    courseDiscountAmount: fc.oneof(fc.constant(0), fen(200_000)),
    pkg: fc.option(
      fc.record({ courses: fc.array(fen(500_000), { minLength: 1, maxLength: 3 }), discount: fen(300_000) }),
      { nil: undefined },
    ),
    skuCnt: fc.integer({ min: 1, max: 3 }),
    isHousehold: fc.boolean(),
    householdType: fc.constantFrom('TRAILING_HOLD', 'TALENT_IN'),
  })
  .map((x) => {
    const pkg = x.pkg && {
      packageSn: 'P1',
      packageName: '套餐',
      discount: x.pkg.discount,
      price: Math.max(0, x.pkg.courses.reduce((n, c) => n + c, 0) - x.pkg.discount),
      courses: x.pkg.courses.map((courseAmount, i) => ({ courseSn: `C${i}`, courseName: `课${i}`, courseAmount })),
    };
    const config: PriceItemArgs['config'] = {
      orderPayType: x.orderPayType,
      depositAmount: x.depositAmount,
      installmentNum: x.installmentNum,
      deliveryType: x.deliveryType,
      freight: x.freight,
      oldFreight: x.oldFreight,
      freightAreasType: 1,
      invalidAreas: [],
      isHousehold: x.isHousehold,
      agreementSn: null,
      electronicProtocol: false,
      restrict: [],
      courseDiscountAmount: x.courseDiscountAmount,
      packages: pkg ? [pkg] : [],
      giftCourses: [],
      disableFlag: false,
      disableReason: null,
      hasProductIntroduce: false,
      confirmOrderType: 1,
    };
    return { ...x, config, pkg };
  });

/** A coupon template and the customer's copy, its window placed around `now` in China days. */
const couponArb = fc.record({
  couponType: fc.constantFrom(1, 2),
  amount: fen(200_000),
  percent: fc.integer({ min: 1, max: 99 }),
  threshold: fc.oneof(fc.constant(0), fen(2_000_000)),
  upperLimit: fc.oneof(fc.constant(0), fen(100_000)),
  state: fc.constantFrom(1, 1, 1, 1, 2, 3),
  window: fc.constantFrom('valid', 'notYet', 'expiringToday', 'expired', 'longTerm'),
  applies: fc.constantFrom(true, true, true, true, false),
});

type CouponCase = typeof couponArb extends fc.Arbitrary<infer T> ? T : never;

function couponRows(c: CouponCase, now: Date): { t: Template; r: Received } {
  const today = chinaTime(now)!.startOf('day');
  const window = {
    valid: { start: today.subtract(3, 'day'), end: today.add(10, 'day').endOf('day') },
    notYet: { start: today.add(1, 'day'), end: today.add(31, 'day').endOf('day') },
    expiringToday: { start: today.subtract(6, 'day'), end: today.endOf('day') },
    expired: { start: today.subtract(30, 'day'), end: today.subtract(1, 'day').endOf('day') },
    longTerm: { start: today.subtract(1, 'day'), end: chinaTime('2099-12-31T23:59:59.999+08:00')! },
  }[c.window];
  const t: Template = {
    couponSn: 'CP1',
    status: 'ACTIVE',
    projectSn: 'demo',
    couponName: '券',
    couponType: c.couponType,
    couponAmount: c.couponType === 2 ? c.percent : c.amount,
    threshold: c.threshold,
    upperLimit: c.upperLimit,
    scopeActSns: c.applies ? [] : ['OTHER'],
    scopeText: '全部商品可用',
    validityType: 2,
    validityDays: null,
    instructions: '',
    useUrl: null,
    validStart: null,
    validEnd: null,
  };
  const r: Received = {
    rcSn: 'rc1',
    userId: 'U1',
    couponSn: 'CP1',
    state: c.state,
    startTime: window.start.toDate(),
    endTime: window.end.toDate(),
    usedOrderNo: null,
    usedAt: null,
    receivedAt: window.start.toDate(),
    source: 'test',
  };
  return { t, r };
}

function fakeApi(c: Confirmation, coupons: DiscountCoupon[]): Api {
  const order = {
    confirmCourse: async () => c,
    confirmGoods: async () => c,
    confirmDetails: async () => c,
    coupons: async () => ({ list: coupons }),
    orderToken: async () => ({ orderToken: 'tok' }),
  };
  return { order } as unknown as Api;
}

// Instants from 2026 to 2028, often near a China midnight, where a day boundary would show.
const nowArb = fc.oneof(
  fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }),
  fc
    .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -2000, max: 2000 }))
    .map(([d, ms]) => new Date(Date.parse('2026-06-01T16:00:00Z') + d * DAY + ms)),
);

test('client and server price every order alike; lines and schedule rows add up; nothing below 0; no coupon outside its window', async () => {
  await fc.assert(
    fc.asyncProperty(
      itemArb,
      couponArb,
      nowArb,
      fc.constantFrom(0, 0, 0, 60_000, DAY),
      async (item, coupon, now, listedAgo) => {
        // The server: the confirmation's amounts, then the coupon list (a little before the submit, possibly).
        const amounts = priceItem({ price: item.price, config: item.config, pkg: item.pkg, skuCnt: item.skuCnt, now });
        const a = amounts.confirmOrderAmount;
        const payments = amounts.payments.map((p) => p.amount);
        const orderAmount = a.orderTotalAmount;
        const { t, r } = couponRows(coupon, now);
        const listedAt = new Date(now.getTime() - listedAgo);
        const offered = toDiscountCoupon(t, r, { actSn: 'A1', payments, orderAmount, allowed: true, now: listedAt });

        // The storefront: the draft loads what the server sent and prices it on its own clock.
        const confirmation = courseConfirmation(
          {
            orderPayType: amounts.orderPayType,
            deliveryType: item.config.deliveryType,
            isHousehold: item.isHousehold,
            householdTypes: item.isHousehold ? [{ type: item.householdType, name: '入户' }] : [],
          },
          a,
        );
        const draft = new OrderDraft(fakeApi(confirmation, [offered]), 'course', 'A1', '', '', () => now.getTime());
        await draft.load();
        if (item.isHousehold) draft.setHousehold(item.householdType);
        const body = draft.payload('H5', '');
        const { payable, discount } = draft.pay;

        // The server's submit of that body: accepted, with the same amounts.
        const sent = body.orderDiscountList.length ? { t, r } : null;
        const server = priceSubmit({ orderAmount, payments }, sent, { actSn: 'A1', allowed: true, now });
        expect(server.refused).toBeNull();
        if (server.refused !== null) return;
        expect(amountsMatch(body, orderAmount, server)).toBe(true);
        expect(server.payable).toBe(payable);
        expect(server.discount).toBe(discount);

        // Nothing below 0; the payments sum to the order total after every discount.
        expect(payable).toBeGreaterThanOrEqual(0);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(server.payments.every((p) => p >= 0)).toBe(true);
        expect(server.payments.reduce((n, p) => n + p, 0)).toBe(orderAmount - discount);

        // The lines shown: 售价 − 课程优惠 − 套餐优惠 + 运费 − 优惠券 is the order after discounts; the schedule rows
        // (定金/尾款 or 第N期) add up to it and the row paid now is the payable line; an order paid at once pays it all.
        const freightShown = draft.needsDelivery ? a.freight : 0;
        const afterDiscounts =
          a.totalAmount - a.courseDiscountAmount - a.packageDiscountAmount + freightShown - discount;
        expect(afterDiscounts).toBe(orderAmount - discount);
        const rows = draft.schedule;
        if (amounts.orderPayType === 1) {
          expect(rows).toEqual([]);
          expect(payable).toBe(afterDiscounts);
        } else {
          expect(rows.length).toBe(amounts.orderPayType === 2 ? 2 : item.config.installmentNum);
          expect(rows.reduce((n, row) => n + row.amount, 0)).toBe(afterDiscounts);
          expect(rows.every((row) => row.amount >= 0)).toBe(true);
          expect(rows[0].amount).toBe(payable);
        }

        // A coupon outside its window is refused by the server and never priced by the storefront.
        const validity = couponValidity(r, now);
        const direct = priceSubmit({ orderAmount, payments }, { t, r }, { actSn: 'A1', allowed: true, now });
        if (validity !== 'VALID' || r.state !== 1) {
          expect(direct.refused).not.toBeNull();
          expect(discount).toBe(0);
        }
        if (validity === 'NOT_STARTED' && r.state === 1 && payments[0] > 0) expect(direct.refused).toBe('尚未生效');
        // Expiring today: usable until the end of the China day.
        if (coupon.window === 'expiringToday') expect(validity).toBe('VALID');
        // A coupon the customer could use is worth what the server's list said.
        if (offered.isAvailable && direct.refused === null && body.orderDiscountList.length)
          expect(discount).toBe(offered.orderCouponAmount);

        // 包邮 is exactly what the 运费 line shows as 免运费.
        if (isFreeShipping(item.config)) expect(freightText(a.freight, formatMoney)).toBe('免运费');
        else if (draft.needsDelivery) expect(freightText(a.freight, formatMoney)).toBe(formatMoney(a.freight));
      },
    ),
    { numRuns: 400 },
  );
});
