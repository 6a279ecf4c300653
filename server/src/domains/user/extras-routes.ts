/**
 * The user area's other calls: customer service and follow settings of the project, QR images
 * (/api/text2QrCode, auth service), traffic links (/front/traffic/link/{id}) and /front/image/to/base64 for
 * drawing this server's own images in mini-program canvases (never an outside address: no request forgery).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import { imageBase64Info, imageBase64Query, qrInfo, qrQuery, serviceInfoQuery, serviceInfoSchema, trafficLinkInfo, trafficLinkParams, trafficLinkQuery } from '@contract/user-extras';
import { AppError, badRequest, notFound, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { SERVER_STATIC_DIR } from '../../runtime/static';
import { loadQrEncoder, QR_MESSAGES, type QrEncoder } from './qrcode';
import { serviceInfo } from './service-settings';
import { LocalStorage } from '../upload/service';
import { followTrafficLink, LINK_NOT_FOUND } from './traffic-links';
import { IMAGE_TYPES, sniffImage } from '../upload/image-type';

export const EXTRA_MESSAGES = {
  linkNotFound: LINK_NOT_FOUND,
  notOwnImage: '只能转换本站的图片',
  imageNotFound: '图片不存在',
} as const;

export interface UserExtrasOptions {
  /** undefined: the `qrcode` package when installed; null: none (the QR call says so); tests pass their own. */
  qrEncoder?: QrEncoder | null;
}

const STATIC_IMAGE = /^(?:https?:\/\/[^/\s]+)?\/static\/images\/([A-Za-z0-9_-]{1,64})\.(svg|png)$/;

const userExtrasRoutes: FastifyPluginAsyncZod<UserExtrasOptions> = async (app, options) => {
  const encoder = options.qrEncoder !== undefined ? options.qrEncoder : await loadQrEncoder();

  app.get(
    '/front/v1/service/info',
    {
      config: { session: 'required' },
      schema: { tags: ['user'], summary: 'The project\'s customer service (phone, hours, WeChat Work) and follow link', querystring: serviceInfoQuery, response: responses(serviceInfoSchema, [400, 401]) },
    },
    async (request) => ok(await serviceInfo(app.db, requireSession(request.session).projectSn)),
  );

  app.get(
    '/api/text2QrCode',
    {
      config: { session: 'required' },
      schema: { tags: ['auth'], summary: 'A QR code of the text as a PNG data URL (the qrcode library)', querystring: qrQuery, response: responses(qrInfo, [400, 401, 503]) },
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
      schema: { tags: ['user'], summary: 'Where a traffic link leads (a jump of §4); counts the visit', params: trafficLinkParams, querystring: trafficLinkQuery, response: responses(trafficLinkInfo, [400, 404]) },
    },
    async (request) => {
      const { projectSn, jumpContent } = await followTrafficLink(app.db, request.params.id);
      return ok({ projectSn, jumpContent });
    },
  );

  app.get(
    '/front/image/to/base64',
    {
      config: { session: 'required' },
      schema: { tags: ['user'], summary: 'One of this server\'s images (uploads, /static/images) as a data URL, for canvases', querystring: imageBase64Query, response: responses(imageBase64Info, [400, 401, 404]) },
    },
    async (request) => {
      const url = request.query.url;
      const staticImage = STATIC_IMAGE.exec(url);
      if (staticImage) {
        const data = await readFile(join(SERVER_STATIC_DIR, 'images', `${staticImage[1]}.${staticImage[2]}`)).catch(() => null);
        if (!data) throw notFound(EXTRA_MESSAGES.imageNotFound);
        const type = staticImage[2] === 'svg' ? 'image/svg+xml' : 'image/png';
        return ok({ base64: `data:${type};base64,${data.toString('base64')}` });
      }
      const upload = /^(?:https?:\/\/[^/\s]+)?\/storage\/([^?#\s]+)$/.exec(url);
      const storage = app.storage;
      if (!upload || !(storage instanceof LocalStorage)) throw badRequest(EXTRA_MESSAGES.notOwnImage);
      const file = await storage.read(upload[1]);
      if (!file) throw notFound(EXTRA_MESSAGES.imageNotFound);
      const kind = sniffImage(file.data);
      return ok({ base64: `data:${kind ? IMAGE_TYPES[kind] : file.type};base64,${file.data.toString('base64')}` });
    },
  );
};

export default userExtrasRoutes;
