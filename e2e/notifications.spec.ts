/**
 * What a customer hears about their money, as the demo shows it: a goods order paid from its order detail at the
 * sandbox cashier, then shipped by the operator; the sandbox notification page (/sandbox/notifications) shows both
 * notices as sent, by SMS to the customer's masked phone, moments later (the server's own sweep, woken by each
 * event), each once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SCREENS, currentPage, loginInBrowser, tokenOf, until } from './harness';
import { placeGoodsOrder } from './goods-order';
import { phoneSuite } from './suite';

const OPS_KEY = 'storefront-demo-ops-key';
const PHONE = '13600137201';
const suite = phoneSuite();

test('paid and shipped notices appear on the sandbox notification page', async () => {
  const { server } = suite;
  const { page, shot } = suite.phone;
  await loginInBrowser(suite.phone, server, PHONE);
  const orderNo = await placeGoodsOrder(server.baseUrl, await tokenOf(page));

  await page.goto(`${server.baseUrl}/#/pages/order/orderDetail?orderNo=${orderNo}`);
  await page.reload();
  let detail = await currentPage(page, SCREENS.orderDetail, { marker: '#order-pay' });
  await detail.locator('#order-pay').click();
  await page.waitForURL(/\/sandbox\/cashier\//);
  await page.locator('#cashier-confirm').click();
  detail = await currentPage(page, SCREENS.orderDetail);
  await detail.locator('.sf-detail__status-text', { hasText: '待发货' }).waitFor({ state: 'visible' });

  const notices = `${server.baseUrl}/sandbox/notifications`;
  const card = (kind: string) => page.locator('.sb-card').filter({ hasText: kind }).filter({ hasText: orderNo });
  const shownSent = async (kind: string) => {
    await page.goto(notices);
    return (await card(kind).filter({ hasText: '已发送' }).count()) === 1;
  };
  await until(() => shownSent('支付成功通知'), 'the paid notice shown as sent');
  const paid = await card('支付成功通知').innerText();
  assert.match(paid, new RegExp(`您的订单 ${orderNo}（[^）]+）已支付 ¥`));
  assert.match(paid, /短信 → 136\*\*\*\*7201/);

  const shipped = await fetch(`${server.baseUrl}/ops/orders/${orderNo}/ship`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ carrierName: '顺丰速运', trackingNo: 'SF7201' }),
  });
  assert.equal(shipped.status, 200, await shipped.text());
  await until(() => shownSent('订单发货通知'), 'the shipped notice shown as sent');
  assert.match(await card('订单发货通知').innerText(), /已发货，顺丰速运 SF7201/);
  // One notice per event, however often the sweep ran meanwhile.
  assert.equal(await card('支付成功通知').count(), 1);
  await shot('sandbox-notifications');
});
