/**
 * The user area's tables (issue 12): collect forms and their submissions, feedback, each project's customer
 * service and follow (drainage) settings, and traffic links.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FieldKeyName } from '@contract/rules/fields';
import type { JumpContent } from '@contract/pages';
import { projects, users } from '../schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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

export const forms = pgTable(
  'forms',
  {
    formSn: text('form_sn').primaryKey(),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
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
    formSn: text('form_sn').notNull().references(() => forms.formSn),
    userId: text('user_id').notNull().references(() => users.userId),
    /** The userId when the form takes one submission per customer, else null: the unique index enforces it. */
    onceKey: text('once_key'),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** The phone confirmed by an SMS code (forms with a phone check). */
    checkedPhone: text('checked_phone'),
    sourceType: text('source_type'),
    targetSn: text('target_sn'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('form_submissions_once_uq').on(t.formSn, t.onceKey), index('form_submissions_form_idx').on(t.formSn, t.createdAt)],
);

export const feedback = pgTable(
  'feedback',
  {
    feedbackSn: text('feedback_sn').primaryKey(),
    projectSn: text('project_sn').notNull().references(() => projects.projectSn),
    userId: text('user_id').notNull().references(() => users.userId),
    feedbackType: text('feedback_type').notNull(),
    content: text('content').notNull(),
    /** Public URLs of images stored through the storage provider (checked to be the customer's own). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: text('contact'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_project_idx').on(t.projectSn, t.createdAt)],
);

/** Per project: customer service (§1) and the follow QR page (drainage code). */
export const serviceSettings = pgTable('service_settings', {
  projectSn: text('project_sn')
    .primaryKey()
    .references(() => projects.projectSn),
  phone: text('phone').notNull(),
  hours: text('hours').notNull(),
  /** The WeChat Work contact link, shown as a QR code (/api/text2QrCode), or null. */
  wechatQr: text('wechat_qr'),
  wechatName: text('wechat_name'),
  /** The link the drainage QR code encodes (follow the account / join the group). */
  followLink: text('follow_link'),
  followTitle: text('follow_title'),
  followText: text('follow_text'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A short link (/front/traffic/link/{id}) that resolves to a jump inside the storefront. */
export const trafficLinks = pgTable('traffic_links', {
  linkId: text('link_id').primaryKey(),
  projectSn: text('project_sn')
    .notNull()
    .references(() => projects.projectSn),
  jumpContent: jsonb('jump_content').$type<JumpContent>().notNull(),
  hits: integer('hits').notNull().default(0),
  createdAt: createdAt(),
});
