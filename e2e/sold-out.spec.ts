/**
 * Stock on the storefront (docs/catalogue.md): the merchant sets a goods item's stock to 1 through the operator
 * API (as the console's save does); a first customer looks at it (立即购买, its detail now cached) and orders the
 * one unit; a second customer, and the first on coming back, see 已售罄 on a disabled button that goes nowhere;
 * the console (1280x800) lists it as 剩余 0 / 共 1 · 已售 1 and its form's hint follows the total typed (unsaved).
 * When the unpaid order is cancelled the unit is for sale again: 立即购买.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import type { CatalogueItem } from '../contract/ops-catalogue';
import { DEFAULT_OPS_KEY } from '../server/src/config';
import { openConsole } from './console-ops';
import { apiClient, currentPage, loginInBrowser, openPhone, SCREENS, tokenOf, typeKeys } from './harness';
import { placeGoodsOrder } from './goods-order';
import { phoneSuite } from './suite';

const suite = phoneSuite();
const GOODS = 'demo-goods-01';
const DETAIL = `/pages/activity/activityDetail?actSn=${GOODS}`;
/** §9: an identical request within 600 ms is answered by the one before it; a person looks for longer. */
const DUPLICATE_SUPPRESSION_MS = 600;

async function ops(method: string, path: string, body?: unknown) {
  const res = await fetch(`${suite.server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEFAULT_OPS_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return (JSON.parse(text) as { info: CatalogueItem }).info;
}

/** The detail's order button once the detail is drawn: its label and whether it is disabled. */
async function orderButton(detail: Locator) {
  const button = detail.locator('#act-order');
  await button.waitFor({ state: 'visible' });
  return {
    text: ((await button.textContent()) || '').trim(),
    disabled: /is-disabled/.test((await button.getAttribute('class')) || ''),
  };
}

test('stock 1: bought by one customer, the next sees 已售罄; a cancel puts it back on sale', async () => {
  // The merchant's save: the item as it is, with a total of 1.
  const item = await ops('GET', `/ops/v1/catalogue/items/${GOODS}`);
  const saved = await ops('PATCH', `/ops/v1/catalogue/items/${GOODS}`, { ...item, stock: 1 });
  assert.deepEqual([saved.stock, saved.sold], [1, 0]);

  // The first customer looks: one unit left.
  const first = suite.phone;
  let detail = await loginInBrowser(first, suite.server, '13700137611', SCREENS.activityDetail, DETAIL);
  assert.deepEqual(await orderButton(detail), { text: '立即购买', disabled: false });
  const token = await tokenOf(first.page);
  const orderNo = await placeGoodsOrder(suite.server.baseUrl, token);
  assert.equal((await ops('GET', `/ops/v1/catalogue/items/${GOODS}`)).sold, 1);

  // A second customer, on another phone, opens the same item.
  const second = await openPhone(suite.browser);
  try {
    const seen = await loginInBrowser(second, suite.server, '13700137612', SCREENS.activityDetail, DETAIL);
    await seen.locator('#act-order', { hasText: '已售罄' }).waitFor({ state: 'visible' });
    assert.deepEqual(await orderButton(seen), { text: '已售罄', disabled: true });
    await seen.locator('#act-order').click();
    await second.page.waitForTimeout(DUPLICATE_SUPPRESSION_MS);
    await currentPage(second.page, SCREENS.activityDetail);
    assert.match(second.page.url(), /activityDetail\?actSn=demo-goods-01/, 'a sold-out item goes nowhere');
    await second.shot('sold-out-01-second-customer');
  } finally {
    await second.close();
  }

  // The merchant's console: the list and the edit form say what is left of the total and what is sold.
  const desk = await openConsole(suite.browser, suite.server.baseUrl, 'demo');
  try {
    const list = await desk.open('商品管理', '.sf-admin-catalogue');
    const row = list.locator('.ant-table-row', { hasText: item.actName });
    await row.locator('td', { hasText: '剩余 0 / 共 1 · 已售 1' }).waitFor();
    await desk.shot('sold-out-03-list');
    await row.getByRole('link', { name: item.actName }).click();
    const stock = desk.page
      .locator('.sf-admin-catalogue-edit .ant-form-item')
      .filter({ hasText: '总库存（含已售出，留空为不限）' });
    await stock.locator('.ant-form-item-extra', { hasText: '已售 1 件，剩余 0 件' }).waitFor();
    await typeKeys(stock.locator('input'), '3');
    await stock.locator('.ant-form-item-extra', { hasText: '已售 1 件，剩余 2 件' }).waitFor();
    await desk.shot('sold-out-04-form');
  } finally {
    await desk.close();
  }

  // The first customer, coming back to the item, sees it sold out too.
  await first.page.waitForTimeout(DUPLICATE_SUPPRESSION_MS);
  await first.page.reload();
  detail = await currentPage(first.page, SCREENS.activityDetail);
  await detail.locator('#act-order', { hasText: '已售罄' }).waitFor({ state: 'visible' });

  // The unpaid order is cancelled: the unit is back, and so is 立即购买.
  await apiClient(suite.server.baseUrl, token).call(
    'POST',
    `/front/v1/client/order/payment/order/cancel/${orderNo}`,
    {},
  );
  await first.page.waitForTimeout(DUPLICATE_SUPPRESSION_MS);
  await first.page.reload();
  detail = await currentPage(first.page, SCREENS.activityDetail);
  await detail.locator('#act-order', { hasText: '立即购买' }).waitFor({ state: 'visible' });
  assert.deepEqual(await orderButton(detail), { text: '立即购买', disabled: false });
  await first.shot('sold-out-02-back-on-sale');
});
