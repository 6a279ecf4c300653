/** The feedback tables (drizzle pg-core); money is integer fen, times timestamptz. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../runtime/database/columns';
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
  },
  (t) => [index('feedback_project_idx').on(t.projectSn, t.createdAt)],
);
