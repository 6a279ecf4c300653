/**
 * A shared item's page (domains/pages/first-screen-plugin.ts, first-screen-detail.ts, activity/shared-detail.ts): the
 * item's public address answers the H5 page with the detail's first screen drawn from the read model the details call
 * answers from, escaped, seen fresh after an invalidation, nothing drawn where it would be wrong, delivered like the
 * entry page; and the inline check that puts the detail's route into the hash, run against stub browser objects.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { ActivityDetail } from '@contract/activity';
import { itemPriceText, tagStrip } from '@contract/rules/detail-head';
import { formatMoney } from '@contract/rules/money';
import { activities } from '../../../src/domains/activity/schema';
import { REVALIDATE } from '../../../src/runtime/static';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';

/** The built index.html's shape (src/index.html after html-webpack-plugin), with the icon's relative link. */
const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="sf-default-project" content="demo">' +
  '<title>商城</title><link rel="icon" href="static/favicon.d31f8c99.ico" type="image/x-icon">' +
  '<script defer="defer" src="/js/app.0a1b2c3d.js"></script></head><body><div id="app"></div></body></html>';

const ITEM = 'demo-activity-01';

/** The drawn block's texts by class, undecoded (as sent). */
function drawn(html: string) {
  const start = html.indexOf('<div id="sf-first"');
  const block = start < 0 ? '' : html.slice(start, html.indexOf('<script>(function(){var S=', start));
  const text = (cls: string) => new RegExp(`<div class="${cls}">([^<]*)</div>`).exec(block)?.[1] ?? null;
  return {
    block,
    title: text('ht'),
    price: text('p'),
    original: text('o'),
    sales: text('s'),
    deposit: text('dp'),
    name: text('n'),
    summary: text('sm'),
    tags: [...block.matchAll(/<span>([^<]*)<\/span>/g)].map((m) => m[1]),
    picture: /<div class="g"><img src="([^"]*)"/.exec(block)?.[1] ?? null,
  };
}

describe("H5 shared item page: the item's first screen drawn by the server", () => {
  let h: Harness;
  let dist = '';
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'h5-item-'));
    mkdirSync(join(dist, 'js'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, 'js', 'app.0a1b2c3d.js'), 'x()');
    h = await buildHarness({ env: { H5_DIST: dist } });
  });
  after(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

  it('draws every online item of the project with the words its details call gives the app', async () => {
    const token = await h.enter('demo');
    const items = await h.database.db
      .select({ actSn: activities.actSn })
      .from(activities)
      .where(and(eq(activities.projectSn, 'demo'), eq(activities.status, 'ONLINE')));
    assert.ok(items.length > 5, 'the demo catalogue');
    let tagged = 0;
    for (const { actSn } of items) {
      const d = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn }, token)).body.info;
      const res = await get(`/item/${actSn}?projectSn=demo`);
      assert.equal(res.statusCode, 200, actSn);
      const page = drawn(res.payload);
      const price = d.packages[0]?.price ?? d.price;
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      assert.equal(page.name, esc(d.actName), actSn);
      assert.equal(page.title, esc(d.actName), actSn);
      assert.equal(page.price, esc(itemPriceText(price, d.pointsPrice)), actSn);
      assert.equal(page.sales, `已售${d.sales}`, actSn);
      assert.equal(page.summary, d.summary ? esc(d.summary) : null, actSn);
      assert.equal(page.deposit, d.depositAmount ? `定金 ${formatMoney(d.depositAmount)}` : null, actSn);
      assert.equal(
        page.original,
        d.originalPrice && d.originalPrice > price && !d.pointsPrice ? formatMoney(d.originalPrice) : null,
        actSn,
      );
      assert.deepEqual(page.tags, tagStrip(d), actSn);
      assert.equal(page.picture, d.cover || d.images[0] || null, actSn);
      if (page.tags.length) tagged += 1;
      const route = d.actType === 'COURSE' ? '/pages/activity/courseDetail' : '/pages/activity/activityDetail';
      assert.ok(res.payload.includes(`R=${JSON.stringify(route)},A=${JSON.stringify(actSn)},P="demo"`), actSn);
    }
    assert.ok(tagged > 0, 'some items carry tags');
  });

  it('stacks the block after the app root, starts the app after it and makes the relative icon link absolute', async () => {
    const res = await get(`/item/${ITEM}`);
    assert.ok(res.payload.indexOf('<div id="app"></div><div id="sf-first"') > 0);
    assert.ok(res.payload.indexOf('<style>#sf-first{') < res.payload.indexOf('<title>'), 'style and check first');
    assert.ok(res.payload.includes('href="/static/favicon.d31f8c99.ico"'));
    assert.ok(res.payload.includes('<link rel="preload" as="script" href="/js/app.0a1b2c3d.js" fetchpriority="low">'));
    assert.ok(!res.payload.includes('<script defer'));
    assert.match(res.payload, /<script>\(function\(\)\{var S=\["\/js\/app\.0a1b2c3d\.js"\][^<]*<\/script><\/body>/);
    assert.ok(res.payload.includes('P="demo"'), "the build's default project when the address names none");
  });

  it("escapes the item's words and sees an operator's change at once", async () => {
    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, ITEM));
    const hostile = '<script>alert("x")</script> & 课';
    try {
      await h.database.db
        .update(activities)
        .set({ actName: hostile, detail: { ...(row.detail ?? {}), summary: `</div><img src=x onerror=alert(1)>` } })
        .where(eq(activities.actSn, ITEM));
      invalidateReadModels(h.database.db, 'demo');
      const page = drawn((await get(`/item/${ITEM}`)).payload);
      assert.equal(page.name, '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 课');
      assert.equal(page.summary, '&lt;/div&gt;&lt;img src=x onerror=alert(1)&gt;');
      assert.ok(!page.block.includes('<script>'));
      assert.ok(page.block.includes(`alt="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 课"`));
    } finally {
      await h.database.db
        .update(activities)
        .set({ actName: row.actName, detail: row.detail })
        .where(eq(activities.actSn, ITEM));
      invalidateReadModels(h.database.db, 'demo');
    }
    assert.equal(drawn((await get(`/item/${ITEM}`)).payload).name, row.actName);
  });

  it('draws nothing for an unknown, offline or malformed item, another project or an unknown one', async () => {
    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, ITEM));
    const urls = [
      '/item/no-such-item',
      `/item/${ITEM}?projectSn=course`,
      `/item/${ITEM}?projectSn=nowhere`,
      `/item/${encodeURIComponent('a"b<c')}`,
    ];
    try {
      await h.database.db.update(activities).set({ status: 'OFFLINE' }).where(eq(activities.actSn, ITEM));
      invalidateReadModels(h.database.db, 'demo');
      urls.push(`/item/${ITEM}`);
      for (const url of urls) {
        const res = await get(url);
        assert.equal(res.statusCode, 200, url);
        assert.ok(!res.payload.includes('<div id="sf-first"'), url);
        // The app still opens the detail the address names, which says what is wrong.
        assert.ok(res.payload.includes(',A=null,'), url);
        assert.ok(res.payload.includes('<script defer="defer" src="/js/app.0a1b2c3d.js">'), url);
      }
    } finally {
      await h.database.db.update(activities).set({ status: row.status }).where(eq(activities.actSn, ITEM));
      invalidateReadModels(h.database.db, 'demo');
    }
    assert.ok((await get(`/item/${ITEM}`)).payload.includes('<div id="sf-first"'), 'drawn again once online');
  });

  it('is revalidated, compressed, and a 304 while unchanged', async () => {
    const plain = await get(`/item/${ITEM}`);
    const br = await get(`/item/${ITEM}`, { 'accept-encoding': 'br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.payload);
    assert.equal(plain.headers['cache-control'], REVALIDATE);
    const etag = String(plain.headers.etag);
    assert.equal((await get(`/item/${ITEM}`, { 'if-none-match': etag })).statusCode, 304);
    assert.notEqual(String((await get('/item/demo-activity-02')).headers.etag), etag, 'one page per item');
  });

  describe("the inline check (in the page's <head>)", () => {
    let script = '';
    before(async () => {
      script =
        /<script>(\(function\(\)\{var d=document\.documentElement,R=[\s\S]*?)<\/script>/.exec(
          (await get(`/item/${ITEM}`)).payload,
        )?.[1] ?? '';
      assert.ok(script, 'the page carries the check');
    });

    /** Runs the check at `address` (path, query and hash) with `stored` in localStorage. */
    function check(address: string, stored?: unknown) {
      const url = new URL(address, 'https://shop.example');
      const attrs = new Map<string, string>();
      let tick: (() => void) | null = null;
      let removed = false;
      const replaced: string[] = [];
      const location = { pathname: url.pathname, search: url.search, hash: url.hash };
      runInNewContext(script, {
        location,
        history: {
          state: null,
          replaceState: (_s: unknown, _t: string, to: string) => {
            replaced.push(to);
            location.hash = to.slice(to.indexOf('#'));
          },
        },
        localStorage: { getItem: (key: string) => (key === 'sf_session' && stored ? JSON.stringify(stored) : null) },
        document: {
          readyState: 'interactive',
          documentElement: {
            setAttribute: (k: string, v: string) => attrs.set(k, v),
            getAttribute: (k: string) => attrs.get(k) ?? null,
          },
          getElementById: (id: string) => (id === 'sf-first' && !removed ? { remove: () => (removed = true) } : null),
        },
        setInterval: (fn: () => void) => ((tick = fn), 1),
        clearInterval: () => (tick = null),
      });
      return {
        shows: attrs.get('data-sf-first') !== 'off',
        replaced,
        /** One tick of the check's timer after the app moved to `next`: is the block still in the page? */
        after(next: string) {
          location.hash = next;
          tick?.();
          return !removed;
        },
      };
    }
    const DETAIL = `#/pages/activity/activityDetail?actSn=${ITEM}&projectSn=demo`;

    it("puts the item's detail into the hash, with the address's promoter code, and shows the block", () => {
      const plain = check(`/item/${ITEM}`);
      assert.deepEqual(plain.replaced, [`/item/${ITEM}${DETAIL}`]);
      assert.equal(plain.shows, true);
      const promoted = check(`/item/${ITEM}?projectSn=demo&promoterCode=P0DE000001A`);
      assert.deepEqual(promoted.replaced, [
        `/item/${ITEM}?projectSn=demo&promoterCode=P0DE000001A${DETAIL}&promoterCode=P0DE000001A`,
      ]);
      const forged = check(`/item/${ITEM}?promoterCode=%22%3E%3Cx`);
      assert.deepEqual(
        forged.replaced,
        [`/item/${ITEM}?promoterCode=%22%3E%3Cx${DETAIL}`],
        'a malformed code is dropped',
      );
      assert.equal(check(`/item/${ITEM}`, { data: { projectSn: 'demo', token: 't' } }).shows, true);
    });

    it("keeps a hash it is given, showing the block only for this item's detail or another project's session", () => {
      const same = check(`/item/${ITEM}${DETAIL}`);
      assert.deepEqual(same.replaced, []);
      assert.equal(same.shows, true);
      assert.equal(check(`/item/${ITEM}#/pages/center/center`).shows, false);
      assert.equal(check(`/item/${ITEM}#/pages/activity/activityDetail?actSn=demo-activity-02`).shows, false);
      assert.equal(check(`/item/${ITEM}`, { data: { projectSn: 'course', token: 't' } }).shows, false);
    });

    it('removes the block once the app is on any page but the entrance and this detail', () => {
      const entrance = `#/pages/entrance/entrance?redirect=${encodeURIComponent(DETAIL.slice(1))}&projectSn=demo`;
      assert.equal(check(`/item/${ITEM}`).after(entrance), true);
      assert.equal(check(`/item/${ITEM}`).after(DETAIL), true);
      assert.equal(check(`/item/${ITEM}`).after('#/pages/entrance/entrance?login=phone'), false);
      assert.equal(check(`/item/${ITEM}`).after('#/pages/error/error?reason=entrance'), false);
      assert.equal(check(`/item/${ITEM}`).after('#/pages/activity/activityDetail?actSn=demo-activity-02'), false);
    });
  });

  describe("the app's start (the page's last script)", () => {
    it("starts the app in the task after a paint of the drawn block is reported, and never for another element's", async () => {
      const script =
        /<script>(\(function\(\)\{var S=[\s\S]*?)<\/script><\/body>/.exec((await get(`/item/${ITEM}`)).payload)?.[1] ??
        '';
      const started: string[] = [];
      const timers: { fn: () => void; ms: number }[] = [];
      let observer: ((list: { getEntries(): { element: unknown }[] }, o: { disconnect(): void }) => void) | null = null;
      const inside = { inside: true };
      const block = {
        querySelector: () => ({ addEventListener: () => undefined }),
        contains: (x: unknown) => x === inside,
      };
      class PerformanceObserver {
        static supportedEntryTypes = ['largest-contentful-paint'];
        constructor(cb: typeof observer) {
          observer = cb;
        }
        observe() {}
      }
      runInNewContext(script, {
        window: { PerformanceObserver },
        document: {
          visibilityState: 'visible',
          documentElement: { getAttribute: () => null },
          getElementById: () => block,
          createElement: () => ({}),
          head: { appendChild: (el: { src: string }) => started.push(el.src) },
        },
        requestAnimationFrame: () => undefined,
        setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      });
      const paint = (element: unknown) =>
        observer?.({ getEntries: () => [{ element }] }, { disconnect: () => undefined });
      paint({ elsewhere: true });
      timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
      assert.deepEqual(started, []);
      paint(inside);
      timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
      assert.deepEqual(started, ['/js/app.0a1b2c3d.js']);
      assert.ok(
        timers.some((t) => t.ms === 3000),
        'held 3 s at most',
      );
    });
  });
});
