/**
 * The catalogue as operators edit it (/ops/v1/catalogue): one item is its activities row (what cards show), its
 * display extras (activities.detail) and its ordering rules (order_configs), written together so the storefront's
 * detail, confirmation and order read exactly what the operator saved. Publishing checks the figures add up
 * (contract/rules/catalogue-publish.ts); an item orders reference is archived, never deleted.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, lte, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import {
  CATALOGUE_MESSAGES,
  type CatalogueItem,
  type CatalogueItemFields,
  type CatalogueListRow,
  type ProjectSettings,
} from '@contract/ops-catalogue';
import { publishProblems, type PublishInput } from '@contract/rules/catalogue-publish';
import { sanitizeHtml } from '@contract/rules/rich-text';
import { projects } from '../entrance/schema';
import { activities, activityComments, columnActivities, type ActivityExtras } from './schema';
import { confirmations, orderConfigs, orders, type OrderConfig } from '../order/schema';
import { integralItems } from '../integral/schema';
import { commissionRules } from '../earnings/schema';
import { DEFAULT_ORDER_CONFIG } from '../order/order-config';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

type State = CatalogueItem['state'];
type Extras = Partial<ActivityExtras>;

const stateOf = (status: string): State => (status === 'ONLINE' || status === 'ARCHIVED' ? status : 'OFFLINE');
const newSn = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex')}`;

export async function listItems(
  db: Db,
  q: { projectSn: string; actType?: string; state?: State; keyword?: string },
): Promise<CatalogueListRow[]> {
  const where = and(
    eq(activities.projectSn, q.projectSn),
    q.actType ? eq(activities.actType, q.actType) : undefined,
    q.state ? eq(activities.status, q.state) : undefined,
    q.keyword ? ilike(activities.actName, `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const rows = await db
    .select({
      actSn: activities.actSn,
      actName: activities.actName,
      actType: activities.actType,
      cover: activities.cover,
      price: activities.price,
      status: activities.status,
      stock: activities.stock,
      sold: activities.sold,
      sales: activities.sales,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .where(where)
    .orderBy(desc(activities.createdAt), asc(activities.actSn))
    .limit(500);
  return rows.map(({ status, createdAt, ...r }) => ({
    ...r,
    state: stateOf(status),
    createdAt: new Date(createdAt).toISOString(),
  }));
}

async function loadRow(db: Pick<Db, 'select'>, actSn: string) {
  const [a] = await db.select().from(activities).where(eq(activities.actSn, actSn)).limit(1);
  if (!a) return null;
  const [c] = await db.select().from(orderConfigs).where(eq(orderConfigs.actSn, actSn)).limit(1);
  const [p] = await db.select().from(integralItems).where(eq(integralItems.actSn, actSn)).limit(1);
  const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.actSn, actSn));
  return {
    a,
    config: { ...DEFAULT_ORDER_CONFIG, ...(c?.config ?? {}) } as OrderConfig,
    points: p ?? null,
    orderCount: n,
  };
}

/** The publish rule's view of an item. */
function publishInputOf(f: CatalogueItemFields, points: PublishInput['points']): PublishInput {
  return { ...f, points };
}

function toItem(loaded: NonNullable<Awaited<ReturnType<typeof loadRow>>>): CatalogueItem {
  const { a, config, points, orderCount } = loaded;
  const x = (a.detail ?? {}) as Extras;
  const fields: CatalogueItemFields = {
    actName: a.actName,
    actType: (a.actType === 'INTEGRAL' ? 'GOODS' : a.actType) as CatalogueItemFields['actType'],
    cover: a.cover,
    images: x.images ?? [],
    summary: x.summary ?? '',
    introduce: x.introduce ?? '',
    price: a.price,
    originalPrice: a.originalPrice,
    tags: a.tags,
    refundTags: x.refundTags ?? [],
    schedule: x.schedule ?? null,
    adultExamination: x.adultExamination ?? null,
    subjectCharge: x.subjectCharge ?? null,
    subjectsNum: x.subjectsNum ?? null,
    orderPayType: ([1, 2, 3].includes(config.orderPayType) ? config.orderPayType : 1) as 1 | 2 | 3,
    depositAmount: config.orderPayType === 2 ? (config.depositAmount ?? null) : null,
    finalDueDays: config.orderPayType === 2 ? (config.finalDueDays ?? 30) : null,
    installmentPlan: config.orderPayType === 3 ? planOf(config, a.price) : [],
    deliveryType: config.deliveryType === 4 ? 4 : 1,
    freight: config.freight,
    courseDiscountAmount: config.courseDiscountAmount,
    packages: config.packages.map(({ packageSn, packageName, price, courses }) => ({
      packageSn,
      packageName,
      price,
      courses,
    })),
    giftCourses: config.giftCourses,
    stock: a.stock,
  };
  const pointsPrice = points ? { points: points.points, cashAmount: points.cashAmount } : null;
  return {
    ...fields,
    actType: a.actType as CatalogueItem['actType'],
    actSn: a.actSn,
    projectSn: a.projectSn,
    state: stateOf(a.status),
    sales: a.sales,
    sold: a.sold,
    orderCount,
    publishProblems: publishProblems(publishInputOf(fields, pointsPrice)),
    createdAt: new Date(a.createdAt).toISOString(),
  };
}

/** The saved plan, or the even split an older config describes (so the editor starts from what customers see). */
function planOf(config: OrderConfig, price: number) {
  if (config.installmentPlan?.length) return config.installmentPlan;
  const n = Math.max(1, config.installmentNum ?? 3);
  const total = price - Math.min(config.courseDiscountAmount, price) + (config.deliveryType === 4 ? 0 : config.freight);
  const base = Math.floor(total / n);
  const interval = config.installmentIntervalDays ?? 30;
  return Array.from({ length: n }, (_, i) => ({
    amount: i === 0 ? total - base * (n - 1) : base,
    dueDays: i * interval,
  }));
}

export async function readItem(db: Db, actSn: string): Promise<CatalogueItem> {
  const loaded = await loadRow(db, actSn);
  if (!loaded) throw notFound(CATALOGUE_MESSAGES.notFound);
  return toItem(loaded);
}

/** The activities row, its extras and its order config from what the operator typed (over what was there). */
function rowsOf(f: CatalogueItemFields, previous: { detail: Extras; config: OrderConfig }) {
  const introduce = sanitizeHtml(f.introduce);
  const detail: Extras = {
    ...previous.detail,
    images: f.images,
    summary: f.summary,
    introduce,
    refundTags: [...new Set(f.refundTags)],
    schedule: f.schedule,
    adultExamination: f.adultExamination,
    subjectCharge: f.subjectCharge,
    subjectsNum: f.subjectsNum,
  };
  // Stock lives in its own column now (an older save kept it here).
  delete (detail as Record<string, unknown>).stock;
  const packages = f.packages.map((p) => ({
    ...p,
    packageSn: p.packageSn ?? newSn('PK'),
    discount: Math.max(0, p.courses.reduce((s, c) => s + c.courseAmount, 0) - p.price),
  }));
  const config: OrderConfig = {
    ...previous.config,
    orderPayType: f.orderPayType,
    depositAmount: f.orderPayType === 2 ? (f.depositAmount ?? undefined) : undefined,
    finalDueDays: f.orderPayType === 2 ? (f.finalDueDays ?? 30) : undefined,
    installmentPlan: f.orderPayType === 3 ? f.installmentPlan : undefined,
    installmentNum: f.orderPayType === 3 ? f.installmentPlan.length : undefined,
    deliveryType: f.deliveryType,
    freight: f.deliveryType === 4 ? 0 : f.freight,
    oldFreight: undefined,
    courseDiscountAmount: f.courseDiscountAmount,
    packages,
    giftCourses: f.giftCourses,
    hasProductIntroduce: Boolean(introduce),
  };
  // JSON drops the undefined keys, so the stored config holds only what applies.
  return {
    activity: {
      actName: f.actName,
      actType: f.actType as string,
      cover: f.cover,
      price: f.price,
      originalPrice: f.originalPrice,
      tags: f.tags,
      stock: f.stock,
      detail: JSON.parse(JSON.stringify(detail)) as Record<string, unknown>,
    },
    config: JSON.parse(JSON.stringify(config)) as OrderConfig,
  };
}

type CourseRef = CatalogueItemFields['giftCourses'][number];

/**
 * The packages' and gift courses' courses as the order will read them: each one an item of this project, its name
 * and (in a package) its price taken from that item, so a package is charged from the courses' real prices; a gift
 * is free (0). A course already saved that is no item (older seed data) is kept as it was; any other unknown or
 * another project's course is refused.
 */
async function resolveCourses(
  db: Pick<Db, 'select'>,
  projectSn: string,
  f: CatalogueItemFields,
  previous: OrderConfig,
): Promise<CatalogueItemFields> {
  const refs = [...f.packages.flatMap((p) => p.courses), ...f.giftCourses];
  if (!refs.length) return f;
  const sns = [...new Set(refs.map((c) => c.courseSn))];
  const rows = await db
    .select({
      actSn: activities.actSn,
      projectSn: activities.projectSn,
      actName: activities.actName,
      price: activities.price,
    })
    .from(activities)
    .where(inArray(activities.actSn, sns));
  const bySn = new Map(rows.map((r) => [r.actSn, r]));
  const saved = new Map(
    [...previous.packages.flatMap((p) => p.courses), ...previous.giftCourses].map((c) => [c.courseSn, c]),
  );
  const resolve = (c: CourseRef, gift: boolean): CourseRef => {
    const row = bySn.get(c.courseSn);
    if (!row) {
      const kept = saved.get(c.courseSn);
      if (!kept) throw badRequest(CATALOGUE_MESSAGES.courseMissing(c.courseSn));
      return gift ? { ...kept, courseAmount: 0 } : kept;
    }
    if (row.projectSn !== projectSn) throw badRequest(CATALOGUE_MESSAGES.courseOtherProject(row.actName));
    return { courseSn: row.actSn, courseName: row.actName, courseAmount: gift ? 0 : row.price };
  };
  return {
    ...f,
    packages: f.packages.map((p) => ({ ...p, courses: p.courses.map((c) => resolve(c, false)) })),
    giftCourses: f.giftCourses.map((c) => resolve(c, true)),
  };
}

/** A new item, unpublished: it goes on sale only through publish, which checks it. */
export async function createItem(db: Db, projectSn: string, typed: CatalogueItemFields): Promise<CatalogueItem> {
  const actSn = newSn(typed.actType === 'COURSE' ? 'C' : 'A');
  const f = await resolveCourses(db, projectSn, typed, DEFAULT_ORDER_CONFIG);
  const { activity, config } = rowsOf(f, { detail: {}, config: DEFAULT_ORDER_CONFIG });
  await db.transaction(async (tx) => {
    await tx.insert(activities).values({ actSn, projectSn, ...activity, status: 'OFFLINE' });
    await tx.insert(orderConfigs).values({ actSn, config });
  });
  return readItem(db, actSn);
}

/**
 * Saves an item's fields. An item on sale stays on sale only if it still adds up: otherwise the save is refused
 * with the rule's messages, so nothing on sale ever stops adding up.
 */
export async function updateItem(db: Db, actSn: string, typed: CatalogueItemFields) {
  const loaded = await loadRow(db, actSn);
  if (!loaded) throw notFound(CATALOGUE_MESSAGES.notFound);
  if (loaded.a.status === 'ARCHIVED') throw badRequest(CATALOGUE_MESSAGES.archived);
  const before = toItem(loaded);
  const f = await resolveCourses(db, loaded.a.projectSn, typed, loaded.config);
  if (loaded.a.status === 'ONLINE') refuseUnlessPublishable(f, loaded.points);
  const { activity, config } = rowsOf(f, { detail: loaded.a.detail as Extras, config: loaded.config });
  if (loaded.a.actType === 'INTEGRAL') activity.actType = 'INTEGRAL';
  await db.transaction(async (tx) => {
    // The stock never falls below the units live orders hold (orders may take one while the merchant types).
    const saved = await tx
      .update(activities)
      .set(activity)
      .where(and(eq(activities.actSn, actSn), f.stock === null ? undefined : lte(activities.sold, f.stock)))
      .returning({ sold: activities.sold });
    if (!saved.length) throw badRequest(CATALOGUE_MESSAGES.stockBelowSold(loaded.a.sold));
    await tx.insert(orderConfigs).values({ actSn, config }).onConflictDoUpdate({
      target: orderConfigs.actSn,
      set: { config },
    });
  });
  return { before, after: await readItem(db, actSn) };
}

const refused = (problems: string[]) =>
  new AppError(400, ERROR_CODES.BAD_INPUT, `${CATALOGUE_MESSAGES.publishRefused}：${problems.join('；')}`, {
    problems,
  });

function refuseUnlessPublishable(f: CatalogueItemFields, points: { points: number; cashAmount: number } | null) {
  const problems = publishProblems(publishInputOf(f, points));
  if (problems.length) throw refused(problems);
}

/** Publish (ONLINE) or unpublish (OFFLINE); publishing is refused with every reason the item does not add up. */
export async function setPublished(db: Db, actSn: string, online: boolean) {
  const loaded = await loadRow(db, actSn);
  if (!loaded) throw notFound(CATALOGUE_MESSAGES.notFound);
  if (loaded.a.status === 'ARCHIVED') throw badRequest(CATALOGUE_MESSAGES.archived);
  const before = toItem(loaded);
  if (online && before.publishProblems.length) throw refused(before.publishProblems);
  await db
    .update(activities)
    .set({ status: online ? 'ONLINE' : 'OFFLINE' })
    .where(eq(activities.actSn, actSn));
  return { before, after: await readItem(db, actSn) };
}

/**
 * Deletes an item nobody ordered (with its config, column places, reviews and points price); one that orders, open
 * confirmations or another item's package or gift list name is archived instead: off sale, kept, no longer editable.
 */
export async function deleteItem(db: Db, actSn: string) {
  const loaded = await loadRow(db, actSn);
  if (!loaded) throw notFound(CATALOGUE_MESSAGES.notFound);
  const before = toItem(loaded);
  const [{ n: confirmCount }] = await db
    .select({ n: count() })
    .from(confirmations)
    .where(eq(confirmations.actSn, actSn));
  // Another item's package or gift list naming this course: its orders would lose the course they were sold.
  const [{ n: packagedIn }] = await db
    .select({ n: count() })
    .from(orderConfigs)
    .where(
      sql`${orderConfigs.actSn} <> ${actSn} and (${orderConfigs.config} -> 'giftCourses' @> ${JSON.stringify([
        { courseSn: actSn },
      ])}::jsonb or exists (select 1 from jsonb_array_elements(${orderConfigs.config} -> 'packages') p
        where p -> 'courses' @> ${JSON.stringify([{ courseSn: actSn }])}::jsonb))`,
    );
  if (loaded.orderCount > 0 || confirmCount > 0 || packagedIn > 0) {
    await db.update(activities).set({ status: 'ARCHIVED' }).where(eq(activities.actSn, actSn));
    return { before, outcome: 'ARCHIVED' as const };
  }
  await db.transaction(async (tx) => {
    await tx.delete(orderConfigs).where(eq(orderConfigs.actSn, actSn));
    await tx.delete(columnActivities).where(eq(columnActivities.actSn, actSn));
    await tx.delete(activityComments).where(eq(activityComments.actSn, actSn));
    await tx.delete(integralItems).where(eq(integralItems.actSn, actSn));
    await tx.delete(commissionRules).where(eq(commissionRules.actSn, actSn));
    await tx.delete(activities).where(inArray(activities.actSn, [actSn]));
  });
  return { before, outcome: 'DELETED' as const };
}

/** A project's settings as the console edits them. */
export async function readProjectSettings(db: Db, projectSn: string): Promise<ProjectSettings> {
  const [p] = await db.select().from(projects).where(eq(projects.projectSn, projectSn)).limit(1);
  if (!p) throw notFound('项目不存在');
  return { projectSn: p.projectSn, projectEnum: p.projectEnum, name: p.name, tips: p.tips };
}

export async function updateProjectSettings(db: Db, projectSn: string, body: { name: string; tips: string | null }) {
  const before = await readProjectSettings(db, projectSn);
  await db
    .update(projects)
    .set({ name: body.name, tips: body.tips || null })
    .where(eq(projects.projectSn, projectSn));
  return { before, after: await readProjectSettings(db, projectSn) };
}
