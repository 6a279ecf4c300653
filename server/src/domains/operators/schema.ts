/**
 * Operator accounts of the console (/admin) and their sessions, the projects each may see, and the audit log of every
 * change made through /ops. Passwords are argon2id hashes (passwords.ts); sessions keep only a SHA-256 of the token.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '@contract/operators';
import { at, createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';

export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<OperatorRole>().notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** Wrong passwords in a row; the fifth locks the account until locked_until. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: at('locked_until'),
    createdAt: createdAt(),
    lastLoginAt: at('last_login_at'),
  },
  // Usernames are stored lower-case (service.ts), so `Admin` cannot shadow `admin`.
  (t) => [uniqueIndex('operators_username_uq').on(t.username)],
);

/** The projects an operator other than an owner may see (an owner sees every project). */
export const operatorProjects = pgTable(
  'operator_projects',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.projectSn] })],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    /** SHA-256 of the bearer token: a leaked table does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** Slides forward on use (sessions.ts); past it the token is refused. */
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Who changed what through /ops, when, with the record before and after. Rows are only ever added. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    /** Null for a script using OPS_KEY and for a login attempt on an unknown username. */
    operatorId: integer('operator_id').references(() => operators.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    projectSn: text('project_sn'),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.at),
    index('audit_log_project_idx').on(t.projectSn, t.at),
  ],
);
