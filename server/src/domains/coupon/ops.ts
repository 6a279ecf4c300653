/**
 * The operator side of coupons and cards (DESIGN.md §4 operator side): create templates, claim activities and
 * card batches, and read how much of each is used. Card codes are generated here and leave the server once,
 * in the answer that creates them; only their HMAC is stored.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  opsBatchBody,
  opsBatchSchema,
  opsClaimBody,
  opsClaimSchema,
  opsTemplateSchema,
  OpsTemplateInput,
} from '@contract/coupon-ops';
import { validityProblem } from '@contract/rules/coupon-validity';
import { activities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { cardBatches, cardCodes } from '../card/schema';
import { claimActivities, claimItems } from './schema';
import { couponTemplates, userCoupons } from './schema';
import { badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { generateCardCode, hashCardCode } from '../card/service';
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

async function requireProject(db: Db, projectSn: string): Promise<void> {
  const [p] = await db
    .select({ projectSn: projects.projectSn })
    .from(projects)
    .where(eq(projects.projectSn, projectSn))
    .limit(1);
  if (!p) throw badRequest(`项目不存在：${projectSn}`);
}

async function requireTemplates(
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
  return found;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function createTemplate(db: Db, input: OpsTemplateInput) {
  await requireProject(db, input.projectSn);
  const problem = validityProblem(input);
  if (problem) throw badRequest(problem);
  if (input.scopeActSns.length) {
    const acts = await db
      .select({ actSn: activities.actSn })
      .from(activities)
      .where(and(inArray(activities.actSn, input.scopeActSns), eq(activities.projectSn, input.projectSn)));
    if (acts.length !== new Set(input.scopeActSns).size) throw badRequest('适用商品不存在或不属于该项目');
  }
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
    validityType: t.validityType,
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

/** Creates a batch and its codes; the CSV is the only place the codes ever appear in clear. */
export async function createCardBatch(db: Db, input: z.infer<typeof opsBatchBody>, key: string) {
  await requireProject(db, input.projectSn);
  await requireTemplates(db, input.projectSn, input.couponSns);
  const batchSn = newSn('cb');
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(generateCardCode());
  await db.transaction(async (tx) => {
    await tx.insert(cardBatches).values({
      batchSn,
      projectSn: input.projectSn,
      cardName: input.cardName,
      faceValue: input.faceValue,
      description: input.description,
      instructions: input.instructions,
      couponSns: input.couponSns,
      validityDays: input.validityDays,
      redeemEndAt: input.redeemEndAt ? new Date(input.redeemEndAt) : null,
    });
    const rows = [...codes].map((code) => ({
      codeId: newSn('cc'),
      batchSn,
      codeHash: hashCardCode(key, code),
      tail: code.slice(-4),
    }));
    // Inserted in slices: one statement per 500 codes keeps each under PostgreSQL's parameter limit.
    for (let i = 0; i < rows.length; i += 500) await tx.insert(cardCodes).values(rows.slice(i, i + 500));
  });
  const batch = (await listCardBatches(db, input.projectSn)).find((b) => b.batchSn === batchSn)!;
  return { batch, csv: ['code', ...[...codes].map((c) => (c.match(/.{1,4}/g) ?? []).join('-'))].join('\n') + '\n' };
}

export async function listCardBatches(db: Db, projectSn: string): Promise<z.infer<typeof opsBatchSchema>[]> {
  const batches = await db
    .select()
    .from(cardBatches)
    .where(eq(cardBatches.projectSn, projectSn))
    .orderBy(asc(cardBatches.createdAt), asc(cardBatches.batchSn));
  if (!batches.length) return [];
  const counts = await db
    .select({
      batchSn: cardCodes.batchSn,
      codes: count(),
      redeemed: sql<number>`count(*) filter (where ${cardCodes.state} = 2)`.mapWith(Number),
      voided: sql<number>`count(*) filter (where ${cardCodes.state} = 5)`.mapWith(Number),
    })
    .from(cardCodes)
    .where(
      inArray(
        cardCodes.batchSn,
        batches.map((b) => b.batchSn),
      ),
    )
    .groupBy(cardCodes.batchSn);
  const by = new Map(counts.map((c) => [c.batchSn, c]));
  return batches.map((b) => ({
    batchSn: b.batchSn,
    projectSn: b.projectSn,
    cardName: b.cardName,
    faceValue: b.faceValue,
    validityDays: b.validityDays,
    redeemEndAt: iso(b.redeemEndAt),
    codes: by.get(b.batchSn)?.codes ?? 0,
    redeemed: by.get(b.batchSn)?.redeemed ?? 0,
    voided: by.get(b.batchSn)?.voided ?? 0,
  }));
}
