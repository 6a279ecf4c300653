/**
 * Catalogue details (§3 course / activity item): the item, its display extras (activities.detail), its ordering
 * facts from order_configs, reviews and recommendations. Only ONLINE items of the session's project are found.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { ActivityDetail, Comment } from '../../../contract/activity';
import type { Paged } from '../../../contract/common';
import type { ActivityCard } from '../../../contract/pages';
import { sanitizeHtml } from '../../../src/domain/rich-text';
import { activities, users } from '../db/schema';
import { activityComments } from '../db/schema/catalogue';
import { PURCHASED_STATUSES, orders } from '../db/schema/orders';
import type { DetailExtras } from '../db/seed/catalogue-details';
import { AppError, badRequest, notFound } from '../http';
import type { Db } from '../plugins/db';
import { ERROR_CODES } from '../../../contract/common';
import { loadConfig } from './order-confirm';

export const ACTIVITY_MESSAGES = {
  notFound: '活动不存在或已下架',
  notBought: '购买后才能评价',
  reviewed: '您已评价过该商品',
  badImage: '评价图片地址不正确',
} as const;

type Activity = typeof activities.$inferSelect;

export async function findOnline(db: Db, projectSn: string, actSn: string): Promise<Activity> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, projectSn), eq(activities.status, 'ONLINE')))
    .limit(1);
  if (!row) throw notFound(ACTIVITY_MESSAGES.notFound);
  return row;
}

const extrasOf = (a: Activity) => (a.detail ?? {}) as Partial<DetailExtras>;

function toComment(r: typeof activityComments.$inferSelect): Comment {
  return { commentId: r.commentId, nickName: r.nickName, avatar: r.avatar, score: r.score, content: r.content, images: r.images, createdAt: r.createdAt.toISOString() };
}

async function hasBought(db: Db, userId: string, actSn: string): Promise<boolean> {
  const [row] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.actSn, actSn), inArray(orders.status, [...PURCHASED_STATUSES])))
    .limit(1);
  return Boolean(row);
}

async function hasReviewed(db: Db, userId: string, actSn: string): Promise<boolean> {
  const [row] = await db
    .select({ id: activityComments.commentId })
    .from(activityComments)
    .where(and(eq(activityComments.actSn, actSn), eq(activityComments.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function activityDetail(db: Db, session: { projectSn: string; userId: string }, actSn: string): Promise<ActivityDetail> {
  const a = await findOnline(db, session.projectSn, actSn);
  const x = extrasOf(a);
  const config = await loadConfig(db, a.actSn);
  const [[{ total }], [{ good }], latest, bought] = await Promise.all([
    db.select({ total: count() }).from(activityComments).where(eq(activityComments.actSn, a.actSn)),
    db.select({ good: count() }).from(activityComments).where(and(eq(activityComments.actSn, a.actSn), gte(activityComments.score, 4))),
    db.select().from(activityComments).where(eq(activityComments.actSn, a.actSn)).orderBy(desc(activityComments.createdAt)).limit(3),
    hasBought(db, session.userId, a.actSn),
  ]);
  const canComment = bought && !(await hasReviewed(db, session.userId, a.actSn));
  const isCourse = a.actType === 'COURSE';
  return {
    actSn: a.actSn,
    actName: a.actName,
    actType: a.actType as ActivityDetail['actType'],
    cover: a.cover,
    images: x.images ?? [a.cover],
    price: a.price,
    originalPrice: a.originalPrice,
    sales: a.sales,
    summary: x.summary ?? null,
    orderPayType: config.orderPayType,
    installmentNum: config.orderPayType === 3 ? config.installmentNum ?? null : null,
    depositAmount: config.orderPayType === 2 ? config.depositAmount ?? null : null,
    courseName: isCourse ? a.actName : null,
    courseCover: isCourse ? a.cover : null,
    courseAmount: isCourse ? a.price : null,
    isPackage: config.packages.length > 0,
    packages: config.packages.map((p) => ({
      packageSn: p.packageSn,
      packageName: p.packageName,
      price: p.price,
      courses: p.courses.map((c) => ({ ...c, courseCover: null })),
    })),
    giftCourses: config.giftCourses.map((c) => ({ ...c, courseCover: null })),
    adultExamination: x.adultExamination ?? null,
    subjectCharge: x.subjectCharge ?? null,
    subjectsNum: x.subjectsNum ?? null,
    refundTags: x.refundTags ?? [],
    holdTypes: x.holdTypes ?? [],
    hasProductIntroduce: Boolean(x.introduce),
    integralPackage: x.integralPackage ?? null,
    commentSummary: { total, goodRate: total ? Math.round((good / total) * 100) : 0, latest: latest.map(toComment) },
    orderEnabled: !config.disableFlag,
    disabledReason: config.disableFlag ? config.disableReason : null,
    canComment,
  };
}

export async function specAttrs(db: Db, projectSn: string, actSn: string) {
  const a = await findOnline(db, projectSn, actSn);
  return { attrs: extrasOf(a).specAttrs ?? [] };
}

export async function productIntroduce(db: Db, projectSn: string, actSn: string) {
  const a = await findOnline(db, projectSn, actSn);
  // Sanitised here too, with the storefront's own rule, so no client ever receives active content.
  return { content: sanitizeHtml(extrasOf(a).introduce ?? '') };
}

export async function hotRecommend(db: Db, projectSn: string, actSn: string): Promise<{ list: ActivityCard[] }> {
  await findOnline(db, projectSn, actSn);
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.projectSn, projectSn), eq(activities.status, 'ONLINE'), ne(activities.actSn, actSn)))
    .orderBy(desc(activities.sales))
    .limit(6);
  return {
    list: rows.map((r) => ({ actSn: r.actSn, actName: r.actName, cover: r.cover, actType: r.actType, price: r.price, originalPrice: r.originalPrice, tags: r.tags, sales: r.sales })),
  };
}

export async function shareInfo(db: Db, projectSn: string, actSn: string, publicBaseUrl: string | null) {
  const a = await findOnline(db, projectSn, actSn);
  const route = a.actType === 'COURSE' ? 'pages/activity/courseDetail' : 'pages/activity/activityDetail';
  const base = publicBaseUrl ?? '';
  return {
    title: a.actName,
    content: extrasOf(a).summary ?? a.actName,
    image: `${base}${a.cover}`,
    link: `${base}/#/${route}?actSn=${encodeURIComponent(a.actSn)}&projectSn=${encodeURIComponent(projectSn)}`,
  };
}

export async function listComments(db: Db, projectSn: string, actSn: string, page: number, perSize: number): Promise<Paged<Comment>> {
  await findOnline(db, projectSn, actSn);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(activityComments)
      .where(eq(activityComments.actSn, actSn))
      .orderBy(desc(activityComments.createdAt), desc(activityComments.commentId))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db.select({ total: count() }).from(activityComments).where(eq(activityComments.actSn, actSn)),
  ]);
  return { list: rows.map(toComment), total, page, perSize };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const SAFE_IMAGE = /^(\/static\/[\w./-]+|https:\/\/[^\s"'<>]+)$/;

export async function publishComment(
  db: Db,
  session: { projectSn: string; userId: string },
  input: { actSn: string; score: number; content: string; images: string[] },
): Promise<{ commentId: string }> {
  await findOnline(db, session.projectSn, input.actSn);
  if (input.images.some((src) => !SAFE_IMAGE.test(src) || src.includes('..'))) throw badRequest(ACTIVITY_MESSAGES.badImage);
  if (!(await hasBought(db, session.userId, input.actSn))) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, ACTIVITY_MESSAGES.notBought);
  const content = input.content.replace(CONTROL, '').trim();
  if (!content) throw badRequest('请输入评价内容');
  const commentId = randomUUID();
  // Reviews show who wrote them without giving the number away: 138****8000.
  const [user] = await db.select({ phone: users.phone, nickName: users.nickName }).from(users).where(eq(users.userId, session.userId)).limit(1);
  const phone = user?.phone ?? '';
  const nickName = user?.nickName || (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '买家');
  const inserted = await db
    .insert(activityComments)
    .values({ commentId, actSn: input.actSn, userId: session.userId, nickName, avatar: null, score: input.score, content, images: input.images })
    .onConflictDoNothing()
    .returning({ commentId: activityComments.commentId });
  if (!inserted.length) throw new AppError(409, ERROR_CODES.ORDER_STATE, ACTIVITY_MESSAGES.reviewed);
  return { commentId };
}
