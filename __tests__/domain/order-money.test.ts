import { couponUnavailableReason, priceWithCoupon, spreadDiscount } from '../../contract/rules/coupon';
import { couponValidity } from '../../contract/rules/coupon-validity';
import { chargedFreight, isFreeShipping, withoutFalseFreeShipping } from '../../contract/rules/freight';

const pct15 = { couponType: 2, couponAmount: 15, threshold: 0, upperLimit: 30000 };

describe('a coupon on deposit and instalment orders (contract/rules/coupon.ts)', () => {
  test.each([
    // order, payments, coupon, discount, payments after
    ['85折 on the ¥1680 course, ¥300 deposit', 168000, [30000, 138000], pct15, 25200, [4800, 138000]],
    [
      '85折 on ¥4480 in three: the ¥300 limit',
      448000,
      [149334, 149333, 149333],
      pct15,
      30000,
      [119334, 149333, 149333],
    ],
    [
      '满1000减100 on the whole order',
      168000,
      [30000, 138000],
      { couponType: 1, couponAmount: 10000, threshold: 100000, upperLimit: 0 },
      10000,
      [20000, 138000],
    ],
    [
      'a discount larger than the deposit goes on to the final',
      168000,
      [30000, 138000],
      { couponType: 2, couponAmount: 50, threshold: 0, upperLimit: 0 },
      84000,
      [0, 84000],
    ],
    [
      'never more than the order',
      5000,
      [1000, 2000, 2000],
      { couponType: 1, couponAmount: 9000, threshold: 0, upperLimit: 0 },
      5000,
      [0, 0, 0],
    ],
    ['single payment', 195200, [195200], pct15, 29280, [165920]],
  ])('%s', (_name, order, payments, coupon, discount, after) => {
    const price = priceWithCoupon(order, payments, coupon);
    expect(price).toEqual({ discount, payments: after, payable: after[0] });
  });

  test('spreadDiscount keeps every payment at 0 or more', () => {
    expect(spreadDiscount([100, 0, 50], 120)).toEqual({ payments: [0, 0, 30], discount: 120 });
    expect(spreadDiscount([100], -5)).toEqual({ payments: [100], discount: 0 });
  });
});

describe('a coupon window (China days)', () => {
  const window = { startTime: '2026-11-28T00:00:00.000+08:00', endTime: '2026-12-27T23:59:59.999+08:00' };
  test.each([
    ['the evening before it starts', '2026-11-27T23:59:59.999+08:00', 'NOT_STARTED'],
    ['its first moment', '2026-11-28T00:00:00.000+08:00', 'VALID'],
    ['the last moment of its last day', '2026-12-27T23:59:59.999+08:00', 'VALID'],
    ['the next day', '2026-12-28T00:00:00.000+08:00', 'EXPIRED'],
  ])('%s', (_name, now, state) => {
    expect(couponValidity(window, now)).toBe(state);
  });

  test('the reasons the server gives and the storefront applies', () => {
    const copy = { ...pct15, state: 1, ...window };
    const order = { allowed: true, payAmount: 30000, orderAmount: 168000, applies: true };
    expect(couponUnavailableReason(copy, { ...order, now: '2026-11-27T12:00:00+08:00' })).toBe('尚未生效');
    expect(couponUnavailableReason(copy, { ...order, now: '2026-12-27T23:00:00+08:00' })).toBeNull();
    expect(couponUnavailableReason(copy, { ...order, now: '2026-12-28T00:00:01+08:00' })).toBe('已过期');
    expect(couponUnavailableReason({ ...copy, state: 2 }, { ...order, now: '2026-12-01T12:00:00+08:00' })).toBe(
      '已使用',
    );
  });
});

describe('freight and 包邮 (contract/rules/freight.ts)', () => {
  test('what is charged, and when 包邮 may be said', () => {
    expect(chargedFreight({ deliveryType: 4, freight: 1000 })).toEqual({ freight: 0, oldFreight: 0 });
    expect(chargedFreight({ deliveryType: 1, freight: 1200, oldFreight: 1500 })).toEqual({
      freight: 1200,
      oldFreight: 1500,
    });
    expect(isFreeShipping({ deliveryType: 1, freight: 0 })).toBe(true);
    expect(isFreeShipping({ deliveryType: 1, freight: 1000 })).toBe(false);
    expect(isFreeShipping({ deliveryType: 4, freight: 0 })).toBe(false);
    expect(withoutFalseFreeShipping(['包邮', '7天无理由'], { deliveryType: 1, freight: 1000 })).toEqual(['7天无理由']);
    expect(withoutFalseFreeShipping(['包邮', '7天无理由'], { deliveryType: 1, freight: 0 })).toEqual([
      '包邮',
      '7天无理由',
    ]);
  });
});
