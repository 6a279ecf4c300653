/**
 * Reviews of catalogue items (§7 comment list / publish). Only a customer who bought the item (an order in
 * PURCHASED_STATUSES) may review it, once; the text is stored as plain text (never HTML) without control
 * characters, and pictures must be our own /static/ paths or https addresses.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Comment } from '@contract/activity';
import { ERROR_CODES, type Paged } from '@contract/common';
import { users } from '../user/schema';
import { activityComments } from './schema';
import { PURCHASED_STATUSES, orders } from '../order/schema';
import { AppError, badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { findOnline } from './items';
import { maskPhone } from '@contract/rules/fields';
import { prepareSql, preparedStatement } from '../../runtime/database/prepared';
import { forgetReadModel } from '../../runtime/read-cache';
import { groupPerTurn } from '../../runtime/turn-group';

export const COMMENT_MESSAGES = {
  notBought: '购买后才能评价',
  reviewed: '您已评价过该商品',
  badImage: '评价图片地址不正确',
  empty: '请输入评价内容',
} as const;

/** How many of the newest reviews the detail carries. */
export const LATEST_COMMENTS = 3;
/** Scores from this up count as good reviews (好评率). */
const GOOD_SCORE = 4;

type CommentRow = typeof activityComments.$inferSelect;

function toComment(r: CommentRow): Comment {
  return {
    commentId: r.commentId,
    nickName: r.nickName,
    avatar: r.avatar,
    score: r.score,
    content: r.content,
    images: r.images,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
  };
}

/**
 * Review text as stored: line breaks normalised, C0/C1 control characters (tab and newline kept) and the
 * bidirectional overrides that could make a review display as something else removed, then trimmed.
 */
export function cleanCommentText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
      .trim()
  );
}

const STATIC_PATH = /^\/static\/[\w\-./]+$/;

/** A review picture: a file under our /static/ (no climbing out of it) or an https address, nothing else. */
export function isAllowedCommentImage(src: string): boolean {
  if (STATIC_PATH.test(src))
    return !src.split('/').some((part) => part === '..' || part === '.') && !src.includes('//');
  if (!/^https:\/\/[^\s"'<>\\`]+$/i.test(src)) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

async function hasBought(db: Db, userId: string, actSn: string): Promise<boolean> {
  const [row] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.actSn, actSn), inArray(orders.status, [...PURCHASED_STATUSES])))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether `userId` may review the item now: bought it and not reviewed it yet (one query). `user` is the caller's row
 * when the
 * session brought it; without it the query alone answers.
 */
export async function canComment(
  db: Db,
  userId: string,
  actSn: string,
  user?: { phone: string | null } | null,
): Promise<boolean> {
  // A visitor is answered without a query: a user without a phone has no orders, since every path that creates one
  // asks for a customer with a phone (runtime/customer.ts).
  if (user !== undefined && !user?.phone) return false;
  const { rows } = await mayComment(db).execute({ userId, actSn });
  return rows[0]?.may === true;
}

// Speed: the detail's review statements run on every detail call on PostgreSQL (there the summary is read live),
// so they are built once per database and parsed once per pooled connection (runtime/database/prepared.ts).
const mayComment = preparedStatement((db) => {
  const bought = db
    .select({ one: sql`1` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.actSn, sql.placeholder('actSn')),
        inArray(orders.status, [...PURCHASED_STATUSES]),
      ),
    );
  const reviewed = db
    .select({ one: sql`1` })
    .from(activityComments)
    .where(
      and(eq(activityComments.actSn, sql.placeholder('actSn')), eq(activityComments.userId, sql.placeholder('userId'))),
    );
  return prepareSql<{ may: boolean }>(
    db,
    'comment_may',
    sql`select (exists (${bought}) and not exists (${reviewed})) as may`,
  );
});
/** The item's reviews the storefront shows: an operator's hidden ones are neither listed nor counted. */
const shownOf = (actSn: string | Placeholder) =>
  and(eq(activityComments.actSn, actSn), eq(activityComments.hidden, false));

const summaryCounts = preparedStatement((db) =>
  db
    .select({
      total: count(),
      good: sql<number>`count(*) filter (where ${activityComments.score} >= ${GOOD_SCORE})`.mapWith(Number),
    })
    .from(activityComments)
    .where(shownOf(sql.placeholder('actSn')))
    .prepare('comment_summary_counts'),
);
const summaryLatest = preparedStatement((db) =>
  db
    .select()
    .from(activityComments)
    .where(shownOf(sql.placeholder('actSn')))
    .orderBy(desc(activityComments.createdAt), desc(activityComments.commentId))
    .limit(LATEST_COMMENTS)
    .prepare('comment_summary_latest'),
);

/** The read-model key of an item's review summary (runtime/read-cache.ts: embeddedReadModel). */
export const commentSummaryKey = (actSn: string) => `comments:${actSn}`;

/** The detail's review block: count, share of good reviews in percent, the newest few. */
export async function commentSummary(
  db: Db,
  actSn: string,
): Promise<{ total: number; goodRate: number; latest: Comment[] }> {
  const [[counts], latest] = await Promise.all([
    summaryCounts(db).execute({ actSn }),
    summaryLatest(db).execute({ actSn }),
  ]);
  const { total, good } = counts;
  return { total, goodRate: total ? Math.round((good / total) * 100) : 0, latest: latest.map(toComment) };
}

type Summary = Awaited<ReturnType<typeof commentSummary>>;
const summaryReaders = new WeakMap<Db, (actSn: string) => Promise<Summary>>();

/**
 * commentSummary, shared by the calls for the same item that reach it in one turn of the event loop (on
 * PostgreSQL the summary is read live on every detail call, since another instance may have written a review).
 * Every call of a group arrived before its read is sent, so none sees older reviews than a read of its own would;
 * the callers get the same object and must not change it (the detail is built from it, activity.ts).
 */
export function sharedCommentSummary(db: Db, actSn: string): Promise<Summary> {
  let read = summaryReaders.get(db);
  if (!read) {
    read = groupPerTurn(async (actSns: string[]) => {
      const unique = [...new Set(actSns)];
      const byItem = new Map(await Promise.all(unique.map(async (sn) => [sn, await commentSummary(db, sn)] as const)));
      return actSns.map((sn) => byItem.get(sn) as Summary);
    });
    summaryReaders.set(db, read);
  }
  return read(actSn);
}

export async function listComments(
  db: Db,
  projectSn: string,
  actSn: string,
  page: number,
  perSize: number,
): Promise<Paged<Comment>> {
  await findOnline(db, projectSn, actSn);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(activityComments)
      .where(shownOf(actSn))
      .orderBy(desc(activityComments.createdAt), desc(activityComments.commentId))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db.select({ total: count() }).from(activityComments).where(shownOf(actSn)),
  ]);
  return { list: rows.map(toComment), total, page, perSize };
}

/** 13800138000 -> 138****8000: who wrote it, without giving the number away. */
export function maskedName(user: { phone: string | null; nickName: string | null } | undefined): string {
  if (user?.nickName) return user.nickName;
  const phone = user?.phone ?? '';
  return phone.length === 11 ? maskPhone(phone) : '买家';
}

export async function publishComment(
  db: Db,
  session: { projectSn: string; userId: string },
  input: { actSn: string; score: number; content: string; images: string[] },
): Promise<{ commentId: string }> {
  await findOnline(db, session.projectSn, input.actSn);
  if (!input.images.every(isAllowedCommentImage)) throw badRequest(COMMENT_MESSAGES.badImage);
  const content = cleanCommentText(input.content);
  if (!content) throw badRequest(COMMENT_MESSAGES.empty);
  if (!(await hasBought(db, session.userId, input.actSn)))
    throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, COMMENT_MESSAGES.notBought);
  const [user] = await db
    .select({ phone: users.phone, nickName: users.nickName, avatar: users.avatar })
    .from(users)
    .where(eq(users.userId, session.userId))
    .limit(1);
  const commentId = randomUUID();
  // The unique index on (act_sn, user_id) decides a double tap or two concurrent publishes: one row, one 409.
  const inserted = await db
    .insert(activityComments)
    .values({
      commentId,
      actSn: input.actSn,
      userId: session.userId,
      nickName: maskedName(user),
      avatar: user?.avatar ?? null,
      score: input.score,
      content,
      images: input.images,
    })
    .onConflictDoNothing()
    .returning({ commentId: activityComments.commentId });
  if (!inserted.length) throw new AppError(409, ERROR_CODES.ORDER_STATE, COMMENT_MESSAGES.reviewed);
  // The detail's review summary is cached on the embedded database: the new review is seen on the next call.
  forgetReadModel(db, session.projectSn, commentSummaryKey(input.actSn));
  return { commentId };
}
