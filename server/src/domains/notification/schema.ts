/**
 * Notifications (docs/providers.md, Notifications): what a customer hears about their money.
 *
 * - notification_events: one row per event, keyed by a stable key (`paid:<paymentSn>`, ...), written in the
 *   transaction of the money change that raised it; the primary key makes a second copy of the event a no-op.
 * - notification_deliveries: one row per (event, channel), unique on that pair, so however many processes sweep,
 *   one event is sent at most once on each channel. A row is claimed (SENDING) by a conditional update before it is
 *   sent, and records every attempt: status, attempts, the last error, when it was sent.
 * - notification_grants: a customer's one-time subscribe permission for a template (WeChat's accept, Baidu's
 *   subscribe form); each grant carries one message and is used by the first event of its kind.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../runtime/database/columns';

export const notificationEvents = pgTable(
  'notification_events',
  {
    eventKey: text('event_key').primaryKey(),
    /** paid | refundResult | shipped | withdrawalResult | instalmentDue */
    kind: text('kind').notNull(),
    projectSn: text('project_sn').notNull(),
    userId: text('user_id').notNull(),
    /** The message's variables by name (amounts already as text, e.g. ¥12.00). */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    /** Set once its deliveries are written (the channel chosen); null: the sweep still has to. */
    dispatchedAt: at('dispatched_at'),
  },
  (t) => [index('notification_events_undispatched_idx').on(t.dispatchedAt, t.createdAt)],
);

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: text('id').primaryKey(),
    eventKey: text('event_key')
      .notNull()
      .references(() => notificationEvents.eventKey),
    /** sandbox | wechat | baidu | sms */
    channel: text('channel').notNull(),
    /** The openid (wechat, baidu), the phone (sms), or what the live channel would have used (sandbox). */
    target: text('target').notNull(),
    /** What is sent: template id and data (wechat, baidu), kind and params (sms), the text every channel shows. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** PENDING | SENDING | SENT | FAILED */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a PENDING row may be tried (again); when a SENDING claim counts as abandoned. */
    nextAt: at('next_at').notNull(),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_event_channel_uq').on(t.eventKey, t.channel),
    index('notification_deliveries_due_idx').on(t.status, t.nextAt),
  ],
);

export const notificationGrants = pgTable(
  'notification_grants',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** WEAPP | SWAN */
    platform: text('platform').notNull(),
    openid: text('openid').notNull(),
    kind: text('kind').notNull(),
    templateId: text('template_id').notNull(),
    /** Baidu's subscribe-id of the form that granted it; null on WeChat. */
    subscribeId: text('subscribe_id'),
    grantedAt: createdAt(),
    usedAt: at('used_at'),
    usedBy: text('used_by'),
  },
  (t) => [index('notification_grants_open_idx').on(t.userId, t.kind, t.usedAt)],
);
