/**
 * The read models the first screen is made of, shared by the API routes and the server-drawn entry
 * page (domains/pages/first-screen-plugin.ts): the online projects, a project's tab menu and a page with its modules.
 * Each is
 * cached in runtime/read-cache.ts under one key with one loader, so the entry page and the API calls always
 * answer from the same object and an invalidation reaches both at once.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { MODULE_TYPES, type PageModule } from '@contract/pages';
import { pageModules, pages } from './schema';
import { projects } from '../entrance/schema';
import { MESSAGES, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { columnCards } from '../activity/points-price';
import { ALL_PROJECTS, readCache } from '../../runtime/read-cache';

/** How many cards a column module shows on its page; the rest are paged through the column list. */
export const COLUMN_PREVIEW_SIZE = 4;

const isModuleType = (t: string): t is PageModule['moduleType'] => (MODULE_TYPES as readonly string[]).includes(t);

/** The online projects by projectSn: one map for all, so a caller naming projects that do not exist adds no entries. */
export function onlineProjects(db: Db) {
  return readCache(db).get(ALL_PROJECTS, 'onlineProjects', async () => {
    const rows = await db.select().from(projects).where(eq(projects.status, 'ONLINE'));
    return new Map(rows.map((p) => [p.projectSn, p]));
  });
}

/** The project's tab entries in tab order (customerPage/menu). */
export function projectMenu(db: Db, projectSn: string) {
  return readCache(db).get(projectSn, 'menu', async () => {
    const rows = await db
      .select()
      .from(pages)
      .where(and(eq(pages.projectSn, projectSn), isNotNull(pages.tabIndex)))
      .orderBy(asc(pages.tabIndex));
    const tabList = rows.map((p) => ({
      tabIndex: p.tabIndex ?? 0,
      title: p.title,
      pageSn: p.pageSn,
      jumpContent: p.jumpContent ?? { firstEnum: 'CUSTOM_PAGE' as const, targetSn: p.pageSn },
    }));
    return { tabList };
  });
}

/** A page of the project with its modules and each column's first cards (customerPage/moduleInfo); 404 when absent. */
export function pageWithModules(db: Db, projectSn: string, pageSn: string) {
  return readCache(db).get(projectSn, `moduleInfo:${pageSn}`, () => loadPageWithModules(db, projectSn, pageSn));
}

async function loadPageWithModules(db: Db, projectSn: string, pageSn: string) {
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.pageSn, pageSn), eq(pages.projectSn, projectSn)))
    .limit(1);
  if (!page) throw notFound(MESSAGES.pageNotFound);

  const rows = await db
    .select()
    .from(pageModules)
    .where(eq(pageModules.pageSn, page.pageSn))
    .orderBy(asc(pageModules.sort));
  const modules: PageModule[] = [];
  for (const m of rows) {
    if (!isModuleType(m.moduleType)) continue; // a type this server version does not know is skipped, not fatal
    const preview = m.columnSn ? await columnCards(db, m.columnSn, { page: 1, perSize: COLUMN_PREVIEW_SIZE }) : null;
    modules.push({
      moduleSn: m.moduleSn,
      moduleType: m.moduleType,
      title: m.title,
      items: m.items,
      columnSn: m.columnSn,
      cards: preview?.list ?? [],
      hasMore: preview ? preview.total > preview.list.length : false,
    });
  }
  return { pageSn: page.pageSn, pageTitle: page.title, modules };
}
