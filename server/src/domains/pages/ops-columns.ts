/**
 * 栏目 of 页面装修: a project's columns and the activities and courses each shows, in order. Column modules
 * (ops-service.ts) pick a column; this is where one is made, renamed, filled and deleted. A column is deleted only
 * once no module shows it and no jump leads to it, so the storefront never meets a column that is gone.
 *
 * Every change drops the project's read models, as the other page saves do: the column's cards and the column
 * modules' first cards are cached per project (service.ts, read-models.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { JumpContent } from '@contract/pages';
import { MODULE_TYPE_NAMES, type OpsModule } from '@contract/ops-pages';
import type { OpsColumn, OpsColumnDetail, OpsColumnItem } from '@contract/ops-columns';
import { jumpEnumInfo } from '@contract/rules/jump-target';
import { columns, pageModules, pages } from './schema';
import { activities, columnActivities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { trafficLinks } from '../user/schema';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { invalidateReadModels } from '../../runtime/read-cache';

export const OPS_COLUMN_MESSAGES = {
  columnNotFound: '栏目不存在',
  itemGone: '所选商品不存在或不属于本项目',
  itemArchived: (name: string) => `「${name}」已归档，不能放入栏目`,
  inUse: (refs: string[]) => `该栏目正在被使用（${refs.join('、')}），不能删除`,
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

const itemFields = {
  actSn: activities.actSn,
  actName: activities.actName,
  actType: activities.actType,
  status: activities.status,
};

async function requireColumn(db: Q, columnSn: string) {
  const [row] = await db.select().from(columns).where(eq(columns.columnSn, columnSn)).limit(1);
  if (!row) throw notFound(OPS_COLUMN_MESSAGES.columnNotFound);
  return row;
}

async function itemsOf(db: Q, columnSn: string): Promise<OpsColumnItem[]> {
  return db
    .select(itemFields)
    .from(columnActivities)
    .innerJoin(activities, eq(activities.actSn, columnActivities.actSn))
    .where(eq(columnActivities.columnSn, columnSn))
    .orderBy(asc(columnActivities.sort), asc(activities.actSn));
}

async function detailOf(db: Q, column: typeof columns.$inferSelect): Promise<OpsColumnDetail> {
  const items = await itemsOf(db, column.columnSn);
  return {
    columnSn: column.columnSn,
    projectSn: column.projectSn,
    title: column.title,
    itemCount: items.length,
    items,
  };
}

/** The project's columns by name, with how many items each holds (online or not). */
export async function listColumns(db: Db, projectSn: string): Promise<OpsColumn[]> {
  const rows = await db
    .select({
      columnSn: columns.columnSn,
      projectSn: columns.projectSn,
      title: columns.title,
      itemCount: count(columnActivities.actSn),
    })
    .from(columns)
    .leftJoin(columnActivities, eq(columnActivities.columnSn, columns.columnSn))
    .where(eq(columns.projectSn, projectSn))
    .groupBy(columns.columnSn)
    .orderBy(asc(columns.title), asc(columns.columnSn));
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount) }));
}

export async function readColumn(db: Db, columnSn: string): Promise<OpsColumnDetail> {
  return detailOf(db, await requireColumn(db, columnSn));
}

/** What may go into a column: the project's activities and courses that are not archived, by name. */
export async function columnOptions(db: Db, projectSn: string): Promise<OpsColumnItem[]> {
  return db
    .select(itemFields)
    .from(activities)
    .where(and(eq(activities.projectSn, projectSn), ne(activities.status, 'ARCHIVED')))
    .orderBy(asc(activities.actName), asc(activities.actSn))
    .limit(5000);
}

export async function createColumn(db: Db, projectSn: string, title: string): Promise<OpsColumnDetail> {
  const [project] = await db
    .select({ projectSn: projects.projectSn })
    .from(projects)
    .where(eq(projects.projectSn, projectSn));
  if (!project) throw notFound('项目不存在');
  const columnSn = `${projectSn}-col-${randomBytes(5).toString('hex')}`;
  await db.insert(columns).values({ columnSn, projectSn, title });
  invalidateReadModels(db, projectSn);
  return { columnSn, projectSn, title, itemCount: 0, items: [] };
}

export async function renameColumn(db: Db, columnSn: string, title: string) {
  const column = await requireColumn(db, columnSn);
  await db.update(columns).set({ title }).where(eq(columns.columnSn, columnSn));
  invalidateReadModels(db, column.projectSn);
  const before = await detailOf(db, column);
  return { projectSn: column.projectSn, before, after: { ...before, title } };
}

/**
 * Puts exactly these items in the column, in this order. Each must be an activity or course of the column's
 * project that is not archived (an offline one may wait in a column; the storefront shows only online ones).
 */
export async function setColumnItems(db: Db, columnSn: string, actSns: string[]) {
  const result = await db.transaction(async (tx) => {
    const column = await requireColumn(tx, columnSn);
    const found = actSns.length
      ? await tx
          .select({ ...itemFields, projectSn: activities.projectSn })
          .from(activities)
          .where(inArray(activities.actSn, actSns))
      : [];
    const bySn = new Map(found.map((a) => [a.actSn, a]));
    for (const actSn of actSns) {
      const act = bySn.get(actSn);
      if (!act || act.projectSn !== column.projectSn) throw badRequest(OPS_COLUMN_MESSAGES.itemGone);
      if (act.status === 'ARCHIVED') throw badRequest(OPS_COLUMN_MESSAGES.itemArchived(act.actName));
    }
    const before = await detailOf(tx, column);
    await tx.delete(columnActivities).where(eq(columnActivities.columnSn, columnSn));
    if (actSns.length)
      await tx.insert(columnActivities).values(actSns.map((actSn, i) => ({ columnSn, actSn, sort: i + 1 })));
    return { projectSn: column.projectSn, before, after: await detailOf(tx, column) };
  });
  invalidateReadModels(db, result.projectSn);
  return result;
}

const leadsTo = (jump: JumpContent | null | undefined, columnSn: string) =>
  !!jump && jumpEnumInfo(jump.firstEnum)?.target === 'column' && jump.targetSn === columnSn;

/** The project's modules that show the column, and the modules, tabs and traffic links whose jumps lead to it. */
async function columnReferences(db: Q, projectSn: string, columnSn: string): Promise<string[]> {
  const refs: string[] = [];
  const projectPages = await db.select().from(pages).where(eq(pages.projectSn, projectSn));
  const titles = new Map(projectPages.map((p) => [p.pageSn, p.title]));
  for (const p of projectPages) if (leadsTo(p.jumpContent, columnSn)) refs.push(`底部导航「${p.title}」`);
  const mods = await db
    .select()
    .from(pageModules)
    .innerJoin(pages, eq(pages.pageSn, pageModules.pageSn))
    .where(eq(pages.projectSn, projectSn))
    .orderBy(asc(pages.title), asc(pageModules.sort));
  for (const { page_modules: m } of mods) {
    if (m.columnSn !== columnSn && !m.items.some((i) => leadsTo(i.jumpContent, columnSn))) continue;
    const kind = MODULE_TYPE_NAMES[m.moduleType as OpsModule['moduleType']] ?? '模块';
    refs.push(`「${titles.get(m.pageSn)}」的${kind}${m.title ? `「${m.title}」` : ''}`);
  }
  const links = await db.select().from(trafficLinks).where(eq(trafficLinks.projectSn, projectSn));
  for (const l of links) if (leadsTo(l.jumpContent, columnSn)) refs.push(`流量链接 ${l.linkId}`);
  // A module row may name a column of another project only by a bad import; it still holds the foreign key.
  const [{ n }] = await db.select({ n: count() }).from(pageModules).where(eq(pageModules.columnSn, columnSn));
  if (Number(n) > 0 && !refs.length) refs.push('其他页面模块');
  return refs;
}

/** Deletes a column and its item list; refused (409, naming them) while a module shows it or a jump leads to it. */
export async function deleteColumn(db: Db, columnSn: string) {
  const result = await db.transaction(async (tx) => {
    const column = await requireColumn(tx, columnSn);
    const refs = await columnReferences(tx, column.projectSn, columnSn);
    if (refs.length) throw conflict(OPS_COLUMN_MESSAGES.inUse(refs));
    const before = await detailOf(tx, column);
    await tx.delete(columnActivities).where(eq(columnActivities.columnSn, columnSn));
    await tx.delete(columns).where(eq(columns.columnSn, columnSn));
    return { projectSn: column.projectSn, before };
  });
  invalidateReadModels(db, result.projectSn);
  return result;
}
