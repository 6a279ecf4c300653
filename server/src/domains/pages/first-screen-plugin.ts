/**
 * The H5 entry page (LCP): GET / and /index.html answer the build's index.html with the home's first banner
 * picture drawn in it (domains/pages/first-screen.ts), for the project the build enters by default. The storefront's
 * pages are hash routes (#/pages/...), which the browser never sends; a shared item has a public address of its own,
 * /item/<actSn> (contract/rules/share-link.ts), answered with that item's first screen drawn instead
 * (domains/pages/first-screen-detail.ts).
 *
 * Delivery: revalidated on every load (no-cache) with a weak ETag, so an unchanged page is a 304; brotli or gzip when
 * the client accepts it (Vary: Accept-Encoding). The page and its compressed forms are made once per read-model
 * version: the read models are cached objects (runtime/read-cache.ts), so while the same objects come back the same
 * bytes are sent, and an invalidation (or PostgreSQL's expiry) makes the next request draw the page again. A new
 * H5 build is seen at once, as when the file was served from disk: the page is read again when its mtime or size
 * changes (one stat per request).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../../runtime/sha256';
import { ITEM_SHARE_PREFIX, SHARE_ACT_SN } from '@contract/rules/share-link';
import { defaultProjectOf, drawEntry, firstScreen } from './first-screen';
import { drawDetail } from './first-screen-detail';
import { onlineProjects } from './read-models';
import { sharedItemScreen } from '../activity/shared-detail';

interface Encoded {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A project's or item's code as the address may carry it. */
const SAFE_SN = /^[A-Za-z0-9_-]{1,64}$/;
/** Shared items' pages kept per build (each about 3 KB with its compressed forms). */
const DETAIL_PAGES = 500;

function encode(html: string): Encoded {
  const plain = Buffer.from(html);
  return {
    html: plain,
    br: brotliCompressSync(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
    }),
    gzip: gzipSync(plain, { level: 9 }),
    // One tag for the three encodings: they are the same page (weak comparison, RFC 9110 8.8.3).
    etag: `W/"${sha256Hex(html).slice(0, 27)}"`,
  };
}

/** br before gzip, each unless refused with q=0; the plain page otherwise. */
function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch &&
  ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

export function registerFirstScreen(app: FastifyInstance, options: { h5Root: string; cacheControl: string }): void {
  const file = join(options.h5Root, 'index.html');
  interface Build {
    stamp: string;
    template: string;
    projectSn: string | null;
    plain: Encoded;
    /** The last page drawn from this build and the read-model objects it came from. */
    last: { sources: readonly unknown[]; page: Encoded } | null;
    /** Shared items' pages by project and item, each with the read-model objects it came from (oldest first). */
    details: Map<string, { sources: readonly unknown[]; page: Encoded }>;
  }
  let build: Build | null = null;

  /** The build's page, read again when the file changed; the last one read while a new build is being written. */
  function currentBuild(): Build {
    try {
      const st = statSync(file);
      const stamp = `${st.mtimeMs}:${st.size}`;
      if (build?.stamp !== stamp) {
        const template = readFileSync(file, 'utf8');
        build = {
          stamp,
          template,
          projectSn: defaultProjectOf(template),
          plain: encode(template),
          last: null,
          details: new Map(),
        };
      }
    } catch (err) {
      if (!build) throw err;
    }
    return build as Build;
  }

  async function current(): Promise<Encoded> {
    const b = currentBuild();
    if (!b.projectSn) return b.plain;
    try {
      const screen = await firstScreen(app.db, b.projectSn);
      const last = b.last;
      if (
        last &&
        last.sources.length === screen.sources.length &&
        last.sources.every((s, i) => s === screen.sources[i])
      )
        return last.page;
      const page = screen.picture ? encode(drawEntry(b.template, b.projectSn, screen.picture)) : b.plain;
      b.last = { sources: screen.sources, page };
      return page;
    } catch (err) {
      // The entry page must open even when a read model cannot be read: the app asks again and reports it.
      app.log.warn({ err }, 'first screen not drawn');
      return b.plain;
    }
  }

  /**
   * A shared item's page (first-screen-detail.ts) for the project the address names, else the build's default.
   * Without the item online in an online project the page draws nothing but still opens the detail (the app says
   * what is wrong); that page depends on the project only. At most DETAIL_PAGES items are kept, the oldest dropped.
   */
  async function detailPage(actSn: string, wanted: unknown): Promise<Encoded> {
    const b = currentBuild();
    const projectSn = typeof wanted === 'string' && SAFE_SN.test(wanted) ? wanted : b.projectSn;
    if (!projectSn) return b.plain;
    const memo = (key: string, sources: readonly unknown[], draw: () => string) => {
      const kept = b.details.get(key);
      if (kept && kept.sources.length === sources.length && kept.sources.every((s, i) => s === sources[i]))
        return kept.page;
      const page = encode(draw());
      b.details.delete(key);
      b.details.set(key, { sources, page });
      if (b.details.size > DETAIL_PAGES) b.details.delete(b.details.keys().next().value as string);
      return page;
    };
    const nothing = () => memo(`-${projectSn}`, [], () => drawDetail(b.template, projectSn, null));
    if (!SHARE_ACT_SN.test(actSn)) return nothing();
    try {
      const online = await onlineProjects(app.db);
      if (!online.has(projectSn)) return nothing();
      const screen = await sharedItemScreen(app.db, projectSn, actSn);
      if (!screen.item) return nothing();
      const item = screen.item;
      return memo(`${projectSn}/${actSn}`, [online, screen.source], () => drawDetail(b.template, projectSn, item));
    } catch (err) {
      app.log.warn({ err }, 'shared item not drawn');
      return nothing();
    }
  }

  currentBuild();
  // The read models are loaded before the server listens, so the first visitor's page does not wait for them.
  app.addHook('onReady', async () => {
    await current();
  });

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: Encoded) {
    reply.header('Cache-Control', options.cacheControl).header('Vary', 'Accept-Encoding').header('ETag', page.etag);
    if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  }

  for (const url of ['/', '/index.html'])
    app.get(url, { schema: { hide: true } }, async (request, reply) => sendPage(request, reply, await current()));
  // A shared item's public address (contract/rules/share-link.ts): the page with that item's first screen drawn.
  app.get<{ Params: { actSn: string }; Querystring: { projectSn?: unknown } }>(
    `${ITEM_SHARE_PREFIX}:actSn`,
    { schema: { hide: true } },
    async (request, reply) => sendPage(request, reply, await detailPage(request.params.actSn, request.query.projectSn)),
  );
  // A browser opening an unknown address gets the app as built (no banner drawn), which shows its error page
  // (runtime/errors.ts decides when).
  app.decorate('appPage', (reply: FastifyReply) =>
    reply.header('Cache-Control', options.cacheControl).type('text/html; charset=utf-8').send(currentBuild().template),
  );
}
