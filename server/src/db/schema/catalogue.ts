/** Reviews of catalogue items (§7 comment list / publish) and the cached WeChat JS-SDK ticket. */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../schema';

export const activityComments = pgTable(
  'activity_comments',
  {
    commentId: text('comment_id').primaryKey(),
    actSn: text('act_sn')
      .notNull()
      .references(() => activities.actSn),
    /** Null for the demo reviews; a customer's review carries their user id (one review per item). */
    userId: text('user_id'),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar'),
    score: integer('score').notNull(),
    /** Plain text, never HTML. */
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_comments_act_idx').on(t.actSn, t.createdAt), uniqueIndex('activity_comments_user_idx').on(t.actSn, t.userId)],
);

/** The jsapi_ticket per WeChat app, cached until it expires (WeChat limits how often it may be fetched). */
export const wechatTickets = pgTable('wechat_tickets', {
  appId: text('app_id').primaryKey(),
  ticket: text('ticket').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
