/**
 * Shipping walk: a customer pays a goods order in the sandbox cashier and sees 待发货 (not 已完成); the merchant
 * ships it through the operator API (as `npm run ops -- order:ship` does); the customer sees 待收货 with the
 * carrier and number, opens 查看物流 (carrier, number copied with 复制, the goods, what happened), taps 确认收货,
 * says no once and yes once, and the order is 已完成 in its tab, its parcel 已收货.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OrderDetail } from '../contract/payment';
import type { Locator } from 'playwright-core';
import {
  apiClient,
  currentPage,
  expectToast,
  loginInBrowser,
  openScreen,
  SCREENS,
  tokenOf,
  until,
  type Screen,
} from './harness';
import { placeGoodsOrder } from './goods-order';
import { phoneSuite } from './suite';

const OPS_KEY = 'storefront-demo-ops-key';
const PHONE = '13700137211';
const suite = phoneSuite();
const LOGISTICS: Screen = { route: 'subpackages/order/logistics/logistics', marker: '#track-timeline' };

/** 查看物流 from the order, as a person taps it; what the parcel page shows. */
async function openLogistics(detail: Locator) {
  const { page } = suite.phone;
  await detail.locator('#order-logistics').click();
  const view = await currentPage(page, LOGISTICS);
  const scans = await view
    .locator('#track-timeline .at-timeline-item')
    .evaluateAll((items) =>
      items.map((el) =>
        Array.from(el.querySelectorAll('.at-timeline-item__content-item')).map((l) => l.textContent ?? ''),
      ),
    );
  const widest = await view.evaluate((root) =>
    Math.max(...Array.from(root.querySelectorAll<HTMLElement>('*')).map((el) => el.getBoundingClientRect().right)),
  );
  assert.ok(widest <= 375.5, `everything inside the 375 px screen (right edge at ${widest})`);
  return {
    view,
    state: await view.locator('#track-state').textContent(),
    kind: await view.locator('#track-kind').textContent(),
    carrier: await view.locator('#track-carrier').textContent(),
    number: await view.locator('#track-no').textContent(),
    goods: await view.locator('#track-goods .sf-asl__goods-name').textContent(),
    quantity: await view.locator('#track-qty').textContent(),
    scans,
  };
}

test('paid goods wait for shipping, show the parcel once shipped, and complete on 确认收货', async () => {
  const { page, shot } = suite.phone;
  await loginInBrowser(suite.phone, suite.server, PHONE);
  const orderNo = await placeGoodsOrder(suite.server.baseUrl, await tokenOf(page));

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

  // 查看物流: the parcel page names the carrier and number, copies the number, shows the goods and the shipping.
  const order = await apiClient(suite.server.baseUrl, await tokenOf(page)).call<OrderDetail>(
    'GET',
    `/front/v1/client/order/details/${orderNo}/`,
  );
  let parcel = await openLogistics(detail);
  assert.deepEqual(
    [parcel.state, parcel.kind, parcel.carrier, parcel.number, parcel.goods, parcel.quantity],
    ['已发货', '订单包裹 · 寄往您的收货地址', '顺丰速运', 'SF1234567890', order.courseName, `共${order.skuCnt}件`],
  );
  assert.equal(parcel.scans.length, 1);
  assert.equal(parcel.scans[0][0], '商家已发货，顺丰速运 SF1234567890');
  assert.match(parcel.scans[0][1], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await parcel.view.locator('#track-copy').click();
  await expectToast(page, '复制成功');
  const copied = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('taro_clipboard') ?? '{}') as { data?: string }).data,
  );
  assert.equal(copied, 'SF1234567890', '复制 copies the tracking number');
  await shot('ship-02a-logistics');
  await parcel.view.locator('.sf-page-header__back').click();
  detail = await currentPage(page, SCREENS.orderDetail, { marker: '#order-receive' });

  // Changing one's mind leaves the order as it was; confirming completes it. The question is the page's own
  // dialog (components/confirm), drawn inside this page.
  const dialog = detail.locator('.sf-confirm');
  await detail.locator('#order-receive').click();
  await dialog.getByText('请确认已收到商品，确认后订单将完成', { exact: true }).waitFor({ state: 'visible' });
  await dialog.getByText('取消', { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await detail.locator('.sf-detail__status-text').textContent(), '待收货');
  await detail.locator('#order-receive').click();
  await dialog.getByText('请确认已收到商品，确认后订单将完成', { exact: true }).waitFor({ state: 'visible' });
  await dialog.getByText('确定', { exact: true }).click();
  await expectToast(page, '已确认收货');
  await until(
    async () => (await detail.locator('.sf-detail__status-text').textContent()) === '已完成',
    'the order is 已完成',
  );
  await detail.locator('#order-receive').waitFor({ state: 'detached' });
  await shot('ship-03-received');
  parcel = await openLogistics(detail);
  assert.equal(parcel.state, '已收货');
  assert.deepEqual(
    parcel.scans.map((row) => row[0]),
    ['您已确认收货，交易完成', '商家已发货，顺丰速运 SF1234567890'],
  );
  await shot('ship-03a-logistics-received');

  const list = await openScreen(page, suite.server.baseUrl, `/${SCREENS.orderList.route}?tab=PAID`, SCREENS.orderList, {
    marker: `[data-order-no="${orderNo}"]`,
  });
  assert.equal(await list.locator(`[data-order-no="${orderNo}"] .sf-order__status`).textContent(), '已完成');
});
