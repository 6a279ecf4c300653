/** The user tables (drizzle pg-core); money is integer fen, times timestamptz. */
import type { JumpContent } from '@contract/pages';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';

export const users = pgTable(
  'users',
  {
    userId: text('user_id').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    /** Null for a visitor until phone login gives it one. */
    phone: text('phone'),
    unionId: text('union_id').notNull(),
    nickName: text('nick_name'),
    avatar: text('avatar'),
    createdAt: createdAt(),
  },
  // NULL phones are distinct in PostgreSQL, so any number of visitors fit beside one row per phone.
  (t) => [uniqueIndex('users_project_phone_uq').on(t.projectSn, t.phone)],
);

/** Per project: customer service (§1) and the follow QR page (drainage code). */
export const serviceSettings = pgTable('service_settings', {
  projectSn: text('project_sn')
    .primaryKey()
    .references(() => projects.projectSn),
  phone: text('phone').notNull(),
  hours: text('hours').notNull(),
  /** The WeChat Work contact link, shown as a QR code (/api/text2QrCode), or null. */
  wechatQr: text('wechat_qr'),
  wechatName: text('wechat_name'),
  /** The link the drainage QR code encodes (follow the account / join the group). */
  followLink: text('follow_link'),
  followTitle: text('follow_title'),
  followText: text('follow_text'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A short link (/front/traffic/link/{id}) that resolves to a jump inside the storefront. */
export const trafficLinks = pgTable('traffic_links', {
  linkId: text('link_id').primaryKey(),
  projectSn: text('project_sn')
    .notNull()
    .references(() => projects.projectSn),
  jumpContent: jsonb('jump_content').$type<JumpContent>().notNull(),
  hits: integer('hits').notNull().default(0),
  createdAt: createdAt(),
});
