/**
 * An item's extras as operators edit them beside the catalogue form: reviews (hide, show, reply as the merchant),
 * the areas that may order it and its order rules (household types, applicant fields). Areas and rules are
 * written into the order config the confirmation and the submit already read (freightAreasType / invalidAreas,
 * isHousehold, restrict), so the storefront enforces them exactly as before.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { CATALOGUE_MESSAGES } from '@contract/ops-catalogue';
import {
  HOLD_TYPE_KEYS,
  type AreaRestriction,
  type OpsReviewRow,
  type OrderRules,
  type areaRestrictionBody,
  type orderRulesBody,
} from '@contract/ops-catalogue-extras';
import type { z } from 'zod';
import { activities, activityComments, type ActivityExtras } from './schema';
import { orderConfigs, type OrderConfig } from '../order/schema';
import { DEFAULT_ORDER_CONFIG } from '../order/order-config';
import { areaChildren } from '../address/areas';
import { cleanCommentText } from './comments';
import { badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

export const EXTRAS_MESSAGES = {
  reviewNotFound: '评价不存在',
  badArea: '所选地区不存在',
} as const;

type Restricted = OrderConfig['invalidAreas'][number];
type Allowed = NonNullable<ActivityExtras['allowedAreas']>[number];

async function loadItem(db: Db, actSn: string) {
  const [a] = await db.select().from(activities).where(eq(activities.actSn, actSn)).limit(1);
  if (!a) throw notFound(CATALOGUE_MESSAGES.notFound);
  const [c] = await db.select().from(orderConfigs).where(eq(orderConfigs.actSn, actSn)).limit(1);
  const config = { ...DEFAULT_ORDER_CONFIG, ...(c?.config ?? {}) } as OrderConfig;
  return { a, detail: (a.detail ?? {}) as Partial<ActivityExtras>, config };
}

async function saveItem(db: Db, actSn: string, detail: Partial<ActivityExtras>, config: OrderConfig) {
  // JSON drops undefined keys, as the catalogue's own save does.
  const stored = JSON.parse(JSON.stringify(config)) as OrderConfig;
  await db.transaction(async (tx) => {
    await tx
      .update(activities)
      .set({ detail: JSON.parse(JSON.stringify(detail)) as Record<string, unknown> })
      .where(eq(activities.actSn, actSn));
    await tx
      .insert(orderConfigs)
      .values({ actSn, config: stored })
      .onConflictDoUpdate({ target: orderConfigs.actSn, set: { config: stored } });
  });
}

function refuseArchived(status: string) {
  if (status === 'ARCHIVED') throw badRequest(CATALOGUE_MESSAGES.archived);
}

// ---- Reviews ----

type CommentRow = typeof activityComments.$inferSelect;
const toRow = (r: CommentRow): OpsReviewRow => ({
  commentId: r.commentId,
  nickName: r.nickName,
  score: r.score,
  content: r.content,
  images: r.images,
  createdAt: r.createdAt.toISOString(),
  hidden: r.hidden,
  reply: r.reply,
  repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null,
});

/** Every review of the item, hidden ones included, newest first. */
export async function listReviews(db: Db, actSn: string): Promise<OpsReviewRow[]> {
  await loadItem(db, actSn);
  const rows = await db
    .select()
    .from(activityComments)
    .where(eq(activityComments.actSn, actSn))
    .orderBy(desc(activityComments.createdAt), desc(activityComments.commentId))
    .limit(500);
  return rows.map(toRow);
}

async function changeReview(db: Db, actSn: string, commentId: string, set: Partial<CommentRow>) {
  const { a } = await loadItem(db, actSn);
  const where = and(eq(activityComments.commentId, commentId), eq(activityComments.actSn, actSn));
  // A review is found only under its own item, so another project's review id leads nowhere.
  const [before] = await db.select().from(activityComments).where(where).limit(1);
  if (!before) throw notFound(EXTRAS_MESSAGES.reviewNotFound);
  const [after] = await db.update(activityComments).set(set).where(where).returning();
  return { projectSn: a.projectSn, before: toRow(before), after: toRow(after) };
}

export const setReviewHidden = (db: Db, actSn: string, commentId: string, hidden: boolean) =>
  changeReview(db, actSn, commentId, { hidden });

/** The merchant's reply, stored as plain text like the review itself. */
export async function replyReview(db: Db, actSn: string, commentId: string, reply: string) {
  const text = cleanCommentText(reply);
  if (!text) throw badRequest('请输入回复内容');
  return changeReview(db, actSn, commentId, { reply: text, repliedAt: new Date() });
}

// ---- Areas ----

const provinceList = () => areaChildren('0');

/** Provinces with their cities, for the console's picker. */
export function areaTree() {
  return provinceList().map((p) => ({
    value: p.id,
    label: p.name,
    children: areaChildren(p.id).map((c) => ({ value: c.id, label: c.name })),
  }));
}

/** The picked areas with their names from the area data; an unknown id or a city outside its province is refused. */
function namedAreas(picked: { provinceId: string; cityId: string | null }[]): Allowed[] {
  const provinces = new Map(provinceList().map((p) => [p.id, p.name]));
  const seen = new Set<string>();
  const out: Allowed[] = [];
  for (const { provinceId, cityId } of picked) {
    const province = provinces.get(provinceId);
    if (!province) throw badRequest(EXTRAS_MESSAGES.badArea);
    const city = cityId ? areaChildren(provinceId).find((c) => c.id === cityId) : null;
    if (cityId && !city) throw badRequest(EXTRAS_MESSAGES.badArea);
    const key = `${provinceId}/${cityId ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ provinceId, cityId: cityId ?? null, name: city ? city.name : province });
  }
  // A whole province covers its cities.
  const whole = new Set(out.filter((x) => !x.cityId).map((x) => x.provinceId));
  return out.filter((x) => !x.cityId || !whole.has(x.provinceId));
}

/**
 * What the order refuses when only `allowed` may order: every other province, and inside a province of which only
 * some cities are allowed, its other cities.
 */
export function complementOf(allowed: readonly Allowed[]): Restricted[] {
  const refused: Restricted[] = [];
  for (const p of provinceList()) {
    const mine = allowed.filter((x) => x.provinceId === p.id);
    if (mine.some((x) => !x.cityId)) continue;
    if (!mine.length) {
      refused.push({ provinceId: p.id, cityId: null, areaId: null, name: p.name });
      continue;
    }
    const cities = new Set(mine.map((x) => x.cityId));
    for (const c of areaChildren(p.id))
      if (!cities.has(c.id)) refused.push({ provinceId: p.id, cityId: c.id, areaId: null, name: c.name });
  }
  return refused;
}

function restrictionOf(detail: Partial<ActivityExtras>, config: OrderConfig): AreaRestriction {
  const refusedCount = config.freightAreasType === 2 ? config.invalidAreas.length : 0;
  if (config.freightAreasType !== 2) return { mode: 'NONE', areas: [], refusedCount };
  if (detail.allowedAreas?.length) return { mode: 'ONLY', areas: detail.allowedAreas, refusedCount };
  return {
    mode: 'EXCEPT',
    areas: config.invalidAreas.map(({ provinceId, cityId, name }) => ({ provinceId, cityId, name })),
    refusedCount,
  };
}

export async function readAreaRestriction(db: Db, actSn: string): Promise<AreaRestriction> {
  const { detail, config } = await loadItem(db, actSn);
  return restrictionOf(detail, config);
}

export async function saveAreaRestriction(db: Db, actSn: string, body: z.output<typeof areaRestrictionBody>) {
  const { a, detail, config } = await loadItem(db, actSn);
  refuseArchived(a.status);
  const before = restrictionOf(detail, config);
  const areas = namedAreas(body.areas);
  const next: OrderConfig = { ...config };
  const nextDetail: Partial<ActivityExtras> = { ...detail, allowedAreas: undefined };
  if (body.mode === 'NONE') {
    next.freightAreasType = 1;
    next.invalidAreas = [];
  } else if (body.mode === 'EXCEPT') {
    next.freightAreasType = 2;
    next.invalidAreas = areas.map(({ provinceId, cityId, name }) => ({ provinceId, cityId, areaId: null, name }));
  } else {
    next.freightAreasType = 2;
    next.invalidAreas = complementOf(areas);
    nextDetail.allowedAreas = areas;
  }
  await saveItem(db, actSn, nextDetail, next);
  return { projectSn: a.projectSn, before, after: await readAreaRestriction(db, actSn) };
}

// ---- Order rules: household types and applicant fields ----

const newKey = () =>
  randomBytes(6)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(6, '0')
    .slice(0, 6);

function rulesOf(detail: Partial<ActivityExtras>, config: OrderConfig): OrderRules {
  return {
    isHousehold: config.isHousehold,
    holdTypes: HOLD_TYPE_KEYS.filter((t) => detail.holdTypes?.includes(t)),
    restrict: config.restrict.map((r) => ({
      nKey: r.nKey,
      keyName: r.idCardType === 'IDCARD_OUT' ? 'IDCARD_OUT' : r.keyName,
      label: r.label,
      required: r.required,
      multiline: Boolean(r.multiline),
      submitTips: r.submitTips ?? null,
    })),
  };
}

export async function readOrderRules(db: Db, actSn: string): Promise<OrderRules> {
  const { detail, config } = await loadItem(db, actSn);
  return rulesOf(detail, config);
}

export async function saveOrderRules(db: Db, actSn: string, body: z.output<typeof orderRulesBody>) {
  const { a, detail, config } = await loadItem(db, actSn);
  refuseArchived(a.status);
  const before = rulesOf(detail, config);
  const used = new Set<string>();
  const restrict: OrderConfig['restrict'] = body.restrict.map((f) => {
    let nKey = f.nKey && !used.has(f.nKey) ? f.nKey : newKey();
    while (used.has(nKey)) nKey = newKey();
    used.add(nKey);
    // A non-mainland ID is an IDCARD field checked by the IDCARD_OUT rule (§3 idCardType).
    const outside = f.keyName === 'IDCARD_OUT';
    return {
      nKey,
      keyName: outside ? 'IDCARD' : f.keyName,
      label: f.label,
      required: f.required,
      idCardType: outside ? 'IDCARD_OUT' : f.keyName === 'IDCARD' ? 'IDCARD' : null,
      multiline: f.keyName === 'TEXT' ? f.multiline : false,
      submitTips: f.submitTips || null,
    };
  });
  const next: OrderConfig = { ...config, isHousehold: body.isHousehold, restrict };
  const nextDetail = { ...detail, holdTypes: body.isHousehold ? [...new Set(body.holdTypes)] : [] };
  await saveItem(db, actSn, nextDetail, next);
  return { projectSn: a.projectSn, before, after: await readOrderRules(db, actSn) };
}
