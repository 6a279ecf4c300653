/** Catalogue (§7 Activities) and the WeChat JS-SDK signature (user service js/getJSSign). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  jsSignInfo,
  jsSignQuery,
  shareInfo,
  specAttrsInfo,
} from '../../../../contract/activity';
import { ERROR_CODES } from '../../../../contract/common';
import { z } from 'zod';
import { signedFields } from '../../../../contract/common';
import type { Config } from '../../config';
import { AppError, ok, responses } from '../../http';
import { requireSession } from '../../plugins/auth';
import { activityDetail, hotRecommend, listComments, productIntroduce, publishComment, shareInfo as share, specAttrs } from '../../services/activity';
import { createWechatTicketProvider, signJsSdk, type WechatTicketProvider } from '../../services/wechat';

export const WECHAT_OFF = '未配置微信公众号，无法签名';

const activityRoutes: FastifyPluginAsyncZod<{ config: Config; ticketProvider?: WechatTicketProvider }> = async (app, opts) => {
  const session = { config: { session: 'required' as const } };
  const tags = ['activity'];

  app.get('/front/v1/activity/details', { ...session, schema: { tags, summary: 'Activity or course detail', querystring: actSnQuery, response: responses(activityDetailSchema, [400, 401, 404]) } }, async (request) =>
    ok(await activityDetail(app.db, requireSession(request.session), request.query.actSn)),
  );
  app.get('/front/v1/activity/spec-attrs', { ...session, schema: { tags, summary: 'Spec attributes', querystring: actSnQuery, response: responses(specAttrsInfo, [400, 401, 404]) } }, async (request) =>
    ok(await specAttrs(app.db, requireSession(request.session).projectSn, request.query.actSn)),
  );
  app.get('/front/v1/activity/hot-recommend', { ...session, schema: { tags, summary: 'Best sellers of the project, not this item', querystring: actSnQuery, response: responses(hotRecommendInfo, [400, 401, 404]) } }, async (request) =>
    ok(await hotRecommend(app.db, requireSession(request.session).projectSn, request.query.actSn)),
  );
  app.get('/front/v1/activity/share', { ...session, schema: { tags, summary: 'Share title, content, image and link', querystring: actSnQuery, response: responses(shareInfo, [400, 401, 404]) } }, async (request) =>
    ok(await share(app.db, requireSession(request.session).projectSn, request.query.actSn, opts.config.publicBaseUrl ?? null)),
  );
  app.get('/front/v1/activity/comment/list', { ...session, schema: { tags, summary: 'Reviews, newest first', querystring: commentListQuery, response: responses(commentListInfo, [400, 401, 404]) } }, async (request) => {
    const { actSn, page, perSize } = request.query;
    return ok(await listComments(app.db, requireSession(request.session).projectSn, actSn, page, perSize));
  });
  app.post('/front/v1/activity/comment/publish', { ...session, schema: { tags, summary: 'Publish a review (bought items only, once)', body: commentPublishBody, response: responses(commentPublishInfo, [400, 401, 404, 409]) } }, async (request) =>
    ok(await publishComment(app.db, requireSession(request.session), request.body)),
  );
  app.get(
    '/front/v1/activity/product/introduce/:actSn',
    { ...session, schema: { tags, summary: 'Product introduction (sanitised HTML)', params: actSnParams, querystring: z.object({ ...signedFields }), response: responses(introduceInfo, [400, 401, 404]) } },
    async (request) => ok(await productIntroduce(app.db, requireSession(request.session).projectSn, request.params.actSn)),
  );

  const mp = opts.config.wechatMp;
  const provider =
    opts.ticketProvider ?? (mp.appId && mp.appSecret ? createWechatTicketProvider(app.db, { appId: mp.appId, appSecret: mp.appSecret, apiBase: mp.apiBase }) : null);
  app.get('/js/getJSSign', { schema: { tags: ['wechat'], summary: 'WeChat JS-SDK signature for a page URL', querystring: jsSignQuery, response: responses(jsSignInfo, [400]) } }, async (request) => {
    if (!provider) throw new AppError(400, ERROR_CODES.BAD_INPUT, WECHAT_OFF);
    return ok(await signJsSdk(provider, request.query.url));
  });
};

export default activityRoutes;
