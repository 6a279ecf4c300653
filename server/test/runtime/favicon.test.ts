/**
 * /favicon.ico (every page load logged a 404 for it). The H5 build copies src/favicon.ico next to
 * index.html (config/index.ts copy pattern) and src/index.html links it; the server serves the build at /.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { buildHarness, type Harness } from '../helpers/app';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

describe('favicon', () => {
  let h: Harness;
  let dist = '';
  before(async () => {
    // A build as Taro leaves it: index.html from src/index.html, favicon.ico copied beside it.
    dist = mkdtempSync(join(tmpdir(), 'h5-dist-'));
    writeFileSync(join(dist, 'index.html'), readFileSync(join(SRC, 'index.html')));
    copyFileSync(join(SRC, 'favicon.ico'), join(dist, 'favicon.ico'));
    h = await buildHarness({ env: { H5_DIST: dist } });
  });
  after(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the storefront page links an icon that exists and is a real ICO file', () => {
    const html = readFileSync(join(SRC, 'index.html'), 'utf8');
    assert.match(html, /<link rel="icon" href="favicon.ico"/);
    const ico = readFileSync(join(SRC, 'favicon.ico'));
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2)], [0, 1]);
    assert.ok(ico.readUInt16LE(4) >= 1);
    assert.ok(ico.length < 4096, 'a small file');
  });

  it('is served at /favicon.ico as an icon', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/favicon.ico' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /icon/);
    assert.deepEqual(res.rawPayload, readFileSync(join(SRC, 'favicon.ico')));
  });
});
