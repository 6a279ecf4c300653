/**
 * 新人礼包: the coupons and card vouchers a project gives each new customer once (table welcome_gifts, written
 * by the seed or an operator). Given the first time the customer opens anything that shows coupons or cards
 * (我的, 我的优惠券, 我的卡券, an order's coupons); after that, one primary-key read per look and no write.
 */
import { and, asc, eq } from 'drizzle-orm';
import { couponWindow } from '@contract/rules/coupon-validity';
import { cardBatches, cardVoucherEvents, cardVouchers } from '../card/schema';
import { welcomeGifts, welcomeGrants } from './schema';
import { couponTemplates, userCoupons } from './schema';
import type { Db } from '../../runtime/database/plugin';
import { newCardNo } from '../card/service';
import { newSn } from './claims';

const DAY_MS = 86_400_000;
/** A live coupon copy's window when its template names no number of days. */
const DEFAULT_VALIDITY_DAYS = 30;

export const WELCOME_EVENT = { title: '获得卡券', note: '新人礼包赠送' } as const;

export async function grantWelcomeGift(
  db: Db,
  user: { userId: string; projectSn: string },
  now = new Date(),
): Promise<void> {
  const [given] = await db
    .select({ userId: welcomeGrants.userId })
    .from(welcomeGrants)
    .where(eq(welcomeGrants.userId, user.userId))
    .limit(1);
  if (given) return;
  await db.transaction(async (tx) => {
    // The grant row decides who gives: a look at the same time finds it taken and gives nothing.
    const won = await tx
      .insert(welcomeGrants)
      .values({ userId: user.userId, grantedAt: now })
      .onConflictDoNothing()
      .returning({ userId: welcomeGrants.userId });
    if (!won.length) return;
    const daysAgo = (days: number | null, fallback: Date) =>
      days === null ? fallback : new Date(now.getTime() - days * DAY_MS);

    const coupons = await tx
      .select({ g: welcomeGifts, t: couponTemplates })
      .from(welcomeGifts)
      .innerJoin(couponTemplates, eq(couponTemplates.couponSn, welcomeGifts.couponSn))
      .where(and(eq(welcomeGifts.projectSn, user.projectSn), eq(couponTemplates.projectSn, user.projectSn)))
      .orderBy(asc(welcomeGifts.sort));
    if (coupons.length) {
      await tx.insert(userCoupons).values(
        coupons.map(({ g, t }) => {
          // The template's own terms, ending at the end of a China day like every other copy.
          const window = couponWindow({ ...t, validityDays: t.validityDays ?? DEFAULT_VALIDITY_DAYS }, now);
          return {
            rcSn: newSn('rc'),
            userId: user.userId,
            couponSn: t.couponSn,
            state: g.state,
            startTime: daysAgo(g.startDaysAgo, window.start),
            endTime: daysAgo(g.endDaysAgo, window.end),
            usedAt: g.usedDaysAgo === null ? null : daysAgo(g.usedDaysAgo, now),
            source: 'welcome',
          };
        }),
      );
    }

    const cards = await tx
      .select({ g: welcomeGifts, b: cardBatches })
      .from(welcomeGifts)
      .innerJoin(cardBatches, eq(cardBatches.batchSn, welcomeGifts.batchSn))
      .where(and(eq(welcomeGifts.projectSn, user.projectSn), eq(cardBatches.projectSn, user.projectSn)))
      .orderBy(asc(welcomeGifts.sort));
    if (!cards.length) return;
    const vouchers = cards.map(({ g, b }) => {
      const start = daysAgo(g.startDaysAgo, now);
      return {
        voucherSn: newSn('cv'),
        userId: user.userId,
        batchSn: b.batchSn,
        codeId: null,
        cardNo: newCardNo(),
        state: g.state,
        refundState: g.refundState,
        startTime: start,
        endTime: daysAgo(g.endDaysAgo, new Date(now.getTime() + b.validityDays * DAY_MS)),
        usedAt: g.usedDaysAgo === null ? null : daysAgo(g.usedDaysAgo, now),
        createdAt: start,
        event: g.event,
      };
    });
    await tx.insert(cardVouchers).values(vouchers.map(({ event: _event, ...v }) => v));
    await tx.insert(cardVoucherEvents).values(
      vouchers.flatMap((v) => [
        { eventId: newSn('ev'), voucherSn: v.voucherSn, ...WELCOME_EVENT, at: v.startTime },
        ...(v.event
          ? [
              {
                eventId: newSn('ev'),
                voucherSn: v.voucherSn,
                title: v.event.title,
                note: v.event.note,
                at: daysAgo(v.event.daysAgo, now),
              },
            ]
          : []),
      ]),
    );
  });
}
