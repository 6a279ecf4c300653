/**
 * Validity types 6 to 9 through the server (§3): the demo's calendar claim activity grants each kind with the window
 * the shared rule computes, 我的优惠券 and the order's coupons judge it by that window, a next-month coupon is not
 * usable before its month, and a claim whose fixed end has passed is refused rather than handing over a dead copy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ClaimDetails } from '@contract/coupon';
import { couponWindow, termsText } from '@contract/rules/coupon-validity';
import { claimDetails, receiveClaim } from '../../../src/domains/coupon/claims';
import { listHeldCoupons, useCoupon } from '../../../src/domains/coupon/held';
import { couponTemplates, userCoupons } from '../../../src/domains/coupon/schema';
import { couponsForItem } from '../../../src/domains/coupon/service';
import { buildHarness, type Harness, type Reply } from '../../helpers/app';

let h: Harness;
let seq = 0;
const phone = () => `1370002${String(1000 + (seq += 1)).slice(-4)}`;
const customer = async () => ({ ...(await h.login(phone(), 'demo')), projectSn: 'demo' });
const OPS = () => ({ authorization: `Bearer ${h.config.opsKey}` });

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

/** Friday 27 Nov 2026, 10:00 China time. */
const NOW = new Date('2026-11-27T10:00:00+08:00');

describe('the calendar kinds of validity', () => {
  test('the demo claim activity offers one coupon of each kind, each named by its text', async () => {
    const user = await customer();
    const page: ClaimDetails = await claimDetails(h.database.db, user, 'demo-scan-2', NOW);
    assert.deepEqual(
      page.coupons.map((c) => [c.couponName, c.validityType, termsText(c)]),
      [
        ['当月专享10元券', 6, '领取当月有效'],
        ['限时15天20元券', 7, '领取后15天内有效，最晚至 2027.12.31'],
        ['次月返场15元券', 8, '领取次月有效'],
        ['本周专享8折券', 9, '领取当周有效'],
      ],
    );
  });

  test('each claim stores the shared rule’s window; the list and the order judge it by that window', async () => {
    const user = await customer();
    const db = h.database.db;
    for (const i of [1, 2, 3, 4]) await receiveClaim(db, user, `demo-scan-2-${i}`, NOW);
    const rows = await db
      .select({ t: couponTemplates, r: userCoupons })
      .from(userCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
      .where(eq(userCoupons.userId, user.userId));
    const byType = new Map(rows.filter(({ t }) => t.validityType >= 6).map(({ t, r }) => [t.validityType, { t, r }]));
    assert.equal(byType.size, 4);
    const china = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 23);
    const expected: Record<number, [string, string]> = {
      6: ['2026-11-27T10:00:00.000', '2026-11-30T23:59:59.999'],
      7: ['2026-11-27T10:00:00.000', '2026-12-11T23:59:59.999'],
      8: ['2026-12-01T00:00:00.000', '2026-12-31T23:59:59.999'],
      9: ['2026-11-27T10:00:00.000', '2026-11-29T23:59:59.999'],
    };
    for (const [type, { t, r }] of byType) {
      const w = couponWindow(t, NOW);
      assert.deepEqual([r.startTime.getTime(), r.endTime.getTime()], [w.start.getTime(), w.end.getTime()]);
      assert.deepEqual([china(r.startTime), china(r.endTime)], expected[type], `type ${type}`);
    }

    // 未使用 holds all four; the order offers three and says the next-month one has not started.
    const unused = await listHeldCoupons(db, user, '1', { page: 1, perSize: 50 }, NOW);
    for (const type of [6, 7, 8, 9])
      assert.ok(
        unused.list.some((c) => c.validityType === type),
        `type ${type}`,
      );
    const offered = await couponsForItem(db, user, 'demo-course-06', 100_000, NOW);
    const reasons = new Map(offered.filter((c) => c.validityType >= 6).map((c) => [c.validityType, c.disabledReason]));
    assert.deepEqual(
      [6, 7, 8, 9].map((type) => reasons.get(type)),
      [null, null, '尚未生效', null],
    );
    await assert.rejects(useCoupon(db, user, 'demo-cp-next-month', { page: 1, perSize: 10 }, NOW), /尚未生效/);

    // Monday: the week coupon ended on Sunday night and the month one on 30 Nov; December opens the next-month one.
    const monday = new Date('2026-11-30T00:00:00+08:00');
    const dec1 = new Date('2026-12-01T00:00:00+08:00');
    const week = await listHeldCoupons(db, user, '3', { page: 1, perSize: 50 }, monday);
    assert.ok(week.list.some((c) => c.validityType === 9));
    const later = await couponsForItem(db, user, 'demo-course-06', 100_000, dec1);
    const after = new Map(later.filter((c) => c.validityType >= 6).map((c) => [c.validityType, c.disabledReason]));
    assert.deepEqual(
      [6, 7, 8, 9].map((type) => after.get(type)),
      ['已过期', null, null, '已过期'],
    );
    const use = await useCoupon(db, user, 'demo-cp-next-month', { page: 1, perSize: 10 }, dec1);
    assert.equal(use.jumpType, 1);
  });

  test('an operator’s days-until-date coupon whose date has passed cannot be claimed (409, nothing given)', async () => {
    const t = (await h.inject({
      method: 'POST',
      url: '/ops/coupon/templates',
      headers: OPS(),
      payload: {
        projectSn: 'demo',
        couponName: '已结束的限时券',
        couponType: 1,
        couponAmount: 100,
        validityType: 7,
        validityDays: 10,
        validEnd: '2026-11-26T23:59:59.999+08:00',
      },
    })) as Reply<{ couponSn: string }>;
    assert.equal(t.status, 200, t.raw.body);
    const couponSn = t.body.info.couponSn;
    const a = (await h.inject({
      method: 'POST',
      url: '/ops/coupon/claims',
      headers: OPS(),
      payload: { projectSn: 'demo', title: '已结束', items: [{ couponSn, stock: 5 }] },
    })) as Reply<{ items: { itemId: string }[] }>;
    assert.equal(a.status, 200, a.raw.body);
    const itemId = a.body.info.items[0].itemId;
    const user = await customer();
    await assert.rejects(receiveClaim(h.database.db, user, itemId, NOW), /优惠券已过有效期，无法领取/);
    const given = await h.database.db.select().from(userCoupons).where(eq(userCoupons.userId, user.userId));
    assert.ok(!given.some((r) => r.couponSn === couponSn));
  });
});
