/**
 * 积分商品 in the operator console (1280x800), typed key by key, and the points store's storefront (375x812): the
 * owner makes 备考笔记本三件套 (a ¥19.90 goods item of project integral) a points item: 中国联通, 1200 points,
 * ¥9.90 cash, at most 2000 points an order. Empty points are refused under the field and points above the limit
 * by the server, both in Chinese, with everything typed kept. Its column (好物推荐) is on none of the store's pages,
 * and the console cannot put an item in a column, so the owner places that column on the home page in 页面装修.
 * The customer then sees the item priced 1200联通积分+¥9.9 on its card, its detail and the points order screen.
 * The owner ends it (结束, confirmed); nobody ordered it, so it is its ¥19.90 goods item again on the storefront.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { POINTS_ITEM_MESSAGES } from '../contract/ops-integral';
import { openConsole, pickOption, selectDropdown, type ConsoleOps } from './console-ops';
import {
  SCREENS,
  currentPage,
  field,
  openBrowser,
  openPhone,
  startServer,
  typeKeys,
  type Phone,
  type Server,
} from './harness';

const PROJECT = 'integral';
const ITEM = { actSn: 'integral-goods-02', name: '备考笔记本三件套', price: '¥19.9' };
const COLUMN = '好物推荐';
const PRICE = '1200联通积分+¥9.9';
/** The points order screen (subpackages/order/integral/integralOrder), as e2e/points.spec.ts reads it. */
const POINTS_ORDER = { route: 'subpackages/order/integral/integralOrder', marker: '#points-order' };

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;
let phone: Phone;

const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();
/** The points items' table row of the item. */
const itemRow = () => page.locator('.sf-admin-points-items .ant-table-row', { hasText: ITEM.name });

/** The customer's home of the points store, logged in by phone (a new phone once, the session kept after). */
async function storeHome(): Promise<Locator> {
  if (!phone) {
    phone = await openPhone(browser);
    const query = new URLSearchParams({ login: 'phone', projectSn: PROJECT, redirect: '/pages/index/index' });
    await phone.page.goto(`${server.baseUrl}/#/pages/entrance/entrance?${query}`);
    const login = await currentPage(phone.page, SCREENS.login);
    await typeKeys(field(login, 'login-phone'), '13700137301');
    const seen = server.smsCount('13700137301');
    await login.locator('.sf-login__code').click();
    await typeKeys(field(login, 'login-code'), await server.smsCode('13700137301', seen));
    await login.locator('.sf-login__submit').click();
    return currentPage(phone.page, SCREENS.home);
  }
  // A fresh load, as a customer coming back: the home's read model is asked for again.
  await phone.page.goto(`${server.baseUrl}/?again=${Date.now()}#/pages/index/index`);
  return currentPage(phone.page, SCREENS.home);
}

/** The item's card in the 好物推荐 column on the store's home. */
async function homeCard(home: Locator): Promise<Locator> {
  const card = home.locator(`.sf-card[data-act-sn="${ITEM.actSn}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.waitFor({ state: 'visible' });
  return card;
}

describe('积分商品', () => {
  before(async () => {
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    ops = await openConsole(browser, server.baseUrl, PROJECT);
    page = ops.page;
  });
  after(async () => {
    await phone?.close();
    await ops?.close();
    await browser?.close();
    await server?.stop();
  });

  test('the owner makes a goods item a points item; bad points are refused and nothing typed is lost', async () => {
    const content = await ops.open('积分商品', '.sf-admin-points-items .ant-table-row');
    await content.getByRole('button', { name: '新建积分商品' }).click();
    const modal = page.locator('.ant-modal', { hasText: '新建积分商品' });
    await modal.waitFor();

    // The item, found by typing part of its name.
    await modal.locator('.ant-select', { has: page.locator('#actSn') }).click();
    await modal.locator('#actSn').pressSequentially('备考笔记', { delay: 40 });
    await selectDropdown(page, 'actSn').locator('.ant-select-item-option', { hasText: ITEM.name }).click();
    await modal.locator('.ant-select-selection-item', { hasText: ITEM.name }).waitFor();
    // The item's list must have closed first: a click while it fades out lands on it, not on the carrier.
    await selectDropdown(page, 'actSn').waitFor({ state: 'hidden' });
    await modal.locator('.ant-select', { has: page.locator('#integralType') }).click();
    await selectDropdown(page, 'integralType').locator('.ant-select-item-option', { hasText: '中国联通' }).waitFor();
    await selectDropdown(page, 'integralType').locator('.ant-select-item-option', { hasText: '中国联通' }).click();
    await modal.locator('.ant-select-selection-item', { hasText: '中国联通' }).waitFor();
    await typeKeys(modal.locator('#cashYuan'), '9.9');
    // The yuan field shows two decimals once left.
    await typeKeys(modal.locator('#maxIntegral'), '2000');

    // No points: refused under the field, in the contract's words.
    const ok = modal.locator('.ant-modal-footer .ant-btn-primary');
    await ok.click();
    await modal.locator('.ant-form-item-explain-error', { hasText: POINTS_ITEM_MESSAGES.points }).waitFor();
    assert.equal(await modal.locator('#cashYuan').inputValue(), '9.90');
    assert.equal(await modal.locator('#maxIntegral').inputValue(), '2000');
    await ops.shot('points-items-no-points');

    // Above the limit of one order: the server refuses it; the modal stays with what was typed.
    await typeKeys(modal.locator('#points'), '2500');
    await ok.click();
    await page.locator('.ant-message-error', { hasText: POINTS_ITEM_MESSAGES.overMax }).waitFor();
    assert.ok(await modal.isVisible(), 'the modal stays open');
    assert.equal(await modal.locator('#points').inputValue(), '2500');
    assert.equal(await modal.locator('#cashYuan').inputValue(), '9.90');
    assert.equal(await modal.locator('#maxIntegral').inputValue(), '2000');
    await modal.locator('.ant-select-selection-item', { hasText: ITEM.name }).waitFor();
    await modal.locator('.ant-select-selection-item', { hasText: '中国联通' }).waitFor();
    await ops.shot('points-items-over-limit');

    await typeKeys(modal.locator('#points'), '1200');
    await ok.click();
    await page.locator('.ant-message-success', { hasText: '已保存' }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    const row = itemRow();
    await row.waitFor();
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(cells.slice(0, 6), [ITEM.name, '中国联通', '1200', '¥9.9', '已上架', '0']);
    await ops.shot('points-items-created');
  });

  test('the owner places the item’s column on the store’s home in 页面装修', async () => {
    await ops.open('页面装修', '[data-testid=module-row]');
    const editor = page.locator('[data-testid=home-pages]');
    await editor.locator('.ant-select-selection-item', { hasText: '底部导航1 · 首页' }).waitFor();
    const rows = editor.locator('[data-testid=module-row]');
    const count = await rows.count();
    await editor.getByRole('button', { name: '添加模块' }).click();
    const modal = page.locator('.ant-modal', { hasText: '添加模块' });
    await modal.waitFor();
    await pickOption(page, modal.locator('.ant-select', { has: page.locator('#module_moduleType') }), '活动栏目');
    await typeKeys(modal.locator('#module_title'), COLUMN);
    await modal.locator('.ant-select', { has: page.locator('#module_columnSn') }).click();
    await modal.locator('#module_columnSn').pressSequentially('好物', { delay: 40 });
    await selectDropdown(page, 'module_columnSn').locator('.ant-select-item-option', { hasText: COLUMN }).click();
    await modal.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message', { hasText: '模块已保存' }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    await rows.nth(count).waitFor();
    assert.match(await rows.nth(count).innerText(), new RegExp(`活动栏目「${COLUMN}」 · 栏目 ${PROJECT}-col-goods`));
    await ops.shot('points-items-column-placed');
  });

  test('the customer sees it priced in points on its card, its detail and the points order', async () => {
    const home = await storeHome();
    const card = await homeCard(home);
    assert.equal(await text(card.locator('.sf-price')), PRICE);
    await phone.shot('admin-points-item-home');
    await card.click();
    const detail = await currentPage(phone.page, SCREENS.activityDetail, { marker: '#act-integral-query' });
    assert.equal(await text(detail.locator('.sf-act__name')), ITEM.name);
    assert.equal(await text(detail.locator('.sf-act__price')), PRICE);
    assert.equal(await text(detail.locator('.sf-act__bar-price')), PRICE);
    await detail.getByText('最高可用2000联通积分').waitFor();
    await phone.shot('admin-points-item-detail');
    await detail.locator('#act-order').click();
    const order = await currentPage(phone.page, POINTS_ORDER);
    assert.equal(await text(order.locator('#points-price')), PRICE);
    await phone.shot('admin-points-item-order');
  });

  test('the owner ends it with its confirmation; the storefront sells the plain item again', async () => {
    await ops.open('积分商品', '.sf-admin-points-items');
    const row = itemRow();
    await row.getByRole('button', { name: '结束' }).click();
    const confirm = page.locator('.ant-popover:visible', { hasText: '结束后恢复为普通商品，确定结束？' });
    await confirm.waitFor();
    await ops.shot('points-items-end-confirm');
    await confirm.locator('.ant-btn-primary').click();
    await page.locator('.ant-message-success', { hasText: '已结束，恢复为普通商品' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await ops.shot('points-items-ended');

    const home = await storeHome();
    const card = await homeCard(home);
    assert.equal(await text(card.locator('.sf-price')), ITEM.price);
    await phone.shot('admin-points-item-home-ended');
    await card.click();
    const detail = await currentPage(phone.page, SCREENS.activityDetail);
    await detail.locator('.sf-act__price', { hasText: ITEM.price }).waitFor();
    assert.equal(await detail.locator('#act-integral-query').count(), 0, 'no points query on a plain item');
    await phone.shot('admin-points-item-detail-ended');
  });
});
