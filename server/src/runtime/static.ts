/**
 * Files: the built H5 storefront at / (so the storefront and the API share one origin, DESIGN.md §1) and
 * images under /static/. Taro's H5 build also puts imported assets under dist/h5/static, so /static/ looks
 * in server/static first and then there.
 *
 * Delivery: the H5 build writes a .br and a .gz next to each text asset (config/precompress.ts);
 * @fastify/static's preCompressed sends the best one the client accepts, with Content-Encoding, and the plain
 * file otherwise. Names carrying a content hash never change, so they are cached for a year (immutable);
 * index.html and the other unhashed files are revalidated on every load so a new build is seen at once.
 * The entry page itself (/ and /index.html) is answered by domains/pages/first-screen-plugin.ts, which draws the home's
 * first
 * banner into it (LCP).
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerFirstScreen } from '../domains/pages/first-screen-plugin';

export const SERVER_STATIC_DIR = fileURLToPath(new URL('../../static/', import.meta.url));

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>商城尚未构建</title></head>
<body style="font-family:sans-serif;padding:24px;line-height:1.6">
<h2>H5 商城尚未构建</h2>
<p>请先在项目根目录运行 <code>npm run build:h5</code>，然后重启服务。</p>
<p>接口文档见 <a href="/docs">/docs</a>。</p>
</body></html>`;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const IMAGE_CACHE = 'public, max-age=3600';

/** Taro names built files `name.<8 hex>.ext` (config/index.ts: [contenthash:8], images [hash:8]). */
const HASHED_NAME = /\.[0-9a-f]{8}\.[a-z0-9]+(?:\.(?:br|gz))?$/;
export const isHashedAsset = (filePath: string) => HASHED_NAME.test(basename(filePath));

function h5Headers(res: SetHeadersResponse, filePath: string): void {
  res.setHeader('Cache-Control', isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE);
  // The body depends on Accept-Encoding (a .br, a .gz or the plain file): caches must key on it.
  res.setHeader('Vary', 'Accept-Encoding');
}

export async function registerStatic(app: FastifyInstance, options: { h5Dist: string }): Promise<void> {
  const h5Root = resolve(options.h5Dist);
  const h5Built = existsSync(join(h5Root, 'index.html'));

  if (h5Built) {
    // Its own routes, registered before the files' wildcard: find-my-way prefers them to it.
    registerFirstScreen(app, { h5Root, cacheControl: REVALIDATE });
    await app.register(fastifyStatic, {
      root: h5Root,
      prefix: '/',
      index: false,
      preCompressed: true,
      // Our own Cache-Control per file (setHeaders); send's default would be max-age=0 for everything.
      cacheControl: false,
      setHeaders: h5Headers,
    });
  } else {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE),
    );
  }

  const imageRoots = [SERVER_STATIC_DIR, join(h5Root, 'static')].filter((dir) => existsSync(dir));
  await app.register(fastifyStatic, {
    root: imageRoots,
    prefix: '/static/',
    decorateReply: !h5Built,
    cacheControl: false,
    // Server images keep their names when replaced (an hour); the build's hashed images never change.
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', isHashedAsset(filePath) ? IMMUTABLE : IMAGE_CACHE),
  });
}
