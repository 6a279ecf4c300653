/** The entrance tables (drizzle pg-core); money is integer fen, times timestamptz. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../runtime/database/columns';

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
