/**
 * 页面装修 on a desktop (1280x800), typed key by key: the owner adds a banner to project demo's home page; a link
 * that is not https is refused under its field in Chinese and nothing typed is lost; the jump is then picked from
 * the picker (活动详情, the activity found by typing its name); once saved, the phone preview beside the list and a
 * phone opening the storefront's home both show the new banner. Then 栏目: a new column is filled with two items
 * found by typing, put in order with 下移, shown by a new 活动栏目 module, and the phone's home lists them in that
 * order; an empty name is refused in Chinese.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { JUMP_MESSAGES } from '../contract/rules/jump-target';
import { ensureAdminBuilt, openDesk, type Desk } from './admin-desk';
import { pickOption, selectDropdown } from './console-ops';
import { currentPage, openBrowser, openPhone, SCREENS, startServer, typeKeys, type Server } from './harness';

const OWNER = { username: 'admin', password: 'storefront-admin' };
const COLUMN = { title: '秋季精选', first: '非遗剪纸手作工坊', second: '普通话水平测试培训' };
const BANNER = { title: '春季新课', image: '/static/images/banner-4.svg' };

let server: Server;
let browser: Browser;
let desk: Desk;
let page: Page;

/** The open dropdown of one select (console-ops.ts). */
const dropdown = (id: string) => selectDropdown(page, id);
/** The select whose search input has this id (its shown value covers the input, so the box is what is clicked). */
const selectBox = (id: string) => page.locator('.ant-modal .ant-select', { has: page.locator(`#${id}`) });

describe('页面装修', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    desk = await openDesk(browser);
    page = desk.page;
    // The console works on the project chosen last in this browser: demo, whose home the phone opens.
    await desk.context.addInitScript({ content: "localStorage.setItem('sf-admin:project', 'demo')" });
  });
  after(async () => {
    await desk?.close();
    await browser?.close();
    await server?.stop();
  });

  test('a banner with a picked jump is saved, previewed and on the storefront home', async () => {
    await page.goto(`${server.baseUrl}/admin/login`);
    const login = page.locator('.sf-admin-login form');
    await typeKeys(login.locator('#login_username'), OWNER.username);
    await typeKeys(login.locator('#login_password'), OWNER.password);
    await login.locator('button[type=submit]').click();
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '页面装修' }).click();
    await page.waitForURL(/\/admin\/home-pages$/);
    const editor = page.locator('[data-testid=home-pages]');
    await editor.locator('.ant-select-selection-item', { hasText: '底部导航1 · 首页' }).waitFor();
    const rows = editor.locator('[data-testid=module-row]');
    await rows.first().waitFor();
    const before = await rows.count();

    await editor.getByRole('button', { name: '添加模块' }).click();
    const modal = page.locator('.ant-modal', { hasText: '添加模块' });
    await modal.waitFor();
    await typeKeys(modal.locator('#module_items_0_image'), BANNER.image);
    await typeKeys(modal.locator('#module_items_0_title'), BANNER.title);

    // A link that is not https: refused under its field, in Chinese; the picture and title stay as typed.
    await selectBox('module_items_0_jumpContent_firstEnum').click();
    await page.keyboard.type('H5', { delay: 40 });
    await dropdown('module_items_0_jumpContent_firstEnum')
      .locator('.ant-select-item-option', { hasText: 'H5 图文页' })
      .click();
    await typeKeys(modal.locator('#module_items_0_jumpContent_url'), 'http://example.com/spring');
    await modal.getByRole('button', { name: '保存' }).click();
    await modal.locator('.ant-form-item-explain-error', { hasText: JUMP_MESSAGES.urlBad }).waitFor();
    assert.equal(await modal.locator('#module_items_0_image').inputValue(), BANNER.image);
    assert.equal(await modal.locator('#module_items_0_title').inputValue(), BANNER.title);
    await desk.shot('home-pages-bad-url');

    // The jump picked instead: 活动详情, the activity found by typing part of its name.
    await selectBox('module_items_0_jumpContent_firstEnum').click();
    await page.keyboard.type('活动详情', { delay: 40 });
    await dropdown('module_items_0_jumpContent_firstEnum')
      .locator('.ant-select-item-option', { hasText: '活动详情' })
      .click();
    await selectBox('module_items_0_jumpContent_targetSn').click();
    await modal.locator('#module_items_0_jumpContent_targetSn').pressSequentially('demo-activity-01', { delay: 40 });
    await dropdown('module_items_0_jumpContent_targetSn')
      .locator('.ant-select-item-option', { hasText: 'demo-activity-01' })
      .click();
    await modal.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message', { hasText: '模块已保存' }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    await rows.nth(before).waitFor();
    assert.match(await rows.nth(before).innerText(), /轮播图[\s\S]*活动详情/);

    // The preview frame loads the page again and shows the new banner.
    const preview = page.frameLocator('[data-testid=page-preview]');
    await preview.locator(`img[alt="${BANNER.title}"]`).first().waitFor({ state: 'attached' });
    await desk.shot('home-pages-saved');

    // A phone opening the storefront sees it on the home page.
    const phone = await openPhone(browser);
    try {
      await phone.page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=demo`);
      const home = await currentPage(phone.page, SCREENS.home);
      await home.locator(`img[alt="${BANNER.title}"]`).first().waitFor({ state: 'attached' });
      await phone.shot('home-pages-phone');
    } finally {
      await phone.close();
    }
  });

  test('a new column is filled, ordered, shown by a module, and listed on the storefront home in that order', async () => {
    const editor = page.locator('[data-testid=home-pages]');
    await editor.locator('.ant-tabs-tab', { hasText: /^栏目$/ }).click();
    const table = editor.locator('[data-testid=column-table]');
    await table.locator('.ant-table-row').first().waitFor();
    await editor.getByRole('button', { name: '新建栏目' }).click();
    // Refused under the field; typing clears it.
    const refusal = editor.locator('.sf-admin-form-error', { hasText: '请填写栏目名称' });
    await refusal.waitFor();
    await typeKeys(editor.getByLabel('新栏目名称'), COLUMN.title);
    await refusal.waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: '新建栏目' }).click();

    // Made: its item editor opens at once. Two items found by typing part of their names.
    const items = page.locator('.ant-modal', { hasText: `编辑商品 · ${COLUMN.title}` });
    await items.waitFor();
    const picker = items.locator('[data-testid=column-item-select]');
    for (const name of [COLUMN.second, COLUMN.first]) {
      await picker.click();
      await picker.locator('input').pressSequentially(name.slice(0, 4), { delay: 40 });
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
      await items.locator('[data-testid=column-item-list] .ant-list-item', { hasText: name }).waitFor();
    }
    const listed = items.locator('[data-testid=column-item-list] .ant-list-item');
    // The picker's list closes with a click elsewhere in the dialog (Escape could close the dialog itself).
    await items.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    assert.match(await listed.nth(0).innerText(), new RegExp(`1\\. ${COLUMN.second}`));
    await listed.nth(0).getByRole('button', { name: '下移' }).click();
    await listed
      .nth(0)
      .filter({ hasText: `1. ${COLUMN.first}` })
      .waitFor();
    await desk.shot('home-pages-column-items');
    await items.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message', { hasText: '栏目商品已保存' }).waitFor();
    await items.waitFor({ state: 'hidden' });
    const row = table.locator('.ant-table-row', { hasText: COLUMN.title });
    await row.locator('td', { hasText: /^2$/ }).waitFor();

    // A 活动栏目 module on the home page shows it (the module form's columns are read when its tab opens).
    await editor.locator('.ant-tabs-tab', { hasText: '页面与模块' }).click();
    await editor.locator('.ant-select-selection-item', { hasText: '底部导航1 · 首页' }).waitFor();
    await editor.getByRole('button', { name: '添加模块' }).click();
    const modal = page.locator('.ant-modal', { hasText: '添加模块' });
    await modal.waitFor();
    await pickOption(page, modal.locator('.ant-select', { has: page.locator('#module_moduleType') }), '活动栏目');
    await typeKeys(modal.locator('#module_title'), COLUMN.title);
    await pickOption(page, modal.locator('.ant-select', { has: page.locator('#module_columnSn') }), COLUMN.title);
    await modal.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message', { hasText: '模块已保存' }).last().waitFor();
    await modal.waitFor({ state: 'hidden' });

    const phone = await openPhone(browser);
    try {
      await phone.page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=demo`);
      const home = await currentPage(phone.page, SCREENS.home);
      const column = home.locator('.sf-column', {
        has: phone.page.locator('.sf-section-title', { hasText: COLUMN.title }),
      });
      await column.locator('.sf-card__name').nth(1).waitFor();
      assert.deepEqual(await column.locator('.sf-card__name').allInnerTexts(), [COLUMN.first, COLUMN.second]);
      await column.scrollIntoViewIfNeeded();
      await phone.shot('home-pages-column-phone');
    } finally {
      await phone.close();
    }
  });
});
