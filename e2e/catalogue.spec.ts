/**
 * Catalogue as a visitor and then a customer sees it: home -> course detail -> all reviews -> back; search;
 * a banner jump to a detail; an unknown item. Screenshots in e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loginInBrowser, openPhone, startServer, type Phone, type Server } from './harness';

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

const visible = (selector: string) => phone.page.locator(`.taro_page:visible ${selector}`).first();

test('a visitor opens a course from the home page and sees its details', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=demo`);
  await page.waitForURL(/pages\/index\/index/, { timeout: 30000 });
  await visible('.sf-column[data-module="COURSE_COLUMN"] .sf-card').click();
  await page.waitForURL(/pages\/activity\/courseDetail\?actSn=/);
  await visible('.sf-act__name').waitFor({ state: 'visible', timeout: 15000 });
  await visible('.sf-act__bar .sf-act__order').waitFor({ state: 'visible' });
  assert.match((await visible('.sf-act__name').textContent()) || '', /\S/);
  await phone.shot('20-course-detail');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await phone.shot('21-course-detail-middle');
});

test('all reviews, after logging in, and back to the detail', async () => {
  const { page } = phone;
  const detailUrl = page.url();
  const hash = new URL(detailUrl).hash.slice(1);
  await loginInBrowser(phone, server, '13900139001', hash);
  await page.waitForURL(/pages\/activity\/courseDetail/);
  await visible('#act-reviews .sf-act__more').click();
  await page.waitForURL(/getCommentList\/getCommentList\?actSn=/);
  // The detail page shows reviews too: look inside the reviews page only.
  await visible('.sf-reviews .sf-comment').waitFor({ state: 'visible', timeout: 15000 });
  assert.ok((await page.locator('.taro_page:visible .sf-reviews .sf-comment').count()) > 0);
  await phone.shot('22-all-reviews');
  await page.goBack();
  await page.waitForURL(/pages\/activity\/courseDetail/);
  await visible('.sf-act__name').waitFor({ state: 'visible' });
});

test('search finds courses and says so when nothing matches', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/index/indexSearch`);
  const input = page.locator('.taro_page:visible #search-input input, .taro_page:visible input#search-input').first();
  await input.waitFor({ state: 'visible', timeout: 15000 });
  await input.fill('课');
  await input.press('Enter');
  await visible('.sf-card').waitFor({ state: 'visible', timeout: 15000 });
  await phone.shot('23-search-results');
  await input.fill('没有这种东西');
  await input.press('Enter');
  await page.getByText('暂无数据').first().waitFor({ state: 'visible', timeout: 15000 });
  await phone.shot('24-search-empty');
});

test('an unknown item shows a way back home, never a blank page', async () => {
  const { page } = phone;
  await page.goto(`${server.baseUrl}/#/pages/activity/activityDetail?actSn=no-such-item`);
  await page.getByText('返回首页').first().waitFor({ state: 'visible', timeout: 15000 });
  await phone.shot('25-unknown-item');
});
