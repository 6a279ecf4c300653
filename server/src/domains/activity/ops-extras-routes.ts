/**
 * Operator routes of an item's extras (/ops/v1/catalogue/items/:actSn/..., area catalogue): reviews (list, hide or
 * show, reply), the areas that may order it, and its order rules (household types, applicant fields). Each route
 * checks the item's project against the operator's scope; every change is audited and drops the project's read
 * models (and the item's cached review summary), so the storefront shows it at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueItemParams } from '@contract/ops-catalogue';
import {
  areaRestrictionBody,
  areaRestrictionSchema,
  areaTreeSchema,
  opsReviewList,
  opsReviewRow,
  orderRulesBody,
  orderRulesSchema,
  reviewParams,
  reviewReplyBody,
  reviewVisibilityBody,
} from '@contract/ops-catalogue-extras';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { forgetReadModel, invalidateReadModels } from '../../runtime/read-cache';
import { commentSummaryKey } from './comments';
import {
  areaTree,
  listReviews,
  readAreaRestriction,
  readOrderRules,
  replyReview,
  saveAreaRestriction,
  saveOrderRules,
  setReviewHidden,
} from './ops-catalogue-extras';

const security = [{ opsKey: [] }];

const catalogueExtrasOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'catalogue' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });
  const byItem = { opsProject: opsProjectOf.activity('actSn') };

  app.get(
    '/ops/v1/catalogue/items/:actSn/reviews',
    {
      config: byItem,
      schema: {
        ...doc("An item's reviews, hidden ones included, newest first"),
        params: catalogueItemParams,
        response: responses(opsReviewList, [400, 401, 403, 404]),
      },
    },
    async (request) => ok({ list: await listReviews(app.db, request.params.actSn) }),
  );

  const reviewChanged = (projectSn: string, actSn: string) => {
    // The detail's summary is cached apart from the project's read models (runtime/read-cache.ts).
    forgetReadModel(app.db, projectSn, commentSummaryKey(actSn));
    invalidateReadModels(app.db, projectSn);
  };

  app.put(
    '/ops/v1/catalogue/items/:actSn/reviews/:commentId/visibility',
    {
      config: byItem,
      schema: {
        ...doc('Hide a review from the storefront (kept, no longer listed or counted), or show it again'),
        params: reviewParams,
        body: reviewVisibilityBody,
        response: responses(opsReviewRow, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { actSn, commentId } = request.params;
      const { projectSn, before, after } = await setReviewHidden(app.db, actSn, commentId, request.body.hidden);
      reviewChanged(projectSn, actSn);
      await auditOps(request, {
        action: request.body.hidden ? 'catalogue.review.hide' : 'catalogue.review.show',
        projectSn,
        target: `comment:${commentId}`,
        before: { hidden: before.hidden },
        after: { hidden: after.hidden },
      });
      return ok(after);
    },
  );

  app.put(
    '/ops/v1/catalogue/items/:actSn/reviews/:commentId/reply',
    {
      config: byItem,
      schema: {
        ...doc("The merchant's reply to a review, shown under it in the storefront"),
        params: reviewParams,
        body: reviewReplyBody,
        response: responses(opsReviewRow, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { actSn, commentId } = request.params;
      const { projectSn, before, after } = await replyReview(app.db, actSn, commentId, request.body.reply);
      reviewChanged(projectSn, actSn);
      await auditOps(request, {
        action: 'catalogue.review.reply',
        projectSn,
        target: `comment:${commentId}`,
        before: { reply: before.reply },
        after: { reply: after.reply },
      });
      return ok(after);
    },
  );

  app.get(
    '/ops/v1/catalogue/areas',
    {
      schema: {
        ...doc("Provinces and their cities for the area picker (the storefront's own area data)"),
        response: responses(areaTreeSchema, [401, 403]),
      },
    },
    async () => ok({ list: areaTree() }),
  );

  app.get(
    '/ops/v1/catalogue/items/:actSn/areas',
    {
      config: byItem,
      schema: {
        ...doc('Which areas may order the item'),
        params: catalogueItemParams,
        response: responses(areaRestrictionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readAreaRestriction(app.db, request.params.actSn)),
  );

  app.put(
    '/ops/v1/catalogue/items/:actSn/areas',
    {
      config: byItem,
      schema: {
        ...doc('Save which areas may order the item (the order refuses the others: 当前地区暂不支持购买…)'),
        params: catalogueItemParams,
        body: areaRestrictionBody,
        response: responses(areaRestrictionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { actSn } = request.params;
      const { projectSn, before, after } = await saveAreaRestriction(app.db, actSn, request.body);
      invalidateReadModels(app.db, projectSn);
      await auditOps(request, {
        action: 'catalogue.item.areas',
        projectSn,
        target: `activity:${actSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.get(
    '/ops/v1/catalogue/items/:actSn/order-rules',
    {
      config: byItem,
      schema: {
        ...doc("The item's household types and applicant fields"),
        params: catalogueItemParams,
        response: responses(orderRulesSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readOrderRules(app.db, request.params.actSn)),
  );

  app.put(
    '/ops/v1/catalogue/items/:actSn/order-rules',
    {
      config: byItem,
      schema: {
        ...doc("Save the item's household types and applicant fields (checked at order submit, §5)"),
        params: catalogueItemParams,
        body: orderRulesBody,
        response: responses(orderRulesSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { actSn } = request.params;
      const { projectSn, before, after } = await saveOrderRules(app.db, actSn, request.body);
      invalidateReadModels(app.db, projectSn);
      await auditOps(request, {
        action: 'catalogue.item.order-rules',
        projectSn,
        target: `activity:${actSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

export default catalogueExtrasOpsRoutes;
