/**
 * Walks found by customers: offline (§8 当前网络不可用，请检查网络设置; a page whose script cannot load shows the
 * error page once, with 重试 that works when the network returns), the login notice's 《用户协议》《隐私政策》,
 * unknown addresses (§2: the error page, never raw JSON) and the result pages at §2's paths.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SCREENS, currentPage, expectToast, loginInBrowser, openScreen, type Screen } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

const AGREEMENT: Screen = { route: 'subpackages/user/user/agreement', marker: '#agreement-title' };
const OFFLINE = '当前网络不可用，请检查网络设置';

test('offline: §8 text on a page that asks, the error page once for a page that cannot load, 重试 once back online', async () => {
  const { page, context } = suite.phone;
  const home = await openScreen(page, suite.server.baseUrl, '/pages/entrance/entrance?projectSn=demo', SCREENS.home);
  // A course detail seen once online: its script is loaded, so offline it opens and its call fails.
  const courses = home.locator('.sf-column[data-module="COURSE_COLUMN"] .sf-card');
  await courses.first().click();
  await currentPage(page, SCREENS.courseDetail);
  await page.goBack();
  await currentPage(page, SCREENS.home);

  await context.setOffline(true);
  // Offline as the browser sees it, and nothing the page asks for arrives (not even from a cache).
  await page.route('**/*', (route) => route.abort('internetdisconnected'));
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  await courses.nth(1).click();
  const failed = await currentPage(page, SCREENS.courseDetail, { marker: '.sf-empty__text' });
  assert.equal((await failed.locator('.sf-empty__text').textContent())?.trim(), OFFLINE);
  await page.goBack();
  await currentPage(page, SCREENS.home);

  // An activity detail was never opened: its script is not loaded and cannot be.
  navigations = 0;
  await home.locator('.sf-column[data-module="ACTIVITY_COLUMN"] .sf-card').first().click();
  const error = await currentPage(page, SCREENS.error, { marker: '.sf-error__btn' });
  assert.equal((await error.locator('.sf-error__btn').textContent())?.trim(), '重试');
  assert.match((await error.locator('.sf-error__message').textContent()) ?? '', /页面加载失败/);
  // Given time to go round again, it stays: the tap, the trip to the error page, nothing more.
  await page.waitForTimeout(1500);
  assert.ok(navigations <= 4, `${navigations} navigations after one tap`);
  assert.ok(page.url().length < 400, `the address grew: ${page.url()}`);
  assert.equal(await page.locator('.taro_page .sf-error').count(), 1);
  await suite.phone.shot('90-offline-error-page');

  // 重试 still offline says so and stays.
  await error.locator('.sf-error__btn').click();
  await expectToast(page, OFFLINE);
  await currentPage(page, SCREENS.error, { marker: '.sf-error__btn' });

  await page.unroute('**/*');
  await context.setOffline(false);
  await error.locator('.sf-error__btn').click();
  const detail = await currentPage(page, SCREENS.activityDetail);
  assert.match((await detail.locator('.sf-act__name').textContent()) ?? '', /\S/);
});

test('the login notice opens 《用户协议》 and 《隐私政策》, before logging in', async () => {
  const { page } = suite.phone;
  const login = await openScreen(
    page,
    suite.server.baseUrl,
    '/pages/entrance/entrance?login=phone&projectSn=demo',
    SCREENS.login,
    { marker: '#login-tip' },
  );
  await login.locator('#login-tip .sf-entrance-tip__link', { hasText: '《用户协议》' }).click();
  const terms = await currentPage(page, AGREEMENT);
  assert.equal((await terms.locator('#agreement-title').textContent())?.trim(), '用户服务协议');
  await page.goBack();
  const again = await currentPage(page, SCREENS.login, { marker: '#login-tip' });
  await again.locator('#login-tip .sf-entrance-tip__link', { hasText: '《隐私政策》' }).click();
  const privacy = await currentPage(page, AGREEMENT);
  assert.equal((await privacy.locator('#agreement-title').textContent())?.trim(), '隐私政策');
});

test('an unknown address shows the error page, never raw JSON; the API keeps its JSON', async () => {
  const { page } = suite.phone;
  const res = await page.goto(`${suite.server.baseUrl}/nonexistent`);
  assert.equal(res?.status(), 404);
  const error = await currentPage(page, SCREENS.error);
  assert.equal((await error.locator('.sf-error__message').textContent())?.trim(), '页面不存在');
  assert.equal(new URL(page.url()).pathname, '/');
  await suite.phone.shot('91-unknown-address');

  await page.goto(`${suite.server.baseUrl}/#/pages/nope/nope`);
  const unknownHash = await currentPage(page, SCREENS.error);
  assert.equal((await unknownHash.locator('.sf-error__message').textContent())?.trim(), '页面不存在');

  const api = await page.goto(`${suite.server.baseUrl}/front/v1/nope`);
  assert.equal(api?.status(), 404);
  assert.equal((await api?.json())?.state, false);
});

test("the result pages answer at §2's paths", async () => {
  await loginInBrowser(suite.phone, suite.server, '13900139031');
  const result = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    '/subpackages/result/success/index?kind=signUp&orderNo=SO1',
    SCREENS.result,
  );
  assert.equal((await result.locator('#result-title').textContent())?.trim(), '报名成功');
});
