/**
 * 套餐与赠课 in the operator console (1280x800), typed key by key, and the storefront's order screen (375x812):
 * the owner creates a course of project course with a package of two of the project's courses (英语四六级冲刺营
 * ¥399 + 普通话水平测试培训 ¥299 = ¥698) and a gift course; a package price above the courses' sum is refused at
 * publish with the rule's Chinese message, everything typed kept; at ¥600 it publishes. The customer's order
 * screen then lists the package's courses and the gift under 赠课, with 售价 ¥698 − 套餐优惠 ¥98 (− the coupon §4
 * applies on load) = 应付.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { openConsole, type ConsoleOps } from './console-ops';
import {
  SCREENS,
  currentPage,
  loginInBrowser,
  openBrowser,
  openPhone,
  openScreen,
  startServer,
  typeKeys,
  type Phone,
  type Server,
} from './harness';

const PROJECT = 'course';
const NAME = `套餐课程${Date.now().toString(36)}`;
const PACKAGE = '四六级普通话联报';
const COURSES = ['英语四六级冲刺营', '普通话水平测试培训'];
const GIFT = '人力资源管理师三级认证课';

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;
let phone: Phone;
let actSn = '';

const edit = () => page.locator('.sf-admin-catalogue-edit');
const packages = () => edit().locator('.sf-admin-packages');

/** Picks `name` in a course select by typing it key by key and taking the option it finds. */
async function pickCourse(input: Locator, name: string) {
  await input.click();
  await input.pressSequentially(name, { delay: 30 });
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name });
  await option.first().waitFor();
  await input.press('Enter');
  await edit().locator('.ant-select-selection-item', { hasText: name }).first().waitFor();
}

/** Yuan from a money text such as "¥698" or "-¥98.00". */
const yuanOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('商品管理: 套餐与赠课', () => {
  before(async () => {
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    ops = await openConsole(browser, server.baseUrl, PROJECT);
    page = ops.page;
  });
  after(async () => {
    await ops?.close();
    await phone?.close();
    await browser?.close();
    await server?.stop();
  });

  test('a package above its courses is refused, fixed, and published', async () => {
    const list = await ops.open('商品管理', '.sf-admin-catalogue');
    await list.getByRole('button', { name: '新建商品' }).click();
    await page.waitForURL(/\/admin\/catalogue\/new$/);
    await packages().waitFor();

    await typeKeys(edit().locator('#actName'), NAME);
    await typeKeys(edit().locator('#cover'), 'https://example.com/course.png');
    await typeKeys(edit().locator('#priceYuan'), '1200');
    await packages().getByRole('button', { name: '添加套餐' }).click();
    await typeKeys(edit().locator('#packages_0_packageName'), PACKAGE);
    await typeKeys(edit().locator('#packages_0_priceYuan'), '800');
    for (const c of COURSES) await pickCourse(edit().locator('#packages_0_courses'), c);
    await pickCourse(edit().locator('#giftCourses'), GIFT);
    await packages().locator('[data-testid=package-sums]', { hasText: '课程合计 ¥698.00' }).waitFor();

    await edit().getByRole('button', { name: '保存并上架' }).click();
    const refusal = edit().locator('[data-testid=catalogue-refusal]');
    await refusal.waitFor();
    assert.match((await refusal.textContent()) ?? '', /第 1 个套餐的价格不得高于所含课程的合计/);
    await ops.shot('catalogue-package-refused');
    await page.waitForURL(/\/admin\/catalogue\/[A-Z0-9a-z]+$/);
    // Nothing typed is lost.
    assert.equal(await edit().locator('#packages_0_packageName').inputValue(), PACKAGE);
    assert.equal(await edit().locator('#packages_0_priceYuan').inputValue(), '800');

    await typeKeys(edit().locator('#packages_0_priceYuan'), '600');
    await packages()
      .locator('[data-testid=package-sums]', { hasText: '课程合计 ¥698.00，套餐优惠 ¥98.00，客户支付 ¥600.00' })
      .waitFor();
    await packages().scrollIntoViewIfNeeded();
    await ops.shot('catalogue-package-editor');
    await edit().getByRole('button', { name: '保存并上架' }).click();
    await edit().getByRole('button', { name: '下架' }).waitFor();
    await ops.shot('catalogue-package-published');
    actSn = decodeURIComponent(/\/catalogue\/([^/?#]+)$/.exec(page.url())![1]);
  });

  test('the order screen shows the package, the gift and amounts that add up', async () => {
    assert.ok(actSn, 'published by the test before');
    phone = await openPhone(browser);
    // The customer enters project course's store first; the login then keeps that project.
    await openScreen(phone.page, server.baseUrl, `/pages/entrance/entrance?projectSn=${PROJECT}`, SCREENS.home);
    const detail = await loginInBrowser(
      phone,
      server,
      '13700137888',
      SCREENS.courseDetail,
      `/pages/activity/courseDetail?actSn=${actSn}`,
    );
    await detail.locator('.sf-act__package', { hasText: PACKAGE }).waitFor();
    await detail.locator('#act-order').click();
    const submit = await currentPage(phone.page, SCREENS.courseOrderSubmit, {
      marker: '.sf-submit__payable .sf-price',
    });
    const pkg = submit.locator('.sf-submit__package');
    for (const c of COURSES) await pkg.getByText(c).waitFor();
    const gifts = submit.locator('.sf-submit__gifts');
    assert.equal(await gifts.locator('.sf-submit__gifts-title').textContent(), '赠课');
    await gifts.getByText(GIFT).waitFor();

    const line = (label: string) =>
      submit.locator('.sf-lines__row', { has: phone.page.locator('.sf-lines__label', { hasText: label }) });
    const price = yuanOf(await line('售价').locator('.sf-lines__value').textContent());
    const off = yuanOf(await line('套餐优惠').locator('.sf-lines__value').textContent());
    // A new customer's first usable coupon is applied on load (§4): it comes off after the package discount.
    const couponText = (await line('优惠券').locator('.sf-lines__value').textContent()) ?? '';
    const coupon = /[¥￥]/.test(couponText) ? yuanOf(couponText) : 0;
    const payable = yuanOf(await submit.locator('.sf-submit__payable .sf-price').textContent());
    assert.equal(price, 698);
    assert.equal(off, 98);
    assert.equal(price - off - coupon, payable, `the lines add up: ${price} − ${off} − ${coupon} = ${payable}`);
    await phone.shot('catalogue-package-order');
  });
});
