/**
 * WeChat JS-SDK signature (user service `js/getJSSign`, §1 share in the WeChat browser). No session: the H5 page
 * signs before anything else, and the signature only proves the page's address to WeChat. Not under the request
 * signature either (that covers /front/ and /api/).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsSignInfo, jsSignQuery } from '@contract/activity';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../config';
import { projects } from '../../db/schema';
import { AppError, MESSAGES, notFound, ok, responses } from '../../http';
import { signJsSdk, WechatApiError, wechatTicketProviderFrom, type WechatTicketProvider } from '../../services/wechat';

export const WECHAT_MESSAGES = {
  off: '未配置微信公众号，无法签名',
  failed: '微信签名失败，请稍后再试',
} as const;

const wechatRoutes: FastifyPluginAsyncZod<{ config: Config; ticketProvider?: WechatTicketProvider | null }> = async (app, opts) => {
  const provider = opts.ticketProvider !== undefined ? opts.ticketProvider : wechatTicketProviderFrom(app.db, opts.config.wechatMp);

  app.get(
    '/js/getJSSign',
    { schema: { tags: ['wechat'], summary: 'WeChat JS-SDK signature for a page URL', querystring: jsSignQuery, response: responses(jsSignInfo, [400, 404]) } },
    async (request) => {
      const [project] = await app.db
        .select({ projectSn: projects.projectSn })
        .from(projects)
        .where(and(eq(projects.projectSn, request.query.projectSn), eq(projects.status, 'ONLINE')))
        .limit(1);
      if (!project) throw notFound(MESSAGES.unknownProject, ERROR_CODES.UNKNOWN_PROJECT);
      if (!provider) throw new AppError(400, ERROR_CODES.WECHAT_UNAVAILABLE, WECHAT_MESSAGES.off);
      try {
        return ok(await signJsSdk(provider, request.query.url));
      } catch (err) {
        if (!(err instanceof WechatApiError)) throw err;
        // WeChat's fault, not the caller's: logged, and answered 503 so the page can simply go on without sharing.
        request.log.warn({ err }, 'wechat jsapi_ticket unavailable');
        throw new AppError(503, ERROR_CODES.WECHAT_UNAVAILABLE, WECHAT_MESSAGES.failed);
      }
    },
  );
};

export default wechatRoutes;
