/**
 * The operator console at /admin on a desktop (1280x800), typed key by key: a wrong password is refused in
 * words and keeps the username; the owner logs in, creates a 客服 (support) account for one project and finds
 * the creation in 操作日志; logs out; the support operator sees a menu without 账号管理 and 操作日志, and the
 * accounts page opened by its address says why it is closed; a session the server no longer knows goes back to
 * the login page with '登录已过期，请重新登录'.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureAdminBuilt, openDesk, type Desk } from './admin-desk';
import { placeGoodsOrder } from './goods-order';
import {
  currentPage,
  loginInBrowser,
  openBrowser,
  openPhone,
  SCREENS,
  startServer,
  tokenOf,
  typeKeys,
  type Server,
} from './harness';

const OWNER = { username: 'admin', password: 'storefront-admin' };
const SUPPORT = { username: `kefu${Date.now() % 100000}`, name: '客服小王', password: 'kefu-password-1' };

let server: Server;
let browser: Browser;
let desk: Desk;
let page: Page;

const menuItems = async () =>
  (await page.locator('.ant-pro-sider .ant-menu-item').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
const menuSections = async () =>
  (await page.locator('.ant-pro-sider .ant-menu-item-group-title').allInnerTexts()).map((t) => t.trim());

/** The options of one select's dropdown (antd labels its list `<field>_list`); others may still be closing. */
const options = (field: string) =>
  page.locator('.ant-select-dropdown', { has: page.locator(`#${field}_list`) }).locator('.ant-select-item-option');

/** A customer of project demo pays a goods order in the sandbox cashier, as shipping.spec.ts does; its number. */
async function paidGoodsOrder(): Promise<string> {
  const phone = await openPhone(browser);
  try {
    await loginInBrowser(phone, server, '13700137231');
    const orderNo = await placeGoodsOrder(server.baseUrl, await tokenOf(phone.page));
    await phone.page.goto(`${server.baseUrl}/#/pages/order/orderDetail?orderNo=${orderNo}`);
    await phone.page.reload();
    const detail = await currentPage(phone.page, SCREENS.orderDetail, { marker: '#order-pay' });
    await detail.locator('#order-pay').click();
    await phone.page.waitForURL(/\/sandbox\/cashier\//);
    await phone.page.locator('#cashier-confirm').click();
    const paid = await currentPage(phone.page, SCREENS.orderDetail);
    await paid.locator('.sf-detail__status-text', { hasText: '待发货' }).waitFor({ state: 'visible' });
    return orderNo;
  } finally {
    await phone.close();
  }
}

async function login(username: string, password: string) {
  const form = page.locator('.sf-admin-login form');
  await typeKeys(form.locator('#login_username'), username);
  await typeKeys(form.locator('#login_password'), password);
  await form.locator('button[type=submit]').click();
}

describe('operator console', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    desk = await openDesk(browser);
    page = desk.page;
  });
  after(async () => {
    await desk?.close();
    await browser?.close();
    await server?.stop();
  });

  test('a wrong password is refused under the form and the username stays', async () => {
    await page.goto(`${server.baseUrl}/admin/`);
    await page.waitForURL(/\/admin\/login$/);
    await login(OWNER.username, 'not-the-password');
    await page.locator('.sf-admin-form-error', { hasText: '用户名或密码错误' }).waitFor();
    assert.equal(await page.locator('#login_username').inputValue(), OWNER.username);
    await desk.shot('login-refused');
  });

  test('the owner logs in and sees every page of the menu', async () => {
    await typeKeys(page.locator('#login_password'), OWNER.password);
    await page.locator('.sf-admin-login button[type=submit]').click();
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '账号管理' }).waitFor();
    assert.deepEqual(await menuItems(), [
      '订单发货',
      '订单管理',
      '售后处理',
      '下单链接',
      '商品管理',
      '积分商品',
      '页面装修',
      '访问控制',
      '项目设置',
      '优惠券',
      '领券活动',
      '卡密批次',
      '推广员',
      '提现审核',
      '表单',
      '意见反馈',
      '账号管理',
      '操作日志',
      '修改密码',
    ]);
    assert.deepEqual(await menuSections(), ['订单', '商品与页面', '营销', '资金与服务', '系统']);
    await page.locator('.sf-admin-project-switcher .ant-select-selection-item').waitFor();
    await page.locator('.sf-admin-to-ship').waitFor();
    await desk.shot('owner-home');
  });

  test('the owner ships a paid goods order of project demo, after a confirmation', async () => {
    const orderNo = await paidGoodsOrder();
    await page.locator('.sf-admin-project-switcher').click();
    await options('project').filter({ hasText: '（demo）' }).click();
    const row = page.locator('.sf-admin-to-ship .ant-table-row', { hasText: orderNo });
    await row.waitFor();
    await row.getByText('发货', { exact: true }).click();
    const modal = page.locator('.ant-modal-content', { hasText: '快递单号' });
    await typeKeys(modal.locator('#ship_carrierName'), '顺丰速运');
    await typeKeys(modal.locator('#ship_trackingNo'), 'SF 123');
    await modal.getByRole('button', { name: '发货' }).click();
    await modal.locator('.ant-form-item-explain-error', { hasText: '快递单号只能包含字母、数字和-' }).waitFor();
    await typeKeys(modal.locator('#ship_trackingNo'), 'SF1234567890');
    await modal.getByRole('button', { name: '发货' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认发货？' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), new RegExp(`${orderNo}.*顺丰速运.*SF1234567890`, 's'));
    await desk.shot('ship-confirm');
    await confirm.getByRole('button', { name: '确认发货' }).click();
    await page.locator('.ant-message', { hasText: `订单 ${orderNo} 已发货` }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  test('the owner creates a 客服 account for one project', async () => {
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '账号管理' }).click();
    await page.locator('.ant-table-row', { hasText: OWNER.username }).waitFor();
    await page.getByRole('button', { name: '新建账号' }).click();
    const modal = page.locator('.ant-modal-content', { hasText: '新建账号' });
    await typeKeys(modal.locator('#username'), SUPPORT.username);
    await typeKeys(modal.locator('#displayName'), SUPPORT.name);
    await modal.locator('#role').click();
    await options('role').filter({ hasText: '客服' }).click();
    await modal.locator('#projectSns').click();
    const firstProject = options('projectSns').first();
    const projectLabel = (await firstProject.innerText()).trim();
    await firstProject.click();
    await page.keyboard.press('Escape');
    await typeKeys(modal.locator('#password'), 'short');
    await modal.locator('.ant-form-item-explain-error', { hasText: '密码至少10位' }).waitFor();
    await typeKeys(modal.locator('#password'), SUPPORT.password);
    await desk.shot('create-operator');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row', { hasText: SUPPORT.username });
    await row.waitFor();
    assert.match(await row.innerText(), /客服/);
    assert.ok((await row.innerText()).includes(projectLabel.replace(/（.*$/, '')), `row shows ${projectLabel}`);
    await desk.shot('operators');
  });

  test('the audit log shows the creation, with what was created', async () => {
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '操作日志' }).click();
    const row = page.locator('.ant-table-row', { hasText: 'operator.create' }).first();
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(OWNER.username));
    await row.locator('.ant-table-row-expand-icon').click();
    await page.locator('.sf-admin-audit-diff', { hasText: SUPPORT.username }).waitFor();
    await desk.shot('audit');
  });

  test('logging out goes back to the login page', async () => {
    await page.locator('.sf-admin-user').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '退出登录' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.locator('#login_username').waitFor();
  });

  test('the support operator sees neither 账号管理 nor 操作日志', async () => {
    await login(SUPPORT.username, SUPPORT.password);
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '订单发货' }).waitFor();
    assert.deepEqual(await menuItems(), [
      '订单发货',
      '订单管理',
      '售后处理',
      '下单链接',
      '商品管理',
      '积分商品',
      '表单',
      '意见反馈',
      '修改密码',
    ]);
    assert.deepEqual(await menuSections(), ['订单', '商品与页面', '资金与服务', '系统']);
    await page.locator('.sf-admin-to-ship').waitFor();
    await desk.shot('support-home');
  });

  test('the accounts page opened by its address says it is closed to 客服', async () => {
    await page.goto(`${server.baseUrl}/admin/operators`);
    await page.locator('.ant-result-title', { hasText: '无权访问' }).waitFor();
    assert.match(await page.locator('.ant-result-subtitle').innerText(), /账号管理不对客服开放/);
    await desk.shot('support-refused');
  });

  test('a session the server no longer knows ends on the login page with its notice', async () => {
    await page.evaluate(() => {
      const key = 'sf-admin:session';
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string };
      localStorage.setItem(key, JSON.stringify({ ...session, token: 'no-such-session' }));
    });
    await page.reload();
    await page.waitForURL(/\/admin\/login$/);
    await page.locator('.sf-admin-login .ant-alert', { hasText: '登录已过期，请重新登录' }).waitFor();
    await desk.shot('expired');
  });
});
