/**
 * §9 async page loading on H5: a page whose chunk is held shows the loading view (加载中...) no sooner than 200 ms
 * after the tap; the chunk failing shows the error page's load error, whose 重试 loads the page once its chunk comes.
 * (The 60 s page load timeout and webpack's 120 s are unit-tested: __tests__/domain/page-load.test.ts.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Route } from 'playwright-core';
import { SCREENS, currentPage, openScreen, until } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

/** The build's script and style chunks (config/index.ts: js/[name].[hash].js, css/[name].[hash].css). */
const CHUNK = /\/(js|css)\/[^/?]+\.(js|css)(\?.*)?$/;

test('a held page chunk: 加载中... after 200 ms; failed: the error page; 重试 opens the page', async () => {
  const { page } = suite.phone;
  const home = await openScreen(page, suite.server.baseUrl, '/pages/entrance/entrance?projectSn=demo', SCREENS.home);

  // From here every chunk the app asks for waits for the test's word; an activity detail was never opened, so its
  // chunk is among them.
  const held: Route[] = [];
  let failing = false;
  await page.route(CHUNK, (route) => (failing ? route.abort('failed') : void held.push(route)));
  // When the tap came and when the view appeared, by the page's own clock.
  await page.evaluate(() => {
    const w = window as unknown as { sfTap?: number; sfLoading?: number };
    document.addEventListener('click', () => (w.sfTap ??= performance.now()), true);
    new MutationObserver(() => {
      if (w.sfLoading === undefined && document.querySelector('.sf-page-loading')) w.sfLoading = performance.now();
    }).observe(document.body, { childList: true });
  });

  await home.locator('.sf-column[data-module="ACTIVITY_COLUMN"] .sf-card').first().click();
  const loading = page.locator('.sf-page-loading');
  await loading.waitFor({ state: 'visible' });
  assert.equal((await loading.textContent())?.trim(), '加载中...');
  assert.equal(await loading.getAttribute('role'), 'status');
  const { tap, shown } = await page.evaluate(() => {
    const w = window as unknown as { sfTap?: number; sfLoading?: number };
    return { tap: w.sfTap ?? NaN, shown: w.sfLoading ?? NaN };
  });
  assert.ok(shown - tap >= 200, `the loading view came ${shown - tap} ms after the tap`);
  await until(async () => held.length > 0, 'the page chunk is asked for');
  await suite.phone.shot('91-page-loading');

  // The chunk fails (as a dropped connection does): the error page's load error, with no loading view over it.
  failing = true;
  for (const route of held.splice(0)) await route.abort('failed');
  const error = await currentPage(page, SCREENS.error, { marker: '.sf-error__btn' });
  assert.equal((await error.locator('.sf-error__btn').textContent())?.trim(), '重试');
  assert.match((await error.locator('.sf-error__message').textContent()) ?? '', /页面加载失败/);
  await until(async () => (await loading.count()) === 0, 'the loading view leaves');
  await suite.phone.shot('92-page-load-error');

  // 重试 with the chunks coming again: the page it was going to.
  await page.unroute(CHUNK);
  await error.locator('.sf-error__btn').click();
  const detail = await currentPage(page, SCREENS.activityDetail);
  assert.match((await detail.locator('.sf-act__name').textContent()) ?? '', /\S/);
  assert.equal(await loading.count(), 0);
});
