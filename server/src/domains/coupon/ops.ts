/**
 * The operator side of coupons and cards (DESIGN.md §4 operator side): create templates, claim activities and
 * card batches, and read how much of each is used. Card codes are generated here and leave the server once,
 * in the answer that creates them; only their HMAC is stored.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MARKETING_MESSAGES as M,
  TEMPLATE_STATUS,
  type opsClaimBody,
  type opsClaimSchema,
  type OpsClaimUpdate,
  type opsTemplateSchema,
  type OpsTemplateInput,
  type OpsTemplateUpdate,
} from '@contract/coupon-ops';
import { validityProblem } from '@contract/rules/coupon-validity';
import { activities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { claimActivities, claimItems } from './schema';
import { couponTemplates, userCoupons } from './schema';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { newSn } from './claims';

/** The storefront route of the claim page (src/domain/routes.ts ROUTES.getCouponActive). */
export const CLAIM_ROUTE = 'subpackages/activity/getCouponActive/getCouponActive';

/** What a printed QR code holds: the H5 claim page of this activity in its project (absolute with PUBLIC_BASE_URL). */
export function claimUrl(baseUrl: string | undefined, projectSn: string, actSn: string): string {
  return `${baseUrl ?? ''}/#/${CLAIM_ROUTE}?actSn=${encodeURIComponent(actSn)}&projectSn=${encodeURIComponent(projectSn)}`;
}

/** The printable URL of one claim activity, or null when there is none. */
export async function claimActivityUrl(db: Db, actSn: string, baseUrl?: string): Promise<string | null> {
  const [a] = await db
    .select({ projectSn: claimActivities.projectSn })
    .from(claimActivities)
    .where(eq(claimActivities.actSn, actSn))
    .limit(1);
  return a ? claimUrl(baseUrl, a.projectSn, actSn) : null;
}

export async function requireProject(db: Db, projectSn: string): Promise<void> {
  const [p] = await db
    .select({ projectSn: projects.projectSn })
    .from(projects)
    .where(eq(projects.projectSn, projectSn))
    .limit(1);
  if (!p) throw badRequest(`项目不存在：${projectSn}`);
}

export async function requireTemplates(
  db: Db,
  projectSn: string,
  couponSns: string[],
): Promise<Map<string, typeof couponTemplates.$inferSelect>> {
  if (!couponSns.length) return new Map();
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(and(inArray(couponTemplates.couponSn, couponSns), eq(couponTemplates.projectSn, projectSn)));
  const found = new Map(rows.map((t) => [t.couponSn, t]));
  const missing = couponSns.filter((sn) => !found.has(sn));
  if (missing.length) throw badRequest(`优惠券模板不存在或不属于该项目：${missing.join(', ')}`);
  const ended = rows.filter((t) => t.status === TEMPLATE_STATUS.ENDED).map((t) => t.couponName);
  if (ended.length) throw badRequest(`优惠券已结束，不能再发放：${ended.join('、')}`);
  return found;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function checkTemplateTerms(db: Db, projectSn: string, input: OpsTemplateUpdate) {
  const problem = validityProblem(input);
  if (problem) throw badRequest(problem);
  if (input.scopeActSns.length) {
    const acts = await db
      .select({ actSn: activities.actSn })
      .from(activities)
      .where(and(inArray(activities.actSn, input.scopeActSns), eq(activities.projectSn, projectSn)));
    if (acts.length !== new Set(input.scopeActSns).size) throw badRequest('适用商品不存在或不属于该项目');
  }
}

export async function createTemplate(db: Db, input: OpsTemplateInput) {
  await requireProject(db, input.projectSn);
  await checkTemplateTerms(db, input.projectSn, input);
  const [t] = await db
    .insert(couponTemplates)
    .values({
      couponSn: newSn('cp'),
      projectSn: input.projectSn,
      couponName: input.couponName,
      couponType: input.couponType,
      couponAmount: input.couponAmount,
      threshold: input.threshold,
      upperLimit: input.upperLimit,
      scopeActSns: input.scopeActSns,
      scopeText: input.scopeText || (input.scopeActSns.length ? '指定商品可用' : '全部商品可用'),
      validityType: input.validityType,
      validityDays: input.validityDays,
      validStart: input.validStart ? new Date(input.validStart) : null,
      validEnd: input.validEnd ? new Date(input.validEnd) : null,
      instructions: input.instructions,
      useUrl: input.useUrl,
    })
    .returning();
  return (await listTemplates(db, input.projectSn)).find((x) => x.couponSn === t.couponSn)!;
}

export async function listTemplates(db: Db, projectSn: string): Promise<z.infer<typeof opsTemplateSchema>[]> {
  const templates = await db
    .select()
    .from(couponTemplates)
    .where(eq(couponTemplates.projectSn, projectSn))
    .orderBy(asc(couponTemplates.couponSn));
  const usage = await db
    .select({
      couponSn: userCoupons.couponSn,
      issued: count(),
      used: sql<number>`count(*) filter (where ${userCoupons.state} = 2)`.mapWith(Number),
    })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.couponSn, userCoupons.couponSn))
    .where(eq(couponTemplates.projectSn, projectSn))
    .groupBy(userCoupons.couponSn);
  const by = new Map(usage.map((u) => [u.couponSn, u]));
  return templates.map((t) => ({
    couponSn: t.couponSn,
    projectSn: t.projectSn,
    couponName: t.couponName,
    couponType: t.couponType,
    couponAmount: t.couponAmount,
    threshold: t.threshold,
    upperLimit: t.upperLimit,
    scopeText: t.scopeText,
    scopeActSns: t.scopeActSns,
    validityType: t.validityType,
    validityDays: t.validityDays,
    validStart: iso(t.validStart),
    validEnd: iso(t.validEnd),
    instructions: t.instructions,
    useUrl: t.useUrl,
    status: t.status,
    issued: by.get(t.couponSn)?.issued ?? 0,
    used: by.get(t.couponSn)?.used ?? 0,
  }));
}

export async function createClaimActivity(db: Db, input: z.infer<typeof opsClaimBody>, baseUrl?: string) {
  await requireProject(db, input.projectSn);
  if (input.startAt && input.endAt && new Date(input.endAt) <= new Date(input.startAt))
    throw badRequest('结束时间须晚于开始时间');
  await requireTemplates(
    db,
    input.projectSn,
    input.items.map((i) => i.couponSn),
  );
  const actSn = newSn('ca');
  await db.transaction(async (tx) => {
    await tx.insert(claimActivities).values({
      actSn,
      projectSn: input.projectSn,
      title: input.title,
      description: input.description,
      startAt: input.startAt ? new Date(input.startAt) : null,
      endAt: input.endAt ? new Date(input.endAt) : null,
    });
    await tx.insert(claimItems).values(
      input.items.map((it, i) => ({
        itemId: newSn('ci'),
        actSn,
        couponSn: it.couponSn,
        stock: it.stock,
        perPerson: it.perPerson,
        sort: i + 1,
      })),
    );
  });
  return (await listClaimActivities(db, input.projectSn, baseUrl)).find((a) => a.actSn === actSn)!;
}

export async function listClaimActivities(
  db: Db,
  projectSn: string,
  baseUrl?: string,
): Promise<z.infer<typeof opsClaimSchema>[]> {
  const acts = await db
    .select()
    .from(claimActivities)
    .where(eq(claimActivities.projectSn, projectSn))
    .orderBy(asc(claimActivities.createdAt), asc(claimActivities.actSn));
  if (!acts.length) return [];
  const items = await db
    .select({ item: claimItems, couponName: couponTemplates.couponName })
    .from(claimItems)
    .innerJoin(couponTemplates, eq(couponTemplates.couponSn, claimItems.couponSn))
    .where(
      inArray(
        claimItems.actSn,
        acts.map((a) => a.actSn),
      ),
    )
    .orderBy(asc(claimItems.sort));
  return acts.map((a) => ({
    actSn: a.actSn,
    projectSn: a.projectSn,
    title: a.title,
    description: a.description,
    status: a.status,
    startAt: iso(a.startAt),
    endAt: iso(a.endAt),
    claimUrl: claimUrl(baseUrl, a.projectSn, a.actSn),
    items: items
      .filter((r) => r.item.actSn === a.actSn)
      .map((r) => ({
        itemId: r.item.itemId,
        couponSn: r.item.couponSn,
        couponName: r.couponName,
        stock: r.item.stock,
        claimed: r.item.claimed,
        perPerson: r.item.perPerson,
      })),
  }));
}

type TemplateView = z.infer<typeof opsTemplateSchema>;

async function templateView(db: Db, couponSn: string): Promise<TemplateView> {
  const [t] = await db
    .select({ projectSn: couponTemplates.projectSn })
    .from(couponTemplates)
    .where(eq(couponTemplates.couponSn, couponSn))
    .limit(1);
  const view = t && (await listTemplates(db, t.projectSn)).find((x) => x.couponSn === couponSn);
  if (!view) throw notFound(M.templateNotFound);
  return view;
}

/** The terms a held copy was computed from: once copies were given out, these stay as they were. */
const TERMS = [
  'couponType',
  'couponAmount',
  'threshold',
  'upperLimit',
  'validityType',
  'validityDays',
  'validStart',
  'validEnd',
] as const;

const sameTime = (a: string | null, b: string | null) =>
  (a ? new Date(a).getTime() : null) === (b ? new Date(b).getTime() : null);

/** Edits a template: every field before copies were given out, only its texts after (copies keep their terms). */
export async function updateTemplate(db: Db, couponSn: string, input: OpsTemplateUpdate) {
  const before = await templateView(db, couponSn);
  if (before.status === TEMPLATE_STATUS.ENDED) throw conflict(M.templateEnded);
  if (before.issued > 0) {
    const changed = TERMS.some((k) =>
      k === 'validStart' || k === 'validEnd' ? !sameTime(before[k], input[k]) : before[k] !== input[k],
    );
    const scopeChanged = [...before.scopeActSns].sort().join() !== [...input.scopeActSns].sort().join();
    if (changed || scopeChanged) throw conflict(M.templateIssuedTerms);
  }
  await checkTemplateTerms(db, before.projectSn, input);
  await db
    .update(couponTemplates)
    .set({
      couponName: input.couponName,
      couponType: input.couponType,
      couponAmount: input.couponAmount,
      threshold: input.threshold,
      upperLimit: input.upperLimit,
      scopeActSns: input.scopeActSns,
      scopeText: input.scopeText || (input.scopeActSns.length ? '指定商品可用' : '全部商品可用'),
      validityType: input.validityType,
      validityDays: input.validityDays,
      validStart: input.validStart ? new Date(input.validStart) : null,
      validEnd: input.validEnd ? new Date(input.validEnd) : null,
      instructions: input.instructions,
      useUrl: input.useUrl,
    })
    .where(eq(couponTemplates.couponSn, couponSn));
  return { before, after: await templateView(db, couponSn) };
}

/** Ends a template (it is never deleted: copies given out point at it): no claim or card gives it any more. */
export async function endTemplate(db: Db, couponSn: string) {
  const before = await templateView(db, couponSn);
  const [ended] = await db
    .update(couponTemplates)
    .set({ status: TEMPLATE_STATUS.ENDED })
    .where(and(eq(couponTemplates.couponSn, couponSn), eq(couponTemplates.status, TEMPLATE_STATUS.ACTIVE)))
    .returning({ couponSn: couponTemplates.couponSn });
  if (!ended) throw conflict(M.templateAlreadyEnded);
  return { before, after: await templateView(db, couponSn) };
}

type ClaimView = z.infer<typeof opsClaimSchema>;

async function claimView(db: Db, actSn: string, baseUrl?: string): Promise<ClaimView> {
  const [a] = await db
    .select({ projectSn: claimActivities.projectSn })
    .from(claimActivities)
    .where(eq(claimActivities.actSn, actSn))
    .limit(1);
  const view = a && (await listClaimActivities(db, a.projectSn, baseUrl)).find((x) => x.actSn === actSn);
  if (!view) throw notFound(M.claimNotFound);
  return view;
}

/**
 * Edits a claim activity: texts, times and its coupons. A coupon somebody claimed stays, with a stock no lower than
 * what was claimed; new coupons are added after the others.
 */
export async function updateClaimActivity(db: Db, actSn: string, input: OpsClaimUpdate, baseUrl?: string) {
  const before = await claimView(db, actSn, baseUrl);
  if (before.status !== 'ONLINE') throw conflict(M.claimEnded);
  const current = new Map(before.items.map((i) => [i.couponSn, i]));
  const kept = new Set(input.items.map((i) => i.couponSn));
  for (const item of before.items) {
    if (!kept.has(item.couponSn) && item.claimed > 0) throw conflict(M.claimedItemRemoved(item.couponName));
  }
  for (const item of input.items) {
    const old = current.get(item.couponSn);
    if (old && item.stock < old.claimed) throw conflict(M.stockBelowClaimed(old.couponName, old.claimed));
  }
  const added = input.items.filter((i) => !current.has(i.couponSn)).map((i) => i.couponSn);
  await requireTemplates(db, before.projectSn, added);
  await db.transaction(async (tx) => {
    await tx
      .update(claimActivities)
      .set({
        title: input.title,
        description: input.description,
        startAt: input.startAt ? new Date(input.startAt) : null,
        endAt: input.endAt ? new Date(input.endAt) : null,
      })
      .where(eq(claimActivities.actSn, actSn));
    const removed = before.items.filter((i) => !kept.has(i.couponSn)).map((i) => i.itemId);
    if (removed.length) await tx.delete(claimItems).where(inArray(claimItems.itemId, removed));
    for (const [index, item] of input.items.entries()) {
      const old = current.get(item.couponSn);
      if (old) {
        await tx
          .update(claimItems)
          .set({ stock: item.stock, perPerson: item.perPerson, sort: index + 1 })
          .where(eq(claimItems.itemId, old.itemId));
      } else {
        await tx.insert(claimItems).values({
          itemId: newSn('ci'),
          actSn,
          couponSn: item.couponSn,
          stock: item.stock,
          perPerson: item.perPerson,
          sort: index + 1,
        });
      }
    }
  });
  return { before, after: await claimView(db, actSn, baseUrl) };
}

/** Ends a claim activity: its page says the activity has ended; coupons already claimed stay usable. */
export async function endClaimActivity(db: Db, actSn: string, baseUrl?: string) {
  const before = await claimView(db, actSn, baseUrl);
  const [ended] = await db
    .update(claimActivities)
    .set({ status: 'OFFLINE' })
    .where(and(eq(claimActivities.actSn, actSn), eq(claimActivities.status, 'ONLINE')))
    .returning({ actSn: claimActivities.actSn });
  if (!ended) throw conflict(M.claimAlreadyEnded);
  return { before, after: await claimView(db, actSn, baseUrl) };
}
