/**
 * Property tests of coupon validity types 1 to 9 (§3) across both sides: the window the server gives a copy at
 * receipt (contract/rules/coupon-validity.ts, called by its claim, card and 新人礼包 grants) equals one worked out
 * here by plain UTC+8 arithmetic, without dayjs; and for any moment after, the storefront, reading the copy as the
 * server sent it (JSON), judges it as the server does: usable, not yet started or expired, the order popup's reason,
 * and the dates it shows are the window's China dates.
 */
import fc from 'fast-check';
import type { HeldCoupon } from '../../contract/coupon';
import { couponUnavailableReason } from '../../contract/rules/coupon';
import {
  LONG_TERM_END,
  VALIDITY_TYPES,
  couponValidity,
  couponWindow,
  termsText,
  validityProblem,
  windowClosed,
  type ValidityTerms,
} from '../../contract/rules/coupon-validity';
import { toHeldCoupon } from '../../server/src/domains/coupon/held-view';
import { toDiscountCoupon } from '../../server/src/domains/order/pricing';
import { couponDates } from '../../src/domain/coupon-dates';
import { isCouponDisabled } from '../../src/domain/coupons';

type Template = Parameters<typeof toHeldCoupon>[0];
type Received = Parameters<typeof toHeldCoupon>[1];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;

/** China calendar fields of an instant, read from UTC getters after the fixed +8 h (China has no DST). */
const fields = (ms: number) => {
  const d = new Date(ms + CHINA);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), date: d.getUTCDate(), weekday: d.getUTCDay() };
};
const dayStart = (ms: number) => Math.floor((ms + CHINA) / DAY) * DAY - CHINA;
const dayEnd = (ms: number, plusDays: number) => dayStart(ms) + (plusDays + 1) * DAY - 1;
const monthStart = (y: number, m: number) => Date.UTC(y, m, 1) - CHINA;
const dotted = (ms: number) => {
  const f = fields(ms);
  return `${f.y}.${String(f.m + 1).padStart(2, '0')}.${String(f.date).padStart(2, '0')}`;
};

/** The window by hand, per kind, for terms that pass validityProblem. */
function oracle(t: ValidityTerms & { validStart: Date | null; validEnd: Date | null }, at: number): [number, number] {
  const days = t.validityDays ?? 1;
  const { y, m, weekday } = fields(at);
  switch (t.validityType) {
    case 1:
      return [at, dayEnd(at, days - 1)];
    case 2:
      return [t.validStart!.getTime(), t.validEnd!.getTime()];
    case 3:
      return [dayStart(at) + DAY, dayEnd(at, days)];
    case 4:
      return [at, t.validEnd!.getTime()];
    case 5:
      return [at, Date.parse(LONG_TERM_END)];
    case 6:
      return [at, monthStart(y, m + 1) - 1];
    case 7:
      return [at, Math.min(dayEnd(at, days - 1), t.validEnd!.getTime())];
    case 8:
      return [monthStart(y, m + 1), monthStart(y, m + 2) - 1];
    case 9:
      // Sunday is 0: Monday runs 6 days on, Sunday ends itself.
      return [at, dayEnd(at, (7 - weekday) % 7)];
    default:
      throw new Error(`no kind ${t.validityType}`);
  }
}

const instant = (from: string, to: string) =>
  fc.integer({ min: Date.parse(from), max: Date.parse(to) }).map((ms) => new Date(ms));

/** Terms of every kind, with dates around the receipt, and the moment a copy is received. */
const caseArb = fc
  .record({
    validityType: fc.constantFrom(...Object.values(VALIDITY_TYPES)),
    validityDays: fc.integer({ min: 1, max: 400 }),
    receivedAt: instant('2024-01-01T00:00:00Z', '2034-12-31T00:00:00Z'),
    // Fixed dates: a start some days before receipt, an end from the day before to a year after.
    startBefore: fc.integer({ min: 0, max: 60 * DAY }),
    endAfter: fc.integer({ min: -DAY, max: 365 * DAY }),
    // When the copy is looked at, from before its receipt to well after.
    later: fc.integer({ min: -40 * DAY, max: 420 * DAY }),
    endOfDay: fc.boolean(),
  })
  .map((c) => {
    const at = c.receivedAt.getTime();
    const rawEnd = at + c.endAfter;
    // Operators mostly pick a day's end; sometimes any moment.
    const validEnd = new Date(c.endOfDay ? dayEnd(rawEnd, 0) : rawEnd);
    const validStart = new Date(Math.min(at - c.startBefore, validEnd.getTime() - 1));
    const usesDays = [1, 3, 7].includes(c.validityType);
    const terms = {
      validityType: c.validityType,
      validityDays: usesDays ? c.validityDays : null,
      validStart: c.validityType === 2 ? validStart : null,
      validEnd: [2, 4, 7].includes(c.validityType) ? validEnd : null,
    };
    return { terms, receivedAt: c.receivedAt, now: new Date(at + c.later) };
  });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Only the fields a copy's judgement reads; the template's other columns do not take part.
const template = (t: ValidityTerms & { validStart: Date | null; validEnd: Date | null }) =>
  ({
    couponSn: 'CP1',
    status: 'ACTIVE',
    projectSn: 'demo',
    couponName: '券',
    couponType: 1,
    couponAmount: 1000,
    threshold: 0,
    upperLimit: 0,
    scopeActSns: [],
    scopeText: '全部商品可用',
    validityType: t.validityType,
    validityDays: t.validityDays,
    instructions: '',
    useUrl: null,
    validStart: t.validStart,
    validEnd: t.validEnd,
  }) as Template;

test('every kind’s window is the one worked out by hand in China time, and ends at a China day’s end', () => {
  fc.assert(
    fc.property(caseArb, ({ terms, receivedAt }) => {
      expect(validityProblem(terms)).toBeNull();
      const w = couponWindow(terms, receivedAt);
      expect([w.start.getTime(), w.end.getTime()]).toEqual(oracle(terms, receivedAt.getTime()));
      // Calendar kinds end at 23:59:59.999 China time on their last day; fixed ends are the operator's.
      if (![2, 4, 7].includes(terms.validityType)) expect(dayEnd(w.end.getTime(), 0)).toBe(w.end.getTime());
      // Nothing starts before it is received except a fixed range, and the rolling kinds hold their receipt.
      if (terms.validityType !== 2) expect(w.start.getTime()).toBeGreaterThanOrEqual(receivedAt.getTime());
      if ([1, 5, 6, 9].includes(terms.validityType))
        expect(couponValidity({ startTime: w.start, endTime: w.end }, receivedAt)).toBe('VALID');
      // The claim page names every kind.
      expect(termsText({ ...terms, validStart: iso(terms.validStart), validEnd: iso(terms.validEnd) })).not.toBe('');
    }),
    { numRuns: 1000 },
  );
});

test('the storefront judges a copy as the server sent it exactly as the server does, at any moment', () => {
  fc.assert(
    fc.property(caseArb, ({ terms, receivedAt, now }) => {
      // The server gives no copy whose fixed end has already passed (claims refuse it): none to judge.
      fc.pre(!windowClosed(terms, receivedAt));
      const t = template(terms);
      const w = couponWindow(terms, receivedAt);
      const r: Received = {
        rcSn: 'rc1',
        userId: 'U1',
        couponSn: 'CP1',
        state: 1,
        startTime: w.start,
        endTime: w.end,
        usedOrderNo: null,
        usedAt: null,
        receivedAt,
        source: 'test',
      };
      // The server: its list (我的优惠券), its 去使用 check, its order popup.
      const serverHeld = toHeldCoupon(t, r, now);
      const serverValidity = couponValidity(r, now);
      const ctx = { actSn: 'A1', payments: [50_000], orderAmount: 50_000, allowed: true, now };
      const serverReason = toDiscountCoupon(t, r, ctx).disabledReason;

      // The storefront, from the JSON it received, with the server-adjusted clock as a number.
      const held = JSON.parse(JSON.stringify(serverHeld)) as HeldCoupon;
      const clock = now.getTime();
      expect(couponValidity(held, clock)).toBe(serverValidity);
      expect(isCouponDisabled(held)).toBe(serverValidity === 'EXPIRED');
      const clientReason = couponUnavailableReason(held, {
        allowed: true,
        payAmount: 50_000,
        orderAmount: 50_000,
        applies: true,
        now: clock,
      });
      expect(clientReason).toBe(serverReason);

      // What the card shows: the window's own China dates (long-term has none to show).
      const { validity } = couponDates(held, clock);
      if (terms.validityType === VALIDITY_TYPES.LONG_TERM) expect(validity).toBe('长期有效');
      else if (serverValidity === 'NOT_STARTED') expect(validity).toBe(`${dotted(w.start.getTime())} 起生效`);
      else expect(validity).toBe(`有效期 ${dotted(w.start.getTime())} - ${dotted(w.end.getTime())}`);
    }),
    { numRuns: 1000 },
  );
});
