/**
 * Files: the built H5 storefront at / (so the storefront and the API share one origin, DESIGN.md §1) and
 * images under /static/. Taro's H5 build also puts imported assets under dist/h5/static, so /static/ looks
 * in server/static first and then there.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const SERVER_STATIC_DIR = fileURLToPath(new URL('../../static', import.meta.url));

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>商城尚未构建</title></head>
<body style="font-family:sans-serif;padding:24px;line-height:1.6">
<h2>H5 商城尚未构建</h2>
<p>请先在项目根目录运行 <code>npm run build:h5</code>，然后重启服务。</p>
<p>接口文档见 <a href="/docs">/docs</a>。</p>
</body></html>`;

export async function registerStatic(app: FastifyInstance, options: { h5Dist: string }): Promise<void> {
  const h5Root = resolve(options.h5Dist);
  const h5Built = existsSync(join(h5Root, 'index.html'));

  if (h5Built) {
    await app.register(fastifyStatic, { root: h5Root, prefix: '/', index: 'index.html' });
  } else {
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
  }

  const imageRoots = [SERVER_STATIC_DIR, join(h5Root, 'static')].filter((dir) => existsSync(dir));
  await app.register(fastifyStatic, {
    root: imageRoots,
    prefix: '/static/',
    decorateReply: !h5Built,
    maxAge: '1h',
  });
}
