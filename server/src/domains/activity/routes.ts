/**
 * Catalogue calls of §7 Activities: detail, spec attributes, hot recommendations, share info, reviews (list and
 * publish) and the product introduction. Every call needs a session and sees only ONLINE items of its project.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityDetailSchema,
  actSnParams,
  actSnQuery,
  commentListInfo,
  commentListQuery,
  commentPublishBody,
  commentPublishInfo,
  hotRecommendInfo,
  introduceInfo,
  shareInfo,
  specAttrsInfo,
} from '@contract/activity';
import { errorEnvelope, signedFields } from '@contract/common';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { activityDetail, hotRecommend, productIntroduce, shareInfo as share, specAttrs } from './service';
import { listComments, publishComment } from './comments';

const activityRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  const session = { config: { session: 'required' as const } };
  const tags = ['activity'];

  app.get(
    '/front/v1/activity/details',
    {
      ...session,
      schema: {
        tags,
        summary: 'Activity or course detail',
        querystring: actSnQuery,
        response: responses(activityDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await activityDetail(app.db, requireSession(request.session), request.query.actSn)),
  );
  app.get(
    '/front/v1/activity/spec-attrs',
    {
      ...session,
      schema: {
        tags,
        summary: 'Spec attributes',
        querystring: actSnQuery,
        response: responses(specAttrsInfo, [400, 401, 404]),
      },
    },
    async (request) => ok(await specAttrs(app.db, requireSession(request.session).projectSn, request.query.actSn)),
  );
  app.get(
    '/front/v1/activity/hot-recommend',
    {
      ...session,
      schema: {
        tags,
        summary: 'Best sellers of the project, not this item (at most 6)',
        querystring: actSnQuery,
        response: responses(hotRecommendInfo, [400, 401, 404]),
      },
    },
    async (request) => ok(await hotRecommend(app.db, requireSession(request.session).projectSn, request.query.actSn)),
  );
  app.get(
    '/front/v1/activity/share',
    {
      ...session,
      schema: {
        tags,
        summary: 'Share title, content, image and link',
        querystring: actSnQuery,
        response: responses(shareInfo, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(
        await share(
          app.db,
          requireSession(request.session).projectSn,
          request.query.actSn,
          opts.config.publicBaseUrl ?? null,
        ),
      ),
  );
  app.get(
    '/front/v1/activity/comment/list',
    {
      ...session,
      schema: {
        tags,
        summary: 'Reviews, newest first',
        querystring: commentListQuery,
        response: responses(commentListInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { actSn, page, perSize } = request.query;
      return ok(await listComments(app.db, requireSession(request.session).projectSn, actSn, page, perSize));
    },
  );
  app.post(
    '/front/v1/activity/comment/publish',
    {
      ...session,
      schema: {
        tags,
        summary: 'Publish a review (bought items only, once per customer, plain text)',
        body: commentPublishBody,
        response: { ...responses(commentPublishInfo, [400, 401, 404, 409]), 403: errorEnvelope },
      },
    },
    async (request) => ok(await publishComment(app.db, requireSession(request.session), request.body)),
  );
  app.get(
    '/front/v1/activity/product/introduce/:actSn',
    {
      ...session,
      schema: {
        tags,
        summary: 'Product introduction (sanitised HTML)',
        params: actSnParams,
        querystring: z.object({ ...signedFields }),
        response: responses(introduceInfo, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(await productIntroduce(app.db, requireSession(request.session).projectSn, request.params.actSn)),
  );
};

export default activityRoutes;
