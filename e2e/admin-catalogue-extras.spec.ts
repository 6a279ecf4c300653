/**
 * An item's extras in the console (1280x800), typed key by key, and what the storefront (375x812) then shows: the
 * owner replies to one review of demo-course-01 (an empty reply is named first and the dialog keeps its place) and
 * hides another; restricts demo-course-07 to 广东省 (saving with no area picked is named first). The customer's
 * review list shows the reply and not the hidden review, and an order of demo-course-07 to a Beijing address is
 * refused with §5's 当前地区暂不支持购买，请切换地址再提交订单!
 * In 积分商品 the owner narrows demo-integral-03 (a plain 积分 item) to 中国联通 points and gives it a preview link
 * (a javascript: link is refused under the field first); the customer's detail then prices it in 联通积分.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Address } from '../contract/address';
import { POINTS_ITEM_MESSAGES } from '../contract/ops-integral';
import { openConsole, selectDropdown, type ConsoleOps } from './console-ops';
import {
  SCREENS,
  apiClient,
  currentPage,
  expectToast,
  loginInBrowser,
  openBrowser,
  openPhone,
  startServer,
  tokenOf,
  typeKeys,
  type Phone,
  type Server,
} from './harness';

const PROJECT = 'demo';
const REVIEWED = 'demo-course-01';
const SHIPPED = 'demo-course-07';
const REPLY = '感谢您的评价，欢迎再来！';
const AREA_REFUSED = '当前地区暂不支持购买，请切换地址再提交订单!';
const POINTS = { actSn: 'demo-integral-03', name: '咖啡饮品兑换券', before: '1800积分', after: '1800联通积分' };

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;
let phone: Phone;
let replied = '';
let hidden = '';

const extras = () => page.locator('.sf-admin-catalogue-extras');
const openItem = async (actSn: string): Promise<Locator> => {
  await page.goto(`${server.baseUrl}/admin/catalogue/${actSn}`);
  await extras().waitFor();
  return extras();
};

describe('商品管理: reviews and sale areas', () => {
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

  test('the owner replies to one review and hides another', async () => {
    const card = await openItem(REVIEWED);
    const rows = card.locator('.ant-list-item[data-comment-id]');
    await rows.first().waitFor();
    replied = (await rows.nth(0).getAttribute('data-comment-id')) ?? '';
    hidden = (await rows.nth(1).getAttribute('data-comment-id')) ?? '';
    assert.ok(replied && hidden);

    await rows.nth(0).getByRole('button', { name: '回复' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '回复评价' });
    const box = dialog.locator('#reply');
    await box.waitFor();
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '请输入回复内容' }).waitFor();
    await typeKeys(box, REPLY);
    await dialog.getByRole('button', { name: '发送回复' }).click();
    const row = card.locator(`[data-comment-id="${replied}"]`);
    await row.locator('.sf-admin-review-reply', { hasText: REPLY }).waitFor();

    const second = card.locator(`[data-comment-id="${hidden}"]`);
    await second.getByRole('button', { name: '隐藏' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '隐藏' }).click();
    await second.locator('.ant-tag', { hasText: '已隐藏' }).waitFor();
    await ops.shot('catalogue-reviews');
  });

  test('the owner lets only 广东省 order the shipped course', async () => {
    const card = await openItem(SHIPPED);
    await card.getByRole('tab', { name: '销售地区' }).click();
    const pane = card.locator('.ant-tabs-tabpane-active');
    await pane.getByLabel('仅限所选地区可购买').check();
    // The seed's excluded areas are still picked: clear them, and saving with none is named first.
    const picker = pane.locator('.sf-admin-area-picker');
    await picker.hover();
    await picker.locator('.ant-select-clear').click();
    await picker.locator('.ant-select-selection-item').first().waitFor({ state: 'detached' });
    await pane.getByRole('button', { name: '保存销售地区' }).click();
    await pane.locator('.ant-alert-error', { hasText: '请至少选择一个地区' }).waitFor();

    await picker.click();
    const menu = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').first();
    await menu.locator('.ant-cascader-menu-item', { hasText: '广东省' }).locator('.ant-cascader-checkbox').click();
    await page.keyboard.press('Escape');
    await pane.locator('.ant-select-selection-item', { hasText: '广东省' }).waitFor();
    assert.equal(await pane.getByLabel('仅限所选地区可购买').isChecked(), true, 'the choice is kept');
    await pane.getByRole('button', { name: '保存销售地区' }).click();
    await pane.getByText('已保存：下单时 33 个地区').waitFor();
    await ops.shot('catalogue-areas');
  });

  test('the storefront shows the reply, not the hidden review, and refuses a Beijing order', async () => {
    phone = await openPhone(browser);
    const list = await loginInBrowser(
      phone,
      server,
      '13700137666',
      SCREENS.reviews,
      `/subpackages/activity/getCommentList/getCommentList?actSn=${REVIEWED}`,
    );
    const mine = list.locator(`.sf-comment[data-comment-id="${replied}"]`);
    await mine.locator('.sf-comment__reply', { hasText: REPLY }).waitFor();
    assert.equal(await list.locator(`.sf-comment[data-comment-id="${hidden}"]`).count(), 0, 'hidden review gone');
    await phone.shot('catalogue-extras-reviews');

    // A Beijing address, the customer's first and so the default.
    const api = apiClient(server.baseUrl, await tokenOf(phone.page));
    await api.call<Address>('POST', '/front/v1/address', {
      consigneeName: '张三',
      consigneeTelephone: '13700137666',
      fullAddress: '长安街1号',
      provinceId: '110000',
      cityId: '110100',
      areaId: '110101',
    });
    await phone.page.goto(`${server.baseUrl}/#/pages/activity/courseDetail?actSn=${SHIPPED}`);
    const detail = await currentPage(phone.page, SCREENS.courseDetail);
    await detail.locator('#act-order').click();
    const submit = await currentPage(phone.page, SCREENS.courseOrderSubmit, {
      marker: '.sf-submit__payable .sf-price',
    });
    await submit.getByText('长安街1号').first().waitFor();
    await submit.locator('.sf-submit__btn').click();
    await phone.shot('catalogue-extras-area-refused');
    await expectToast(phone.page, AREA_REFUSED);
  });

  test('the owner narrows a plain 积分 item to 中国联通; the customer sees it priced in 联通积分', async () => {
    const detailPrice = async () => {
      await phone.page.goto(`${server.baseUrl}/?at=${Date.now()}#/pages/activity/activityDetail?actSn=${POINTS.actSn}`);
      const detail = await currentPage(phone.page, SCREENS.activityDetail, { marker: '#act-integral-query' });
      return ((await detail.locator('.sf-act__price').textContent()) ?? '').trim();
    };
    assert.equal(await detailPrice(), POINTS.before);

    const content = await ops.open('积分商品', '.ant-table-row');
    await content.locator('.ant-table-row', { hasText: POINTS.name }).getByRole('button', { name: '编辑' }).click();
    const modal = page.locator('.ant-modal', { hasText: '编辑积分商品' });
    await modal.waitFor();
    await modal.locator('.ant-select', { has: page.locator('#minIntegralType') }).click();
    await selectDropdown(page, 'minIntegralType').locator('.ant-select-item-option', { hasText: '中国联通' }).click();
    await modal.locator('.ant-select-selection-item', { hasText: '中国联通' }).waitFor();
    await typeKeys(modal.locator('#actPreviewUrl'), 'javascript:alert(1)');
    const ok = modal.locator('.ant-modal-footer .ant-btn-primary');
    await ok.click();
    await modal.locator('.ant-form-item-explain-error', { hasText: POINTS_ITEM_MESSAGES.previewUrl }).waitFor();
    await ops.shot('points-item-preview-refused');
    await typeKeys(modal.locator('#actPreviewUrl'), `/#/pages/activity/activityDetail?actSn=${POINTS.actSn}`);
    await ok.click();
    await page.locator('.ant-message-success', { hasText: '已保存' }).waitFor();
    await modal.waitFor({ state: 'hidden' });

    assert.equal(await detailPrice(), POINTS.after);
    await phone.shot('catalogue-extras-points-narrowed');
  });
});
