/**
 * Catalogue details (§3 course / activity item): the item, its display extras (activities.detail), its ordering
 * facts from order_configs, its reviews and recommendations; spec attributes, introduction and share info.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { ActivityDetail, Course } from '@contract/activity';
import type { ActivityCard } from '@contract/pages';
import { withoutFalseFreeShipping } from '@contract/rules/freight';
import { sanitizeHtml } from '@contract/rules/rich-text';
import { itemSharePath } from '@contract/rules/share-link';
import { activities } from './schema';
import type { Db } from '../../runtime/database/plugin';
import { extrasOf, findOnline } from './items';
import { cardFields } from './points-price';
import { canComment, commentSummaryKey, sharedCommentSummary } from './comments';
import { onlineItemWithConfig } from '../order/confirm';
import { isSoldOut } from '../order/stock';
import { embeddedReadModel } from '../../runtime/read-cache';

/** Hot recommendations: at most this many other items. */
export const HOT_RECOMMEND_LIMIT = 6;

/**
 * The detail made from its parts, one object per (item and config, review summary, may review): the parts are
 * cached objects (read-cache.ts), so the same parts give the same detail object, built once. A part reloaded after
 * a change is a new object, so the detail is made again.
 */
const details = new WeakMap<object, WeakMap<object, Partial<Record<string, ActivityDetail>>>>();

export async function activityDetail(
  db: Db,
  session: { projectSn: string; userId: string; user?: { phone: string | null } },
  actSn: string,
): Promise<ActivityDetail> {
  // The item and its order config are a read model (cached until an operator change invalidates it); what this
  // customer may do, and whether an item with a stock has any left (order/stock.ts), are read live.
  const online = onlineItemWithConfig(db, session.projectSn, actSn);
  const [item, summary, mayComment, soldOut] = await Promise.all([
    online,
    // Reviews change when a customer writes one: cached only where that write passes through this process; read
    // live elsewhere, once per item for the calls of one turn.
    embeddedReadModel(db, session.projectSn, commentSummaryKey(actSn), () => sharedCommentSummary(db, actSn)),
    canComment(db, session.userId, actSn, session.user),
    online.then(({ a }) => isSoldOut(db, a)),
  ]);
  let bySummary = details.get(item);
  if (!bySummary) details.set(item, (bySummary = new WeakMap()));
  let pair = bySummary.get(summary);
  if (!pair) bySummary.set(summary, (pair = {}));
  const slot = `${mayComment ? 'may' : 'not'}-${soldOut ? 'out' : 'left'}`;
  return (pair[slot] ??= buildDetail(item, summary, mayComment, soldOut));
}

function buildDetail(
  { a, config, pointsPrice }: Awaited<ReturnType<typeof onlineItemWithConfig>>,
  summary: ActivityDetail['commentSummary'],
  mayComment: boolean,
  soldOut: boolean,
): ActivityDetail {
  const x = extrasOf(a);
  const covers = x.courseCovers ?? {};
  const course = (c: { courseSn: string; courseName: string; courseAmount: number }): Course => ({
    ...c,
    courseCover: covers[c.courseSn] ?? null,
  });
  const isCourse = a.actType === 'COURSE';
  return {
    actSn: a.actSn,
    actName: a.actName,
    actType: a.actType as ActivityDetail['actType'],
    cover: a.cover,
    images: x.images?.length ? x.images : [a.cover],
    price: a.price,
    originalPrice: a.originalPrice,
    sales: a.sales,
    summary: x.summary ?? null,
    orderPayType: config.orderPayType,
    installmentNum: config.orderPayType === 3 ? (config.installmentNum ?? null) : null,
    depositAmount: config.orderPayType === 2 ? (config.depositAmount ?? null) : null,
    courseName: isCourse ? a.actName : null,
    courseCover: isCourse ? a.cover : null,
    courseAmount: isCourse ? a.price : null,
    isPackage: config.packages.length > 0,
    packages: config.packages.map((p) => ({
      packageSn: p.packageSn,
      packageName: p.packageName,
      price: p.price,
      courses: p.courses.map(course),
    })),
    giftCourses: config.giftCourses.map(course),
    adultExamination: x.adultExamination ?? null,
    subjectCharge: x.subjectCharge ?? null,
    subjectsNum: x.subjectsNum ?? null,
    refundTags: x.refundTags ?? [],
    holdTypes: x.holdTypes ?? [],
    hasProductIntroduce: Boolean(x.introduce),
    integralPackage: x.integralPackage ?? null,
    pointsPrice,
    commentSummary: summary,
    orderEnabled: !config.disableFlag,
    disabledReason: config.disableFlag ? (config.disableReason ?? null) : null,
    soldOut,
    canComment: mayComment,
    place: x.place ?? null,
    schedule: x.schedule ?? null,
  };
}

/** The detail's attributes; a 包邮 the item's freight does not honour is left out (contract/rules/freight.ts). */
export async function specAttrs(db: Db, projectSn: string, actSn: string) {
  const { a, config } = await onlineItemWithConfig(db, projectSn, actSn);
  const attrs = (extrasOf(a).specAttrs ?? [])
    .map((attr) => ({ ...attr, value: withoutFalseFreeShipping(attr.value.split(' · '), config).join(' · ') }))
    .filter((attr) => attr.value);
  return { attrs };
}

export async function productIntroduce(db: Db, projectSn: string, actSn: string) {
  const a = await findOnline(db, projectSn, actSn);
  // Sanitised here too, with the rule the storefront uses (contract/rules/rich-text.ts, pure), so no client ever
  // receives active content, whatever was stored.
  return { content: sanitizeHtml(extrasOf(a).introduce ?? '') };
}

export async function hotRecommend(db: Db, projectSn: string, actSn: string): Promise<{ list: ActivityCard[] }> {
  await findOnline(db, projectSn, actSn);
  const list = await db
    .select(cardFields)
    .from(activities)
    .where(and(eq(activities.projectSn, projectSn), eq(activities.status, 'ONLINE'), ne(activities.actSn, actSn)))
    .orderBy(desc(activities.sales), activities.actSn)
    .limit(HOT_RECOMMEND_LIMIT);
  return { list };
}

/** The detail route of an item in the H5 storefront (hash routing, §2). */
export function detailRoute(actType: string): string {
  return actType === 'COURSE' ? 'pages/activity/courseDetail' : 'pages/activity/activityDetail';
}

export async function shareInfo(db: Db, projectSn: string, actSn: string, publicBaseUrl: string | null) {
  const a = await findOnline(db, projectSn, actSn);
  const base = publicBaseUrl ?? '';
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${base}${path}`);
  return {
    title: a.actName,
    content: extrasOf(a).summary || a.actName,
    image: absolute(a.cover),
    // The item's public address, answered with its first screen drawn (pages/first-screen-detail.ts); projectSn lets
    // a friend who opens the link enter the right project first.
    link: `${base}${itemSharePath(a.actSn, { projectSn })}`,
  };
}
