/**
 * State and navigation as a customer walks the store with the browser's own controls: a link pasted into the
 * same tab and an edited hash (the page follows its address), back from the sandbox cashier (the order, with
 * the pay-check popup) and 取消支付 there (the order list), back after signing the purchase agreement (the
 * order, no loop through the e-sign page), a reload of the course order screen (what was typed stays until the
 * order is placed), and 我的 reloaded or opened from a link in the course, points and auth projects (their own
 * tab labels). Each test is a new phone; seed items are the demo catalogue's (server/src/db/seed).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { SCREENS, WAIT_MS, currentPage, field, loginInBrowser, openScreen, typeKeys, type Screen } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

/** §2 order/ratifyAccord (签署协议): the agreement's text shows once loaded. */
const RATIFY_ACCORD: Screen = { route: 'subpackages/order/order/ratifyAccord', marker: '.sf-accord__doc' };

/** The demo project's courses used here (server/src/db/seed/catalogue.ts, ordering.ts). */
const COURSES = {
  /** 一级建造师精讲班: three instalments, no delivery, no applicant form. */
  c04: { actSn: 'demo-course-04', name: '一级建造师精讲班' },
  /** 健康管理师考证班: six instalments, no delivery, no applicant form. */
  c06: { actSn: 'demo-course-06', name: '健康管理师考证班' },
  /** 普通话水平测试培训: closed for sign-up (课程报名已截止). */
  c08: { actSn: 'demo-course-08', name: '普通话水平测试培训' },
  /** 成人高考专升本辅导: six instalments, applicant form (姓名 a1name, 身份证号 a1idcd). */
  c01: { actSn: 'demo-course-01', name: '成人高考专升本辅导' },
};

const detailUrl = (actSn: string) => `/pages/activity/courseDetail?actSn=${actSn}`;

/**
 * Waits until the page on top of the shown pages is a course detail showing `name` (the router may first show an
 * instance that is then reopened), and returns that page. A detail stuck in its skeleton, or showing another
 * item, fails here with what was on screen.
 */
async function detailShowing(page: Page, name: string): Promise<Locator> {
  try {
    await page.waitForFunction(
      (want: string) => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter(
          (el) =>
            el.classList.contains('taro_page_show') &&
            !el.classList.contains('taro_page_shade') &&
            getComputedStyle(el).display !== 'none',
        );
        const top = shown[shown.length - 1];
        return (
          !!top &&
          top.id.startsWith('/pages/activity/courseDetail') &&
          top.querySelector('.sf-act__name')?.textContent === want
        );
      },
      name,
      { polling: 50 },
    );
  } catch (err) {
    const seen = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).map(
        (el) => `${el.id} [${el.className}] ${(el.textContent || '').slice(0, 40)}`,
      ),
    );
    throw new Error(
      `the course detail on top never showed ${name}: ${page.url()} ${JSON.stringify(seen)}\n${String(err)}`,
      { cause: err },
    );
  }
  const detail = await currentPage(page, SCREENS.courseDetail);
  assert.equal((await detail.locator('.sf-act__name').textContent())?.trim(), name);
  return detail;
}

/**
 * The course submit screen that `open` leads to, once it can submit (§4: its submit token has come, and the
 * coupons, of which the first available one is chosen, are on the 优惠券 line).
 */
async function submitScreen(page: Page, open: () => Promise<unknown>): Promise<Locator> {
  const token = page.waitForResponse((r) => r.url().includes('/front/v1/client/order/confirm/receipt'));
  const coupons = page.waitForResponse((r) => r.url().includes('/front/v2/client/course/order/coupons'));
  await open();
  const submit = await currentPage(page, SCREENS.courseOrderSubmit, { marker: '.sf-submit__payable .sf-price' });
  await (await token).finished();
  if (await submit.locator('.sf-lines__row', { hasText: '优惠券' }).count()) await (await coupons).finished();
  else coupons.catch(() => undefined);
  return submit;
}

/** 立即报名 on a course detail: that course's submit screen. */
const orderFromDetail = (page: Page, detail: Locator) => submitScreen(page, () => detail.locator('#act-order').click());

const hashQuery = (page: Page, key: string) =>
  new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get(key) ?? '';

test('a detail page follows its address: a link pasted over the order screen, then an edited hash', async () => {
  const { page } = suite.phone;
  const { baseUrl } = suite.server;
  let detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137701',
    SCREENS.courseDetail,
    detailUrl(COURSES.c04.actSn),
  );
  assert.equal((await detail.locator('.sf-act__name').textContent())?.trim(), COURSES.c04.name);
  await orderFromDetail(page, detail);

  // Another item's link pasted into the same tab, over the order screen: that item, not the one ordered.
  await page.goto(`${baseUrl}/#${detailUrl(COURSES.c08.actSn)}`);
  detail = await detailShowing(page, COURSES.c08.name);
  await detail.locator('.sf-act__reason', { hasText: '课程报名已截止' }).waitFor({ state: 'visible' });
  await suite.phone.shot('nav-01-pasted-link');

  // The hash edited by hand on the detail page: the new item, not a skeleton.
  await page.evaluate((hash) => (window.location.hash = hash), `#${detailUrl(COURSES.c06.actSn)}`);
  detail = await detailShowing(page, COURSES.c06.name);
  assert.equal(await detail.locator('#act-skeleton').count(), 0, 'no skeleton left on the detail');

  // 立即报名 orders what the page shows.
  const submit = await orderFromDetail(page, detail);
  assert.equal(hashQuery(page, 'targetSn'), COURSES.c06.actSn);
  assert.equal((await submit.locator('.sf-submit__course-name').textContent())?.trim(), COURSES.c06.name);
});

/** Submits the course's order screen as it is and waits for the sandbox cashier; returns the order number. */
async function submitToCashier(page: Page, submit: Locator): Promise<string> {
  await submit.locator('.sf-submit__btn').click();
  await page.waitForURL(/\/sandbox\/cashier\//);
  await page.locator('#cashier-amount').waitFor({ state: 'visible' });
  return (await page.locator('.sb-row', { hasText: '订单编号' }).locator('span').nth(1).textContent())?.trim() ?? '';
}

test('back from the cashier lands on the order with the pay-check popup; 取消支付 there opens the order list', async () => {
  const { page } = suite.phone;
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137702',
    SCREENS.courseDetail,
    detailUrl(COURSES.c04.actSn),
  );
  const submit = await orderFromDetail(page, detail);
  const orderNo = await submitToCashier(page, submit);
  assert.ok(orderNo, 'the cashier names the order');

  // The browser's back button, as the cashier's own return: the order, and the §4 popup asking about it.
  await page.goBack();
  const order = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-tip__message' });
  assert.equal(hashQuery(page, 'orderNo'), orderNo);
  assert.equal((await order.locator('.sf-tip__message').textContent())?.trim(), `订单号：${orderNo}`);
  await suite.phone.shot('nav-02-back-from-cashier');
  // 支付遇到问题，重新支付: the order list, from which the order is paid again.
  await order.locator('.sf-tip__btn--cancel').click();
  const list = await currentPage(page, SCREENS.orderList, { marker: `.sf-order[data-order-no="${orderNo}"]` });
  await list.locator(`.sf-order[data-order-no="${orderNo}"]`).click();
  const again = await currentPage(page, SCREENS.orderDetail, { marker: '#order-pay' });

  // 取消支付 in the cashier: the order list (§4), with the order waiting to be paid.
  await again.locator('#order-pay').click();
  await page.waitForURL(/\/sandbox\/cashier\//);
  await page.locator('#cashier-cancel').click();
  await currentPage(page, SCREENS.orderList, { marker: `.sf-order[data-order-no="${orderNo}"]` });
  await suite.phone.shot('nav-03-cashier-cancel');
});

test('after signing the purchase agreement, back goes to the order without looping through the e-sign page', async () => {
  const { page } = suite.phone;
  const { baseUrl } = suite.server;
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137703',
    SCREENS.courseDetail,
    detailUrl(COURSES.c04.actSn),
  );
  const orderNo = await submitToCashier(page, await orderFromDetail(page, detail));
  await page.locator('#cashier-confirm').click();
  await currentPage(page, SCREENS.orderDetail, { marker: '#order-pay' });

  // From the order list, as a customer finds the order: its detail, 签署协议, 同意并签署.
  const list = await openScreen(page, baseUrl, '/pages/order/orderList', SCREENS.orderList, {
    marker: `.sf-order[data-order-no="${orderNo}"]`,
  });
  await list.locator(`.sf-order[data-order-no="${orderNo}"]`).click();
  const order = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-lines__row' });
  await order.locator('.sf-order__btn', { hasText: '签署协议' }).click();
  const accord = await currentPage(page, RATIFY_ACCORD);
  await accord.locator('#accord-sign').click();
  await page.waitForURL(/\/sandbox\/esign\//);
  await page.locator('#esign-confirm').click();
  const signed = await currentPage(page, RATIFY_ACCORD, { marker: '.sf-accord__signed' });
  assert.equal(await signed.locator('#accord-sign').count(), 0, 'nothing left to sign');
  await suite.phone.shot('nav-04-signed');

  // Back from 签署协议: the order, whose agreement is signed; and back once more leaves the order.
  await page.goBack();
  const back = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-lines__row' });
  assert.equal(hashQuery(page, 'orderNo'), orderNo);
  await back.locator('.sf-lines__row', { hasText: '购买协议' }).getByText('已签署').waitFor({ state: 'visible' });
  await page.goBack();
  await currentPage(page, SCREENS.orderList);
  assert.doesNotMatch(page.url(), /sandbox\/esign/);
});

test('a reload of the course order screen keeps what was typed, until the order is placed', async () => {
  const { page } = suite.phone;
  const { baseUrl } = suite.server;
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137704',
    SCREENS.courseDetail,
    detailUrl(COURSES.c01.actSn),
  );
  let submit = await orderFromDetail(page, detail);
  const typed = { a1name: '王五', a1idcd: '11010519491231002X' };
  for (const [nKey, value] of Object.entries(typed)) await typeKeys(field(submit, `field-${nKey}`), value);
  await typeKeys(field(submit, 'order-remark'), '周末上课');

  submit = await submitScreen(page, () => page.reload());
  for (const [nKey, value] of Object.entries(typed))
    assert.equal(await field(submit, `field-${nKey}`).inputValue(), value, `${nKey} kept across the reload`);
  assert.equal(await field(submit, 'order-remark').inputValue(), '周末上课', 'the remark kept across the reload');
  await suite.phone.shot('nav-05-reloaded-form');

  // Placed: the next visit to the screen starts afresh (the applicant fields may be filled from what the
  // customer gave with the order, the remark never is).
  await submitToCashier(page, submit);
  submit = await submitScreen(page, () =>
    page.goto(`${baseUrl}/#/pages/order/courseOrderSubmit?targetSn=${COURSES.c01.actSn}`),
  );
  assert.equal(await field(submit, 'order-remark').inputValue(), '', 'the remark is not kept once the order is placed');
});

/** The labels the tab bar shows now. */
async function tabLabels(page: Page): Promise<string[]> {
  return (await page.locator('taro-tabbar .weui-tabbar__label').allTextContents()).map((t) => t.trim());
}

/** Waits until the tab bar shows `labels`; fails with what it shows. */
async function expectTabLabels(page: Page, labels: readonly string[], when: string): Promise<void> {
  const end = Date.now() + WAIT_MS;
  let seen: string[];
  while ((seen = await tabLabels(page)).join() !== labels.join()) {
    if (Date.now() > end) throw new Error(`${when} the tab bar shows ${seen.join(' ')}, not ${labels.join(' ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const [projectSn, labels] of [
  ['course', ['首页', '选课', '活动', '资讯', '我的']],
  ['integral', ['首页', '兑换', '活动', '权益', '我的']],
  ['auth', ['首页', '认证', '课程', '服务', '我的']],
] as const) {
  test(`我的 opened from a link and reloaded in the ${projectSn} project shows that project's tab labels`, async () => {
    const { page } = suite.phone;
    await openScreen(page, suite.server.baseUrl, `/pages/center/center?projectSn=${projectSn}`, SCREENS.center);
    await expectTabLabels(page, labels, 'opened from a link,');
    await page.reload();
    await currentPage(page, SCREENS.center);
    await expectTabLabels(page, labels, 'after a reload,');
    await suite.phone.shot(`nav-06-center-${projectSn}`);
  });
}
