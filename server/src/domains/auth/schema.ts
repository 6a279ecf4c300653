/**
 * Platform identities: who a customer is inside WeChat (mini-program, official-account OAuth) and
 * Baidu. An openid is only meaningful with the app that issued it, so the key is (project, platform, appId,
 * openid); the unionid (WeChat open platform) links the same person across a company's WeChat apps. Several
 * identities may point at one user: a customer who logs in on two platforms with the same phone is one customer.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';

/**
 * The current code per phone: one row, replaced by the next send. The row doubles as the send rate limit
 * (an upsert that only succeeds when the previous send is old enough), so the limit holds across processes.
 */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const platformIdentities = pgTable(
  'platform_identities',
  {
    id: text('id').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    platform: text('platform').$type<Platform>().notNull(),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    /** WeChat unionid when the app is bound to an open-platform account; null otherwise (and on Baidu). */
    unionId: text('union_id'),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    /**
     * The mini-program session key of the latest login. Server-side only: it decrypts what the platform
     * encrypts for this user, so it never leaves the server.
     */
    sessionKey: text('session_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_identities_openid_uq').on(t.projectSn, t.platform, t.appId, t.openid),
    index('platform_identities_user_idx').on(t.userId),
    index('platform_identities_union_idx').on(t.projectSn, t.unionId),
  ],
);

/**
 * Login codes already exchanged (hash of platform, appId and code). The primary key refuses a second use
 * before any call to the platform, across every server process; rows older than a day are pruned.
 */
export const usedLoginCodes = pgTable(
  'used_login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('used_login_codes_created_idx').on(t.createdAt)],
);

/** WEAPP: WeChat mini-program; SWAN: Baidu smart program; WECHAT_H5: WeChat official-account OAuth (browser). */
export const PLATFORMS = ['WEAPP', 'SWAN', 'WECHAT_H5'] as const;

export type Platform = (typeof PLATFORMS)[number];
