/** Pages (§7): tab menu, page modules, column lists, more-level lists and search, all within the session's project. */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import {
  MODULE_TYPES,
  columnListBody,
  columnListInfo,
  menuInfo,
  menuQuery,
  moduleInfoBody,
  moduleInfoInfo,
  moreLevelBody,
  moreLevelInfo,
  searchInfo,
  searchQuery,
  type PageModule,
} from '@contract/pages';
import { pageModules, pages } from '../../db/schema';
import { MESSAGES, badRequest, notFound, ok, responses, sharedOk } from '../../http';
import { requireSession } from '../../plugins/auth';
import { columnCards, findColumn, searchCards } from '../../services/catalogue';
import { COUPON_LIST_TITLE, couponActivities } from '../../services/held-coupons';
import { readCache } from '../../services/read-cache';

/** How many cards a column module shows on its page; the rest are paged through the column list. */
export const COLUMN_PREVIEW_SIZE = 4;

const isModuleType = (t: string): t is PageModule['moduleType'] => (MODULE_TYPES as readonly string[]).includes(t);

const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cachedColumnCards = (projectSn: string, columnSn: string, paging: { page: number; perSize: number }) =>
    readCache(app.db).get(projectSn, `column:${columnSn}:${paging.page}:${paging.perSize}`, () => columnCards(app.db, columnSn, paging));
  /** A page of a column with its title, as the column and more-level lists answer it (one cached object per page). */
  const cachedColumnList = (projectSn: string, columnSn: string, paging: { page: number; perSize: number }) =>
    readCache(app.db).get(projectSn, `columnList:${columnSn}:${paging.page}:${paging.perSize}`, async () => {
      const column = await readCache(app.db).get(projectSn, `columnRow:${columnSn}`, () => findColumn(app.db, projectSn, columnSn));
      if (!column) throw notFound(MESSAGES.columnNotFound);
      return { ...(await cachedColumnCards(column.projectSn, column.columnSn, paging)), columnTitle: column.title };
    });

  app.get(
    '/front/v1/customerPage/menu',
    {
      config: { session: 'required' },
      schema: { tags: ['pages'], summary: 'The five tab-bar entries of the project', querystring: menuQuery, response: responses(menuInfo, [400, 401]) },
    },
    async (request) => {
      const projectSn = requireSession(request.session).projectSn;
      // Read model, cached per project until an operator change invalidates it (services/read-cache.ts).
      // The answer's JSON is made once per cached menu (http.ts sharedOk).
      const menu = await readCache(app.db).get(projectSn, 'menu', async () => {
        const rows = await app.db
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
      return sharedOk(menu);
    },
  );

  app.post(
    '/front/v1/customerPage/moduleInfo',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'A page with its modules; column modules carry their first cards',
        body: moduleInfoBody,
        response: responses(moduleInfoInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { projectSn } = requireSession(request.session);
      const { pageSn } = request.body;
      return sharedOk(await readCache(app.db).get(projectSn, `moduleInfo:${pageSn}`, () => loadModuleInfo(projectSn, pageSn)));
    },
  );

  /** A page with its modules and each column's first cards (cached as one read model). */
  async function loadModuleInfo(projectSn: string, pageSn: string) {
    const [page] = await app.db
      .select()
      .from(pages)
      .where(and(eq(pages.pageSn, pageSn), eq(pages.projectSn, projectSn)))
      .limit(1);
    if (!page) throw notFound(MESSAGES.pageNotFound);

    const rows = await app.db.select().from(pageModules).where(eq(pageModules.pageSn, page.pageSn)).orderBy(asc(pageModules.sort));
    const modules: PageModule[] = [];
    for (const m of rows) {
      if (!isModuleType(m.moduleType)) continue; // a type this server version does not know is skipped, not fatal
      const preview = m.columnSn ? await columnCards(app.db, m.columnSn, { page: 1, perSize: COLUMN_PREVIEW_SIZE }) : null;
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

  app.post(
    '/front/v1/customerPage/module/column/list',
    {
      config: { session: 'required' },
      schema: { tags: ['pages'], summary: 'All cards of a column, paged', body: columnListBody, response: responses(columnListInfo, [400, 401, 404]) },
    },
    async (request) => {
      const { columnSn, page, perSize } = request.body;
      return sharedOk(await cachedColumnList(requireSession(request.session).projectSn, columnSn, { page, perSize }));
    },
  );

  app.post(
    '/front/v1/customerPage/column/more-level/list',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'The more-activity list (moreActivity page): the cards of the column targetSn, paged',
        body: moreLevelBody,
        response: responses(moreLevelInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { targetSn, couponSn, page, perSize } = request.body;
      if (!targetSn) {
        // The activities a coupon of this customer applies to (去使用, jumpType 2).
        if (couponSn) return ok({ ...(await couponActivities(app.db, requireSession(request.session), couponSn, { page, perSize })), columnTitle: COUPON_LIST_TITLE });
        throw badRequest(MESSAGES.moreLevelMissing, ERROR_CODES.BAD_INPUT);
      }
      return sharedOk(await cachedColumnList(requireSession(request.session).projectSn, targetSn, { page, perSize }));
    },
  );

  app.get(
    '/front/v1/search',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'Search the project\'s online activities by name; an empty keyword finds nothing',
        querystring: searchQuery,
        response: responses(searchInfo, [400, 401]),
      },
    },
    async (request) => {
      const { keyword, page, perSize } = request.query;
      return ok(await searchCards(app.db, requireSession(request.session).projectSn, keyword, { page, perSize }));
    },
  );
};

export default pagesRoutes;
