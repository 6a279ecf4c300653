/**
 * Demo data of the coupon and card domain, per project (idempotent, runs on every start like the ordering seed):
 * coupon templates given out by claims and cards, a scan-code claim activity with a printable URL, card batches
 * with known demo codes (README) stored as HMACs under the server's CARD_CODE_KEY, and the 新人礼包 every new
 * customer is given (domains/coupon/welcome-gift.ts): the ordering seed's coupons and one voucher in each past state,
 * so the demo shows all of §3's coupon and card states.
 */
import type { Db } from '../../runtime/database/plugin';
import { projects } from '../../domains/entrance/schema';
import { cardBatches, cardCodes } from '../../domains/card/schema';
import { claimActivities, claimItems, welcomeGifts } from '../../domains/coupon/schema';
import { couponTemplates } from '../../domains/coupon/schema';
import { normalizeCardCode } from '@contract/rules/card-code';
import { CARD_REFUNDED, CARD_STATES } from '@contract/card';
import { hashCardCode } from '../../domains/card/service';

/**
 * The claim activity of a project: its page is
 * /#/subpackages/activity/getCouponActive/getCouponActive?actSn=<this>&projectSn=<sn>.
 */
export const demoClaimActSn = (sn: string) => `${sn}-scan-1`;

/** The claim activity of the calendar kinds of validity (types 6 to 9): one coupon of each, to claim and see. */
export const demoValidityActSn = (sn: string) => `${sn}-scan-2`;

/** Demo card codes of a project: DEMO-CARD-0001 ... -0010 redeem; -USED-/-VOID-/-EXPD- show the refusals. */
export function demoCardCodes(sn: string) {
  const p = sn.toUpperCase();
  return {
    usable: Array.from({ length: 10 }, (_, i) => `${p}-CARD-${String(i + 1).padStart(4, '0')}`),
    used: `${p}-USED-0001`,
    voided: `${p}-VOID-0001`,
    expired: `${p}-EXPD-0001`,
  };
}

/** Coupon templates of the ordering seed (seed/ordering.ts) that the 新人礼包 gives, with the state a copy starts in. */
const WELCOME_COUPONS: { key: string; state?: 2 | 3 }[] = [
  { key: 'amount' },
  { key: 'threshold' },
  { key: 'percent' },
  { key: 'big' },
  { key: 'used', state: 2 },
  { key: 'expired', state: 3 },
  { key: 'other' },
];

/** The 新人礼包 of a project: the coupons above, and a voucher of the gift batch in each past state. */
function welcomeGiftsFor(sn: string): (typeof welcomeGifts.$inferInsert)[] {
  const coupons = WELCOME_COUPONS.map(({ key, state = 1 }, i) => ({
    giftId: `${sn}-welcome-cp-${key}`,
    projectSn: sn,
    couponSn: `${sn}-cp-${key}`,
    state,
    // A used copy was used at the grant; an expired one lay 40 days back and ended yesterday.
    ...(state === 2 ? { usedDaysAgo: 0 } : state === 3 ? { startDaysAgo: 40, endDaysAgo: 1 } : {}),
    sort: i,
  }));
  const card = (key: string, gift: Partial<typeof welcomeGifts.$inferInsert>, i: number) => ({
    giftId: `${sn}-welcome-card-${key}`,
    projectSn: sn,
    batchSn: `${sn}-card-gift`,
    sort: 100 + i,
    ...gift,
  });
  return [
    ...coupons,
    card(
      'used',
      {
        state: CARD_STATES.USED,
        startDaysAgo: 40,
        endDaysAgo: -325,
        usedDaysAgo: 10,
        event: { title: '已使用', note: '已在门店核销', daysAgo: 10 },
      },
      0,
    ),
    card(
      'expired',
      {
        state: CARD_STATES.EXPIRED,
        startDaysAgo: 400,
        endDaysAgo: 35,
        event: { title: '已过期', note: '超过有效期未使用', daysAgo: 35 },
      },
      1,
    ),
    card(
      'invalid',
      {
        state: CARD_STATES.INVALID,
        startDaysAgo: 60,
        endDaysAgo: -305,
        event: { title: '已作废', note: '商家已作废该卡券', daysAgo: 30 },
      },
      2,
    ),
    card(
      'refunded',
      {
        state: CARD_STATES.INVALID,
        refundState: CARD_REFUNDED,
        startDaysAgo: 20,
        endDaysAgo: -345,
        event: { title: '已退款', note: '订单退款，卡券已失效', daysAgo: 5 },
      },
      3,
    ),
  ];
}

function templatesFor(sn: string): (typeof couponTemplates.$inferInsert)[] {
  const issued = { projectSn: sn, grantMode: 'ISSUED', scopeActSns: [] as string[], scopeText: '全部商品可用' };
  return [
    {
      ...issued,
      couponSn: `${sn}-cp-scan-30`,
      couponName: '扫码立减30元',
      couponType: 1,
      couponAmount: 3000,
      validityType: 1,
      validityDays: 7,
      instructions: '扫码领取后7天内有效\n每人限领1张',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-scan-90`,
      couponName: '扫码专享9折券',
      couponType: 2,
      couponAmount: 10,
      upperLimit: 10000,
      validityType: 4,
      validEnd: new Date('2027-12-31T23:59:59.999+08:00'),
      scopeActSns: [`${sn}-course-01`, `${sn}-course-02`, `${sn}-course-03`],
      scopeText: '指定课程可用',
      instructions: '最高减100元\n仅限指定课程使用\n每人限领2张',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-scan-gone`,
      couponName: '限量50元券',
      couponType: 1,
      couponAmount: 5000,
      threshold: 30000,
      validityType: 2,
      validStart: new Date('2026-01-01T00:00:00+08:00'),
      validEnd: new Date('2027-06-30T23:59:59.999+08:00'),
      instructions: '订单满300元可用',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-card-50`,
      couponName: '礼品卡赠50元券',
      couponType: 1,
      couponAmount: 5000,
      threshold: 20000,
      validityType: 5,
      validityDays: null,
      instructions: '满200元可用\n长期有效',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-partner`,
      couponName: '合作商家20元券',
      couponType: 1,
      couponAmount: 2000,
      validityType: 3,
      validityDays: 30,
      scopeText: '合作商家页面使用',
      useUrl: '/static/pages/guide.html',
      instructions: '领取次日起30天内有效\n在合作商家页面使用',
    },
    // The calendar kinds (contract/rules/coupon-validity.ts), claimed from the second claim activity.
    {
      ...issued,
      couponSn: `${sn}-cp-month-end`,
      couponName: '当月专享10元券',
      couponType: 1,
      couponAmount: 1000,
      threshold: 5000,
      validityType: 6,
      instructions: '领取当月有效，月底24点过期\n订单满50元可用',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-days-until`,
      couponName: '限时15天20元券',
      couponType: 1,
      couponAmount: 2000,
      threshold: 10000,
      validityType: 7,
      validityDays: 15,
      validEnd: new Date('2027-12-31T23:59:59.999+08:00'),
      instructions: '领取后15天内有效，最晚至活动结束\n订单满100元可用',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-next-month`,
      couponName: '次月返场15元券',
      couponType: 1,
      couponAmount: 1500,
      validityType: 8,
      instructions: '领取次月1日起生效，当月有效',
    },
    {
      ...issued,
      couponSn: `${sn}-cp-week-end`,
      couponName: '本周专享8折券',
      couponType: 2,
      couponAmount: 20,
      upperLimit: 5000,
      validityType: 9,
      instructions: '领取当周有效，周日24点过期\n最高减50元',
    },
  ];
}

export async function seedCoupons(db: Db, cardCodeKey: string): Promise<void> {
  const projectRows = await db.select({ projectSn: projects.projectSn }).from(projects);
  for (const { projectSn: sn } of projectRows) {
    await db.insert(couponTemplates).values(templatesFor(sn)).onConflictDoNothing();
    const actSn = demoClaimActSn(sn);
    await db
      .insert(claimActivities)
      .values({
        actSn,
        projectSn: sn,
        title: '扫码领券·新人福利',
        description: '扫码即可领取，领取后在“我的优惠券”中查看，下单时自动可选。',
      })
      .onConflictDoNothing();
    await db
      .insert(claimItems)
      .values([
        { itemId: `${actSn}-1`, actSn, couponSn: `${sn}-cp-scan-30`, stock: 100000, perPerson: 1, sort: 1 },
        { itemId: `${actSn}-2`, actSn, couponSn: `${sn}-cp-scan-90`, stock: 50000, perPerson: 2, sort: 2 },
        // Gone already: the page shows 已领完.
        { itemId: `${actSn}-3`, actSn, couponSn: `${sn}-cp-scan-gone`, stock: 50, claimed: 50, perPerson: 1, sort: 3 },
      ])
      .onConflictDoNothing();
    const calendarAct = demoValidityActSn(sn);
    await db
      .insert(claimActivities)
      .values({
        actSn: calendarAct,
        projectSn: sn,
        title: '月度福利·限时领券',
        description: '当月、次月、本周和限时15天的优惠券，领取后在“我的优惠券”中查看有效期。',
      })
      .onConflictDoNothing();
    await db
      .insert(claimItems)
      .values(
        ['month-end', 'days-until', 'next-month', 'week-end'].map((key, i) => ({
          itemId: `${calendarAct}-${i + 1}`,
          actSn: calendarAct,
          couponSn: `${sn}-cp-${key}`,
          stock: 100000,
          perPerson: 1,
          sort: i + 1,
        })),
      )
      .onConflictDoNothing();

    await db
      .insert(cardBatches)
      .values([
        {
          batchSn: `${sn}-card-lesson`,
          projectSn: sn,
          cardName: '精品课体验卡',
          faceValue: 19900,
          description: '可兑换一节精品体验课，附赠礼品券',
          instructions: '兑换后180天内有效\n到店出示卡号即可使用\n不可兑换现金',
          couponSns: [`${sn}-cp-card-50`, `${sn}-cp-partner`],
          validityDays: 180,
        },
        {
          batchSn: `${sn}-card-old`,
          projectSn: sn,
          cardName: '往期礼品卡',
          faceValue: 5000,
          description: '2025年活动礼品卡',
          validityDays: 30,
          redeemEndAt: new Date('2025-12-31T23:59:59+08:00'),
        },
        // The 新人礼包's vouchers (welcomeGiftsFor); it has no codes.
        {
          batchSn: `${sn}-card-gift`,
          projectSn: sn,
          cardName: '新人礼包体验券',
          faceValue: 9900,
          description: '新人礼包赠送的体验券',
          instructions: '到店出示卡号使用\n每人限用一次',
          validityDays: 365,
        },
      ])
      .onConflictDoNothing();
    const codes = demoCardCodes(sn);
    const row = (code: string, i: string, batchSn: string, state = 1) => {
      const n = normalizeCardCode(code);
      return { codeId: `${sn}-code-${i}`, batchSn, codeHash: hashCardCode(cardCodeKey, n), tail: n.slice(-4), state };
    };
    await db
      .insert(cardCodes)
      .values([
        ...codes.usable.map((c, i) => row(c, String(i + 1), `${sn}-card-lesson`)),
        row(codes.used, 'used', `${sn}-card-lesson`, 2),
        row(codes.voided, 'void', `${sn}-card-lesson`, 5),
        row(codes.expired, 'expd', `${sn}-card-old`),
      ])
      .onConflictDoNothing();
    // After the batches and the ordering seed's templates, which the gifts refer to.
    await db.insert(welcomeGifts).values(welcomeGiftsFor(sn)).onConflictDoNothing();
  }
}
