/**
 * Operator routes of the catalogue (/ops/v1/catalogue/..., area catalogue): list, read, create and edit items;
 * publish and unpublish; delete (archive when orders name the item); upload credentials for its pictures; and the
 * project settings. Every change is audited with before and after, and drops the project's read models so the
 * storefront shows it at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogueCreateBody,
  catalogueDeleted,
  catalogueItemParams,
  catalogueItemSchema,
  catalogueList,
  catalogueListQuery,
  catalogueUpdateBody,
  projectSettingsBody,
  projectSettingsParams,
  projectSettingsSchema,
} from '@contract/ops-catalogue';
import { uploadCredentialsSchema } from '@contract/upload';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { invalidateReadModels } from '../../runtime/read-cache';
import {
  createItem,
  deleteItem,
  listItems,
  readItem,
  readProjectSettings,
  setPublished,
  updateItem,
  updateProjectSettings,
} from './ops-catalogue';
import { catalogueDir, requireProjectImages } from './ops-images';

const security = [{ opsKey: [] }];

const catalogueOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'catalogue' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const byItem = { opsProject: opsProjectOf.activity('actSn') };

  app.get(
    '/ops/v1/catalogue/items',
    {
      schema: {
        ...doc('Catalogue items of a project, newest first (all states)'),
        querystring: catalogueListQuery,
        response: responses(catalogueList, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listItems(app.db, request.query) }),
  );

  app.get(
    '/ops/v1/catalogue/items/:actSn',
    {
      config: byItem,
      schema: {
        ...doc('One item with its prices, plan, delivery and why it may not be published'),
        params: catalogueItemParams,
        response: responses(catalogueItemSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readItem(app.db, request.params.actSn)),
  );

  app.post(
    '/ops/v1/catalogue/items',
    {
      schema: {
        ...doc('Create an item (unpublished)'),
        body: catalogueCreateBody,
        response: responses(catalogueItemSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const { projectSn, ...fields } = request.body;
      await requireProjectImages(app.storage, projectSn, [fields.cover, ...(fields.images ?? [])]);
      const item = await createItem(app.db, projectSn, fields);
      invalidateReadModels(app.db, projectSn);
      await auditOps(request, {
        action: 'catalogue.item.create',
        projectSn,
        target: `activity:${item.actSn}`,
        after: item,
      });
      return ok(item);
    },
  );

  app.patch(
    '/ops/v1/catalogue/items/:actSn',
    {
      config: byItem,
      schema: {
        ...doc("Save an item's fields (an item on sale must still add up)"),
        params: catalogueItemParams,
        body: catalogueUpdateBody,
        response: responses(catalogueItemSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn } = await readItem(app.db, request.params.actSn);
      await requireProjectImages(app.storage, projectSn, [request.body.cover, ...(request.body.images ?? [])]);
      const { before, after } = await updateItem(app.db, request.params.actSn, request.body);
      invalidateReadModels(app.db, after.projectSn);
      await auditOps(request, {
        action: 'catalogue.item.update',
        projectSn: after.projectSn,
        target: `activity:${after.actSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  for (const [verb, online] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/ops/v1/catalogue/items/:actSn/${verb}`,
      {
        config: byItem,
        schema: {
          ...doc(online ? 'Put an item on sale (refused with every reason it does not add up)' : 'Take off sale'),
          params: catalogueItemParams,
          response: responses(catalogueItemSchema, [400, 401, 403, 404]),
        },
      },
      async (request) => {
        const { before, after } = await setPublished(app.db, request.params.actSn, online);
        invalidateReadModels(app.db, after.projectSn);
        await auditOps(request, {
          action: `catalogue.item.${verb}`,
          projectSn: after.projectSn,
          target: `activity:${after.actSn}`,
          before: { state: before.state },
          after: { state: after.state },
        });
        return ok(after);
      },
    );
  }

  app.delete(
    '/ops/v1/catalogue/items/:actSn',
    {
      config: byItem,
      schema: {
        ...doc('Delete an item nobody ordered; one that orders name is archived instead'),
        params: catalogueItemParams,
        response: responses(catalogueDeleted, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { before, outcome } = await deleteItem(app.db, request.params.actSn);
      invalidateReadModels(app.db, before.projectSn);
      await auditOps(request, {
        action: outcome === 'ARCHIVED' ? 'catalogue.item.archive' : 'catalogue.item.delete',
        projectSn: before.projectSn,
        target: `activity:${before.actSn}`,
        before,
        after: outcome === 'ARCHIVED' ? { state: 'ARCHIVED' } : null,
      });
      return ok({ actSn: before.actSn, outcome });
    },
  );

  app.get(
    '/ops/v1/catalogue/upload-credentials',
    {
      // Signing lets the caller write pictures: a write of the catalogue, though nothing changes yet.
      config: { opsAccess: 'write' },
      schema: {
        ...doc("PostObject credentials for the project's catalogue pictures (images only, 10 minutes)"),
        querystring: z.object({ projectSn: projectSettingsParams.shape.projectSn }),
        response: responses(uploadCredentialsSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(app.storage.sign(catalogueDir(request.query.projectSn))),
  );

  const byProject = {
    opsProject: async (request: { params: unknown }) => (request.params as { projectSn: string }).projectSn,
  };
  app.get(
    '/ops/v1/projects/:projectSn/settings',
    {
      config: byProject,
      schema: {
        ...doc("A project's settings (name, entrance notice; the theme follows its enum)"),
        params: projectSettingsParams,
        response: responses(projectSettingsSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readProjectSettings(app.db, request.params.projectSn)),
  );
  app.put(
    '/ops/v1/projects/:projectSn/settings',
    {
      config: byProject,
      schema: {
        ...doc("Save a project's settings"),
        params: projectSettingsParams,
        body: projectSettingsBody,
        response: responses(projectSettingsSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn } = request.params;
      const { before, after } = await updateProjectSettings(app.db, projectSn, request.body);
      invalidateReadModels(app.db, projectSn);
      await auditOps(request, {
        action: 'project.settings.update',
        projectSn,
        target: `project:${projectSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

export default catalogueOpsRoutes;
