import {
  applyDiscount,
  couponDiscount,
  expiryLabel,
  initialCoupon,
  isCouponStateDisabled,
  percentCouponText,
  splitCoupons,
  toggleCoupon,
} from '../../contract/rules/coupon';

describe('coupon discount (§3, §5): the same rule the server uses', () => {
  test.each([
    // type, amount, threshold, upperLimit, payable, expected
    [1, 2000, 0, 0, 10000, 2000],
    [1, 2000, 0, 0, 1500, 2000], // capped later by applyDiscount
    [1, 2000, 10000, 0, 9999, 0], // below threshold
    [1, 2000, 10000, 0, 10000, 2000], // exactly the threshold
    [2, 15, 0, 0, 10000, 1500], // 15% off
    [2, 15, 0, 1000, 10000, 1000], // upper limit
    [2, 15, 0, 0, 999, 149], // rounds down to the fen
    [2, 10, 5000, 0, 4999, 0],
    [2, 100, 0, 0, 3000, 3000],
    [1, 500, 0, 0, 0, 0], // nothing to discount
  ])(
    'type %i amount %i threshold %i limit %i on %i -> %i',
    (couponType, couponAmount, threshold, upperLimit, payable, expected) => {
      expect(couponDiscount({ couponType, couponAmount, threshold, upperLimit }, payable)).toBe(expected);
    },
  );

  test.each([
    [10000, 2000, 8000, 2000],
    [1500, 2000, 0, 1500], // floored at 0, discount capped at payable
    [0, 500, 0, 0],
    [3000, 0, 3000, 0],
  ])('payable %i less %i -> %i (discount sent %i)', (payable, discount, after, sent) => {
    expect(applyDiscount(payable, discount)).toEqual({ payable: after, discount: sent });
  });
});

describe('coupon selection (§4)', () => {
  const a = { rcSn: 'a', isAvailable: false };
  const b = { rcSn: 'b', isAvailable: true };
  const c = { rcSn: 'c', isAvailable: true };
  test('first available is chosen on first load', () => {
    expect(initialCoupon([a, b, c])).toBe(b);
    expect(initialCoupon([a])).toBeNull();
    expect(initialCoupon([])).toBeNull();
  });
  test('click selects, click again deselects, unavailable cannot be selected', () => {
    expect(toggleCoupon(null, b)).toBe('b');
    expect(toggleCoupon('b', b)).toBeNull();
    expect(toggleCoupon('b', c)).toBe('c');
    expect(toggleCoupon('b', a)).toBe('b');
    expect(toggleCoupon(null, a)).toBeNull();
  });
  test('split for the two tags', () => {
    expect(splitCoupons([a, b, c])).toEqual({ available: [b, c], unavailable: [a] });
  });
  test.each([
    [1, false],
    [2, true],
    [3, true],
  ])('state %i disabled %s', (state, disabled) => expect(isCouponStateDisabled(state)).toBe(disabled));
  test('percent text', () => {
    expect(percentCouponText(15)).toBe('8.5折');
    expect(percentCouponText(20)).toBe('8折');
  });
});

describe('expiry label (§4), in China calendar days whatever the device zone', () => {
  // 2026-11-22 10:00 in China.
  const now = Date.parse('2026-11-22T02:00:00Z');
  test.each([
    ['2026-11-22T15:59:59Z', '今日到期'], // 23:59:59 China time
    ['2026-11-22T16:00:01Z', '明日到期'], // 00:00:01 on the 23rd in China, still the 22nd in UTC
    ['2026-11-23T15:59:59Z', '明日到期'],
    ['2026-11-23T16:00:00Z', '2026-11-24'], // §4: just the date
    ['2026-11-25T04:00:00Z', '2026-11-25'],
    [null, ''],
    ['not a date', ''],
  ])('%s -> %s', (end, label) => expect(expiryLabel(end, now)).toBe(label));

  test('late in the China evening, tomorrow is already the next China day', () => {
    // 23:30 on the 22nd in China is 15:30 UTC; an end at 01:00 on the 23rd China time is 明日到期, not 今日.
    expect(expiryLabel('2026-11-22T17:00:00Z', Date.parse('2026-11-22T15:30:00Z'))).toBe('明日到期');
  });
});
