/**
 * 页面装修 (the operator side of pages): the four home tabs of a project, the modules of its pages, its custom pages
 * and traffic links. Every jump an operator sets is checked twice: its shape by contract/rules/jump-target.ts, its
 * target against the project here (an activity jump needs an activity of the same project, and so on).
 *
 * Every change drops the project's read models (runtime/read-cache.ts), so the storefront's menu, page modules and
 * the first screen drawn into the H5 entry page (first-screen.ts, made from the same read models) show it at once.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { JumpContent, ModuleItem } from '@contract/pages';
import {
  HOME_TAB_COUNT,
  MODULE_TYPE_NAMES,
  type OpsJump,
  type OpsJumpOptions,
  type OpsModule,
  type OpsModuleBody,
  type OpsPage,
  type OpsTabBody,
  type OpsTrafficLink,
} from '@contract/ops-pages';
import { JUMP_MESSAGES, cleanJump, jumpEnumInfo, type JumpTargetKind } from '@contract/rules/jump-target';
import { columns, pageModules, pages } from './schema';
import { activities } from '../activity/schema';
import { projects } from '../entrance/schema';
import { afterSaleApplications } from '../after-sales/schema';
import { claimActivities } from '../coupon/schema';
import { forms } from '../form/schema';
import { orders } from '../order/schema';
import { trafficLinks } from '../user/schema';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { invalidateReadModels } from '../../runtime/read-cache';

export const OPS_PAGES_MESSAGES = {
  pageNotFound: '页面不存在',
  moduleNotFound: '模块不存在',
  tabNotFound: '底部导航不存在',
  linkNotFound: '流量链接不存在',
  linkTaken: '链接编号已被使用，请换一个',
  tabPageNotCustom: '底部导航只能指向本项目的自定义页面',
  tabPageNoDelete: '底部导航正在使用该页面，不能删除',
  columnGone: '所选栏目不存在或不属于本项目',
  orderMismatch: '模块顺序与页面不一致，请刷新后重试',
  inUse: (refs: string[]) => `该页面正被使用（${refs.join('、')}），请先修改这些跳转再删除`,
} as const;

const newSn = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

// ---- reads ---------------------------------------------------------------------------------------------------------

export async function findPage(db: Q, pageSn: string) {
  const [page] = await db.select().from(pages).where(eq(pages.pageSn, pageSn)).limit(1);
  return page ?? null;
}

async function requirePage(db: Q, pageSn: string) {
  const page = await findPage(db, pageSn);
  if (!page) throw notFound(OPS_PAGES_MESSAGES.pageNotFound);
  return page;
}

async function requireModule(db: Q, moduleSn: string) {
  const [row] = await db.select().from(pageModules).where(eq(pageModules.moduleSn, moduleSn)).limit(1);
  if (!row) throw notFound(OPS_PAGES_MESSAGES.moduleNotFound);
  return row;
}

const toModule = (m: typeof pageModules.$inferSelect): OpsModule => ({
  moduleSn: m.moduleSn,
  pageSn: m.pageSn,
  sort: m.sort,
  moduleType: m.moduleType as OpsModule['moduleType'],
  title: m.title,
  items: m.items,
  columnSn: m.columnSn,
});

/** The project's four home tab pages and its custom pages, with how many modules each has. */
export async function listPages(db: Db, projectSn: string): Promise<OpsPage[]> {
  const rows = await db
    .select({
      pageSn: pages.pageSn,
      title: pages.title,
      tabIndex: pages.tabIndex,
      moduleCount: count(pageModules.moduleSn),
    })
    .from(pages)
    .leftJoin(pageModules, eq(pageModules.pageSn, pages.pageSn))
    .where(
      and(eq(pages.projectSn, projectSn), sql`(${pages.tabIndex} is null or ${pages.tabIndex} < ${HOME_TAB_COUNT})`),
    )
    .groupBy(pages.pageSn)
    .orderBy(sql`${pages.tabIndex} asc nulls last`, asc(pages.title), asc(pages.pageSn));
  return rows.map((r) => ({ ...r, moduleCount: Number(r.moduleCount) }));
}

const toPage = async (db: Q, page: typeof pages.$inferSelect): Promise<OpsPage> => {
  const [{ n }] = await db.select({ n: count() }).from(pageModules).where(eq(pageModules.pageSn, page.pageSn));
  return { pageSn: page.pageSn, title: page.title, tabIndex: page.tabIndex, moduleCount: Number(n) };
};

/** The four configurable tabs in order (the fifth, 我的, is fixed). */
export async function listTabs(db: Db, projectSn: string) {
  const rows = await db
    .select()
    .from(pages)
    .where(and(eq(pages.projectSn, projectSn), isNotNull(pages.tabIndex), lt(pages.tabIndex, HOME_TAB_COUNT)))
    .orderBy(asc(pages.tabIndex));
  return rows.map((p) => ({
    tabIndex: p.tabIndex ?? 0,
    title: p.title,
    pageSn: p.pageSn,
    jumpContent: p.jumpContent ?? { firstEnum: 'CUSTOM_PAGE', targetSn: p.pageSn },
  }));
}

export async function listModules(db: Db, pageSn: string) {
  const page = await requirePage(db, pageSn);
  const rows = await db
    .select()
    .from(pageModules)
    .where(eq(pageModules.pageSn, pageSn))
    .orderBy(asc(pageModules.sort), asc(pageModules.moduleSn));
  return { page: await toPage(db, page), list: rows.map(toModule) };
}

/** What the jump picker offers, per kind of target: the project's records, newest names as they are. */
export async function jumpOptions(db: Db, projectSn: string): Promise<OpsJumpOptions> {
  const [pageRows, acts, cols, claims, formRows] = await Promise.all([
    db
      .select({ value: pages.pageSn, label: pages.title, tabIndex: pages.tabIndex })
      .from(pages)
      .where(eq(pages.projectSn, projectSn))
      .orderBy(asc(pages.title)),
    db
      .select({ value: activities.actSn, label: activities.actName, actType: activities.actType })
      .from(activities)
      .where(and(eq(activities.projectSn, projectSn), eq(activities.status, 'ONLINE')))
      .orderBy(asc(activities.actName))
      .limit(2000),
    db
      .select({ value: columns.columnSn, label: columns.title })
      .from(columns)
      .where(eq(columns.projectSn, projectSn))
      .orderBy(asc(columns.title)),
    db
      .select({ value: claimActivities.actSn, label: claimActivities.title })
      .from(claimActivities)
      .where(eq(claimActivities.projectSn, projectSn))
      .orderBy(asc(claimActivities.title)),
    db
      .select({ value: forms.formSn, label: forms.title })
      .from(forms)
      .where(eq(forms.projectSn, projectSn))
      .orderBy(asc(forms.title)),
  ]);
  const custom = pageRows.filter((p) => p.tabIndex === null);
  const labelled = <T extends { value: string; label: string }>(rows: T[]) =>
    rows.map((r) => ({ value: r.value, label: `${r.label}（${r.value}）` }));
  return {
    page: labelled(custom),
    activity: labelled(acts),
    course: labelled(acts.filter((a) => a.actType === 'COURSE')),
    column: labelled(cols),
    claim: labelled(claims),
    form: labelled(formRows),
  };
}

// ---- jump targets --------------------------------------------------------------------------------------------------

/** Whether `sn` names a record of the kind in the project. */
async function targetExists(db: Q, projectSn: string, kind: JumpTargetKind, sn: string): Promise<boolean> {
  const one = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  switch (kind) {
    case 'page':
      return one(
        db
          .select({ sn: pages.pageSn })
          .from(pages)
          .where(and(eq(pages.pageSn, sn), eq(pages.projectSn, projectSn)))
          .limit(1),
      );
    case 'activity':
    case 'course':
      return one(
        db
          .select({ sn: activities.actSn })
          .from(activities)
          .where(
            and(
              eq(activities.actSn, sn),
              eq(activities.projectSn, projectSn),
              kind === 'course' ? eq(activities.actType, 'COURSE') : undefined,
            ),
          )
          .limit(1),
      );
    case 'column':
      return one(
        db
          .select({ sn: columns.columnSn })
          .from(columns)
          .where(and(eq(columns.columnSn, sn), eq(columns.projectSn, projectSn)))
          .limit(1),
      );
    case 'claim':
      return one(
        db
          .select({ sn: claimActivities.actSn })
          .from(claimActivities)
          .where(and(eq(claimActivities.actSn, sn), eq(claimActivities.projectSn, projectSn)))
          .limit(1),
      );
    case 'form':
      return one(
        db
          .select({ sn: forms.formSn })
          .from(forms)
          .where(and(eq(forms.formSn, sn), eq(forms.projectSn, projectSn)))
          .limit(1),
      );
    case 'order':
      return one(
        db
          .select({ sn: orders.orderNo })
          .from(orders)
          .where(and(eq(orders.orderNo, sn), eq(orders.projectSn, projectSn)))
          .limit(1),
      );
    case 'application':
      return one(
        db
          .select({ sn: afterSaleApplications.applicationNo })
          .from(afterSaleApplications)
          .where(and(eq(afterSaleApplications.applicationNo, sn), eq(afterSaleApplications.projectSn, projectSn)))
          .limit(1),
      );
    default:
      return true;
  }
}

const TARGET_NAMES: Partial<Record<JumpTargetKind, string>> = {
  page: '页面',
  activity: '活动',
  course: '课程',
  column: '栏目',
  claim: '领券活动',
  form: '表单',
  order: '订单',
  application: '售后单',
};

/** The jump as stored, once its target is found in the project; 400 with the reason otherwise. */
export async function checkedJump(db: Q, projectSn: string, jump: OpsJump): Promise<JumpContent> {
  const clean = cleanJump(jump);
  const info = jumpEnumInfo(clean.firstEnum);
  if (!info) throw badRequest(JUMP_MESSAGES.enumUnknown);
  const name = TARGET_NAMES[info.target];
  if (name && !(await targetExists(db, projectSn, info.target, clean.targetSn ?? '')))
    throw badRequest(JUMP_MESSAGES.targetGone(name));
  return clean;
}

async function checkedModule(db: Q, projectSn: string, moduleSn: string, body: OpsModuleBody) {
  const column = body.moduleType === 'ACTIVITY_COLUMN' || body.moduleType === 'COURSE_COLUMN';
  if (column) {
    if (!(await targetExists(db, projectSn, 'column', body.columnSn ?? '')))
      throw badRequest(OPS_PAGES_MESSAGES.columnGone);
    return { moduleType: body.moduleType, title: body.title ?? null, items: [], columnSn: body.columnSn ?? null };
  }
  const items: ModuleItem[] = [];
  for (const item of body.items) {
    items.push({
      itemSn: item.itemSn || newSn(moduleSn),
      title: item.title ?? null,
      image: item.image ?? null,
      text: item.text ?? null,
      jumpContent: await checkedJump(db, projectSn, item.jumpContent),
    });
  }
  return { moduleType: body.moduleType, title: body.title ?? null, items, columnSn: null };
}

// ---- tabs and pages ------------------------------------------------------------------------------------------------

/**
 * A tab's name and the page it shows: its own page, renamed, or a custom page of the project, which becomes the
 * tab's (the page it showed before becomes a custom page, its modules kept).
 */
export async function updateTab(db: Db, tabIndex: number, body: OpsTabBody) {
  const { projectSn } = body;
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(pages)
      .where(and(eq(pages.projectSn, projectSn), eq(pages.tabIndex, tabIndex)))
      .limit(1);
    const before = (await listTabsIn(tx, projectSn)).find((t) => t.tabIndex === tabIndex) ?? null;
    if (!current || current.pageSn !== body.pageSn) {
      const next = await findPage(tx, body.pageSn);
      if (!next || next.projectSn !== projectSn || next.tabIndex !== null)
        throw badRequest(OPS_PAGES_MESSAGES.tabPageNotCustom);
      if (current)
        await tx.update(pages).set({ tabIndex: null, jumpContent: null }).where(eq(pages.pageSn, current.pageSn));
    }
    const jumpContent: JumpContent =
      tabIndex === 0 ? { firstEnum: 'PAGE_INDEX' } : { firstEnum: 'CUSTOM_PAGE', targetSn: body.pageSn };
    await tx.update(pages).set({ tabIndex, jumpContent, title: body.title }).where(eq(pages.pageSn, body.pageSn));
    const after = (await listTabsIn(tx, projectSn)).find((t) => t.tabIndex === tabIndex) ?? null;
    return { before, after: after! };
  });
  invalidateReadModels(db, projectSn);
  return result;
}

const listTabsIn = (db: Q, projectSn: string) => listTabs(db as Db, projectSn);

export async function createPage(db: Db, projectSn: string, title: string): Promise<OpsPage> {
  const [project] = await db
    .select({ projectSn: projects.projectSn })
    .from(projects)
    .where(eq(projects.projectSn, projectSn));
  if (!project) throw notFound('项目不存在');
  const pageSn = newSn(`${projectSn}-page`);
  await db.insert(pages).values({ pageSn, projectSn, title, tabIndex: null, jumpContent: null });
  invalidateReadModels(db, projectSn);
  return { pageSn, title, tabIndex: null, moduleCount: 0 };
}

export async function renamePage(db: Db, pageSn: string, title: string) {
  const page = await requirePage(db, pageSn);
  await db.update(pages).set({ title }).where(eq(pages.pageSn, pageSn));
  invalidateReadModels(db, page.projectSn);
  return { projectSn: page.projectSn, before: await toPage(db, page), after: await toPage(db, { ...page, title }) };
}

const pointsAt = (jump: JumpContent | null | undefined, pageSn: string) =>
  !!jump && jumpEnumInfo(jump.firstEnum)?.target === 'page' && jump.targetSn === pageSn;

/** Where the project's modules, tabs and traffic links lead to the page, in words. */
async function referencesTo(db: Q, projectSn: string, pageSn: string): Promise<string[]> {
  const refs: string[] = [];
  const projectPages = await db.select().from(pages).where(eq(pages.projectSn, projectSn));
  const titles = new Map(projectPages.map((p) => [p.pageSn, p.title]));
  for (const p of projectPages)
    if (p.pageSn !== pageSn && pointsAt(p.jumpContent, pageSn)) refs.push(`底部导航「${p.title}」`);
  const mods = projectPages.length
    ? await db
        .select()
        .from(pageModules)
        .where(
          inArray(
            pageModules.pageSn,
            projectPages.map((p) => p.pageSn),
          ),
        )
    : [];
  for (const m of mods) {
    if (m.pageSn === pageSn) continue;
    if (m.items.some((i) => pointsAt(i.jumpContent, pageSn)))
      refs.push(`「${titles.get(m.pageSn)}」的${MODULE_TYPE_NAMES[m.moduleType as OpsModule['moduleType']] ?? '模块'}`);
  }
  const links = await db.select().from(trafficLinks).where(eq(trafficLinks.projectSn, projectSn));
  for (const l of links) if (pointsAt(l.jumpContent, pageSn)) refs.push(`流量链接 ${l.linkId}`);
  return refs;
}

/** Deletes a custom page and its modules; refused while a tab shows it or anything leads to it. */
export async function deletePage(db: Db, pageSn: string) {
  const result = await db.transaction(async (tx) => {
    const page = await requirePage(tx, pageSn);
    if (page.tabIndex !== null) throw conflict(OPS_PAGES_MESSAGES.tabPageNoDelete);
    const refs = await referencesTo(tx, page.projectSn, pageSn);
    if (refs.length) throw conflict(OPS_PAGES_MESSAGES.inUse(refs));
    const before = { ...(await toPage(tx, page)), modules: (await listModulesIn(tx, pageSn)).map(toModule) };
    await tx.delete(pageModules).where(eq(pageModules.pageSn, pageSn));
    await tx.delete(pages).where(eq(pages.pageSn, pageSn));
    return { projectSn: page.projectSn, before };
  });
  invalidateReadModels(db, result.projectSn);
  return result;
}

const listModulesIn = (db: Q, pageSn: string) =>
  db.select().from(pageModules).where(eq(pageModules.pageSn, pageSn)).orderBy(asc(pageModules.sort));

// ---- modules -------------------------------------------------------------------------------------------------------

/** Adds a module at the end of the page. */
export async function createModule(db: Db, pageSn: string, body: OpsModuleBody) {
  const page = await requirePage(db, pageSn);
  const moduleSn = newSn(`${pageSn}-m`);
  const fields = await checkedModule(db, page.projectSn, moduleSn, body);
  const [{ top }] = await db
    .select({ top: max(pageModules.sort) })
    .from(pageModules)
    .where(eq(pageModules.pageSn, pageSn));
  const [row] = await db
    .insert(pageModules)
    .values({ moduleSn, pageSn, sort: (top ?? 0) + 1, ...fields })
    .returning();
  invalidateReadModels(db, page.projectSn);
  return { projectSn: page.projectSn, after: toModule(row) };
}

export async function updateModule(db: Db, moduleSn: string, body: OpsModuleBody) {
  const current = await requireModule(db, moduleSn);
  const page = await requirePage(db, current.pageSn);
  const fields = await checkedModule(db, page.projectSn, moduleSn, body);
  const [row] = await db.update(pageModules).set(fields).where(eq(pageModules.moduleSn, moduleSn)).returning();
  invalidateReadModels(db, page.projectSn);
  return { projectSn: page.projectSn, before: toModule(current), after: toModule(row) };
}

export async function deleteModule(db: Db, moduleSn: string) {
  const current = await requireModule(db, moduleSn);
  const page = await requirePage(db, current.pageSn);
  await db.delete(pageModules).where(eq(pageModules.moduleSn, moduleSn));
  invalidateReadModels(db, page.projectSn);
  return { projectSn: page.projectSn, before: toModule(current) };
}

/** Puts the page's modules in the order given; the list must name each of them once. */
export async function reorderModules(db: Db, pageSn: string, moduleSns: string[]) {
  const page = await requirePage(db, pageSn);
  const result = await db.transaction(async (tx) => {
    const rows = await listModulesIn(tx, pageSn);
    const have = new Set(rows.map((r) => r.moduleSn));
    if (moduleSns.length !== have.size || new Set(moduleSns).size !== have.size || moduleSns.some((s) => !have.has(s)))
      throw badRequest(OPS_PAGES_MESSAGES.orderMismatch);
    for (const [i, sn] of moduleSns.entries())
      await tx
        .update(pageModules)
        .set({ sort: i + 1 })
        .where(eq(pageModules.moduleSn, sn));
    return { before: rows.map((r) => r.moduleSn), after: moduleSns };
  });
  invalidateReadModels(db, page.projectSn);
  return { projectSn: page.projectSn, ...result };
}

// ---- traffic links -------------------------------------------------------------------------------------------------

const toLink = (row: typeof trafficLinks.$inferSelect): OpsTrafficLink => ({
  linkId: row.linkId,
  projectSn: row.projectSn,
  jumpContent: row.jumpContent,
  hits: row.hits,
  createdAt: row.createdAt.toISOString(),
});

export async function listTrafficLinks(db: Db, projectSn: string): Promise<OpsTrafficLink[]> {
  const rows = await db
    .select()
    .from(trafficLinks)
    .where(eq(trafficLinks.projectSn, projectSn))
    .orderBy(asc(trafficLinks.createdAt), asc(trafficLinks.linkId));
  return rows.map(toLink);
}

export async function createTrafficLink(db: Db, body: { projectSn: string; linkId?: string; jumpContent: OpsJump }) {
  const jumpContent = await checkedJump(db, body.projectSn, body.jumpContent);
  const linkId = body.linkId ?? newSn(body.projectSn);
  const [row] = await db
    .insert(trafficLinks)
    .values({ linkId, projectSn: body.projectSn, jumpContent })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(OPS_PAGES_MESSAGES.linkTaken);
  return toLink(row);
}

export async function updateTrafficLink(db: Db, linkId: string, jump: OpsJump) {
  const [current] = await db.select().from(trafficLinks).where(eq(trafficLinks.linkId, linkId)).limit(1);
  if (!current) throw notFound(OPS_PAGES_MESSAGES.linkNotFound);
  const jumpContent = await checkedJump(db, current.projectSn, jump);
  const [row] = await db.update(trafficLinks).set({ jumpContent }).where(eq(trafficLinks.linkId, linkId)).returning();
  return { before: toLink(current), after: toLink(row) };
}
