/** The feedback tables (drizzle pg-core); money is integer fen, times timestamptz. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';

export const feedback = pgTable(
  'feedback',
  {
    feedbackSn: text('feedback_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    feedbackType: text('feedback_type').notNull(),
    content: text('content').notNull(),
    /** Public URLs of images stored through the storage provider (checked to be the customer's own). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: text('contact'),
    createdAt: createdAt(),
    /** PENDING until an operator marks it HANDLED (with an optional note the customer never sees). */
    status: text('status').$type<'PENDING' | 'HANDLED'>().notNull().default('PENDING'),
    handledAt: at('handled_at'),
    /** The operator's username (or OPS_KEY) who marked it. */
    handledBy: text('handled_by'),
    handleNote: text('handle_note'),
  },
  (t) => [index('feedback_project_idx').on(t.projectSn, t.createdAt)],
);
