/**
 * 我的优惠券 and 去使用 (§4 coupon states, using a coupon; §7 coupon-list, useDiscountCoupon): the customer's
 * copies by state, and where a coupon can be spent. A copy is only ever looked up together with its owner, so
 * another customer's coupon is "not found", never shown or used.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES, type Paged } from '@contract/common';
import {
  COUPON_JUMP,
  COUPON_THIRD_PARTY_ENUMS,
  type CouponListState,
  type CouponUse,
  type HeldCoupon,
} from '@contract/coupon';
import type { ActivityCard } from '@contract/pages';
import { couponValidity } from '@contract/rules/coupon-validity';
import { activities } from '../activity/schema';
import { couponTemplates, userCoupons } from './schema';
import { AppError, MESSAGES, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { cardFields } from '../activity/points-price';
import { grantWelcomeGift } from './welcome-gift';
import { toHeldCoupon } from './held-view';

/** The more-activity list's title when it lists a coupon's activities. */
export const COUPON_LIST_TITLE = '适用活动';

export const USE_MESSAGES = {
  used: '该优惠券已使用',
  expired: '该优惠券已过期',
  notStarted: '该优惠券尚未生效',
  badSn: '优惠券编号格式不正确',
} as const;

type Template = typeof couponTemplates.$inferSelect;
type Received = typeof userCoupons.$inferSelect;

export interface Customer {
  userId: string;
  projectSn: string;
}

/** The SQL of a tab: an unused copy past its end counts as expired (3), whatever its stored state says. */
function stateFilter(state: CouponListState, now: Date): SQL {
  const unusedLive = and(eq(userCoupons.state, 1), gte(userCoupons.endTime, now))!;
  const expired = or(eq(userCoupons.state, 3), and(eq(userCoupons.state, 1), lt(userCoupons.endTime, now)))!;
  if (state === '1') return unusedLive;
  if (state === '2') return eq(userCoupons.state, 2);
  if (state === '3') return expired;
  return or(eq(userCoupons.state, 2), expired)!;
}

export async function listHeldCoupons(
  db: Db,
  user: Customer,
  state: CouponListState,
  { page, perSize }: { page: number; perSize: number },
  now = new Date(),
): Promise<Paged<HeldCoupon>> {
  await grantWelcomeGift(db, user, now);
  const where = and(
    eq(userCoupons.userId, user.userId),
    eq(couponTemplates.projectSn, user.projectSn),
    stateFilter(state, now),
  );
  // Unused ones soonest-ending first (the ones to spend now); the others newest first.
  const order =
    state === '1'
      ? [asc(userCoupons.endTime), asc(userCoupons.rcSn)]
      : [desc(sql`coalesce(${userCoupons.usedAt}, ${userCoupons.endTime})`), asc(userCoupons.rcSn)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ t: couponTemplates, r: userCoupons })
      .from(userCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
      .where(where)
      .orderBy(...order)
      .limit(perSize)
      .offset((page - 1) * perSize),
    db
      .select({ total: count() })
      .from(userCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
      .where(where),
  ]);
  return { list: rows.map(({ t, r }) => toHeldCoupon(t, r, now)), total, page, perSize };
}

/** The template of a coupon this customer holds (any state), or 404: nobody else's coupon is found. */
async function heldTemplate(db: Db, user: Customer, couponSn: string): Promise<{ t: Template; copies: Received[] }> {
  // The more-activity list takes couponSn as free text; anything not shaped like one is bad input, not "not found".
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(couponSn)) throw badRequest(USE_MESSAGES.badSn);
  const rows = await db
    .select({ t: couponTemplates, r: userCoupons })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
    .where(
      and(
        eq(userCoupons.userId, user.userId),
        eq(userCoupons.couponSn, couponSn),
        eq(couponTemplates.projectSn, user.projectSn),
      ),
    );
  if (!rows.length) throw notFound(MESSAGES.couponNotFound);
  return { t: rows[0].t, copies: rows.map((r) => r.r) };
}

/** The online activities a coupon applies to (all of the project's when it has no scope), best sellers first. */
export async function couponActivities(
  db: Db,
  user: Customer,
  couponSn: string,
  { page, perSize }: { page: number; perSize: number },
): Promise<Paged<ActivityCard>> {
  const { t } = await heldTemplate(db, user, couponSn);
  const where = and(
    eq(activities.projectSn, user.projectSn),
    eq(activities.status, 'ONLINE'),
    t.scopeActSns.length ? inArray(activities.actSn, t.scopeActSns) : undefined,
  );
  const [list, [{ total }]] = await Promise.all([
    db
      .select(cardFields)
      .from(activities)
      .where(where)
      .orderBy(desc(activities.sales), asc(activities.actSn))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db.select({ total: count() }).from(activities).where(where),
  ]);
  return { list, total, page, perSize };
}

/**
 * How a coupon's partner page is opened (§3 actEnum): a path is a page this server serves, shown inside the
 * storefront; an absolute link is the partner's own site, opened as itself.
 */
export function thirdPartyEnum(useUrl: string): string {
  return useUrl.startsWith('/') && !useUrl.startsWith('//')
    ? COUPON_THIRD_PARTY_ENUMS.OWN_PAGE
    : COUPON_THIRD_PARTY_ENUMS.PARTNER_SITE;
}

/**
 * useDiscountCoupon: where 去使用 leads (§3 coupon-use result, §4). A coupon on a partner's page opens it (3);
 * one limited to some items lists them (2, targetSn = couponSn, the first page in activityList); one for every
 * item sends the customer to the home tab (1). Only an unused copy in its window can be used.
 */
export async function useCoupon(
  db: Db,
  user: Customer,
  couponSn: string,
  paging: { page: number; perSize: number },
  now = new Date(),
): Promise<CouponUse> {
  const { t, copies } = await heldTemplate(db, user, couponSn);
  const unused = copies.filter((c) => c.state === 1 && couponValidity(c, now) !== 'EXPIRED');
  if (!unused.length) {
    const message =
      copies.some((c) => c.state === 2) && !copies.some((c) => c.state !== 2)
        ? USE_MESSAGES.used
        : USE_MESSAGES.expired;
    throw new AppError(409, ERROR_CODES.COUPON_NOT_USABLE, message);
  }
  if (!unused.some((c) => couponValidity(c, now) === 'VALID'))
    throw new AppError(409, ERROR_CODES.COUPON_NOT_USABLE, USE_MESSAGES.notStarted);
  const empty = { result: [] as ActivityCard[], total: 0 };
  if (t.useUrl)
    return {
      activityList: empty,
      jumpType: COUPON_JUMP.THIRD_PARTY,
      targetSn: t.useUrl,
      actEnum: thirdPartyEnum(t.useUrl),
    };
  if (!t.scopeActSns.length) return { activityList: empty, jumpType: COUPON_JUMP.HOME, targetSn: null, actEnum: null };
  const list = await couponActivities(db, user, couponSn, paging);
  return {
    activityList: { result: list.list, total: list.total },
    jumpType: COUPON_JUMP.MORE_ACTIVITY,
    targetSn: t.couponSn,
    actEnum: null,
  };
}
