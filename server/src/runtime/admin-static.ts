/**
 * The operator console (admin/, DESIGN.md §1 item 3) at /admin: its built files from admin/dist, and
 * index.html for every other /admin path, where the console's own router shows the page (or says it is unknown).
 *
 * Delivery as for the H5 (runtime/static.ts): the build writes a .gz and a .br beside each text asset
 * (admin/vite.config.mts) and preCompressed sends the best one the client accepts. Everything under
 * /admin/assets/ carries a content hash in its name (Vite), so it is cached for a year; index.html is revalidated
 * on every load so a new build is seen at once. A missing asset is a 404, never the page.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMMUTABLE, REVALIDATE } from './static';

export const ADMIN_DIST = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>运营后台尚未构建</title></head>
<body style="font-family:sans-serif;padding:24px;line-height:1.6">
<h2>运营后台尚未构建</h2>
<p>请先在项目根目录运行 <code>npm run build:admin</code>（<code>npm start</code> 会自动构建），然后重启服务。</p>
</body></html>`;

const isAsset = (root: string, filePath: string) => relative(root, filePath).startsWith(`assets${sep}`);

export async function registerAdminStatic(app: FastifyInstance, options: { adminDist?: string } = {}): Promise<void> {
  const root = options.adminDist ? resolve(options.adminDist) : ADMIN_DIST;
  const indexPath = join(root, 'index.html');
  const page = (reply: FastifyReply, html: string) =>
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);

  if (!existsSync(indexPath)) {
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => page(reply, NOT_BUILT_PAGE));
    app.get('/admin/*', { schema: { hide: true } }, (_request, reply) => page(reply, NOT_BUILT_PAGE));
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/admin/',
    // One route per built file (the build is done before the server starts), so /admin/* below is the SPA's.
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res: SetHeadersResponse, filePath: string) => {
      res.setHeader('Cache-Control', isAsset(root, filePath) ? IMMUTABLE : REVALIDATE);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // Read per request (a few hundred bytes) so that a rebuild is served without a restart.
  const spa = async (request: { url: string }, reply: FastifyReply) => {
    if (request.url.split('?')[0].startsWith('/admin/assets/')) return reply.callNotFound();
    return page(reply, await readFile(indexPath, 'utf8'));
  };
  app.get('/admin', { schema: { hide: true } }, spa);
  app.get('/admin/*', { schema: { hide: true } }, spa);
}
