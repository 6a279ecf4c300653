/**
 * Operator routes of 页面装修 (/ops/pages, /ops/modules, /ops/traffic-links, /ops/columns from ops-column-routes.ts;
 * area 'pages'): a project's four home tabs, its pages' modules, custom pages, columns and traffic links.
 * Every change is audited with before and after; the service drops the project's read models, so the storefront
 * sees the change on its next call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  linkIdParams,
  moduleSnParams,
  opsDeletedInfo,
  opsJumpOptionsInfo,
  opsModuleBody,
  opsModuleOrderBody,
  opsModuleSchema,
  opsModulesInfo,
  opsPageCreateBody,
  opsPageSchema,
  opsPageUpdateBody,
  opsPagesInfo,
  opsProjectQuery,
  opsTabBody,
  opsTabSchema,
  opsTabsInfo,
  opsTrafficLinkBody,
  opsTrafficLinkSchema,
  opsTrafficLinkUpdateBody,
  opsTrafficLinksInfo,
  pageSnParams,
  tabParams,
} from '@contract/ops-pages';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { registerColumnRoutes } from './ops-column-routes';
import { requireModuleImages } from './module-images';
import {
  createModule,
  createPage,
  createTrafficLink,
  deleteModule,
  deletePage,
  jumpOptions,
  listModules,
  listPages,
  listTabs,
  listTrafficLinks,
  renamePage,
  reorderModules,
  updateModule,
  updateTab,
  updateTrafficLink,
} from './ops-service';

const security = [{ opsKey: [] }];
const reordered = z.object({ moduleSns: z.array(z.string()) });

const pagesOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'pages' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const byPage = { opsProject: opsProjectOf.page('pageSn') };
  const byModule = { opsProject: opsProjectOf.module('moduleSn') };
  registerColumnRoutes(app);

  app.get(
    '/ops/pages/tabs',
    {
      schema: {
        ...doc('The four configurable home tabs of a project'),
        querystring: opsProjectQuery,
        response: responses(opsTabsInfo, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listTabs(app.db, request.query.projectSn) }),
  );

  app.patch(
    '/ops/pages/tabs/:tabIndex',
    {
      schema: {
        ...doc("A home tab's name and page (its own, or a custom page that becomes the tab's)"),
        params: tabParams,
        body: opsTabBody,
        response: responses(opsTabSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const { tabIndex } = request.params;
      const { before, after } = await updateTab(app.db, tabIndex, request.body);
      await auditOps(request, {
        action: 'pages.tab.update',
        projectSn: request.body.projectSn,
        target: `tab:${request.body.projectSn}:${tabIndex}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.get(
    '/ops/pages',
    {
      schema: {
        ...doc("A project's home tab pages and custom pages"),
        querystring: opsProjectQuery,
        response: responses(opsPagesInfo, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listPages(app.db, request.query.projectSn) }),
  );

  app.get(
    '/ops/pages/jump-options',
    {
      schema: {
        ...doc('What a jump may lead to in the project, by kind (the jump picker)'),
        querystring: opsProjectQuery,
        response: responses(opsJumpOptionsInfo, [400, 401, 403]),
      },
    },
    async (request) => ok(await jumpOptions(app.db, request.query.projectSn)),
  );

  app.post(
    '/ops/pages',
    {
      schema: {
        ...doc('Create a custom page'),
        body: opsPageCreateBody,
        response: responses(opsPageSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const page = await createPage(app.db, request.body.projectSn, request.body.title);
      await auditOps(request, {
        action: 'pages.page.create',
        projectSn: request.body.projectSn,
        target: `page:${page.pageSn}`,
        after: page,
      });
      return ok(page);
    },
  );

  app.patch(
    '/ops/pages/:pageSn',
    {
      config: byPage,
      schema: {
        ...doc('Rename a page'),
        params: pageSnParams,
        body: opsPageUpdateBody,
        response: responses(opsPageSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn, before, after } = await renamePage(app.db, request.params.pageSn, request.body.title);
      await auditOps(request, {
        action: 'pages.page.update',
        projectSn,
        target: `page:${request.params.pageSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.delete(
    '/ops/pages/:pageSn',
    {
      config: byPage,
      schema: {
        ...doc('Delete a custom page and its modules; refused while a tab shows it or a jump leads to it'),
        params: pageSnParams,
        response: responses(opsDeletedInfo, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { projectSn, before } = await deletePage(app.db, request.params.pageSn);
      await auditOps(request, {
        action: 'pages.page.delete',
        projectSn,
        target: `page:${request.params.pageSn}`,
        before,
      });
      return ok({ deleted: request.params.pageSn });
    },
  );

  app.get(
    '/ops/pages/:pageSn/modules',
    {
      config: byPage,
      schema: {
        ...doc("A page's modules in order"),
        params: pageSnParams,
        response: responses(opsModulesInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await listModules(app.db, request.params.pageSn)),
  );

  app.post(
    '/ops/pages/:pageSn/modules',
    {
      config: byPage,
      schema: {
        ...doc('Add a module at the end of a page'),
        params: pageSnParams,
        body: opsModuleBody,
        response: responses(opsModuleSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await requireModuleImages(app.storage, await opsProjectOf.page('pageSn')(request), request.body);
      const { projectSn, after } = await createModule(app.db, request.params.pageSn, request.body);
      await auditOps(request, { action: 'pages.module.create', projectSn, target: `module:${after.moduleSn}`, after });
      return ok(after);
    },
  );

  app.post(
    '/ops/pages/:pageSn/modules/order',
    {
      config: byPage,
      schema: {
        ...doc("Put a page's modules in a new order"),
        params: pageSnParams,
        body: opsModuleOrderBody,
        response: responses(reordered, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn, before, after } = await reorderModules(app.db, request.params.pageSn, request.body.moduleSns);
      await auditOps(request, {
        action: 'pages.module.reorder',
        projectSn,
        target: `page:${request.params.pageSn}`,
        before,
        after,
      });
      return ok({ moduleSns: after });
    },
  );

  app.patch(
    '/ops/modules/:moduleSn',
    {
      config: byModule,
      schema: {
        ...doc('Edit a module'),
        params: moduleSnParams,
        body: opsModuleBody,
        response: responses(opsModuleSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await requireModuleImages(app.storage, await opsProjectOf.module('moduleSn')(request), request.body);
      const { projectSn, before, after } = await updateModule(app.db, request.params.moduleSn, request.body);
      await auditOps(request, {
        action: 'pages.module.update',
        projectSn,
        target: `module:${after.moduleSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.delete(
    '/ops/modules/:moduleSn',
    {
      config: byModule,
      schema: {
        ...doc('Delete a module'),
        params: moduleSnParams,
        response: responses(opsDeletedInfo, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn, before } = await deleteModule(app.db, request.params.moduleSn);
      await auditOps(request, {
        action: 'pages.module.delete',
        projectSn,
        target: `module:${before.moduleSn}`,
        before,
      });
      return ok({ deleted: before.moduleSn });
    },
  );

  app.get(
    '/ops/traffic-links',
    {
      schema: {
        ...doc("A project's traffic links (/front/traffic/link/{id}) with their visits"),
        querystring: opsProjectQuery,
        response: responses(opsTrafficLinksInfo, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listTrafficLinks(app.db, request.query.projectSn) }),
  );

  app.post(
    '/ops/traffic-links',
    {
      schema: {
        ...doc('Create a traffic link'),
        body: opsTrafficLinkBody,
        response: responses(opsTrafficLinkSchema, [400, 401, 403, 409]),
      },
    },
    async (request) => {
      const link = await createTrafficLink(app.db, request.body);
      await auditOps(request, {
        action: 'pages.traffic-link.create',
        projectSn: link.projectSn,
        target: `traffic-link:${link.linkId}`,
        after: link,
      });
      return ok(link);
    },
  );

  app.patch(
    '/ops/traffic-links/:linkId',
    {
      config: { opsProject: opsProjectOf.trafficLink('linkId') },
      schema: {
        ...doc('Change where a traffic link leads'),
        params: linkIdParams,
        body: opsTrafficLinkUpdateBody,
        response: responses(opsTrafficLinkSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { before, after } = await updateTrafficLink(app.db, request.params.linkId, request.body.jumpContent);
      await auditOps(request, {
        action: 'pages.traffic-link.update',
        projectSn: after.projectSn,
        target: `traffic-link:${after.linkId}`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

export default pagesOpsRoutes;
