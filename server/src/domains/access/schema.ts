/**
 * The visitor-access check's manual errors (§2): an operator closes a whole project (maintenance), one storefront
 * page, or one customer (by user id or phone), with the reason the error page shows and an optional end. Lifting a
 * block deletes its row (the audit log keeps what it was).
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';

/** PROJECT: the whole store; PAGE: one storefront path; VISITOR: one customer. */
export const ACCESS_BLOCK_KINDS = ['PROJECT', 'PAGE', 'VISITOR'] as const;
export type AccessBlockKind = (typeof ACCESS_BLOCK_KINDS)[number];

export const accessBlocks = pgTable(
  'access_blocks',
  {
    blockSn: text('block_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    kind: text('kind').$type<AccessBlockKind>().notNull(),
    /** PAGE: the route (pages/index/index); VISITOR: a user id or an 11-digit phone; PROJECT: ''. */
    target: text('target').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** The block lifts itself at this time; null: until an operator lifts it. */
    endsAt: at('ends_at'),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('access_blocks_project_idx').on(t.projectSn)],
);
