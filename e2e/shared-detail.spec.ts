/**
 * A shared item's public address (/item/<actSn>; server/src/domains/pages/first-screen-detail.ts): the server answers
 * it with the item's first screen drawn (header, cover, price row, name, tags, summary), which paints before the app
 * runs; the app starts on the item's detail (through the entrance for a first visit) with the project and the
 * promoter code of the address, and its own detail takes the drawn block's place without a shift, a later larger
 * paint or a second navigation. A reload on another page, an unknown item and the old hash links keep working.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { SCREENS, currentPage, until } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();
const ITEM = 'demo-activity-01';
const PROMOTER = 'P0DE000001A';

/** Records layout shifts, largest-paint candidates and navigations from the page's first byte. */
const RECORD_PAINTS = `
  window.__paints = { cls: 0, lcp: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__paints.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__paints.lcp.push({ size: e.size, drawn: !!(e.element && e.element.closest('#sf-first')) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

type Box = { x: number; y: number; width: number; height: number } | null;
const box = (page: Page, selector: string): Promise<Box> =>
  page.evaluate((sel) => {
    const els = document.querySelectorAll(sel);
    const r = els[els.length - 1]?.getBoundingClientRect();
    return r
      ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) }
      : null;
  }, selector);

const drawnShown = (page: Page) =>
  page.evaluate(() => {
    const el = document.getElementById('sf-first');
    return !!el && getComputedStyle(el).display !== 'none';
  });

/** The drawn block's parts and the app's, which must lie where the drawn ones did. */
const PARTS: [drawn: string, app: string][] = [
  ['#sf-first .g', '.taro_page_show .sf-act__gallery'],
  ['#sf-first .b', '.taro_page_show .sf-act__head'],
  ['#sf-first .p', '.taro_page_show .sf-act__price'],
  ['#sf-first .n', '.taro_page_show .sf-act__name'],
  ['#sf-first .sm', '.taro_page_show .sf-act__summary'],
];

test("the item's address paints its first screen before the app, and the app's detail takes its place", async () => {
  const { page, shot } = suite.phone;
  await page.addInitScript({ content: RECORD_PAINTS });
  let navigations = 0;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && !f.url().includes('#')) navigations += 1;
  });
  // The app's script is held until the drawn screen has been looked at: what a slow phone shows meanwhile.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/js\/app\.[0-9a-f]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${suite.server.baseUrl}/item/${ITEM}?projectSn=demo&promoterCode=${PROMOTER}`, {
    waitUntil: 'commit',
  });
  await page.locator('#sf-first .sm').waitFor({ state: 'visible' });
  assert.equal(await drawnShown(page), true);
  const summary = await page.locator('#sf-first .sm').textContent();
  assert.ok(summary && summary.length > 4, `the summary is drawn: ${summary}`);
  assert.match(
    page.url(),
    new RegExp(
      `/item/${ITEM}\\?projectSn=demo&promoterCode=${PROMOTER}#/pages/activity/activityDetail\\?actSn=${ITEM}&projectSn=demo&promoterCode=${PROMOTER}$`,
    ),
    "the address names the item's detail before the app starts",
  );
  const drawn = await Promise.all(PARTS.map(([sel]) => box(page, sel)));
  await shot('shared-detail-drawn');
  release();

  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '.sf-act__summary' });
  assert.equal(await detail.locator('.sf-act__summary').textContent(), summary, 'the app draws the same summary');
  await until(() => page.evaluate(() => !document.getElementById('sf-first')), "the drawn block gave way to the app's");
  const app = await Promise.all(PARTS.map(([, sel]) => box(page, sel)));
  PARTS.forEach(([sel, appSel], i) =>
    assert.deepEqual(app[i], drawn[i], `${appSel} lies where ${sel} was drawn: ${JSON.stringify([app[i], drawn[i]])}`),
  );
  await shot('shared-detail-app');

  const paints = await page.evaluate(
    () => (window as unknown as { __paints: { cls: number; lcp: { size: number; drawn: boolean }[] } }).__paints,
  );
  assert.ok(paints.cls <= 0.05, `layout shift ${paints.cls}`);
  const last = paints.lcp[paints.lcp.length - 1];
  assert.ok(
    last?.drawn,
    `the largest paint is the drawn block's, no later and larger one: ${JSON.stringify(paints.lcp)}`,
  );
  assert.equal(navigations, 1, 'one navigation: the address itself');
  assert.match(page.url(), new RegExp(`/item/${ITEM}\\?.*#/pages/activity/activityDetail\\?actSn=${ITEM}&`));
  const stored = await page.evaluate(() => localStorage.getItem('sf_session') ?? '');
  assert.ok(stored.includes(PROMOTER), 'the promoter code reached the session, to be sent with an order');
});

test("the item is asked for once on a first visit by its address, and the share link is the item's address", async () => {
  const { page } = suite.phone;
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/front/')) calls.push(path);
  });
  await page.goto(`${suite.server.baseUrl}/item/${ITEM}?projectSn=demo`);
  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '.sf-act__summary' });
  await until(
    async () => calls.includes('/front/v1/activity/hot-recommend'),
    "the item's recommendations are asked for",
  );
  for (const path of ['/front/v1/entrance', '/front/v1/activity/details', '/front/v1/activity/spec-attrs']) {
    const n = calls.filter((c) => c === path).length;
    assert.equal(n, 1, `${path} asked for once (calls: ${calls.join(', ')})`);
  }
  // 分享 copies the item's public address (the browser's clipboard is read back where it allows it).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await detail.locator('#share-action').click();
  await until(
    async () => (await page.evaluate(() => navigator.clipboard.readText().catch(() => ''))).includes('/item/'),
    'the share link is copied',
  );
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${suite.server.baseUrl}/item/${ITEM}?projectSn=demo`);
});

test('a reload of the address on another page draws nothing over it; an unknown item opens its error', async () => {
  const { page } = suite.phone;
  let shownAtStart: boolean | null = null;
  page.once('domcontentloaded', () => void drawnShown(page).then((shown) => (shownAtStart = shown)));
  await page.goto(`${suite.server.baseUrl}/item/${ITEM}?projectSn=demo#/pages/index/index`);
  await currentPage(page, SCREENS.home);
  await until(async () => shownAtStart !== null, 'the first look at the page');
  assert.equal(shownAtStart, false, 'hidden before the app ran');
  await until(() => page.evaluate(() => !document.getElementById('sf-first')), 'the hidden block is removed');

  const unknown = await page.request.get(`${suite.server.baseUrl}/item/no-such-item?projectSn=demo`);
  assert.equal(unknown.status(), 200);
  assert.doesNotMatch(await unknown.text(), /<div id="sf-first"/, 'nothing drawn for an unknown item');
  await page.goto(`${suite.server.baseUrl}/item/no-such-item?projectSn=demo`);
  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '.sf-empty' });
  assert.match((await detail.textContent()) ?? '', /活动不存在或已下架/);
});
