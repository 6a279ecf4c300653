/**
 * The runtime's own tables: sessions, server keys, nonces and rate-limit windows. Every feature keeps its tables
 * beside its service in domains/<feature>/schema.ts; drizzle-kit reads them all (server/drizzle.config.ts) and writes
 * the committed SQL under migrations/, which runs unchanged on PGlite and PostgreSQL. Money is integer fen; times
 * are timestamptz.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from '../../domains/entrance/schema';
import { users } from '../../domains/user/schema';
import { createdAt } from './columns';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque token: a leaked table does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Secrets the server makes for itself, once per database, shared by every server process on it
 * (runtime/server-keys.ts). `visitor_token`: the HMAC key of the visitor sessions that have no row
 * (domains/entrance/visitor-tokens.ts). Deleting a row makes a new key at the next start, which ends those sessions.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** Seen request nonces; the primary key refuses a replay. Rows older than the signing window are pruned. */
export const nonces = pgTable(
  'nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('nonces_created_idx').on(t.createdAt)],
);

/**
 * Rate-limit windows shared by every server process on PostgreSQL (runtime/limiter.ts: DatabaseLimiter): one row
 * per key, counted by an upsert. Rows whose window has ended are pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
