/**
 * The WeChat browser on a server without an official account (the default, demo mode): the entrance says so
 * (wechatOfficialAccount false), so the storefront asks for no OAuth address and no JS-SDK signature, and does not
 * load WeChat's script. A first visit and the pages after it show no console error and no failed request.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { SCREENS, currentPage, openPhone, until } from './harness';
import { phoneSuite } from './suite';
import { WECHAT_UA, asWechatBrowser } from './wechat-browser';

// The default server: no official account, whatever this shell's environment holds.
for (const name of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET']) delete process.env[name];
const suite = phoneSuite({ perTest: false });

/** The WeChat calls that need an official account: OAuth, the JS-SDK signature, WeChat's own hosts. */
const needsAccount = (url: URL) =>
  url.pathname.startsWith('/front/v1/wechat/oauth/') ||
  url.pathname === '/js/getJSSign' ||
  /(^|\.)(weixin|wx)\.qq\.com$/.test(url.hostname);

/** What the phone did that a visitor must never see: WeChat calls, failed requests, console errors. */
function watch(page: Page) {
  const seen = { wechat: [] as string[], failed: [] as string[], errors: [] as string[], inFlight: new Set<Request>() };
  page.on('request', (r) => {
    seen.inFlight.add(r);
    const url = new URL(r.url());
    if (needsAccount(url)) seen.wechat.push(`${r.method()} ${url.origin}${url.pathname}`);
  });
  page.on('requestfinished', (r) => seen.inFlight.delete(r));
  page.on('requestfailed', (r) => {
    seen.inFlight.delete(r);
    seen.failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) seen.failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  return seen;
}

/** Waits until the page has nothing in flight, also once the browser was idle (a call that starts late is seen). */
async function settled(page: Page, seen: ReturnType<typeof watch>): Promise<void> {
  const quiet = async () => {
    try {
      await until(async () => seen.inFlight.size === 0, 'no request in flight');
    } catch (err) {
      throw new Error(`${String(err)}: ${[...seen.inFlight].map((r) => r.url()).join(', ')}`, { cause: err });
    }
  };
  for (let round = 0; round < 2; round += 1) {
    await quiet();
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
  }
  await quiet();
}

function assertClean(seen: ReturnType<typeof watch>, when: string): void {
  assert.deepEqual(seen.wechat, [], `${when}: no OAuth, JS-SDK signature or WeChat script`);
  assert.deepEqual(seen.failed, [], `${when}: no failed request`);
  assert.deepEqual(seen.errors, [], `${when}: no console error`);
}

test('WeChat browser, no official account: no OAuth, no JS-SDK signature, no console error, first visit and after', async () => {
  const phone = await openPhone(suite.browser);
  const seen = watch(phone.page);
  let scripts = 0;
  await asWechatBrowser(phone, () => (scripts += 1));
  try {
    const { page } = phone;
    assert.equal(await page.evaluate(() => navigator.userAgent), WECHAT_UA);

    // First visit: the site's root, through the entrance to the first home tab.
    await page.goto(`${suite.server.baseUrl}/`);
    const home = await currentPage(page, SCREENS.home);
    await settled(page, seen);
    assertClean(seen, 'first visit');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('sf_session') || 'null'));
    const session = typeof kept?.data === 'string' ? JSON.parse(kept.data) : kept?.data;
    assert.strictEqual(session?.wechatOfficialAccount, false, 'the entrance said there is no official account');
    await phone.shot('wechat-no-account-home');

    // Page changes: a course from the home page (a page with a share menu), back, then the centre tab.
    await home.locator('.sf-column[data-module="COURSE_COLUMN"] .sf-card').first().click();
    await currentPage(page, SCREENS.courseDetail);
    await settled(page, seen);
    assertClean(seen, 'course detail');
    await page.goBack();
    await currentPage(page, SCREENS.home);
    await page.locator('.taro-tabbar__tabbar .weui-tabbar__item').nth(4).click();
    await currentPage(page, SCREENS.center);
    await settled(page, seen);
    assertClean(seen, 'centre tab');
    assert.equal(scripts, 0, "WeChat's script was never asked for");
  } finally {
    await phone.close();
  }
});
