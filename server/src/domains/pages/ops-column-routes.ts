/**
 * Operator routes of 栏目 (/ops/columns; area 'pages', registered by ops-routes.ts so they share its access rules):
 * list, create, rename, fill and delete a project's columns. Every change is audited with before and after.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  columnSnParams,
  opsColumnCreateBody,
  opsColumnDetail,
  opsColumnItemsBody,
  opsColumnOptionsInfo,
  opsColumnRenameBody,
  opsColumnsInfo,
} from '@contract/ops-columns';
import { opsDeletedInfo, opsProjectQuery } from '@contract/ops-pages';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { opsProjectOf } from '../../runtime/ops-scope';
import {
  columnOptions,
  createColumn,
  deleteColumn,
  listColumns,
  readColumn,
  renameColumn,
  setColumnItems,
} from './ops-columns';

const security = [{ opsKey: [] }];

export function registerColumnRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const byColumn = { opsProject: opsProjectOf.column('columnSn') };

  app.get(
    '/ops/columns',
    {
      schema: {
        ...doc("A project's columns with how many items each holds"),
        querystring: opsProjectQuery,
        response: responses(opsColumnsInfo, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listColumns(app.db, request.query.projectSn) }),
  );

  app.get(
    '/ops/columns/item-options',
    {
      schema: {
        ...doc("What may go into a column: the project's activities and courses that are not archived"),
        querystring: opsProjectQuery,
        response: responses(opsColumnOptionsInfo, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await columnOptions(app.db, request.query.projectSn) }),
  );

  app.post(
    '/ops/columns',
    {
      schema: {
        ...doc('Create an empty column'),
        body: opsColumnCreateBody,
        response: responses(opsColumnDetail, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const column = await createColumn(app.db, request.body.projectSn, request.body.title);
      await auditOps(request, {
        action: 'pages.column.create',
        projectSn: column.projectSn,
        target: `column:${column.columnSn}`,
        after: column,
      });
      return ok(column);
    },
  );

  app.get(
    '/ops/columns/:columnSn',
    {
      config: byColumn,
      schema: {
        ...doc('A column with its items in order'),
        params: columnSnParams,
        response: responses(opsColumnDetail, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readColumn(app.db, request.params.columnSn)),
  );

  app.patch(
    '/ops/columns/:columnSn',
    {
      config: byColumn,
      schema: {
        ...doc('Rename a column'),
        params: columnSnParams,
        body: opsColumnRenameBody,
        response: responses(opsColumnDetail, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn, before, after } = await renameColumn(app.db, request.params.columnSn, request.body.title);
      await auditOps(request, {
        action: 'pages.column.update',
        projectSn,
        target: `column:${after.columnSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.put(
    '/ops/columns/:columnSn/items',
    {
      config: byColumn,
      schema: {
        ...doc("Set a column's items, in order (the project's own, not archived)"),
        params: columnSnParams,
        body: opsColumnItemsBody,
        response: responses(opsColumnDetail, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn, before, after } = await setColumnItems(app.db, request.params.columnSn, request.body.actSns);
      await auditOps(request, {
        action: 'pages.column.items',
        projectSn,
        target: `column:${after.columnSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.delete(
    '/ops/columns/:columnSn',
    {
      config: byColumn,
      schema: {
        ...doc('Delete a column; refused while a module shows it or a jump leads to it'),
        params: columnSnParams,
        response: responses(opsDeletedInfo, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { projectSn, before } = await deleteColumn(app.db, request.params.columnSn);
      await auditOps(request, {
        action: 'pages.column.delete',
        projectSn,
        target: `column:${before.columnSn}`,
        before,
      });
      return ok({ deleted: before.columnSn });
    },
  );
}
