/**
 * H5 delivery: the build's precompressed .br / .gz are sent to clients that accept them with
 * Content-Encoding, the plain file to the others; hashed names are cached for a year, index.html revalidated.
 * The files are written by the same function the H5 build runs (config/precompress.ts).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { precompressDir } from '../../../config/precompress';
import { IMMUTABLE, REVALIDATE } from '../../src/runtime/static';
import { buildHarness, type Harness } from '../helpers/app';

const JS = `/* app */${'console.log("首页 banner");\n'.repeat(400)}`;
const HTML = `<!doctype html><html><head><script src="/js/app.0a1b2c3d.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

describe('static H5 delivery', () => {
  let h: Harness;
  let dist = '';
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'h5-dist-'));
    mkdirSync(join(dist, 'js'));
    mkdirSync(join(dist, 'static', 'images'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), HTML);
    writeFileSync(join(dist, 'js', 'app.0a1b2c3d.js'), JS);
    writeFileSync(join(dist, 'js', 'tiny.0a1b2c3e.js'), 'x()');
    writeFileSync(join(dist, 'static', 'images', 'banner.12345678.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // js/in-memory.js: an asset the watch build (webpack-dev-server) keeps in memory only, skipped.
    assert.equal(
      precompressDir(dist, [
        'index.html',
        'js/app.0a1b2c3d.js',
        'js/tiny.0a1b2c3e.js',
        'static/images/banner.12345678.png',
        'js/in-memory.0a1b2c3f.js',
      ]),
      2,
    );
    h = await buildHarness({ env: { H5_DIST: dist } });
  });
  after(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    h.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends brotli when accepted, gzip otherwise, the plain file to a client that accepts neither', async () => {
    const br = await get('/js/app.0a1b2c3d.js', 'gzip, deflate, br');
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), JS);
    assert.ok(br.rawPayload.length < JS.length / 5);

    const gz = await get('/js/app.0a1b2c3d.js', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), JS);

    const plain = await get('/js/app.0a1b2c3d.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.payload, JS);
    for (const res of [br, gz, plain]) assert.equal(res.headers.vary, 'Accept-Encoding');
  });

  it('a file too small to compress is sent plain even to a client accepting br', async () => {
    const res = await get('/js/tiny.0a1b2c3e.js', 'br, gzip');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.payload, 'x()');
  });

  it('hashed assets are immutable for a year; index.html is revalidated, compressed too', async () => {
    assert.equal((await get('/js/app.0a1b2c3d.js', 'br')).headers['cache-control'], IMMUTABLE);
    assert.equal((await get('/js/tiny.0a1b2c3e.js')).headers['cache-control'], IMMUTABLE);
    const image = await get('/static/images/banner.12345678.png');
    assert.equal(image.statusCode, 200, image.payload);
    assert.equal(image.headers['cache-control'], IMMUTABLE);
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['cache-control'], REVALIDATE, url);
      assert.equal(res.headers['content-encoding'], 'br', url);
      assert.match(String(res.headers['content-type']), /text\/html/, url);
      assert.equal(brotliDecompressSync(res.rawPayload).toString(), HTML, url);
    }
  });

  it('the API is not affected: a missing file is a 404, not a compressed body', async () => {
    const res = await get('/js/missing.0a1b2c3d.js', 'br');
    assert.equal(res.statusCode, 404);
  });
});
