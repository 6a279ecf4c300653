/**
 * The walking skeleton as a visitor sees it: entrance -> home tabs -> custom page -> phone login -> centre,
 * plus the error page for unknown routes and a bad project. Each test is a new phone (fresh context) and walks
 * from its own first page. Screenshots in e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SCREENS, currentPage, expectToast, field, loginInBrowser, openScreen, typeKeys } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

/** Enters the demo project as a first-time visitor and waits for the first home tab. */
const enterDemo = () =>
  openScreen(suite.phone.page, suite.server.baseUrl, '/pages/entrance/entrance?projectSn=demo', SCREENS.home);
/** The tab bar is app chrome, outside the pages: one of its five entries. */
const tabItem = (index: number) => suite.phone.page.locator('.taro-tabbar__tabbar .weui-tabbar__item').nth(index);

test('entrance enters the demo project and opens the first home tab', async () => {
  const home = await enterDemo();
  await home.locator('.sf-banner').waitFor({ state: 'visible' });
  await home.locator('.sf-card').first().waitFor({ state: 'visible' });
  // The tab bar carries the project's tab titles.
  assert.equal(await suite.phone.page.locator('.taro-tabbar__tabbar .weui-tabbar__item').count(), 5);
  await suite.phone.shot('01-home-tab-1');
});

test('the other three home tabs render their configured modules', async () => {
  await enterDemo();
  const tabs = [SCREENS.tabTwo, SCREENS.tabThree, SCREENS.tabFour];
  for (let i = 0; i < tabs.length; i += 1) {
    await tabItem(i + 1).click();
    await currentPage(suite.phone.page, tabs[i]);
    await suite.phone.shot(`0${i + 2}-home-${tabs[i].route.split('/').pop()}`);
  }
  await tabItem(0).click();
  await currentPage(suite.phone.page, SCREENS.home);
});

test('a banner jump opens the custom page, and back returns home', async () => {
  const home = await enterDemo();
  // The banner is an autoplaying, circular swiper: its slide is tapped where it is, whichever slide shows.
  await home.locator('[data-jump="CUSTOM_PAGE"]').first().dispatchEvent('click');
  await currentPage(suite.phone.page, SCREENS.custom);
  await suite.phone.shot('05-custom-page');
  await suite.phone.page.goBack();
  await currentPage(suite.phone.page, SCREENS.home);
});

test('back tapped the moment a page opens shows the page left behind, and it stays shown', async () => {
  const { page } = suite.phone;
  const home = await enterDemo();
  await home.locator('[data-jump="CUSTOM_PAGE"]').first().dispatchEvent('click');
  await currentPage(page, SCREENS.custom);
  await page.goBack();
  const back = await currentPage(page, SCREENS.home);
  // Taro's slide-in hid the page left behind on a 350 ms timer that coming back did not cancel: home went blank
  // after it had shown. Look again once that window has passed (an observation, not a wait for a condition).
  await page.waitForTimeout(700);
  assert.ok(await back.locator(SCREENS.home.marker).first().isVisible(), 'home is still shown');
  assert.equal(await back.evaluate((el) => el.classList.contains('taro_page_shade')), false);
});

test('a visitor is asked to log in for a column list and can log in by phone', async () => {
  const home = await enterDemo();
  await home.locator('.sf-column__more').first().click();
  // moreActivity needs a logged-in user: the entrance shows the phone form, and comes back after login.
  const login = await currentPage(suite.phone.page, SCREENS.login);
  assert.match(suite.phone.page.url(), /login=phone/);
  await login.getByText('手机号登录').waitFor({ state: 'visible' });
  const phoneInput = field(login, 'login-phone');
  const codeInput = field(login, 'login-code');

  // A bad number: the spec's message, and what was typed stays.
  await typeKeys(phoneInput, '1380013800');
  await login.locator('.sf-login__code').click();
  await expectToast(suite.phone.page, '请输入正确的11位手机号');
  assert.equal(await phoneInput.inputValue(), '1380013800');
  await suite.phone.shot('06-login-bad-phone');

  await typeKeys(phoneInput, '13800138000');
  const seen = suite.server.smsCount('13800138000');
  await login.locator('.sf-login__code').click();
  const code = await suite.server.smsCode('13800138000', seen);
  await login.locator('.sf-login__code', { hasText: 's后重新获取' }).waitFor({ state: 'visible' });

  // A wrong code is refused and the form keeps both fields.
  const wrong = code === '000000' ? '111111' : '000000';
  await typeKeys(codeInput, wrong);
  await login.locator('.sf-login__submit').click();
  await expectToast(suite.phone.page, '验证码错误');
  assert.equal(await phoneInput.inputValue(), '13800138000');
  assert.equal(await codeInput.inputValue(), wrong);
  await suite.phone.shot('07-login-wrong-code');

  await typeKeys(codeInput, code);
  await login.locator('.sf-login__submit').click();
  await currentPage(suite.phone.page, SCREENS.moreActivity);
  assert.match(suite.phone.page.url(), /moreActivity\?targetSn=/);
  await suite.phone.shot('08-more-activity-after-login');
});

test('the centre shows the logged-in user and the entries to every area', async () => {
  const center = await loginInBrowser(suite.phone, suite.server, '13800138002', SCREENS.center);
  for (const text of ['138****8002', '我的订单', '收货地址'])
    await center.getByText(text).first().waitFor({ state: 'visible' });
  await suite.phone.shot('09-center-logged-in');
});

test('a session survives a reload, and an unknown route shows the error page', async () => {
  await loginInBrowser(suite.phone, suite.server, '13800138003', SCREENS.center);
  await suite.phone.page.reload();
  const center = await currentPage(suite.phone.page, SCREENS.center);
  await center.getByText('138****8003').waitFor({ state: 'visible' });
  const error = await openScreen(suite.phone.page, suite.server.baseUrl, '/pages/nowhere/nowhere', SCREENS.error);
  await error.getByText('页面不存在').waitFor({ state: 'visible' });
  await suite.phone.shot('10-unknown-route');
});

test('an unknown project lands on the error page with the server message', async () => {
  const error = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    '/pages/entrance/entrance?projectSn=no-such-project',
    SCREENS.error,
  );
  await error.getByText('项目不存在或已下线').waitFor({ state: 'visible' });
  await suite.phone.shot('11-unknown-project');
});

test('another project gets its own theme and tabs', async () => {
  const home = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    '/pages/entrance/entrance?projectSn=course',
    SCREENS.home,
  );
  const primary = await home
    .locator('.sf-page')
    .first()
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--sf-primary').trim());
  assert.equal(primary.toLowerCase(), '#1fd381');
  await suite.phone.shot('12-course-project-home');
});
