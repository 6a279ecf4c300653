/**
 * Operator routes of points items (/ops/v1/integral/items, area catalogue): list, make an item a points item,
 * edit its carrier, price, narrowing and preview link, end it. Every change is audited with before and after and
 * drops the project's read models, so the storefront's points pages show it at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pointsItemCreateBody,
  pointsItemEnded,
  pointsItemList,
  pointsItemListQuery,
  pointsItemParams,
  pointsItemSchema,
  pointsItemUpdateBody,
} from '@contract/ops-integral';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { invalidateReadModels } from '../../runtime/read-cache';
import { createPointsItem, endPointsItem, listPointsItems, readPointsItem, updatePointsItem } from './ops-items';

const security = [{ opsKey: [] }];

const integralOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'catalogue' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const byItem = { opsProject: opsProjectOf.activity('actSn') };

  app.get(
    '/ops/v1/integral/items',
    {
      schema: {
        ...doc('Points items of a project, newest first'),
        querystring: pointsItemListQuery,
        response: responses(pointsItemList, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listPointsItems(app.db, request.query.projectSn) }),
  );

  app.get(
    '/ops/v1/integral/items/:actSn',
    {
      config: byItem,
      schema: {
        ...doc('One points item'),
        params: pointsItemParams,
        response: responses(pointsItemSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readPointsItem(app.db, request.params.actSn)),
  );

  app.post(
    '/ops/v1/integral/items',
    {
      schema: {
        ...doc('Make an item of the project a points item (carrier, points, cash part in fen)'),
        body: pointsItemCreateBody,
        response: responses(pointsItemSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const { projectSn, actSn, ...fields } = request.body;
      const item = await createPointsItem(app.db, projectSn, actSn, fields);
      invalidateReadModels(app.db, projectSn);
      await auditOps(request, { action: 'integral.item.create', projectSn, target: `activity:${actSn}`, after: item });
      return ok(item);
    },
  );

  app.patch(
    '/ops/v1/integral/items/:actSn',
    {
      config: byItem,
      schema: {
        ...doc("Save a points item's carrier, points, cash part, 限定积分类型 and 预览链接"),
        params: pointsItemParams,
        body: pointsItemUpdateBody,
        response: responses(pointsItemSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { before, after } = await updatePointsItem(app.db, request.params.actSn, request.body);
      invalidateReadModels(app.db, after.projectSn);
      await auditOps(request, {
        action: 'integral.item.update',
        projectSn: after.projectSn,
        target: `activity:${after.actSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.post(
    '/ops/v1/integral/items/:actSn/end',
    {
      config: byItem,
      schema: {
        ...doc('End a points item: off sale when orders name it, else its plain item again'),
        params: pointsItemParams,
        response: responses(pointsItemEnded, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { before, outcome } = await endPointsItem(app.db, request.params.actSn);
      invalidateReadModels(app.db, before.projectSn);
      await auditOps(request, {
        action: outcome === 'ENDED' ? 'integral.item.end' : 'integral.item.revert',
        projectSn: before.projectSn,
        target: `activity:${before.actSn}`,
        before,
        after: outcome === 'ENDED' ? { state: 'OFFLINE' } : null,
      });
      return ok({ actSn: before.actSn, outcome });
    },
  );
};

export default integralOpsRoutes;
