/**
 * The user area's tables: collect forms and their submissions, feedback, each project's customer
 * service and follow (drainage) settings, and traffic links.
 */
import type { FieldKeyName } from '@contract/rules/fields';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';

export const forms = pgTable(
  'forms',
  {
    formSn: text('form_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    title: text('title').notNull(),
    description: text('description'),
    fields: jsonb('fields').$type<StoredFormField[]>().notNull(),
    phoneCheck: boolean('phone_check').notNull().default(false),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    successText: text('success_text'),
    /** ONLINE | OFFLINE */
    status: text('status').notNull().default('ONLINE'),
    createdAt: createdAt(),
  },
  (t) => [index('forms_project_idx').on(t.projectSn)],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    submissionSn: text('submission_sn').primaryKey(),
    formSn: text('form_sn')
      .notNull()
      .references(() => forms.formSn),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    /** The userId when the form takes one submission per customer, else null: the unique index enforces it. */
    onceKey: text('once_key'),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** The phone confirmed by an SMS code (forms with a phone check). */
    checkedPhone: text('checked_phone'),
    sourceType: text('source_type'),
    targetSn: text('target_sn'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('form_submissions_once_uq').on(t.formSn, t.onceKey),
    index('form_submissions_form_idx').on(t.formSn, t.createdAt),
  ],
);

/** A form field as stored; the input type, placeholder and limits are derived from keyName (§5). */
export interface StoredFormField {
  nKey: string;
  keyName: FieldKeyName;
  label: string;
  placeholder: string | null;
  required: boolean;
  multiline: boolean;
  idCardType: 'IDCARD' | 'IDCARD_OUT' | null;
}
