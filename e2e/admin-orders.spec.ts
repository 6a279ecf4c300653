/**
 * 订单管理 in the operator console on a desktop (1280x800), typed key by key: a customer of project demo places two
 * goods orders through the API (one paid in the sandbox cashier, one left unpaid); the owner finds them by phone
 * and saves that list as CSV, then finds one by its order number, opens it and ships it (待收货); opens the unpaid
 * one and cancels it, the confirmation's 取消 first leaving it 待付款, its 确定 cancelling it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { PayParams } from '../contract/payment';
import { ensureAdminBuilt, openDesk, type Desk } from './admin-desk';
import { placeGoodsOrder } from './goods-order';
import { openBrowser, startServer, typeKeys, type Server } from './harness';
import { signedCall } from './signed-fetch';

const OWNER = { username: 'admin', password: 'storefront-admin' };
const PHONE = '13700137555';

let server: Server;
let browser: Browser;
let desk: Desk;
let page: Page;
let paid = '';
let unpaid = '';

/** A customer of project demo logged in by phone through the API, as the storefront's login form does. */
async function customerToken(): Promise<string> {
  const { token: visitor } = await signedCall<{ token: string }>(server.baseUrl, 'POST', '/front/v1/entrance', {
    projectSn: 'demo',
  });
  const seen = server.smsCount(PHONE);
  await signedCall(server.baseUrl, 'GET', '/api/user/phone/verification/code', { phone: PHONE }, visitor);
  const code = await server.smsCode(PHONE, seen);
  const { token } = await signedCall<{ token: string }>(
    server.baseUrl,
    'GET',
    '/api/user/phone/login',
    { phone: PHONE, code },
    visitor,
  );
  return token;
}

/** Pays the order in the sandbox cashier (its confirm button posts this form). */
async function pay(token: string, orderNo: string): Promise<void> {
  const { paymentSn } = await signedCall<PayParams>(
    server.baseUrl,
    'GET',
    `/front/v1/client/order/payment/continue/${orderNo}`,
    { paySource: 'H5', tradeType: 'MWEB', redirectUrl: '/' },
    token,
  );
  const res = await fetch(`${server.baseUrl}/sandbox/cashier/${paymentSn}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  assert.equal(res.status, 303, await res.text());
}

/** The options of one select's dropdown (antd labels its list `<field>_list`). */
const options = (field: string) =>
  page.locator('.ant-select-dropdown', { has: page.locator(`#${field}_list`) }).locator('.ant-select-item-option');

const ordersTable = () => page.locator('.sf-admin-orders');
const rows = () => ordersTable().locator('.ant-table-tbody .ant-table-row');

/** Types the filters and asks, waiting for the table to show `expect` order numbers. */
async function search(fields: { phone?: string; orderNo?: string }, expect: string[]): Promise<void> {
  const form = ordersTable().locator('.sf-admin-list-filter');
  for (const [name, value] of Object.entries(fields)) await typeKeys(form.locator(`#${name}`), value);
  await form.getByRole('button', { name: '查询' }).click();
  const until = Date.now() + 20_000;
  let seen: string[] = [];
  while (Date.now() < until) {
    seen = (await rows().allInnerTexts()).map((t) => /SO\w+/.exec(t)?.[0] ?? '');
    if (seen.join() === expect.join()) return;
    await page.waitForTimeout(200);
  }
  assert.deepEqual(seen, expect);
}

async function openOrder(orderNo: string): Promise<Locator> {
  await rows().filter({ hasText: orderNo }).getByRole('link', { name: '详情' }).click();
  await page.waitForURL(new RegExp(`/admin/orders/${orderNo}$`));
  const detail = page.locator('.sf-admin-order-detail');
  await detail.locator('.ant-descriptions-item-content', { hasText: orderNo }).first().waitFor();
  return detail;
}

const stateTag = (detail: Locator) => detail.locator('.ant-page-header-heading-tags .ant-tag');

describe('订单管理', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    desk = await openDesk(browser);
    page = desk.page;
    const token = await customerToken();
    paid = await placeGoodsOrder(server.baseUrl, token);
    await pay(token, paid);
    unpaid = await placeGoodsOrder(server.baseUrl, token);
  });
  after(async () => {
    await desk?.close();
    await browser?.close();
    await server?.stop();
  });

  test('the owner finds the customer’s orders by phone, then one by its number', async () => {
    await page.goto(`${server.baseUrl}/admin/`);
    await page.waitForURL(/\/admin\/login$/);
    const form = page.locator('.sf-admin-login form');
    await typeKeys(form.locator('#login_username'), OWNER.username);
    await typeKeys(form.locator('#login_password'), OWNER.password);
    await form.locator('button[type=submit]').click();
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '订单管理' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.locator('.sf-admin-project-switcher .ant-select-selection-item').waitFor();
    await page.locator('.sf-admin-project-switcher').click();
    await options('project').filter({ hasText: '（demo）' }).click();
    await page.locator('.ant-page-header', { hasText: '（demo）' }).waitFor();

    // A phone that is not one: said in words, the typed text stays.
    const filters = ordersTable().locator('.sf-admin-list-filter');
    await typeKeys(filters.locator('#phone'), '1370x');
    await filters.getByRole('button', { name: '查询' }).click();
    await filters.locator('.ant-form-item-explain-error', { hasText: '手机号应为3到11位数字' }).waitFor();
    assert.equal(await filters.locator('#phone').inputValue(), '1370x');

    await search({ phone: PHONE }, [unpaid, paid]);
    const paidRow = rows().filter({ hasText: paid });
    assert.match(await paidRow.innerText(), /待发货/);
    assert.match(await rows().filter({ hasText: unpaid }).innerText(), /待付款/);
    await desk.shot('orders-by-phone');

    // 导出CSV saves the list as filtered: both orders, China time, yuan.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ordersTable().getByRole('button', { name: '导出CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^orders-demo-.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.ok(csv.startsWith('\uFEFF订单号,项目,下单时间,状态'), csv.slice(0, 40));
    const lines = csv.trim().split('\r\n');
    assert.deepEqual(
      lines.slice(1).map((l) => l.split(',')[0]),
      [unpaid, paid],
    );
    assert.match(lines[2], /,待发货,.*,\d+\.\d{2},/);
    await search({ phone: '', orderNo: paid.slice(-8) }, [paid]);
  });

  test('the owner opens the paid order and ships it, after a confirmation', async () => {
    const detail = await openOrder(paid);
    assert.equal((await stateTag(detail).innerText()).trim(), '待发货');
    assert.match(await detail.locator('.ant-card', { hasText: '支付记录' }).innerText(), /已支付/);
    assert.match(await detail.locator('.ant-card', { hasText: '订单动态' }).innerText(), /下单[\s\S]*付款/);
    await detail.getByRole('button', { name: '发货', exact: true }).click();
    const modal = page.locator('.ant-modal-content', { hasText: '快递单号' });
    await typeKeys(modal.locator('#ship_carrierName'), '顺丰速运');
    await typeKeys(modal.locator('#ship_trackingNo'), 'SF9988776655');
    await modal.getByRole('button', { name: '发货' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认发货？' });
    await confirm.getByRole('button', { name: '确认发货' }).click();
    await page.locator('.ant-message', { hasText: `订单 ${paid} 已发货` }).waitFor();
    await stateTag(detail).filter({ hasText: '待收货' }).waitFor();
    assert.match(await detail.locator('.ant-card', { hasText: '物流' }).first().innerText(), /SF9988776655/);
    assert.equal(await detail.getByRole('button', { name: '取消订单' }).count(), 0, 'a paid order is not cancelled');
    await desk.shot('order-shipped');
  });

  test('the unpaid order: 取消 leaves it, 确定 cancels it', async () => {
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '订单管理' }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await search({ orderNo: unpaid }, [unpaid]);
    const detail = await openOrder(unpaid);
    assert.equal((await stateTag(detail).innerText()).trim(), '待付款');
    assert.equal(await detail.getByRole('button', { name: '发货', exact: true }).count(), 0);

    await detail.getByRole('button', { name: '取消订单' }).click();
    let confirm = page.locator('.ant-modal-confirm', { hasText: '确认取消订单？' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '取消', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.equal((await stateTag(detail).innerText()).trim(), '待付款', '取消 leaves the order as it was');

    await detail.getByRole('button', { name: '取消订单' }).click();
    confirm = page.locator('.ant-modal-confirm', { hasText: '确认取消订单？' });
    await desk.shot('order-cancel-confirm');
    await confirm.getByRole('button', { name: '确定', exact: true }).click();
    await page.locator('.ant-message', { hasText: `订单 ${unpaid} 已取消` }).waitFor();
    await stateTag(detail).filter({ hasText: '已取消' }).waitFor();
    await detail.getByRole('button', { name: '取消订单' }).waitFor({ state: 'detached' });
    assert.match(await detail.locator('.ant-card', { hasText: '订单动态' }).innerText(), /订单已取消/);
  });
});
