/**
 * The one database schema (drizzle pg-core). drizzle-kit turns it into the committed SQL under migrations/,
 * which runs unchanged on PGlite and PostgreSQL. Money is integer fen; times are timestamptz.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JumpContent, ModuleItem } from '@contract/pages';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const projects = pgTable('projects', {
  projectSn: text('project_sn').primaryKey(),
  name: text('name').notNull(),
  /** One of PROJECT_ENUMS (contract/entrance.ts); picks the storefront theme. */
  projectEnum: text('project_enum').notNull(),
  sceneStyle: text('scene_style'),
  tips: text('tips'),
  /** ONLINE | OFFLINE: an offline project answers the entrance with 4041. */
  status: text('status').notNull().default('ONLINE'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    userId: text('user_id').primaryKey(),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
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

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque token: a leaked table does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull().references(() => users.userId),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Secrets the server makes for itself, once per database, shared by every server process on it
 * (services/server-keys.ts). `visitor_token`: the HMAC key of the visitor sessions that have no row
 * (services/visitor-tokens.ts). Deleting a row makes a new key at the next start, which ends those sessions.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

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

/** Seen request nonces; the primary key refuses a replay. Rows older than the signing window are pruned. */
export const nonces = pgTable(
  'nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('nonces_created_idx').on(t.createdAt)],
);

/** Notices looked up by key (entrance/tips); projectEnum null is the fallback for every project type. */
export const tips = pgTable(
  'tips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enumKey: text('enum_key').notNull(),
    projectEnum: text('project_enum'),
    content: text('content').notNull(),
  },
  (t) => [index('tips_key_idx').on(t.enumKey)],
);

export const pages = pgTable(
  'pages',
  {
    pageSn: text('page_sn').primaryKey(),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
    title: text('title').notNull(),
    /** 0..3 home tabs, 4 the centre; null for custom pages reached by a jump. */
    tabIndex: integer('tab_index'),
    /** Where the tab leads; only meaningful when tabIndex is set. */
    jumpContent: jsonb('jump_content').$type<JumpContent>(),
  },
  (t) => [uniqueIndex('pages_project_tab_uq').on(t.projectSn, t.tabIndex)],
);

export const columns = pgTable('columns', {
  columnSn: text('column_sn').primaryKey(),
  projectSn: text('project_sn').notNull().references(() => projects.projectSn),
  title: text('title').notNull(),
});

export const pageModules = pgTable(
  'page_modules',
  {
    moduleSn: text('module_sn').primaryKey(),
    pageSn: text('page_sn').notNull().references(() => pages.pageSn),
    sort: integer('sort').notNull(),
    /** One of MODULE_TYPES (contract/pages.ts). */
    moduleType: text('module_type').notNull(),
    title: text('title'),
    items: jsonb('items').$type<ModuleItem[]>().notNull().default([]),
    columnSn: text('column_sn').references(() => columns.columnSn),
  },
  (t) => [index('page_modules_page_idx').on(t.pageSn, t.sort)],
);

export const activities = pgTable(
  'activities',
  {
    actSn: text('act_sn').primaryKey(),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
    actName: text('act_name').notNull(),
    /** ACTIVITY | COURSE | GOODS | INTEGRAL */
    actType: text('act_type').notNull(),
    cover: text('cover').notNull(),
    /** Lowest price, fen. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    sales: integer('sales').notNull().default(0),
    /** ONLINE | OFFLINE: offline items are never listed. */
    status: text('status').notNull().default('ONLINE'),
    /** Richer detail-page fields (packages, schedules, introduction) that later issues define. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('activities_project_idx').on(t.projectSn, t.status)],
);

export const columnActivities = pgTable(
  'column_activities',
  {
    columnSn: text('column_sn').notNull().references(() => columns.columnSn),
    actSn: text('act_sn').notNull().references(() => activities.actSn),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.columnSn, t.actSn] }), index('column_activities_sort_idx').on(t.columnSn, t.sort)],
);
