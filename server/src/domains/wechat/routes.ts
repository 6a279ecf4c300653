/**
 * WeChat JS-SDK signature (user service `js/getJSSign`, §1 share in the WeChat browser). No session: the H5 page
 * signs before anything else, and the signature only proves the page's address to WeChat. Not under the request
 * signature either (that covers /front/ and /api/).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsSignInfo, jsSignQuery } from '@contract/activity';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../config';
import { AppError, ok, responses } from '../../runtime/http';
import {
  signProjectPage,
  WECHAT_MESSAGES,
  WechatApiError,
  wechatTicketProviderFrom,
  type WechatTicketProvider,
} from './service';

const wechatRoutes: FastifyPluginAsyncZod<{ config: Config; ticketProvider?: WechatTicketProvider | null }> = async (
  app,
  opts,
) => {
  const provider =
    opts.ticketProvider !== undefined ? opts.ticketProvider : wechatTicketProviderFrom(app.db, opts.config.wechatMp);

  app.get(
    '/js/getJSSign',
    {
      schema: {
        tags: ['wechat'],
        summary: 'WeChat JS-SDK signature for a page URL',
        querystring: jsSignQuery,
        response: responses(jsSignInfo, [400, 404]),
      },
    },
    async (request) => {
      try {
        return ok(await signProjectPage(app.db, provider, request.query.projectSn, request.query.url));
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
