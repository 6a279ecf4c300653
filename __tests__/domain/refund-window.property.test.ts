/**
 * The §3 refund windows (contract/rules/refund-window.ts), by table and by property: the 7 days end to the second
 * (worked out here by plain millisecond arithmetic, without dayjs), the reasons come in the order 2, 5, 6, 3, 4,
 * an allowed answer stays allowed earlier, and the storefront's order detail reads the same answer from the facts
 * the server sends.
 */
import fc from 'fast-check';
import type { OrderDetail } from '../../contract/payment';
import { REFUND_WINDOW_MESSAGES, refundWindow, type RefundWindowFacts } from '../../contract/rules/refund-window';
import { afterSaleRefusal } from '../../src/pages/order/order-detail/refund-window';

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const T0 = Date.parse('2026-03-01T10:00:00+08:00');
const facts = (over: Partial<RefundWindowFacts>): RefundWindowFacts => ({
  tags: [],
  orderType: 'GOODS',
  paidAt: new Date(T0).toISOString(),
  receivedAt: null,
  unsealedAt: null,
  activatedAt: null,
  ...over,
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('refund windows, by table', () => {
  const received = iso(T0 + DAY);
  const cases: [string, Partial<RefundWindowFacts>, number, string | null][] = [
    ['tag 1 alone never closes', { tags: [1], receivedAt: received }, T0 + 400 * DAY, null],
    ['tag 2 refuses at once', { tags: [2] }, T0, REFUND_WINDOW_MESSAGES.noRefund],
    ['tag 3 goods, last second of day 7', { tags: [3], receivedAt: received }, T0 + 8 * DAY, null],
    ['tag 3 goods, one second later', { tags: [3], receivedAt: received }, T0 + 8 * DAY + SECOND, 'NO_REASON_EXPIRED'],
    ['tag 3 goods not yet received', { tags: [3] }, T0 + 60 * DAY, null],
    ['tag 3 course not yet activated', { tags: [3], orderType: 'COURSE' }, T0 + 60 * DAY, null],
    [
      'tag 3 course, 7 days after activation',
      { tags: [3], orderType: 'COURSE', activatedAt: received },
      T0 + 9 * DAY,
      'NO_REASON_EXPIRED',
    ],
    ['tag 4 course from payment', { tags: [4], orderType: 'COURSE' }, T0 + 7 * DAY + SECOND, 'SEVEN_DAYS_EXPIRED'],
    ['tag 4 goods from receipt', { tags: [4], receivedAt: received }, T0 + 7 * DAY + SECOND, null],
    ['tag 5 before unsealing', { tags: [5] }, T0 + 60 * DAY, null],
    ['tag 5 after unsealing', { tags: [3, 5], unsealedAt: received, receivedAt: received }, T0 + DAY, 'UNSEALED'],
    ['tag 6 after activation', { tags: [1, 6], orderType: 'COURSE', activatedAt: received }, T0 + DAY, 'ACTIVATED'],
    ['tag 6 on goods has no activation', { tags: [6] }, T0 + 60 * DAY, null],
  ];
  test.each(cases)('%s', (_, over, now, expected) => {
    const r = refundWindow(facts(over), now);
    if (expected === null) expect(r.allowed).toBe(true);
    else if (r.allowed) throw new Error(`expected ${expected}`);
    else expect([r.code, r.reason].includes(expected)).toBe(true);
  });

  test('the expired reasons name the deadline in China time', () => {
    const r = refundWindow(facts({ tags: [3], receivedAt: received }), T0 + 30 * DAY);
    expect(r.allowed ? '' : r.reason).toBe('已超过7天无理由退货期限（2026-03-09 10:00:00截止），不支持申请退款');
  });
});

describe('refund windows, by property', () => {
  const instant = fc.integer({ min: T0, max: T0 + 60 * DAY });
  const maybe = fc.option(instant, { nil: null });
  const anyFacts = fc.record({
    tags: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
    orderType: fc.constantFrom('GOODS', 'COURSE'),
    paidAt: instant,
    receivedAt: maybe,
    unsealedAt: maybe,
    activatedAt: maybe,
  });
  const toFacts = (f: {
    tags: number[];
    orderType: string;
    paidAt: number;
    receivedAt: number | null;
    unsealedAt: number | null;
    activatedAt: number | null;
  }): RefundWindowFacts => ({
    ...f,
    paidAt: iso(f.paidAt),
    receivedAt: f.receivedAt === null ? null : iso(f.receivedAt),
    unsealedAt: f.unsealedAt === null ? null : iso(f.unsealedAt),
    activatedAt: f.activatedAt === null ? null : iso(f.activatedAt),
  });

  test('the answer equals a plain millisecond reading of the tags', () => {
    fc.assert(
      fc.property(anyFacts, fc.integer({ min: T0, max: T0 + 80 * DAY }), (f, now) => {
        const has = (t: number) => f.tags.includes(t);
        const goods = f.orderType === 'GOODS';
        const past = (from: number | null) =>
          from !== null && Math.floor(now / SECOND) > Math.floor((from + 7 * DAY) / SECOND);
        let expected: string | null = null;
        if (has(2)) expected = 'NO_REFUND';
        else if (has(5) && f.unsealedAt !== null) expected = 'UNSEALED';
        else if (has(6) && f.activatedAt !== null) expected = 'ACTIVATED';
        else if (has(3) && past(goods ? f.receivedAt : f.activatedAt)) expected = 'NO_REASON_EXPIRED';
        else if (has(4) && past(goods ? f.receivedAt : f.paidAt)) expected = 'SEVEN_DAYS_EXPIRED';
        const r = refundWindow(toFacts(f), now);
        expect(r.allowed ? null : r.code).toBe(expected);
      }),
    );
  });

  test('allowed now means allowed at any earlier moment; refused means refused later', () => {
    fc.assert(
      fc.property(anyFacts, instant, fc.integer({ min: 0, max: 30 * DAY }), (f, now, d) => {
        const at = refundWindow(toFacts(f), now).allowed;
        if (at) expect(refundWindow(toFacts(f), now - d).allowed).toBe(true);
        else expect(refundWindow(toFacts(f), now + d).allowed).toBe(false);
      }),
    );
  });

  test('the storefront reads the same answer from the order detail', () => {
    fc.assert(
      fc.property(anyFacts, instant, (f, now) => {
        const o = { refundWindowFacts: toFacts(f) } as unknown as OrderDetail;
        const r = refundWindow(toFacts(f), now);
        expect(afterSaleRefusal(o, now)).toBe(r.allowed ? null : r.reason);
      }),
    );
    expect(afterSaleRefusal({ refundWindowFacts: null } as unknown as OrderDetail)).toBeNull();
  });
});
