/**
 * Coupon and card rules: validity per validityType (text and the window the server gives a copy),
 * the §4 expiry label around China midnight with the server/device time difference, state mapping, where
 * 去使用 leads (§4 jumps), claim buttons, card states, scanned codes and card-secret normalising.
 */
import type { CouponUse } from '@contract/coupon';
import type { ClaimItem } from '@contract/coupon';
import { formatCardCode, isCardCodeShape, normalizeCardCode } from '@contract/rules/card-code';
import {
  VALIDITY_TYPES,
  couponWindow,
  heldValidityText,
  validityProblem,
  validityText,
  windowClosed,
} from '@contract/rules/coupon-validity';
import {
  cardStateText,
  couponFace,
  includedCouponText,
  instructionLines,
  isCardDisabled,
  thresholdText,
  validityPieces,
} from '../../src/domain/cards';
import { couponDates } from '../../src/domain/coupon-dates';
import {
  absoluteUrl,
  claimButton,
  claimFromScan,
  couponStateMark,
  couponUseStep,
  isCouponDisabled,
  upperLimitText,
} from '../../src/domain/coupons';
import { resolveJump } from '../../src/domain/jump';
import { BUILT_ROUTES, ROUTES } from '../../src/domain/routes';
import { heldCoupon as coupon } from '../fixtures/coupons';

describe('validity text: one per validityType the server produces', () => {
  test.each([
    [VALIDITY_TYPES.DAYS_FROM_RECEIPT, { validityDays: 7 }, '领取后7天内有效'],
    [
      VALIDITY_TYPES.FIXED_RANGE,
      { startTime: '2025-12-31T16:00:00.000Z', endTime: '2027-06-30T15:59:59.999Z' },
      '有效期 2026.01.01 - 2027.06.30',
    ],
    [VALIDITY_TYPES.DAYS_FROM_NEXT_DAY, { validityDays: 30 }, '领取次日起30天内有效'],
    [VALIDITY_TYPES.UNTIL_DATE, { endTime: '2027-12-31T15:59:59.999Z' }, '有效期至 2027.12.31'],
    [VALIDITY_TYPES.LONG_TERM, { validityDays: null }, '长期有效'],
    [VALIDITY_TYPES.END_OF_MONTH, { validityDays: null }, '领取当月有效'],
    [
      VALIDITY_TYPES.DAYS_FROM_RECEIPT_UNTIL,
      { validityDays: 15, endTime: '2027-01-31T15:59:59.999Z' },
      '领取后15天内有效，最晚至 2027.01.31',
    ],
    [VALIDITY_TYPES.NEXT_MONTH, { validityDays: null }, '领取次月有效'],
    [VALIDITY_TYPES.END_OF_WEEK, { validityDays: null }, '领取当周有效'],
    // A kind this storefront does not know still names the end it was given.
    [10, { endTime: '2027-01-01T00:00:00.000Z' }, '有效期至 2027.01.01'],
  ])('type %i', (validityType, over, text) => {
    expect(validityText(coupon({ validityType, ...over }))).toBe(text);
  });

  test('a copy’s window is counted in China days', () => {
    // Received at 23:30 China time on 11-20: "7 days" ends at the end of 11-26 China time.
    const at = new Date('2026-11-20T15:30:00.000Z');
    expect(couponWindow({ validityType: 1, validityDays: 7 }, at).end.toISOString()).toBe('2026-11-26T15:59:59.999Z');
    // Received 00:10 China time on 11-21 (still 11-20 in UTC): the receipt day is 11-21.
    expect(
      couponWindow({ validityType: 1, validityDays: 1 }, new Date('2026-11-20T16:10:00.000Z')).end.toISOString(),
    ).toBe('2026-11-21T15:59:59.999Z');
    const next = couponWindow({ validityType: 3, validityDays: 2 }, at);
    expect([next.start.toISOString(), next.end.toISOString()]).toEqual([
      '2026-11-20T16:00:00.000Z',
      '2026-11-22T15:59:59.999Z',
    ]);
    expect(couponWindow({ validityType: 5, validityDays: null }, at).end.getUTCFullYear()).toBe(2099);
    expect(
      couponWindow(
        { validityType: 4, validityDays: null, validEnd: '2027-01-01T00:00:00+08:00' },
        at,
      ).end.toISOString(),
    ).toBe('2026-12-31T16:00:00.000Z');
  });

  test('types 6 to 9: month end, days capped by a date, next month, week end (Monday to Sunday), in China time', () => {
    const china = (iso: string) => new Date(`${iso}+08:00`);
    const window = (t: Parameters<typeof couponWindow>[0], at: Date) => {
      const w = couponWindow(t, at);
      return [w.start.toISOString(), w.end.toISOString()];
    };
    // 00:30 on 1 Dec China time is still 30 Nov in UTC: December is the month.
    const dec1 = china('2026-12-01T00:30:00');
    expect(window({ validityType: 6, validityDays: null }, dec1)).toEqual([
      dec1.toISOString(),
      '2026-12-31T15:59:59.999Z',
    ]);
    const feb = china('2028-02-10T12:00:00');
    expect(window({ validityType: 6, validityDays: null }, feb)[1]).toBe('2028-02-29T15:59:59.999Z');
    // 7 days from 27 Nov would end 3 Dec; the campaign ends 30 Nov, which wins. Early enough, the days win.
    const capped = { validityType: 7, validityDays: 7, validEnd: '2026-11-30T23:59:59.999+08:00' };
    expect(window(capped, china('2026-11-27T10:00:00'))[1]).toBe('2026-11-30T15:59:59.999Z');
    expect(window(capped, china('2026-11-20T10:00:00'))[1]).toBe('2026-11-26T15:59:59.999Z');
    // Received on the last evening of December: the whole of January 2027.
    expect(window({ validityType: 8, validityDays: null }, china('2026-12-31T23:59:00'))).toEqual([
      '2026-12-31T16:00:00.000Z',
      '2027-01-31T15:59:59.999Z',
    ]);
    // 27 Nov 2026 is a Friday: through Sunday 29 Nov. A Sunday ends that day; a Monday runs to the next Sunday.
    expect(window({ validityType: 9, validityDays: null }, china('2026-11-27T10:00:00'))[1]).toBe(
      '2026-11-29T15:59:59.999Z',
    );
    expect(window({ validityType: 9, validityDays: null }, china('2026-11-29T23:00:00'))[1]).toBe(
      '2026-11-29T15:59:59.999Z',
    );
    expect(window({ validityType: 9, validityDays: null }, china('2026-11-30T00:00:00'))[1]).toBe(
      '2026-12-06T15:59:59.999Z',
    );
  });

  test('a copy whose fixed end has passed is closed before it is given', () => {
    const at = new Date('2026-12-01T02:00:00.000Z');
    expect(windowClosed({ validityType: 7, validityDays: 7, validEnd: '2026-11-30T23:59:59.999+08:00' }, at)).toBe(
      true,
    );
    expect(windowClosed({ validityType: 4, validityDays: null, validEnd: '2026-11-30T23:59:59.999+08:00' }, at)).toBe(
      true,
    );
    for (const validityType of [1, 3, 5, 6, 8, 9])
      expect(windowClosed({ validityType, validityDays: 3 }, at)).toBe(false);
  });

  test('terms that cannot make a window are named', () => {
    expect(validityProblem({ validityType: 1, validityDays: null })).toBe('有效天数须为1到3650天');
    expect(
      validityProblem({
        validityType: 2,
        validityDays: null,
        validStart: '2027-01-02T00:00:00Z',
        validEnd: '2027-01-01T00:00:00Z',
      }),
    ).toBe('结束日期须晚于开始日期');
    expect(validityProblem({ validityType: 4, validityDays: null })).toBe('须填写截止日期');
    expect(validityProblem({ validityType: 10, validityDays: 3 })).toBe('有效期类型不正确');
    expect(validityProblem({ validityType: 0, validityDays: 3 })).toBe('有效期类型不正确');
    expect(validityProblem({ validityType: 7, validityDays: 3 })).toBe('须填写截止日期');
    expect(validityProblem({ validityType: 7, validityDays: null, validEnd: '2027-01-01T00:00:00Z' })).toBe(
      '有效天数须为1到3650天',
    );
    for (const validityType of [6, 8, 9]) expect(validityProblem({ validityType, validityDays: null })).toBeNull();
    expect(validityProblem({ validityType: 5, validityDays: null })).toBeNull();
  });
});

describe('the dates on a customer’s copy say valid from and until', () => {
  const china = (iso: string) => new Date(`${iso}+08:00`).getTime();
  // Window 2026-11-28 00:00 to the end of 2026-12-31, China time.
  const window = { startTime: '2026-11-27T16:00:00.000Z', endTime: '2026-12-31T15:59:59.999Z' };

  test.each([
    VALIDITY_TYPES.DAYS_FROM_RECEIPT,
    VALIDITY_TYPES.FIXED_RANGE,
    VALIDITY_TYPES.DAYS_FROM_NEXT_DAY,
    VALIDITY_TYPES.UNTIL_DATE,
    VALIDITY_TYPES.END_OF_MONTH,
    VALIDITY_TYPES.DAYS_FROM_RECEIPT_UNTIL,
    VALIDITY_TYPES.NEXT_MONTH,
    VALIDITY_TYPES.END_OF_WEEK,
  ])('type %i: 有效期 start - end once the window is open, start 起生效 before', (validityType) => {
    const c = coupon({ validityType, ...window });
    expect(heldValidityText(c, china('2026-11-28T00:00:00'))).toBe('有效期 2026.11.28 - 2026.12.31');
    expect(heldValidityText(c, china('2026-12-31T23:59:00'))).toBe('有效期 2026.11.28 - 2026.12.31');
    expect(heldValidityText(c, china('2026-11-27T23:59:59'))).toBe('2026.11.28 起生效');
  });

  test('long-term says so; a copy without its dates falls back to its kind', () => {
    const now = china('2026-11-28T10:00:00');
    expect(heldValidityText(coupon({ validityType: VALIDITY_TYPES.LONG_TERM, ...window }), now)).toBe('长期有效');
    expect(heldValidityText(coupon({ validityDays: 7, startTime: null, endTime: null }), now)).toBe('领取后7天内有效');
    expect(heldValidityText(coupon({ startTime: null, endTime: window.endTime }), now)).toBe('有效期至 2026.12.31');
  });

  test('a narrow card wraps after the label, never inside the dates', () => {
    expect(validityPieces('有效期 2026.11.28 - 2026.12.31')).toEqual(['有效期', '2026.11.28 - 2026.12.31']);
    expect(validityPieces('有效期至 2026.12.31')).toEqual(['有效期至', '2026.12.31']);
    expect(validityPieces('2026.11.28 起生效')).toEqual(['2026.11.28 起生效']);
    expect(validityPieces('领取后7天内有效')).toEqual(['领取后7天内有效']);
  });

  test('the card shows the line, and no bare date beside it', () => {
    expect(couponDates(coupon({ validityType: 1, ...window }), china('2026-12-01T10:00:00'))).toEqual({
      validity: '有效期 2026.11.28 - 2026.12.31',
      expiry: '',
    });
    expect(couponDates(coupon({ validityType: 2, ...window }), china('2026-11-20T10:00:00'))).toEqual({
      validity: '2026.11.28 起生效',
      expiry: '',
    });
  });
});

describe('§4 expiry label around China midnight, with the server/device time difference', () => {
  // Ends at 23:59:59 on 11-23, China time.
  const c = coupon({ endTime: '2026-11-23T15:59:59.999Z' });
  const china = (iso: string) => new Date(`${iso}+08:00`).getTime();

  test('明日到期 the day before, 今日到期 on the day, none earlier (the validity line names the end date)', () => {
    expect(couponDates(c, china('2026-11-21T23:59:59')).expiry).toBe('');
    expect(couponDates(c, china('2026-11-22T00:00:00')).expiry).toBe('明日到期');
    expect(couponDates(c, china('2026-11-22T23:59:59')).expiry).toBe('明日到期');
    expect(couponDates(c, china('2026-11-23T00:00:00')).expiry).toBe('今日到期');
    expect(couponDates(c, china('2026-11-23T23:59:00')).expiry).toBe('今日到期');
  });

  test('the server’s clock decides, not the device’s: a device an hour slow at 23:30 is already past midnight', () => {
    const device = china('2026-11-22T23:30:00');
    const timeDiff = 60 * 60 * 1000; // server = device + 1 h
    expect(couponDates(c, device).expiry).toBe('明日到期');
    expect(couponDates(c, device + timeDiff).expiry).toBe('今日到期');
  });

  test('a device in another time zone still counts China days (UTC midnight is 08:00 in China)', () => {
    expect(couponDates(c, Date.parse('2026-11-22T16:30:00.000Z')).expiry).toBe('今日到期');
  });

  test('no label on used, expired or long-term coupons', () => {
    const now = china('2026-11-23T10:00:00');
    expect(couponDates(coupon({ ...c, state: 2 }), now).expiry).toBe('');
    expect(couponDates(coupon({ ...c, state: 3 }), now).expiry).toBe('');
    expect(couponDates(coupon({ ...c, validityType: 5 }), now).expiry).toBe('');
  });
});

describe('coupon card texts and states', () => {
  test('face: amount in yuan, percent as 折', () => {
    expect(couponFace({ couponType: 1, couponAmount: 2050 })).toEqual({ value: '20.5', unit: '¥' });
    expect(couponFace({ couponType: 2, couponAmount: 15 })).toEqual({ value: '8.5', unit: '折' });
    expect(couponFace({ couponType: 2, couponAmount: 10 })).toEqual({ value: '9', unit: '折' });
  });

  test('threshold, cap and instructions', () => {
    expect(thresholdText(0)).toBe('无门槛');
    expect(thresholdText(100000)).toBe('满1000元可用');
    expect(upperLimitText({ couponType: 2, upperLimit: 30000 })).toBe('最高减300元');
    expect(upperLimitText({ couponType: 1, upperLimit: 30000 })).toBe('');
    expect(instructionLines('下单立减\n\n 不与其他优惠同享 \r\n')).toEqual(['下单立减', '不与其他优惠同享']);
    expect(instructionLines(null)).toEqual([]);
    expect(
      includedCouponText({ couponName: '礼品卡赠50元券', couponType: 1, couponAmount: 5000, threshold: 20000 }),
    ).toBe('赠 礼品卡赠50元券（¥50，满200元可用）');
    expect(includedCouponText({ couponName: '9折券', couponType: 2, couponAmount: 10, threshold: 0 })).toBe(
      '赠 9折券（9折，无门槛）',
    );
  });

  test('state mapping: 2 and 3 are disabled and stamped', () => {
    expect([1, 2, 3].map((state) => isCouponDisabled({ state }))).toEqual([false, true, true]);
    expect([1, 2, 3].map(couponStateMark)).toEqual(['', '已使用', '已过期']);
  });

  test('card voucher states (§3): 3 used, 4 expired, 5 invalid, refundState 2 refunded', () => {
    expect(cardStateText({ state: 1, refundState: 0 })).toBe('可使用');
    expect(cardStateText({ state: 3, refundState: 0 })).toBe('已使用');
    expect(cardStateText({ state: 4, refundState: 0 })).toBe('已过期');
    expect(cardStateText({ state: 5, refundState: 0 })).toBe('已失效');
    expect(cardStateText({ state: 5, refundState: 2 })).toBe('已退款');
    expect(isCardDisabled({ state: 1, refundState: 0 })).toBe(false);
    expect(isCardDisabled({ state: 1, refundState: 2 })).toBe(true);
    expect(isCardDisabled({ state: 4, refundState: 0 })).toBe(true);
  });
});

describe('§4 using a coupon: where 去使用 leads', () => {
  const use = (over: Partial<CouponUse>): CouponUse => ({
    activityList: { result: [], total: 0 },
    jumpType: 1,
    targetSn: null,
    actEnum: null,
    ...over,
  });
  const card = {
    actSn: 'a1',
    actName: 'x',
    cover: '',
    actType: 'COURSE',
    price: 1,
    originalPrice: null,
    tags: [],
    sales: 0,
  };

  test('1 switches to the home tab', () => {
    expect(couponUseStep(use({ jumpType: 1 }), '')).toEqual({ type: 'tab', index: 0 });
  });
  test('2 opens the more-activity list with couponSn; an empty list says 暂无可用活动', () => {
    expect(
      couponUseStep(use({ jumpType: 2, targetSn: 'cp1', activityList: { result: [card], total: 1 } }), ''),
    ).toEqual({ type: 'page', path: ROUTES.moreActivity, query: { couponSn: 'cp1' } });
    expect(couponUseStep(use({ jumpType: 2, targetSn: 'cp1' }), '')).toEqual({ type: 'tip', text: '暂无可用活动' });
  });
  test('3 opens the third-party page; a path of ours is made absolute', () => {
    expect(couponUseStep(use({ jumpType: 3, targetSn: 'https://p.example.com/x' }), '')).toEqual({
      type: 'page',
      path: ROUTES.webView,
      query: { url: 'https://p.example.com/x' },
    });
    expect(couponUseStep(use({ jumpType: 3, targetSn: '/static/pages/guide.html' }), 'http://localhost:3000')).toEqual({
      type: 'page',
      path: ROUTES.webView,
      query: { url: 'http://localhost:3000/static/pages/guide.html' },
    });
    expect(absoluteUrl('//evil.example.com/x', 'http://localhost:3000')).toBe('//evil.example.com/x');
    expect(couponUseStep(use({ jumpType: 3, targetSn: 'javascript:alert(1)' }), 'http://localhost:3000').type).toBe(
      'tip',
    );
  });
  test('3 with actEnum: a page of ours stays in the third-party page; a partner site is opened as itself', () => {
    expect(
      couponUseStep(
        use({ jumpType: 3, targetSn: '/static/pages/guide.html', actEnum: 'IMAGE_TEXT_H5' }),
        'http://localhost:3000',
      ),
    ).toEqual({ type: 'page', path: ROUTES.webView, query: { url: 'http://localhost:3000/static/pages/guide.html' } });
    const partner = use({ jumpType: 3, targetSn: 'https://partner.example.com/use', actEnum: 'SKIP_OUTSIDE_APPLE' });
    expect(couponUseStep(partner, '')).toEqual({
      type: 'outside',
      appId: null,
      path: '',
      url: 'https://partner.example.com/use',
    });
    expect(couponUseStep({ ...partner, targetSn: 'javascript:alert(1)' }, 'http://localhost:3000')).toEqual({
      type: 'tip',
      text: '暂无可用活动',
    });
  });
});

describe('claim page', () => {
  const item = (over: Partial<ClaimItem>): ClaimItem => ({
    itemId: 'i1',
    couponSn: 'c',
    couponName: 'x',
    couponType: 1,
    couponAmount: 100,
    threshold: 0,
    upperLimit: 0,
    scope: '',
    validityType: 1,
    validityDays: 7,
    validStart: null,
    validEnd: null,
    instructions: '',
    stock: 10,
    remaining: 5,
    perPerson: 2,
    claimedByMe: 0,
    state: 'AVAILABLE',
    ...over,
  });
  test('领取 / 再领一张 / 已领取 / 已领完, and closed activities', () => {
    expect(claimButton(item({}), 'ONGOING')).toEqual({ text: '领取', enabled: true });
    expect(claimButton(item({ claimedByMe: 1 }), 'ONGOING')).toEqual({ text: '再领一张', enabled: true });
    expect(claimButton(item({ state: 'CLAIMED', claimedByMe: 2 }), 'ONGOING')).toEqual({
      text: '已领取',
      enabled: false,
    });
    expect(claimButton(item({ state: 'SOLD_OUT', remaining: 0 }), 'ONGOING')).toEqual({
      text: '已领完',
      enabled: false,
    });
    expect(claimButton(item({}), 'NOT_STARTED').text).toBe('未开始');
    expect(claimButton(item({}), 'ENDED').text).toBe('已结束');
  });

  test('a scanned code: the printed claim URL or a bare actSn; anything else is not ours', () => {
    expect(
      claimFromScan(
        'http://shop.example.com/#/subpackages/activity/getCouponActive/getCouponActive?actSn=demo-scan-1&projectSn=demo',
      ),
    ).toEqual({ actSn: 'demo-scan-1', projectSn: 'demo' });
    expect(claimFromScan(' demo-scan-1 ')).toEqual({ actSn: 'demo-scan-1', projectSn: null });
    expect(claimFromScan('https://weixin.qq.com/x/abc')).toBeNull();
    expect(claimFromScan('getCouponActive?actSn=../x')).toBeNull();
    expect(claimFromScan('')).toBeNull();
  });
});

describe('card secrets', () => {
  test('spaces, hyphens, full-width spaces and lower case are ignored', () => {
    expect(normalizeCardCode(' demo card-0001\u3000')).toBe('DEMOCARD0001');
    expect(formatCardCode('democard0001')).toBe('DEMO-CARD-0001');
  });
  test('shape: 8-32 letters and digits', () => {
    expect(isCardCodeShape('DEMOCARD0001')).toBe(true);
    expect(isCardCodeShape('ABC')).toBe(false);
    expect(isCardCodeShape('卡密卡密卡密卡密')).toBe(false);
    expect(isCardCodeShape('A'.repeat(33))).toBe(false);
  });
});

describe('jump enums of the domain open built pages (no error page)', () => {
  test('SCAN_CODE_COLLECT_COUPONS (actSn) and CARD_SECRET_REDEEM', () => {
    expect(resolveJump({ firstEnum: 'SCAN_CODE_COLLECT_COUPONS', targetSn: 'demo-scan-1' })).toEqual({
      type: 'page',
      path: ROUTES.getCouponActive,
      query: { actSn: 'demo-scan-1' },
    });
    expect(resolveJump({ firstEnum: 'CARD_SECRET_REDEEM' })).toEqual({
      type: 'page',
      path: ROUTES.exchangeCenter,
      query: {},
    });
  });
  test('every page of the domain is built', () => {
    for (const r of [
      ROUTES.couponDetails,
      ROUTES.getCouponActive,
      ROUTES.exchangeCenter,
      ROUTES.exchangeDetail,
      ROUTES.exchangeSuccess,
      ROUTES.discountCouponList,
      ROUTES.couponHistory,
      ROUTES.couponList,
      ROUTES.moreActivity,
    ]) {
      expect(BUILT_ROUTES.has(r)).toBe(true);
    }
  });
});
