/**
 * §2 unknown paths go to the error page: a browser opening an address the server has no file or route for gets
 * the H5 app (which shows its error page), with 404; calls under the API's prefixes keep their JSON 404.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildHarness, type Harness } from '../helpers/app';

const HTML = '<!doctype html><html><head><title>商城</title></head><body><div id="app"></div></body></html>';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('unknown addresses', () => {
  let h: Harness;
  let dist = '';
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'h5-dist-'));
    writeFileSync(join(dist, 'index.html'), HTML);
    h = await buildHarness({ env: { H5_DIST: dist } });
  });
  after(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, accept: string, method: 'GET' | 'POST' = 'GET') =>
    h.app.inject({ method, url, headers: { accept } });

  it('a browser opening an unknown page gets the H5 app, 404', async () => {
    for (const url of ['/nonexistent', '/pages/nope/nope?x=1', '/a/b/c.html']) {
      const res = await get(url, BROWSER);
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers['content-type']), /text\/html/, url);
      assert.equal(res.payload, HTML, url);
    }
  });

  it('the API keeps its JSON 404, for a browser too', async () => {
    for (const url of ['/front/v1/nope', '/api/nope', '/ops/nope', '/sandbox/nope', '/static/nope.png']) {
      const res = await get(url, BROWSER);
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers['content-type']), /application\/json/, url);
      assert.equal(res.json().state, false, url);
    }
  });

  it('a call that is no page visit (not GET, or not asking for HTML) gets JSON', async () => {
    for (const res of [
      await get('/nonexistent', 'application/json'),
      await get('/nonexistent', '*/*'),
      await get('/nonexistent', BROWSER, 'POST'),
    ]) {
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().state, false);
    }
  });
});
