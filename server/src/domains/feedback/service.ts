/**
 * Feedback (§1, §7 /front/v1/feedback/submit): a logged-in customer's type, text, images and contact. Images
 * must be files the customer stored through the storage provider in their own directory: a feedback cannot
 * point the operator at someone else's upload or any outside address.
 */
import { and, desc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { FeedbackSubmit, OpsFeedback } from '@contract/feedback';
import { users } from '../user/schema';
import { feedback } from './schema';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { Session } from '../../runtime/sessions';
import { userDir, type StorageProvider } from '../upload/service';
import { newSn } from '../form/service';

export const FEEDBACK_MESSAGES = {
  badImage: '图片不存在或不是您上传的，请重新上传',
  loginFirst: '请先登录后再提交反馈',
  notFound: '反馈不存在',
} as const;

type FeedbackRow = typeof feedback.$inferSelect;

const opsView = (f: FeedbackRow, phone: string | null): OpsFeedback => ({
  feedbackSn: f.feedbackSn,
  userId: f.userId,
  phone,
  feedbackType: f.feedbackType,
  content: f.content,
  images: f.images,
  contact: f.contact,
  createdAt: f.createdAt.toISOString(),
  status: f.status,
  handledAt: f.handledAt?.toISOString() ?? null,
  handledBy: f.handledBy,
  handleNote: f.handleNote,
});

export async function submitFeedback(
  db: Db,
  storage: StorageProvider,
  session: Session,
  body: FeedbackSubmit,
): Promise<{ feedbackSn: string }> {
  const [user] = await db.select().from(users).where(eq(users.userId, session.userId)).limit(1);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, FEEDBACK_MESSAGES.loginFirst);
  const dir = userDir(session.projectSn, session.userId);
  const images: string[] = [];
  for (const url of body.images) {
    const key = await storage.keyOfUrl(url.trim(), dir);
    if (!key) throw badRequest(FEEDBACK_MESSAGES.badImage);
    // Stored as the storage's own URL of the key, whatever origin the client resolved it against.
    images.push(storage.urlOf(key));
  }
  const feedbackSn = newSn('FB');
  await db.insert(feedback).values({
    feedbackSn,
    projectSn: session.projectSn,
    userId: session.userId,
    feedbackType: body.feedbackType,
    content: body.content,
    images,
    contact: body.contact || null,
  });
  return { feedbackSn };
}

export async function listFeedback(db: Db, projectSn: string, status?: FeedbackRow['status']) {
  const rows = await db
    .select({ f: feedback, phone: users.phone })
    .from(feedback)
    .innerJoin(users, eq(users.userId, feedback.userId))
    .where(and(eq(feedback.projectSn, projectSn), status ? eq(feedback.status, status) : undefined))
    .orderBy(desc(feedback.createdAt));
  return rows.map(({ f, phone }) => opsView(f, phone));
}

export async function opsFeedback(db: Db, feedbackSn: string): Promise<OpsFeedback> {
  const [row] = await db
    .select({ f: feedback, phone: users.phone })
    .from(feedback)
    .innerJoin(users, eq(users.userId, feedback.userId))
    .where(eq(feedback.feedbackSn, feedbackSn))
    .limit(1);
  if (!row) throw notFound(FEEDBACK_MESSAGES.notFound);
  return opsView(row.f, row.phone);
}

/**
 * Marks a feedback handled by `actor`, with an optional note; marking it again keeps the first time and operator
 * and only replaces a note that is given.
 */
export async function markFeedbackHandled(
  db: Db,
  feedbackSn: string,
  actor: string,
  note: string,
  now = new Date(),
): Promise<OpsFeedback> {
  const before = await opsFeedback(db, feedbackSn);
  await db
    .update(feedback)
    .set({
      status: 'HANDLED',
      handledAt: before.handledAt ? new Date(before.handledAt) : now,
      handledBy: before.handledBy ?? actor,
      handleNote: note || before.handleNote,
    })
    .where(eq(feedback.feedbackSn, feedbackSn));
  return opsFeedback(db, feedbackSn);
}
