/**
 * The merchant's rules the spec leaves open, walked from the console to the customer: the owner marks a paid goods
 * order (refund tags 3 and 5) 已拆封 after a confirmation, and the customer's 申请售后 then says why no refund is
 * taken, on the order detail and on the apply page, before any form; the owner closes project demo for
 * maintenance with a reason (访问控制), the customer's next navigation shows the error page with that reason, and
 * once the owner lifts it, 返回首页 opens the store again. Console at 1280x800, storefront at 375x812.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { PayParams } from '../contract/payment';
import { ensureAdminBuilt } from './admin-desk';
import { openConsole, type ConsoleOps } from './console-ops';
import { placeGoodsOrder } from './goods-order';
import {
  currentPage,
  expectToast,
  loginInBrowser,
  openBrowser,
  openPhone,
  SCREENS,
  startServer,
  tokenOf,
  typeKeys,
  type Phone,
  type Server,
} from './harness';
import { signedCall } from './signed-fetch';

const PHONE = '13700137666';
const REASON = '系统升级维护中';
const APPLY = { route: 'subpackages/order/afterSale/afterSaleApply', marker: '.sf-empty__text' };

let server: Server;
let browser: Browser;
let desk: ConsoleOps;
let phone: Phone;
let orderNo = '';

async function pay(token: string, no: string): Promise<void> {
  const { paymentSn } = await signedCall<PayParams>(
    server.baseUrl,
    'GET',
    `/front/v1/client/order/payment/continue/${no}`,
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

describe('refund windows and access blocks, from the console to the customer', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    phone = await openPhone(browser);
    await loginInBrowser(phone, server, PHONE);
    const token = await tokenOf(phone.page);
    orderNo = await placeGoodsOrder(server.baseUrl, token);
    await pay(token, orderNo);
    desk = await openConsole(browser, server.baseUrl, 'demo');
  });
  after(async () => {
    await phone?.close();
    await desk?.close();
    await browser?.close();
    await server?.stop();
  });

  test('the owner marks the goods unsealed; the customer’s 申请售后 explains the refusal', async () => {
    const { page } = desk;
    await page.goto(`${server.baseUrl}/admin/orders/${orderNo}`);
    const card = page.locator('.sf-admin-order-marks');
    await card.getByRole('button', { name: '标记已拆封' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认标记为已拆封？' });
    await confirm.getByRole('button', { name: '确认标记' }).click();
    await card.locator('.ant-descriptions-item-content', { hasText: '（admin）' }).waitFor();
    assert.equal(await card.getByRole('button', { name: '标记已拆封' }).count(), 0, 'a mark is set once');
    await desk.shot('refund-window-console-unsealed');

    const p = phone.page;
    await p.goto(`${server.baseUrl}/#/pages/order/orderDetail?orderNo=${orderNo}`);
    const detail = await currentPage(p, SCREENS.orderDetail);
    await detail.locator('#order-after-sale-apply').first().click();
    await expectToast(p, '商品已拆封，不支持退款');
    assert.equal(await p.evaluate(() => location.hash.includes('afterSaleApply')), false, 'no form was opened');

    await p.goto(`${server.baseUrl}/#/${APPLY.route}?orderNo=${orderNo}`);
    const apply = await currentPage(p, APPLY);
    assert.equal(await apply.locator('.sf-empty__text').innerText(), '商品已拆封，不支持退款');
    assert.equal(await apply.locator('textarea').count(), 0, 'nothing to type');
    await phone.shot('refund-window-apply-refused');
  });

  test('the owner closes the store for maintenance: the error page shows the reason; lifted, the store works', async () => {
    const content = await desk.open('访问控制', '.sf-admin-access');
    const { page } = desk;
    await content.getByRole('button', { name: '新增访问限制' }).click();
    const form = page.locator('.sf-admin-access-form');
    await form.locator('#reason').waitFor();
    await typeKeys(form.locator('#reason'), REASON);
    await form.getByRole('button', { name: '确定限制' }).click();
    const row = page.locator('.sf-admin-access .ant-table-row', { hasText: REASON });
    await row.waitFor();
    await desk.shot('access-console-closed');

    const p = phone.page;
    await p.goto(`${server.baseUrl}/#/pages/center/center`);
    const error = await currentPage(p, SCREENS.error);
    assert.equal(await error.locator('.sf-error__message').innerText(), REASON);
    await phone.shot('access-error-page');

    await row.locator('.sf-admin-access-lift').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解除' }).click();
    await row.waitFor({ state: 'detached' });

    await error.locator('.sf-error__btn').click();
    await currentPage(p, SCREENS.home);
    await p.goto(`${server.baseUrl}/#/pages/center/center`);
    await currentPage(p, SCREENS.center);
  });
});
