/** The pages tables (drizzle pg-core); money is integer fen, times timestamptz. */
import type { JumpContent, ModuleItem } from '@contract/pages';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from '../entrance/schema';

export const pages = pgTable(
  'pages',
  {
    pageSn: text('page_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
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
  projectSn: text('project_sn')
    .notNull()
    .references(() => projects.projectSn),
  title: text('title').notNull(),
});

export const pageModules = pgTable(
  'page_modules',
  {
    moduleSn: text('module_sn').primaryKey(),
    pageSn: text('page_sn')
      .notNull()
      .references(() => pages.pageSn),
    sort: integer('sort').notNull(),
    /** One of MODULE_TYPES (contract/pages.ts). */
    moduleType: text('module_type').notNull(),
    title: text('title'),
    items: jsonb('items').$type<ModuleItem[]>().notNull().default([]),
    columnSn: text('column_sn').references(() => columns.columnSn),
  },
  (t) => [index('page_modules_page_idx').on(t.pageSn, t.sort)],
);
