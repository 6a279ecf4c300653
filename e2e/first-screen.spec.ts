/**
 * The server-drawn first screen (LCP; server/src/domains/pages/first-screen.ts): the entry page carries the
 * home's first banner picture before the app runs, at the place and size of the app's banner; it is the page's
 * largest paint, nothing shifts when the app's banner takes over, and it is gone once the app's banner is on screen.
 * A visitor the entrance takes elsewhere (another project's stored session, a deep link) never sees it.
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
import { SCREENS, currentPage, openScreen, until } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

test("the entry page paints the home banner before the app, and the app's banner takes its place without a shift", async () => {
  const { page, shot } = suite.phone;
  await recordPaints(page);
  // The app's script is held until the drawn screen has been looked at.
  const release = await holdAppScript(page);
  await page.goto(`${suite.server.baseUrl}/`, { waitUntil: 'commit' });
  await until(
    () => page.evaluate(() => !!document.querySelector<HTMLImageElement>('#sf-first img')?.complete),
    'the drawn picture has loaded',
  );
  assert.equal(await drawnShown(page), true);
  const drawn = await box(page, '#sf-first img');
  assert.ok(
    drawn && drawn.width > 300 && drawn.height > 100,
    `the drawn picture has the banner's size: ${JSON.stringify(drawn)}`,
  );
  const alt = await page.getAttribute('#sf-first img', 'alt');
  assert.ok(alt, 'the drawn picture has alt text');
  await shot('first-screen-drawn');
  // The entrance's call is held too: the entrance page is up, under the picture, and its loading view is not shown.
  let enter = () => {};
  const entering = new Promise<void>((r) => (enter = r));
  await page.route('**/front/v1/entrance', async (route) => {
    await entering;
    await route.continue();
  });
  release();
  await page.locator('.sf-entrance__loading').waitFor({ state: 'attached' });
  assert.equal(await page.locator('.sf-entrance__loading').evaluate((el) => getComputedStyle(el).visibility), 'hidden');
  assert.equal(await drawnShown(page), true);
  assert.deepEqual(await box(page, '#sf-first img'), drawn, "the app's start moved nothing");
  await shot('first-screen-entrance');
  enter();

  const home = await currentPage(page, SCREENS.home, { marker: '.sf-banner .sf-slides__img' });
  await drawnGone(page, "the drawn picture gave way to the app's banner");
  const appBanner = await box(page, '.taro_page_show .sf-banner .sf-slides__img');
  assert.deepEqual(appBanner, drawn, "the app's banner is exactly where the drawn picture was");
  assert.equal(await home.locator('.sf-banner .sf-slides__img').first().getAttribute('alt'), alt);
  await shot('first-screen-home');

  await expectDrawnPaintLargest(page, 'the drawn picture');
});

test("a visitor whose stored session is another project sees no drawn picture, and gets that project's home", async () => {
  const { page } = suite.phone;
  assert.match(
    await (await page.request.get(`${suite.server.baseUrl}/`)).text(),
    /<div id="sf-first">/,
    'the server drew the demo banner',
  );
  await openScreen(page, suite.server.baseUrl, '/pages/entrance/entrance?projectSn=course', SCREENS.home, {
    marker: '.sf-banner .sf-slides__img',
  });
  const shownAtStart = drawnShownAtStart(page);
  await page.goto(`${suite.server.baseUrl}/`);
  await currentPage(page, SCREENS.home, { marker: '.sf-banner .sf-slides__img' });
  await expectHiddenAtStart(shownAtStart);
  assert.equal(await drawnShown(page), false);
});

test('a deep link to a detail never shows the drawn picture', async () => {
  const { page } = suite.phone;
  const shownAtStart = drawnShownAtStart(page);
  await openScreen(
    page,
    suite.server.baseUrl,
    '/pages/activity/activityDetail?actSn=demo-activity-01&projectSn=demo',
    SCREENS.activityDetail,
  );
  await expectHiddenAtStart(shownAtStart);
  await drawnGone(page, 'the hidden picture is removed');
});

test('a shared link starts on the entrance: its item is asked for once, before its page shows, and nothing twice', async () => {
  const { page } = suite.phone;
  const calls = recordFrontCalls(page);
  let itemAskedBeforeShown: boolean | null = null;
  let onEntrance = false;
  page.on('framenavigated', (f) => {
    if (f !== page.mainFrame()) return;
    if (f.url().includes('/pages/entrance/entrance')) onEntrance = true;
    // The item's page as the entrance leaves for it (the address typed in comes first, before the app runs).
    else if (onEntrance && itemAskedBeforeShown === null && f.url().includes('/pages/activity/activityDetail')) {
      itemAskedBeforeShown = calls.includes('/front/v1/activity/details');
    }
  });
  // A first visit (no session) by a shared link: the app starts on the entrance, not on the item's page.
  await page.goto(`${suite.server.baseUrl}/#/pages/activity/activityDetail?actSn=demo-activity-01&projectSn=demo`);
  await currentPage(page, SCREENS.activityDetail, { marker: '.sf-act__summary' });
  await until(
    async () => calls.includes('/front/v1/activity/hot-recommend'),
    "the item's recommendations are asked for",
  );
  assert.equal(itemAskedBeforeShown, true, "the entrance asked for the item before the item's page was shown");
  expectAskedOnce(calls, [
    '/front/v1/entrance',
    '/front/v1/activity/details',
    '/front/v1/activity/spec-attrs',
    '/front/v1/activity/hot-recommend',
  ]);
  assert.match(
    page.url(),
    /#\/pages\/activity\/activityDetail\?actSn=demo-activity-01&projectSn=demo$/,
    'the shared address is kept',
  );
});
