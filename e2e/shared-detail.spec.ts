/**
 * A shared item's public address (/item/<actSn>; server/src/domains/pages/first-screen-detail.ts): the server answers
 * it with the item's first screen drawn (header, cover, price row, name, tags, summary), which paints before the app
 * runs; the app starts on the item's detail (through the entrance for a first visit) with the project and the
 * promoter code of the address, and its own detail takes the drawn block's place without a shift, a later larger
 * paint or a second navigation. A reload on another page, an unknown item and the old hash links keep working.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  box,
  drawnGone,
  drawnShown,
  drawnShownAtStart,
  expectAskedOnce,
  expectDrawnPaintLargest,
  expectHiddenAtStart,
  holdAppScript,
  recordFrontCalls,
  recordPaints,
} from './first-screen-setup';
import { SCREENS, currentPage, until } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();
const ITEM = 'demo-activity-01';
const PROMOTER = 'P0DE000001A';

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
  await recordPaints(page);
  let navigations = 0;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame() && !f.url().includes('#')) navigations += 1;
  });
  // The app's script is held until the drawn screen has been looked at.
  const release = await holdAppScript(page);
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
  const drawn = await Promise.all(PARTS.map(([sel]) => box(page, sel, 'last')));
  await shot('shared-detail-drawn');
  release();

  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '.sf-act__summary' });
  assert.equal(await detail.locator('.sf-act__summary').textContent(), summary, 'the app draws the same summary');
  await drawnGone(page, "the drawn block gave way to the app's");
  const app = await Promise.all(PARTS.map(([, sel]) => box(page, sel, 'last')));
  PARTS.forEach(([sel, appSel], i) =>
    assert.deepEqual(app[i], drawn[i], `${appSel} lies where ${sel} was drawn: ${JSON.stringify([app[i], drawn[i]])}`),
  );
  await shot('shared-detail-app');

  await expectDrawnPaintLargest(page, "the drawn block's");
  assert.equal(navigations, 1, 'one navigation: the address itself');
  assert.match(page.url(), new RegExp(`/item/${ITEM}\\?.*#/pages/activity/activityDetail\\?actSn=${ITEM}&`));
  const stored = await page.evaluate(() => localStorage.getItem('sf_session') ?? '');
  assert.ok(stored.includes(PROMOTER), 'the promoter code reached the session, to be sent with an order');
});

test("the item is asked for once on a first visit by its address, and the share link is the item's address", async () => {
  const { page } = suite.phone;
  const calls = recordFrontCalls(page);
  await page.goto(`${suite.server.baseUrl}/item/${ITEM}?projectSn=demo`);
  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '.sf-act__summary' });
  await until(
    async () => calls.includes('/front/v1/activity/hot-recommend'),
    "the item's recommendations are asked for",
  );
  expectAskedOnce(calls, ['/front/v1/entrance', '/front/v1/activity/details', '/front/v1/activity/spec-attrs']);
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
  const shownAtStart = drawnShownAtStart(page);
  await page.goto(`${suite.server.baseUrl}/item/${ITEM}?projectSn=demo#/pages/index/index`);
  await currentPage(page, SCREENS.home);
  await expectHiddenAtStart(shownAtStart);
  await drawnGone(page, 'the hidden block is removed');

  const unknown = await page.request.get(`${suite.server.baseUrl}/item/no-such-item?projectSn=demo`);
  assert.equal(unknown.status(), 200);
  assert.doesNotMatch(await unknown.text(), /<div id="sf-first"/, 'nothing drawn for an unknown item');
  await page.goto(`${suite.server.baseUrl}/item/no-such-item?projectSn=demo`);
  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '.sf-empty' });
  assert.match((await detail.textContent()) ?? '', /活动不存在或已下架/);
});
