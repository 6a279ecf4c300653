/**
 * The walking skeleton as a visitor sees it: entrance -> home tabs -> custom page -> phone login -> centre,
 * plus the error page for unknown routes and a bad project. Screenshots in e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPhone, startServer, type Phone, type Server } from './harness';

let server: Server;
let phone: Phone;

before(async () => {
  server = await startServer();
  phone = await openPhone();
});

after(async () => {
  await phone?.close();
  await server?.stop();
});

const tabItem = (index: number) => phone.page.locator('.weui-tabbar__item').nth(index);

async function expectText(text: string, timeout = 15000) {
  await phone.page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

test('entrance enters the demo project and opens the first home tab', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=demo`);
  await page.waitForURL(/pages\/index\/index/, { timeout: 30000 });
  await page.locator('.sf-banner').waitFor({ state: 'visible' });
  await page.locator('.sf-card').first().waitFor({ state: 'visible' });
  // The tab bar carries the project's tab titles.
  assert.equal(await page.locator('.weui-tabbar__item').count(), 5);
  await phone.shot('01-home-tab-1');
});

test('the other three home tabs render their configured modules', async () => {
  const { page } = phone;
  const routes = ['tabTwo', 'tabThree', 'tabFour'];
  for (let i = 0; i < routes.length; i += 1) {
    await tabItem(i + 1).click();
    await page.waitForURL(new RegExp(`pages/index/${routes[i]}`));
    await page.locator(`.taro_page:visible .sf-modules`).first().waitFor({ state: 'visible' });
    await phone.shot(`0${i + 2}-home-${routes[i]}`);
  }
  await tabItem(0).click();
  await page.waitForURL(/pages\/index\/index/);
});

test('a banner jump opens the custom page, and "more" lists a column', async () => {
  const { page } = phone;
  await page.locator('.taro_page:visible [data-jump="CUSTOM_PAGE"]').first().dispatchEvent('click');
  await page.waitForURL(/pages\/index\/indexCustom\?targetSn=/);
  await page.locator('.taro_page:visible .sf-modules').first().waitFor({ state: 'visible' });
  await phone.shot('05-custom-page');
  await page.goBack();
  await page.waitForURL(/pages\/index\/index/);
});

test('a visitor is asked to log in for a column list and can log in by phone', async () => {
  const { page } = phone;
  await page.locator('.taro_page:visible .sf-column__more').first().click();
  // moreActivity needs a logged-in user: the entrance shows the phone form, and comes back after login.
  await page.waitForURL(/pages\/entrance\/entrance\?login=phone/);
  await expectText('手机号登录');
  const phoneInput = page.locator('.taro_page:visible #login-phone input, .taro_page:visible input#login-phone').first();
  const codeInput = page.locator('.taro_page:visible #login-code input, .taro_page:visible input#login-code').first();

  // A bad number: the spec's message, and what was typed stays.
  await phoneInput.fill('1380013800');
  await page.locator('.taro_page:visible .sf-login__code').click();
  await expectText('请输入正确的11位手机号');
  assert.equal(await phoneInput.inputValue(), '1380013800');
  await phone.shot('06-login-bad-phone');

  await phoneInput.fill('13800138000');
  await page.locator('.taro_page:visible .sf-login__code').click();
  const code = await server.smsCode('13800138000');
  await expectText('s后重新获取');

  // A wrong code is refused and the form keeps both fields.
  const wrong = code === '000000' ? '111111' : '000000';
  await codeInput.fill(wrong);
  await page.locator('.taro_page:visible .sf-login__submit').click();
  await expectText('验证码错误');
  assert.equal(await phoneInput.inputValue(), '13800138000');
  assert.equal(await codeInput.inputValue(), wrong);
  await phone.shot('07-login-wrong-code');

  await codeInput.fill(code);
  await page.locator('.taro_page:visible .sf-login__submit').click();
  await page.waitForURL(/moreActivity\/moreActivity\?targetSn=/, { timeout: 15000 });
  await page.locator('.taro_page:visible .sf-card').first().waitFor({ state: 'visible' });
  await phone.shot('08-more-activity-after-login');
});

test('the centre shows the logged-in user and the entries to every area', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/center/center`);
  await page.waitForURL(/pages\/center\/center/);
  await expectText('138****8000');
  await expectText('我的订单');
  await expectText('收货地址');
  await phone.shot('09-center-logged-in');
});

test('a session survives a reload, and an unknown route shows the error page', async () => {
  const { page } = phone;
  await page.reload();
  await expectText('138****8000');
  await page.goto(`${server.baseUrl}/#/pages/nowhere/nowhere`);
  await expectText('页面不存在');
  await phone.shot('10-unknown-route');
});

test('an unknown project lands on the error page with the server message', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=no-such-project`);
  await page.waitForURL(/pages\/error\/error/, { timeout: 15000 });
  await expectText('项目不存在或已下线');
  await phone.shot('11-unknown-project');
});

test('another project gets its own theme and tabs', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=course`);
  await page.waitForURL(/pages\/index\/index/, { timeout: 30000 });
  await page.locator('.taro_page:visible .sf-modules').first().waitFor({ state: 'visible' });
  const primary = await page.locator('.taro_page:visible .sf-page').first().evaluate((el) => getComputedStyle(el).getPropertyValue('--sf-primary').trim());
  assert.equal(primary.toLowerCase(), '#1fd381');
  await phone.shot('12-course-project-home');
});
