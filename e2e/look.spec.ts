/**
 * What a customer sees at a 375x812 phone, in each of the four themes (projects demo, course, integral, auth):
 * the 发现 tab's image-text icons drawn whole (the word on each picture not cropped), links in the theme's own
 * colour, and a long order remark wrapping inside its card; then, as the demo earner, the 推广服务协议 popup's text
 * clear of the panel's edges; and the feedback image picker naming what it leaves out (more than six, a file that
 * is not an image) instead of dropping it silently. Screenshots: e2e/screenshots/look-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  SCREENS,
  apiClient,
  currentPage,
  expectToast,
  loginInBrowser,
  openScreen,
  tokenOf,
  until,
  type Screen,
} from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

/** Each project of a §1 theme (default, course, integral, authentication) and a phone number of its own. */
const THEMES = [
  { projectSn: 'demo', phone: '13700135101' },
  { projectSn: 'course', phone: '13700135102' },
  { projectSn: 'integral', phone: '13700135103' },
  { projectSn: 'auth', phone: '13700135104' },
] as const;

const FEEDBACK: Screen = { route: 'subpackages/user/feedback/feedback', marker: '#feedback-submit' };
const WITHDRAW: Screen = { route: 'subpackages/earnings/withdraw/withdraw', marker: '#withdraw-submit' };
/** 30 characters (§5's most) with nowhere to break a line. */
const LONG_REMARK = 'W'.repeat(30);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** How far `inner` reaches past `outer` on each side, in CSS px (0 or less: inside). */
async function overhang(inner: Locator, outer: Locator) {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  assert.ok(a && b, 'both boxes are on screen');
  return {
    left: b.x - a.x,
    right: a.x + a.width - (b.x + b.width),
    top: b.y - a.y,
    bottom: a.y + a.height - (b.y + b.height),
  };
}

/** The colour a CSS value (a theme variable, say) computes to beside `el`, as rgb(...). */
async function colourBeside(el: Locator, value: string): Promise<string> {
  return el.evaluate((node, v) => {
    const probe = document.createElement('span');
    probe.style.color = v;
    node.parentElement!.appendChild(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, value);
}

/** How far the text inside `el` (its glyphs, not its padding box) sits from `outer`'s edges, in CSS px. */
async function textMargins(el: Locator, outer: Locator) {
  const text = await el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    return { x: r.left, right: r.right };
  });
  const box = await outer.boundingBox();
  assert.ok(box, 'the panel is on screen');
  return { left: text.x - box.x, right: box.x + box.width - text.right };
}

/** An unpaid single-payment course order with this remark, submitted as the course submit screen does. */
async function orderWithRemark(page: Page, projectSn: string, remark: string): Promise<string> {
  const api = apiClient(suite.server.baseUrl, await tokenOf(page));
  type Confirmation = {
    createOrderSn: string;
    orderPayType: number;
    deliveryType: number;
    isHousehold: boolean;
    disableFlag: boolean;
    restrict: { required: boolean }[];
    confirmOrderAmount: { payAmount: number; orderTotalAmount: number };
  };
  for (let i = 1; i <= 12; i++) {
    const targetSn = `${projectSn}-course-${String(i).padStart(2, '0')}`;
    const c = await api
      .call<Confirmation>('GET', '/front/v2/client/course/order/confirm', { targetSn })
      .catch(() => null);
    if (
      !c ||
      c.orderPayType !== 1 ||
      c.deliveryType !== 4 ||
      c.isHousehold ||
      c.disableFlag ||
      c.restrict.some((r) => r.required)
    )
      continue;
    const { orderToken } = await api.call<{ orderToken: string }>('GET', '/front/v1/client/order/confirm/receipt', {
      createOrderSn: c.createOrderSn,
    });
    const placed = await api.call<{ orderNo: string }>('POST', '/front/v2/client/course/order/submit', {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.confirmOrderAmount.payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken,
      orderPreAttachVO: { deliveryType: c.deliveryType },
      remark,
    });
    return placed.orderNo;
  }
  throw new Error(`no single-payment course without delivery or required fields in ${projectSn}`);
}

for (const { projectSn, phone } of THEMES) {
  test(`${projectSn}: 发现 icons drawn whole, links in the theme's colour, a long remark inside its card`, async () => {
    const { page } = suite.phone;
    await openScreen(page, suite.server.baseUrl, `/pages/entrance/entrance?projectSn=${projectSn}`, SCREENS.home);

    // The fourth home tab (发现 in the demo store): every icon's picture fits its rounded box, so its word shows whole.
    await page.locator('.taro-tabbar__tabbar .weui-tabbar__item').nth(3).click();
    const find = await currentPage(page, SCREENS.tabFour, { marker: '.sf-image-text__img' });
    const icons = find.locator('.sf-image-text__img');
    const count = await icons.count();
    assert.ok(count >= 3, 'the tab has its image-text icons');
    for (let i = 0; i < count; i++) {
      const picture = icons.nth(i).locator('img');
      await until(
        () =>
          picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        `icon ${i + 1} has loaded`,
      );
      const out = await overhang(picture, icons.nth(i));
      assert.ok(
        Math.max(out.left, out.right, out.top, out.bottom) <= 1,
        `icon ${i + 1}'s picture is not cropped: ${JSON.stringify(out)}`,
      );
    }
    await suite.phone.shot(`look-${projectSn}-1-find`);

    // The login form's 获取验证码 is a link: it wears the theme's text colour, not one blue for every store.
    await page.goto(`${suite.server.baseUrl}/#/pages/entrance/entrance?login=phone`);
    const login = await currentPage(page, SCREENS.login, { marker: '.sf-login__code' });
    const link = login.locator('.sf-login__code');
    assert.equal(
      await link.evaluate((el) => getComputedStyle(el).color),
      await colourBeside(link, 'var(--sf-primary-text)'),
      'the link is in the theme colour',
    );
    await suite.phone.shot(`look-${projectSn}-2-login-link`);
    await loginInBrowser(suite.phone, suite.server, phone);

    // A remark of 30 characters with nowhere to break: it wraps inside the card, the row keeps to the screen.
    const orderNo = await orderWithRemark(page, projectSn, LONG_REMARK);
    const detail = await openScreen(
      page,
      suite.server.baseUrl,
      `/pages/order/orderDetail?orderNo=${orderNo}`,
      SCREENS.orderDetail,
      { marker: '.sf-lines__row' },
    );
    const row = detail.locator('.sf-lines__row', { hasText: '订单备注' });
    await row.scrollIntoViewIfNeeded();
    const value = row.locator('.sf-lines__value');
    assert.equal(((await value.textContent()) ?? '').trim(), LONG_REMARK, 'the whole remark is shown');
    const out = await overhang(value, row);
    assert.ok(out.right <= 1, `the remark stays inside its card (${out.right.toFixed(1)} px past its edge)`);
    assert.ok(
      await value.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      'nothing of the remark is hidden sideways',
    );
    await suite.phone.shot(`look-${projectSn}-3-remark`);
  });
}

test('the 推广服务协议 popup keeps its text and button inside the panel, on screen', async () => {
  const { page } = suite.phone;
  await openScreen(page, suite.server.baseUrl, '/pages/entrance/entrance?projectSn=demo', SCREENS.home);
  await loginInBrowser(suite.phone, suite.server, '13800000088');
  const withdraw = await openScreen(page, suite.server.baseUrl, `/${WITHDRAW.route}`, WITHDRAW);
  await withdraw.locator('.sf-earn__link', { hasText: '推广服务协议' }).click();
  const panel = withdraw.locator('.sf-popup__panel');
  await panel.waitFor({ state: 'visible' });
  const text = panel.locator('.sf-earn__agreement');
  await text.getByText('推广员', { exact: false }).first().waitFor({ state: 'visible' });
  const margin = await textMargins(text, panel);
  // At least 8 px of white between the words and the panel's rounded edge on each side.
  assert.ok(margin.left >= 8 && margin.right >= 8, `the text is clear of the panel's edges: ${JSON.stringify(margin)}`);
  const ok = panel.getByText('我已阅读并同意', { exact: true });
  const button = await overhang(ok, panel);
  assert.ok(
    button.bottom <= -8 && button.left <= -8 && button.right <= -8,
    `the button sits inside the panel: ${JSON.stringify(button)}`,
  );
  const box = await panel.boundingBox();
  assert.ok(box && box.y + box.height <= 812, 'the whole panel is on screen');
  await suite.phone.shot('look-demo-4-agreement');
  await ok.click();
  await panel.waitFor({ state: 'hidden' });
});

/** The feedback page of a fresh customer, and a way to pick files in its image picker's file dialog. */
async function feedbackPicker(phone: string) {
  const { page } = suite.phone;
  const fb = await loginInBrowser(suite.phone, suite.server, phone, FEEDBACK, `/${FEEDBACK.route}`);
  const pick = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      fb.locator('.at-image-picker__choose-btn').click(),
    ]);
    await chooser.setFiles(files);
  };
  return { fb, pick, modal: page.locator('.taro__modal'), previews: fb.locator('.at-image-picker__preview-img') };
}

test('feedback images: a file that is not an image is named, not silently dropped', async () => {
  const { fb, pick, modal, previews } = await feedbackPicker('13700135105');
  await pick([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') }]);
  await modal
    .locator('.taro-modal__text', { hasText: '只能上传图片（JPG、PNG、GIF、WebP），1个文件未上传' })
    .waitFor({ state: 'visible' });
  await suite.phone.shot('look-demo-5-not-an-image');
  await modal.getByText('知道了', { exact: true }).click();
  await modal.waitFor({ state: 'hidden' });
  assert.equal(await previews.count(), 0, 'nothing was added');
  await fb.locator('.sf-image-picker__hint', { hasText: '（0/6）' }).waitFor({ state: 'visible' });
});

test('feedback images: more than six picked, the first six go up and the rest are named', async () => {
  const { fb, pick, modal, previews } = await feedbackPicker('13700135106');
  await pick(Array.from({ length: 8 }, (_, i) => ({ name: `photo-${i + 1}.png`, mimeType: 'image/png', buffer: PNG })));
  await modal.locator('.taro-modal__text', { hasText: '最多上传6张，多选的2张未上传' }).waitFor({ state: 'visible' });
  await suite.phone.shot('look-demo-6-over-the-limit');
  await modal.getByText('知道了', { exact: true }).click();
  await expectToast(suite.phone.page, '上传成功');
  await previews.nth(5).waitFor({ state: 'visible' });
  assert.equal(await previews.count(), 6, 'the first six went up');
  await fb.locator('.sf-image-picker__hint', { hasText: '（6/6）' }).waitFor({ state: 'visible' });
});
