/** The wechat tables (drizzle pg-core); money is integer fen, times timestamptz. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The jsapi_ticket per WeChat app, cached until it expires (WeChat limits how often it may be fetched). */
export const wechatTickets = pgTable('wechat_tickets', {
  appId: text('app_id').primaryKey(),
  ticket: text('ticket').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
