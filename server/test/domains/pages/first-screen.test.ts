/**
 * The H5 entry page with the home's first banner drawn in it (LCP; domains/pages/first-screen-plugin.ts,
 * domains/pages/first-screen.ts): drawn from the same read models as the API, seen fresh after an invalidation, nothing
 * drawn where it would be wrong, delivered revalidated and compressed with an ETag; and the inline check that hides
 * the picture from a visitor the entrance will not take to that home, run against stub browser objects.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ModuleItem } from '@contract/pages';
import { pageModules } from '../../../src/domains/pages/schema';
import { projects } from '../../../src/domains/entrance/schema';
import { REVALIDATE } from '../../../src/runtime/static';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';

/** The built index.html's shape (src/index.html after html-webpack-plugin). */
const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="sf-default-project" content="demo">' +
  '<title>商城</title><script defer="defer" src="/js/app.0a1b2c3d.js"></script></head><body><div id="app"></div></body></html>';

const BANNER_MODULE = 'demo-home-m1';

describe('H5 entry page: the first screen drawn by the server', () => {
  let h: Harness;
  let dist = '';
  let bannerItems: ModuleItem[] = [];
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'h5-first-'));
    mkdirSync(join(dist, 'js'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, 'js', 'app.0a1b2c3d.js'), 'x()');
    h = await buildHarness({ env: { H5_DIST: dist } });
    const [banner] = await h.database.db.select().from(pageModules).where(eq(pageModules.moduleSn, BANNER_MODULE));
    assert.equal(banner?.moduleType, 'BANNER', 'the seed opens demo-home with a banner');
    bannerItems = banner.items;
  });
  after(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url = '/', headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
  const drawnImg = (html: string) =>
    /<div id="sf-first"><img src="([^"]*)" alt="([^"]*)" fetchpriority="high"><\/div>/.exec(html);
  async function changeBanner(items: ModuleItem[], moduleType = 'BANNER') {
    await h.database.db.update(pageModules).set({ items, moduleType }).where(eq(pageModules.moduleSn, BANNER_MODULE));
    invalidateReadModels(h.database.db, 'demo');
  }

  it("draws tab 0 page's first banner picture, the one moduleInfo answers, after the app root", async () => {
    const token = await h.enter('demo');
    const menu = await h.get<{ tabList: { tabIndex: number; pageSn: string }[] }>(
      '/front/v1/customerPage/menu',
      {},
      token,
    );
    const pageSn = menu.body.info.tabList.find((t) => t.tabIndex === 0)?.pageSn;
    const page = await h.post<{ modules: { moduleType: string; items: ModuleItem[] }[] }>(
      '/front/v1/customerPage/moduleInfo',
      { pageSn },
      token,
    );
    const first = page.body.info.modules[0].items[0];
    for (const url of ['/', '/index.html']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /text\/html/);
      const img = drawnImg(res.payload);
      assert.deepEqual([img?.[1], img?.[2]], [first.image, first.title], url);
      assert.ok(res.payload.indexOf('<div id="app"></div><div id="sf-first">') > 0, 'stacked after the app root');
      // The style and the check sit right after the meta, before the app's scripts and styles.
      assert.ok(res.payload.indexOf('<style>#sf-first{') < res.payload.indexOf('<title>'));
      // The app's script is fetched from the start and run by the page's last script, after the picture.
      assert.ok(
        res.payload.includes('<link rel="preload" as="script" href="/js/app.0a1b2c3d.js" fetchpriority="low">'),
      );
      assert.ok(!res.payload.includes('<script defer'));
      assert.match(res.payload, /<script>\(function\(\)\{var S=\["\/js\/app\.0a1b2c3d\.js"\][^<]*<\/script><\/body>/);
    }
  });

  it('is revalidated, compressed once per version, and a 304 while unchanged', async () => {
    const plain = await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.payload);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.payload);
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.payload, plain.payload);
    for (const res of [plain, br, gz]) {
      assert.equal(res.headers['cache-control'], REVALIDATE);
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(res.headers.etag, plain.headers.etag);
    }
    const again = await get('/', { 'if-none-match': String(plain.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.payload, '');
    assert.equal(again.headers.etag, plain.headers.etag);
  });

  it('a changed banner is in the next page once the read models are invalidated (freshness), with a new ETag', async () => {
    const before = await get('/');
    try {
      await changeBanner([
        { ...bannerItems[0], image: '/static/images/banner-4.svg', title: '冬令营 <早鸟> & "特惠"' },
        ...bannerItems.slice(1),
      ]);
      const after = await get('/', { 'if-none-match': String(before.headers.etag) });
      assert.equal(after.statusCode, 200, 'the old ETag no longer matches');
      assert.notEqual(after.headers.etag, before.headers.etag);
      const img = drawnImg(after.payload);
      assert.equal(img?.[1], '/static/images/banner-4.svg');
      assert.equal(img?.[2], '冬令营 &lt;早鸟&gt; &amp; &quot;特惠&quot;', 'the title is escaped into alt');
    } finally {
      await changeBanner(bannerItems);
    }
    assert.equal(drawnImg((await get('/')).payload)?.[1], bannerItems[0].image);
  });

  it('draws nothing when tab 0 does not open with a banner picture, or the picture is not a plain URL', async () => {
    try {
      await changeBanner(bannerItems, 'NOTICE');
      assert.equal((await get('/')).payload, TEMPLATE);
      await changeBanner([]);
      assert.equal((await get('/')).payload, TEMPLATE);
      await changeBanner([{ ...bannerItems[0], image: null }]);
      assert.equal((await get('/')).payload, TEMPLATE);
      await changeBanner([{ ...bannerItems[0], image: 'javascript:alert(1)' }]);
      assert.equal((await get('/')).payload, TEMPLATE);
    } finally {
      await changeBanner(bannerItems);
    }
    assert.ok(drawnImg((await get('/')).payload));
  });

  it('draws nothing for a project that is offline', async () => {
    try {
      await h.database.db.update(projects).set({ status: 'OFFLINE' }).where(eq(projects.projectSn, 'demo'));
      invalidateReadModels(h.database.db, 'demo');
      const res = await get('/', { 'accept-encoding': 'br' });
      assert.equal(res.statusCode, 200);
      assert.equal(brotliDecompressSync(res.rawPayload).toString(), TEMPLATE);
    } finally {
      await h.database.db.update(projects).set({ status: 'ONLINE' }).where(eq(projects.projectSn, 'demo'));
      invalidateReadModels(h.database.db, 'demo');
    }
    assert.ok(drawnImg((await get('/')).payload));
  });

  it('a new H5 build is seen at once, drawn as well', async () => {
    const rebuilt = TEMPLATE.replace('app.0a1b2c3d.js', 'app.9f8e7d6c.js').replace(
      '<title>商城</title>',
      '<title>商城 2</title>',
    );
    try {
      writeFileSync(join(dist, 'index.html'), rebuilt);
      const res = await get('/');
      assert.ok(
        res.payload.includes('<link rel="preload" as="script" href="/js/app.9f8e7d6c.js" fetchpriority="low">'),
      );
      assert.ok(res.payload.includes('<title>商城 2</title>'));
      assert.ok(drawnImg(res.payload));
    } finally {
      writeFileSync(join(dist, 'index.html'), TEMPLATE);
    }
    assert.ok((await get('/')).payload.includes('href="/js/app.0a1b2c3d.js"'));
  });

  describe("the app's start (the page's last script)", () => {
    let script = '';
    before(async () => {
      script = /<script>(\(function\(\)\{var S=[\s\S]*?)<\/script>/.exec((await get('/')).payload)?.[1] ?? '';
      assert.ok(script, 'the page carries it');
    });

    /**
     * Runs it against stub browser objects; returns what it started and the callbacks it left, to be called step by
     * step.
     */
    function run({ hidden = false, complete = false, lcpSupported = true, visibility = 'visible' } = {}) {
      const started: string[] = [];
      const listeners = new Map<string, () => void>();
      const frames: (() => void)[] = [];
      const timers: { fn: () => void; ms: number }[] = [];
      const observers: {
        callback: (list: { getEntries(): { element: unknown }[] }, o: { disconnect(): void }) => void;
        disconnected: boolean;
      }[] = [];
      const img = { complete, addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) };
      class PerformanceObserver {
        static supportedEntryTypes = lcpSupported ? ['paint', 'largest-contentful-paint'] : ['paint'];
        constructor(callback: (typeof observers)[number]['callback']) {
          observers.push({ callback, disconnected: false });
        }
        observe(options: { type: string }) {
          assert.equal(options.type, 'largest-contentful-paint');
        }
      }
      runInNewContext(script, {
        window: { PerformanceObserver },
        document: {
          visibilityState: visibility,
          documentElement: { getAttribute: (k: string) => (k === 'data-sf-first' && hidden ? 'off' : null) },
          getElementById: () => ({ querySelector: () => img }),
          createElement: () => ({}),
          head: {
            appendChild: (el: { src: string; async: boolean }) => (assert.equal(el.async, false), started.push(el.src)),
          },
        },
        requestAnimationFrame: (fn: () => void) => frames.push(fn),
        setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      });
      const paint = (element: unknown) => {
        const o = observers[0];
        o.callback({ getEntries: () => [{ element }] }, { disconnect: () => (o.disconnected = true) });
      };
      const tick = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.fn());
      return { started, listeners, frames, tick, paint, img, observers };
    }
    const APP = ['/js/app.0a1b2c3d.js'];

    it("starts the app in the task after the picture's largest paint is reported, once", () => {
      const r = run();
      r.listeners.get('load')?.();
      r.paint({ other: true });
      r.tick(0);
      assert.deepEqual(r.started, [], 'nothing runs before the picture is on screen');
      r.paint(r.img);
      assert.deepEqual(r.started, [], 'not inside the paint report');
      assert.equal(r.observers[0].disconnected, true);
      r.tick(0);
      assert.deepEqual(r.started, APP);
      r.tick(3000);
      assert.deepEqual(r.started, APP, 'started once');
    });

    it('without largest-paint reports (Safari): two frames after the picture loaded', () => {
      const r = run({ lcpSupported: false });
      assert.equal(r.observers.length, 0);
      r.listeners.get('load')?.();
      r.frames.shift()?.();
      r.frames.shift()?.();
      assert.deepEqual(r.started, []);
      r.tick(0);
      assert.deepEqual(r.started, APP);
      assert.equal(
        run({ lcpSupported: false, complete: true }).frames.length,
        1,
        'an already loaded picture waits for the frames only',
      );
    });

    it('at once when the check hid the picture or the tab is hidden; on a failed picture; by 3 s at the latest', () => {
      assert.deepEqual(run({ hidden: true }).started, APP);
      assert.deepEqual(run({ visibility: 'hidden' }).started, APP);
      const failed = run();
      failed.listeners.get('error')?.();
      assert.deepEqual(failed.started, APP);
      const slow = run();
      slow.tick(3000);
      assert.deepEqual(slow.started, APP);
    });
  });

  describe("the inline check (in the page's <head>)", () => {
    let script = '';
    before(async () => {
      script =
        /<script>(\(function\(\)\{var d=document.documentElement[\s\S]*?)<\/script>/.exec(
          (await get('/')).payload,
        )?.[1] ?? '';
      assert.ok(script, 'the page carries the check');
    });

    /** Runs the check as a browser would at `hash` with `stored` in localStorage; returns whether the picture shows. */
    function check(hash: string, stored?: unknown) {
      const attrs = new Map<string, string>();
      let tick: (() => void) | null = null;
      let removed = false;
      const location = { hash };
      const drawn = { remove: () => (removed = true) };
      runInNewContext(script, {
        location,
        localStorage: {
          getItem: (key: string) =>
            key === 'sf_session' && stored !== undefined
              ? typeof stored === 'string'
                ? stored
                : JSON.stringify(stored)
              : null,
        },
        document: {
          readyState: 'interactive',
          documentElement: {
            setAttribute: (k: string, v: string) => attrs.set(k, v),
            getAttribute: (k: string) => attrs.get(k) ?? null,
          },
          getElementById: (id: string) => (id === 'sf-first' && !removed ? drawn : null),
        },
        setInterval: (fn: () => void) => ((tick = fn), 1),
        clearInterval: () => (tick = null),
      });
      const shows = attrs.get('data-sf-first') !== 'off';
      return {
        shows,
        /** One tick of the check's timer after the app moved to `next`: is the picture still in the page? */
        after(next: string) {
          location.hash = next;
          tick?.();
          return !removed;
        },
      };
    }

    it("shows the picture to a visitor the entrance takes to the drawn project's home", () => {
      assert.equal(check('').shows, true);
      assert.equal(check('#/').shows, true);
      assert.equal(check('#/pages/entrance/entrance').shows, true);
      assert.equal(
        check('#/pages/entrance/entrance?projectSn=demo', { data: { projectSn: 'course' } }).shows,
        true,
        'the URL wins over the stored session',
      );
      assert.equal(check('', { data: { projectSn: 'demo', token: 't' } }).shows, true);
    });

    it('hides it from a stored session of another project, another project in the URL, a deep link, a traffic link, a redirect or the login', () => {
      assert.equal(check('', { data: { projectSn: 'course' } }).shows, false);
      assert.equal(check('#/pages/entrance/entrance?projectSn=course').shows, false);
      assert.equal(check('#/pages/activity/activityDetail?actSn=demo-activity-01&projectSn=demo').shows, false);
      assert.equal(check('#/pages/index/index').shows, false);
      assert.equal(check('#/pages/entrance/entrance?trafficId=demo-link-form').shows, false);
      assert.equal(check('#/pages/entrance/entrance?redirect=%2Fpages%2Forder%2ForderList').shows, false);
      assert.equal(check('#/pages/entrance/entrance?login=phone').shows, false);
      assert.equal(
        check('', '{not json').shows,
        false,
        'an unreadable stored session: the check cannot tell, so nothing shows',
      );
    });

    it('removes the picture once the app is on a page other than the entrance and home tab 0', () => {
      assert.equal(check('').after('#/pages/index/index'), true);
      assert.equal(check('').after('#/pages/error/error?reason=entrance'), false);
      assert.equal(check('').after('#/pages/index/indexSearch'), false);
      assert.equal(
        check('', { data: { projectSn: 'course' } }).after(''),
        false,
        'a hidden picture is removed at the first tick',
      );
    });
  });
});
