/**
 * From events to sent messages, safe with any number of processes:
 * 1. dispatchEvents: each event not yet dispatched (claimed FOR UPDATE SKIP LOCKED) gets its delivery row, one per
 *    (event, channel), unique: the customer's platform with a granted template (WeChat / Baidu subscribe
 *    message), else SMS when a phone is on file. With NOTIFY_PROVIDER=sandbox the row goes to the sandbox channel,
 *    naming the channel live mode would have used.
 * 2. sendDue: due PENDING rows are claimed (SENDING, attempts + 1) by an update of rows locked with SKIP LOCKED,
 *    so two sweeps never hold the same row; then sent, and marked SENT, or PENDING again after a back-off
 *    (1, 5, 30 minutes), or FAILED (a permanent refusal, or the fourth failure), which is logged as an error.
 *    A WeChat or Baidu refusal falls back to SMS when a phone is on file.
 * A claim older than CLAIM_MS (a process stopped mid-send) is not sent again: whether it went out is unknown, and a
 * money notice twice is worse than none, so it is marked FAILED and reported.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../runtime/database/plugin';
import type { Config } from '../../config';
import { platformIdentities } from '../auth/schema';
import { users } from '../user/schema';
import { NOTICE_KINDS, noticePage, noticeText, wechatValue, type NoticeKind } from './kinds';
import { notificationDeliveries, notificationEvents, notificationGrants } from './schema';
import type { NoticeChannels } from './channels';
import { ChannelError, type ChannelName, type NoticeContent } from './channels/types';
import type { NoticeTemplate } from './settings';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Waits after the 1st, 2nd and 3rd failure; the 4th failure gives up. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** A SENDING claim older than this was abandoned (every request has a 10 s timeout). */
export const CLAIM_MS = 2 * 60_000;

export interface DispatchDeps {
  notify: Config['notify'];
  channels: NoticeChannels;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

const newId = () => `N${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

function templateData(t: NoticeTemplate, params: Record<string, string>, platform: 'wechat' | 'baidu') {
  const data: Record<string, { value: string }> = {};
  for (const [field, variable] of Object.entries(t.fields)) {
    const value = params[variable] || '无';
    data[field] = { value: platform === 'wechat' ? wechatValue(field, value) : value };
  }
  return data;
}

interface Route {
  channel: ChannelName;
  target: string;
  content: NoticeContent;
}

/** The channel an event goes by (see above); null when the customer can be reached by none. */
async function routeOf(
  tx: Tx,
  deps: DispatchDeps,
  event: typeof notificationEvents.$inferSelect,
  exclude: ChannelName[] = [],
): Promise<Route | null> {
  const kind = event.kind as NoticeKind;
  const base: NoticeContent = {
    kind,
    text: noticeText(kind, event.params),
    page: noticePage(kind, event.params),
    params: event.params,
  };
  const sandbox = deps.notify.provider === 'sandbox';
  const live = (channel: ChannelName, target: string, content: NoticeContent): Route =>
    sandbox
      ? {
          channel: 'sandbox',
          target: `${channel}:${target}`,
          content: { ...content, via: channel as NoticeContent['via'] },
        }
      : { channel, target, content };

  for (const [platform, channel] of [
    ['WEAPP', 'wechat'],
    ['SWAN', 'baidu'],
  ] as const) {
    if (exclude.includes(channel)) continue;
    const templates = deps.notify[channel]?.templates;
    if (!templates && !sandbox) continue;
    const template = templates?.[kind];
    // The customer's oldest unused grant of this kind (for the configured template), used by this event only.
    const [grant] = await tx
      .select()
      .from(notificationGrants)
      .where(
        and(
          eq(notificationGrants.userId, event.userId),
          eq(notificationGrants.platform, platform),
          eq(notificationGrants.kind, kind),
          isNull(notificationGrants.usedAt),
          ...(template ? [eq(notificationGrants.templateId, template.templateId)] : []),
        ),
      )
      .orderBy(asc(notificationGrants.grantedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!grant) continue;
    await tx
      .update(notificationGrants)
      .set({ usedAt: new Date(), usedBy: event.eventKey })
      .where(eq(notificationGrants.id, grant.id));
    const t = template ?? { templateId: grant.templateId, fields: {} };
    return live(channel, grant.openid, {
      ...base,
      templateId: t.templateId,
      data: templateData(t, event.params, channel),
      ...(grant.subscribeId ? { subscribeId: grant.subscribeId } : {}),
    });
  }
  if (exclude.includes('sms')) return null;
  const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.userId, event.userId));
  return user?.phone ? live('sms', user.phone, base) : null;
}

async function addDelivery(tx: Tx, eventKey: string, route: Route, now: Date): Promise<void> {
  await tx
    .insert(notificationDeliveries)
    .values({
      id: newId(),
      eventKey,
      channel: route.channel,
      target: route.target,
      content: route.content as unknown as Record<string, unknown>,
      status: 'PENDING',
      nextAt: now,
    })
    .onConflictDoNothing();
}

/** Step 1: the channel of each new event. Returns how many events were dispatched. */
export async function dispatchEvents(db: Db, deps: DispatchDeps, now = new Date(), limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(notificationEvents)
      .where(isNull(notificationEvents.dispatchedAt))
      .orderBy(asc(notificationEvents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const event of due) {
      const known = NOTICE_KINDS.includes(event.kind as NoticeKind);
      const route = known ? await routeOf(tx, deps, event) : null;
      if (route) await addDelivery(tx, event.eventKey, route, now);
      else deps.log.warn({ eventKey: event.eventKey }, 'notice: the customer has no channel (no grant, no phone)');
      await tx
        .update(notificationEvents)
        .set({ dispatchedAt: now })
        .where(eq(notificationEvents.eventKey, event.eventKey));
    }
    return due.length;
  });
}

type DeliveryRow = typeof notificationDeliveries.$inferSelect;

/** Claims due rows for this process: locked rows (another sweep's) are skipped, never waited for. */
async function claimDue(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.status, 'PENDING'), lte(notificationDeliveries.nextAt, now)))
      .orderBy(asc(notificationDeliveries.nextAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notificationDeliveries)
      .set({
        status: 'SENDING',
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        nextAt: new Date(now.getTime() + CLAIM_MS),
        updatedAt: now,
      })
      .where(
        and(
          inArray(
            notificationDeliveries.id,
            due.map((d) => d.id),
          ),
          eq(notificationDeliveries.status, 'PENDING'),
        ),
      )
      .returning();
  });
}

/** Marks a claimed row; only while it is still this claim (SENDING). */
const finish = (db: Db, id: string, set: Partial<DeliveryRow>) =>
  db
    .update(notificationDeliveries)
    .set(set)
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'SENDING')));

/** Step 2: sends what is due. Returns the rows' outcomes (for tests and logs). */
export async function sendDue(
  db: Db,
  deps: DispatchDeps,
  now = new Date(),
  limit = 20,
): Promise<Array<{ id: string; status: 'SENT' | 'PENDING' | 'FAILED' }>> {
  const abandoned = await db
    .update(notificationDeliveries)
    .set({ status: 'FAILED', lastError: '发送中断，结果未知（不再重发）', updatedAt: now })
    .where(and(eq(notificationDeliveries.status, 'SENDING'), lte(notificationDeliveries.nextAt, now)))
    .returning({ id: notificationDeliveries.id, eventKey: notificationDeliveries.eventKey });
  for (const a of abandoned) deps.log.error(a, 'notice abandoned mid-send; not sent again');

  const out: Array<{ id: string; status: 'SENT' | 'PENDING' | 'FAILED' }> = [];
  for (const row of await claimDue(db, now, limit)) {
    const channel = deps.channels[row.channel as ChannelName];
    try {
      if (!channel) throw new ChannelError(`渠道 ${row.channel} 未配置`, false);
      await channel.send(row.target, row.content as unknown as NoticeContent);
      await finish(db, row.id, { status: 'SENT', sentAt: new Date(), lastError: null, updatedAt: new Date() });
      out.push({ id: row.id, status: 'SENT' });
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const permanent = err instanceof ChannelError && err.permanent;
      if (!permanent && row.attempts < MAX_ATTEMPTS) {
        const nextAt = new Date(now.getTime() + BACKOFF_MS[row.attempts - 1]);
        await finish(db, row.id, { status: 'PENDING', lastError: message, nextAt, updatedAt: new Date() });
        out.push({ id: row.id, status: 'PENDING' });
        continue;
      }
      await finish(db, row.id, { status: 'FAILED', lastError: message, updatedAt: new Date() });
      out.push({ id: row.id, status: 'FAILED' });
      deps.log.error(
        { eventKey: row.eventKey, channel: row.channel, attempts: row.attempts, err: message },
        'notice given up',
      );
      if (permanent && (row.channel === 'wechat' || row.channel === 'baidu')) await fallBack(db, deps, row, now);
    }
  }
  return out;
}

/** The platform refused (the customer unsubscribed): SMS instead, when a phone is on file. */
async function fallBack(db: Db, deps: DispatchDeps, row: DeliveryRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(notificationEvents).where(eq(notificationEvents.eventKey, row.eventKey));
    if (!event) return;
    const route = await routeOf(tx, deps, event, ['wechat', 'baidu']);
    if (route) await addDelivery(tx, event.eventKey, route, now);
  });
}

/** The latest deliveries, newest first (the sandbox page). */
export async function latestDeliveries(db: Db, limit = 100) {
  return db
    .select({
      delivery: notificationDeliveries,
      kind: notificationEvents.kind,
      projectSn: notificationEvents.projectSn,
    })
    .from(notificationDeliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.eventKey, notificationDeliveries.eventKey))
    .orderBy(desc(notificationDeliveries.createdAt))
    .limit(limit);
}

/** The customer's openid on a platform (the newest login), for a grant. */
export async function openidOf(db: Db, userId: string, platform: 'WEAPP' | 'SWAN'): Promise<string | null> {
  const [row] = await db
    .select({ openid: platformIdentities.openid })
    .from(platformIdentities)
    .where(and(eq(platformIdentities.userId, userId), eq(platformIdentities.platform, platform)))
    .orderBy(desc(platformIdentities.updatedAt))
    .limit(1);
  return row?.openid ?? null;
}
