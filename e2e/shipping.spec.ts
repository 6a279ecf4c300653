/**
 * Shipping walk: a customer pays a goods order in the sandbox cashier and sees 待发货 (not 已完成); the merchant
 * ships it through the operator API (as `npm run ops -- order:ship` does); the customer sees 待收货 with the
 * carrier and number, taps 确认收货, says no once and yes once, and the order is 已完成 in its tab.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Address } from '../contract/address';
import type { Confirmation, SubmitResult } from '../contract/order';
import { apiClient, currentPage, expectToast, loginInBrowser, openScreen, SCREENS, tokenOf, until } from './harness';
import { phoneSuite } from './suite';

const OPS_KEY = 'storefront-demo-ops-key';
const PHONE = '13700137211';
const suite = phoneSuite();

/** A goods order to this customer's new address, submitted through the API as the goods submit screen does. */
async function goodsOrder(token: string): Promise<string> {
  const api = apiClient(suite.server.baseUrl, token);
  const address = await api.call<Address>('POST', '/front/v1/address', {
    consigneeName: '张三',
    consigneeTelephone: '13800138000',
    fullAddress: '科技园1号',
    provinceId: '440000',
    cityId: '440100',
    areaId: '440106',
  });
  const c = await api.call<Confirmation>('GET', '/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' });
  const { orderToken } = await api.call<{ orderToken: string }>('GET', '/front/v1/client/order/confirm/receipt', { createOrderSn: c.createOrderSn });
  const placed = await api.call<SubmitResult>('POST', '/front/v1/client/order/submit', {
    createOrderSn: c.createOrderSn,
    orderDiscountList: [],
    discountsAmount: 0,
    payAmount: c.confirmOrderAmount.payAmount,
    totalAmount: c.confirmOrderAmount.orderTotalAmount,
    orderToken,
    orderPreAttachVO: { deliveryType: c.deliveryType, addressId: address.addressId },
  });
  return placed.orderNo;
}

test('paid goods wait for shipping, show the parcel once shipped, and complete on 确认收货', async () => {
  const { page, shot } = suite.phone;
  await loginInBrowser(suite.phone, suite.server, PHONE);
  const orderNo = await goodsOrder(await tokenOf(page));

  await page.goto(`${suite.server.baseUrl}/#/pages/order/orderDetail?orderNo=${orderNo}`);
  await page.reload();
  let detail = await currentPage(page, SCREENS.orderDetail, { marker: '#order-pay' });
  await detail.locator('#order-pay').click();
  await page.waitForURL(/\/sandbox\/cashier\//);
  await page.locator('#cashier-confirm').click();
  detail = await currentPage(page, SCREENS.orderDetail);
  await detail.locator('.sf-detail__status-text', { hasText: '待发货' }).waitFor({ state: 'visible' });
  assert.equal(await detail.locator('#order-receive').count(), 0, 'nothing to confirm before it ships');
  await shot('ship-01-to-ship');

  const shipped = await fetch(`${suite.server.baseUrl}/ops/orders/${orderNo}/ship`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ carrierName: '顺丰速运', trackingNo: 'SF1234567890' }),
  });
  assert.equal(shipped.status, 200, await shipped.text());

  // The customer comes back to the order later: the page is loaded afresh (the phone still shows it).
  await page.reload();
  detail = await currentPage(page, SCREENS.orderDetail, { marker: '#order-receive' });
  assert.equal(await detail.locator('.sf-detail__status-text').textContent(), '待收货');
  assert.match((await detail.locator('#order-tracking-no').textContent()) ?? '', /SF1234567890/);
  await shot('ship-02-shipped');

  // Changing one's mind leaves the order as it was; confirming completes it.
  await detail.locator('#order-receive').click();
  await page.locator('.taro__modal').getByText('取消', { exact: true }).click();
  await page.locator('.taro__modal').waitFor({ state: 'hidden' });
  assert.equal(await detail.locator('.sf-detail__status-text').textContent(), '待收货');
  await detail.locator('#order-receive').click();
  await page.locator('.taro__modal').getByText('确定', { exact: true }).click();
  await expectToast(page, '已确认收货');
  await until(async () => (await detail.locator('.sf-detail__status-text').textContent()) === '已完成', 'the order is 已完成');
  await detail.locator('#order-receive').waitFor({ state: 'detached' });
  await shot('ship-03-received');

  const list = await openScreen(page, suite.server.baseUrl, `/${SCREENS.orderList.route}?tab=PAID`, SCREENS.orderList, { marker: `[data-order-no="${orderNo}"]` });
  assert.equal(await list.locator(`[data-order-no="${orderNo}"] .sf-order__status`).textContent(), '已完成');
});
