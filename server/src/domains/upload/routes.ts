/**
 * Uploads (§3 upload credentials, §7 GET /front/oss/sign, image upload) and GET /front/image/to/base64 (this
 * server's own images as data URLs, for mini-program canvases). The sign call hands a customer a
 * PostObject policy for their own directory. When the server is its own storage host (no OSS configured) it
 * also takes the multipart POST at /storage (checked as OSS would, plus image bytes) and serves the files at
 * /storage/<key> with long cache headers: keys are never overwritten, so a URL's content never changes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import { uploadCredentialsSchema, uploadSignQuery } from '@contract/upload';
import { imageBase64Info, imageBase64Query } from '@contract/user-extras';
import { badRequest, failure, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { LOCAL_PREFIX, LocalStorage, ownImageDataUrl, userDir } from './service';
import { UPLOAD_MESSAGES } from './policy';
import { boundaryOf, parseMultipart } from './multipart';

/** The raw form body, kept out of enumerable properties so the input guard does not walk a file byte by byte. */
class RawForm {
  readonly #data: Buffer;
  constructor(data: Buffer) {
    this.#data = data;
  }
  get data(): Buffer {
    return this.#data;
  }
}

/** Room for the form's text fields and part headers on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;
const YEAR_SECONDS = 365 * 24 * 3600;

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/front/oss/sign',
    {
      config: { session: 'required' },
      schema: {
        tags: ['upload'],
        // §7 names this call getWebUploadToken without a path (and lists this path among the user service's).
        operationId: 'getWebUploadToken',
        summary:
          "getWebUploadToken: PostObject credentials for the customer's own upload directory (images only, " +
          'size-limited, 10 minutes)',
        querystring: uploadSignQuery,
        response: responses(uploadCredentialsSchema, [400, 401]),
      },
    },
    async (request) => {
      const session = requireSession(request.session);
      return ok(app.storage.sign(userDir(session.projectSn, session.userId)));
    },
  );

  app.get(
    '/front/image/to/base64',
    {
      config: { session: 'required' },
      schema: {
        tags: ['user'],
        summary: "One of this server's images (uploads, /static/images) as a data URL, for canvases",
        querystring: imageBase64Query,
        response: responses(imageBase64Info, [400, 401, 404]),
      },
    },
    async (request) => ok({ base64: await ownImageDataUrl(app.storage, request.query.url) }),
  );

  const storage = app.storage;
  if (!(storage instanceof LocalStorage)) return;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: storage.maxBytes + FORM_OVERHEAD },
      (_request, body, done) => {
        done(null, new RawForm(body as Buffer));
      },
    );

    scope.post(
      LOCAL_PREFIX,
      {
        bodyLimit: storage.maxBytes + FORM_OVERHEAD,
        // Multipart has no JSON schema; the policy is the contract (domains/upload/policy.ts).
        schema: { hide: true },
      },
      async (request, reply) => {
        const boundary = boundaryOf(request.headers['content-type']);
        if (!boundary || !(request.body instanceof RawForm)) throw badRequest(UPLOAD_MESSAGES.notMultipart);
        const form = parseMultipart(request.body.data, boundary);
        if (!form) throw badRequest(UPLOAD_MESSAGES.notMultipart);
        const stored = await storage.accept(form);
        // OSS answers 204 unless the form asks for 200 (§5: the storefront expects 200).
        if (form.fields.success_action_status === '200')
          return reply.code(200).send(ok({ key: stored.key, url: stored.url }));
        return reply.code(204).send();
      },
    );

    scope.get(`${LOCAL_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const file = await storage.read(key);
      if (!file) return reply.code(404).send(failure(ERROR_CODES.NOT_FOUND, '文件不存在'));
      return reply
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .type(file.type)
        .send(file.data);
    });
  });
};

export default uploadRoutes;
