/**
 * The user area's other calls: customer service and follow settings of the project, QR images
 * (/api/text2QrCode, auth service) and traffic links (/front/traffic/link/{id}).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import {
  qrInfo,
  qrQuery,
  serviceInfoQuery,
  serviceInfoSchema,
  trafficLinkInfo,
  trafficLinkParams,
  trafficLinkQuery,
} from '@contract/user-extras';
import { AppError, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { loadQrEncoder, QR_MESSAGES, type QrEncoder } from '../../runtime/qrcode';
import { serviceInfo } from './service-settings';
import { followTrafficLink } from './traffic-links';

export interface UserExtrasOptions {
  /** undefined: the `qrcode` package when installed; null: none (the QR call says so); tests pass their own. */
  qrEncoder?: QrEncoder | null;
}

const userExtrasRoutes: FastifyPluginAsyncZod<UserExtrasOptions> = async (app, options) => {
  const encoder = options.qrEncoder !== undefined ? options.qrEncoder : await loadQrEncoder();

  app.get(
    '/front/v1/service/info',
    {
      config: { session: 'required' },
      schema: {
        tags: ['user'],
        summary: "The project's customer service (phone, hours, WeChat Work) and follow link",
        querystring: serviceInfoQuery,
        response: responses(serviceInfoSchema, [400, 401]),
      },
    },
    async (request) => ok(await serviceInfo(app.db, requireSession(request.session).projectSn)),
  );

  app.get(
    '/api/text2QrCode',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'A QR code of the text as a PNG data URL (the qrcode library)',
        querystring: qrQuery,
        response: responses(qrInfo, [400, 401, 503]),
      },
    },
    async (request) => {
      if (!encoder) throw new AppError(503, ERROR_CODES.QR_UNAVAILABLE, QR_MESSAGES.unavailable);
      return ok({ image: await encoder.toDataUrl(request.query.text) });
    },
  );

  app.get(
    '/front/traffic/link/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags: ['user'],
        summary: 'Where a traffic link leads (a jump of §4); counts the visit',
        params: trafficLinkParams,
        querystring: trafficLinkQuery,
        response: responses(trafficLinkInfo, [400, 404]),
      },
    },
    async (request) => {
      const { projectSn, jumpContent } = await followTrafficLink(app.db, request.params.id);
      return ok({ projectSn, jumpContent });
    },
  );
};

export default userExtrasRoutes;
