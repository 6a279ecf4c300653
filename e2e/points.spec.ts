/**
 * Carrier points as a customer of the `integral` project meets them, in the built H5 against the real
 * server: the 积分查询 popup (a wrong phone shows 请输入正确的11位手机号; the balance with its suffix and the note;
 * 更换 back to search with the bound phone), a points order that shows price, balance and what remains and makes
 * the balance drop by exactly its price, and a phone that must authorise at the sandbox carrier first: the
 * browser goes to the carrier's page, the code is typed, and back on the item the query finishes by itself.
 * Sandbox balances are the phone's last four digits times three (server/src/domains/integral/carrier-points.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import {
  SCREENS,
  checkOrderDetailAmounts,
  checkOrderListAmounts,
  currentPage,
  expectToast,
  field,
  openScreen,
  readLines,
  typeKeys,
} from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

const NOTE = '积分查询可能会延迟，具体以移动官方积分余额为准';

/** Logs in through the storefront's phone form in the integral project and lands on the item's detail. */
async function loginToItem(mobile: string, actSn: string): Promise<Locator> {
  const { page } = suite.phone;
  const redirect = `/pages/activity/activityDetail?actSn=${actSn}&projectSn=integral`;
  await page.goto(
    `${suite.server.baseUrl}/#/pages/entrance/entrance?${new URLSearchParams({ login: 'phone', projectSn: 'integral', redirect })}`,
  );
  const login = await currentPage(page, SCREENS.login);
  await typeKeys(field(login, 'login-phone'), mobile);
  const seen = suite.server.smsCount(mobile);
  await login.locator('.sf-login__code').click();
  await typeKeys(field(login, 'login-code'), await suite.server.smsCode(mobile, seen));
  await login.locator('.sf-login__submit').click();
  return currentPage(page, SCREENS.activityDetail, { marker: '#act-integral-query' });
}

const text = async (l: Locator) => ((await l.textContent()) || '').trim();
/** The points order screen (subpackages/order/integral/integralOrder). */
const ORDER_SCREEN = { route: 'subpackages/order/integral/integralOrder', marker: '#points-order' };

/**
 * A points order as the customer reads it: the detail's 兑换价格 line as the item was priced (points with the
 * carrier's suffix, plus any cash part), its money lines adding up to the cash part (e2e/amounts.ts), and the same
 * price and amounts on its card in the order list.
 */
async function checkPointsOnOrder(detail: Locator, orderNo: string, points: string, cash: number): Promise<void> {
  await detail.locator('.sf-lines__row', { hasText: '兑换价格' }).waitFor({ state: 'visible' });
  assert.equal((await readLines(detail)).get('兑换价格')?.text, points);
  const amounts = await checkOrderDetailAmounts(detail);
  assert.equal(amounts.total, cash, `订单总额 is the cash part of ${orderNo}`);
  const list = await openScreen(suite.phone.page, suite.server.baseUrl, '/pages/order/orderList', SCREENS.orderList, {
    marker: `.sf-order[data-order-no="${orderNo}"]`,
  });
  await checkOrderListAmounts(list, orderNo, amounts);
  assert.equal(
    await text(list.locator(`.sf-order[data-order-no="${orderNo}"] .sf-order__points`)),
    `兑换价格 ${points}`,
  );
}

test('query points, change back to search, order with points and see the balance drop by the price', async () => {
  const detail = await loginToItem('13700137201', 'integral-integral-04');
  // The item is priced in its carrier's points, on the head and on the bar.
  assert.equal(await text(detail.locator('.sf-act__price')), '800移动积分');
  assert.equal(await text(detail.locator('.sf-act__bar-price')), '800移动积分');
  await detail.locator('#act-integral-query').click();
  const search = detail.locator('#integral-search-view');
  await search.waitFor({ state: 'visible' });
  assert.equal(await field(search, 'integral-phone').getAttribute('placeholder'), '请输入11位手机号码');
  assert.equal(await text(search.locator('.sf-iq__carrier')), '中国移动');

  await search.locator('#integral-search').click();
  await search.locator('#integral-error', { hasText: '请输入手机号' }).waitFor({ state: 'visible' });
  await typeKeys(field(search, 'integral-phone'), '1390000300');
  await search.locator('#integral-search').click();
  await search.locator('#integral-error', { hasText: '请输入正确的11位手机号' }).waitFor({ state: 'visible' });
  // At most 11 digits stay in the field.
  await typeKeys(field(search, 'integral-phone'), '139000030001', { shows: '13900003000' });
  await suite.phone.shot('points-10-search');
  await search.locator('#integral-search').click();

  const result = detail.locator('#integral-result-view');
  await result.waitFor({ state: 'visible' });
  assert.equal(await text(result.locator('#integral-balance')), '9000移动积分');
  assert.equal(await text(result.locator('.sf-iq__carrier')), '中国移动');
  assert.equal(await text(result.locator('.sf-iq__note')), NOTE);
  await suite.phone.shot('points-11-result');
  await result.locator('#integral-change').click();
  await search.waitFor({ state: 'visible' });
  assert.equal(await field(search, 'integral-phone').inputValue(), '13900003000');
  await detail.locator('.sf-popup__close').click();
  await search.waitFor({ state: 'hidden' });

  await detail.locator('#act-order').click();
  // 立即兑换 opens the points order screen.
  const order = await currentPage(suite.phone.page, ORDER_SCREEN);
  assert.equal(await text(order.locator('#points-price')), '800移动积分');
  assert.equal(await text(order.locator('#points-balance')), '9000移动积分');
  assert.equal(await text(order.locator('#points-remaining')), '8200移动积分');
  // What this order takes off the balance, and the price lines: points only, so 合计 is the points.
  assert.equal(await text(order.locator('#points-deduct')), '-800移动积分');
  assert.equal(await text(order.locator('#points-total')), '800移动积分');
  assert.equal(await text(order.locator('#points-bar-total')), '800移动积分');
  await suite.phone.shot('points-12-order');
  await order.locator('#points-submit').click();
  // Points only: nothing to pay, so the order detail opens (no cashier).
  const placed = await currentPage(suite.phone.page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
  assert.doesNotMatch(suite.phone.page.url(), /sandbox\/cashier/);
  await placed.locator('.sf-detail__status-text', { hasText: '已完成' }).waitFor({ state: 'visible' });
  await suite.phone.shot('points-13-placed');
  // The order shows the points it spent beside its money lines, which still add up (¥0: points only).
  const placedNo = new URL(suite.phone.page.url()).hash.match(/orderNo=([^&]+)/)?.[1] ?? '';
  assert.ok(placedNo);
  await checkPointsOnOrder(placed, placedNo, '800移动积分', 0);
  // The order again (back from the list): it says what it used, and its payments are the points of the carrier.
  const paidOrder = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    `/pages/order/orderDetail?orderNo=${placedNo}`,
    SCREENS.orderDetail,
    { marker: '#order-paid-list' },
  );
  assert.equal(await text(paidOrder.locator('.sf-detail__status-sub')), '兑换成功，已使用800移动积分');
  assert.equal((await readLines(paidOrder)).get('实付款')?.text, '800移动积分');
  assert.equal(await text(paidOrder.locator('#order-paid-list .sf-detail__paid-title')), '积分兑换移动积分');
  assert.equal(await text(paidOrder.locator('#order-paid-list .sf-detail__paid-amount')), '800移动积分');
  await suite.phone.shot('points-14-order-paid');

  // On the item again, the bound phone is remembered and the balance has dropped by exactly 800.
  // A fresh load of the item (as a reopened link): the session and the binding come from storage and the server.
  await suite.phone.page.goto(
    `${suite.server.baseUrl}/?again=1#/pages/activity/activityDetail?actSn=integral-integral-04&projectSn=integral`,
  );
  const again = await currentPage(suite.phone.page, SCREENS.activityDetail, { marker: '#act-integral-query' });
  await again.locator('#act-integral-query').click();
  await again
    .locator('#integral-result-view #integral-balance', { hasText: '8200移动积分' })
    .waitFor({ state: 'visible' });
});

test('a phone that must authorise goes to the carrier’s page and comes back to its balance', async () => {
  const detail = await loginToItem('13700137202', 'integral-integral-01');
  await detail.locator('#act-integral-query').click();
  const search = detail.locator('#integral-search-view');
  await typeKeys(field(search, 'integral-phone'), '13800138009');
  await search.locator('#integral-search').click();
  // The sandbox carrier's own page: an SMS code (the phone's last six digits in the sandbox).
  await suite.phone.page.waitForURL(/\/sandbox\/carrier\/authorise\//);
  const code = suite.phone.page.locator('#carrier-code');
  await typeKeys(code, '000000');
  await suite.phone.page.locator('#carrier-confirm').click();
  await suite.phone.page.locator('#carrier-error', { hasText: '验证码错误' }).waitFor({ state: 'visible' });
  await typeKeys(suite.phone.page.locator('#carrier-code'), '138009');
  await suite.phone.shot('points-20-carrier');
  await suite.phone.page.locator('#carrier-confirm').click();
  // Back on the item: the popup reopens and finishes the query without asking again.
  const back = await currentPage(suite.phone.page, SCREENS.activityDetail, { marker: '#integral-result-view' });
  assert.equal(await text(back.locator('#integral-balance')), '24027移动积分');
  assert.equal(await text(back.locator('.sf-iq__note')), NOTE);
  await suite.phone.shot('points-21-authorised');
});

test('a points order with a cash part goes to the cashier; cancelled, its points come back', async () => {
  const { page } = suite.phone;
  const item = 'integral-integral-02'; // 1000 联通积分 + ¥1
  const first = await loginToItem('13700137203', item);
  // Priced as points and cash wherever it shows: the detail's head and bar, its card in the column and in search.
  assert.equal(await text(first.locator('.sf-act__price')), '1000联通积分+¥1');
  assert.equal(await text(first.locator('.sf-act__bar-price')), '1000联通积分+¥1');
  const more = await openScreen(
    page,
    suite.server.baseUrl,
    '/subpackages/activity/moreActivity/moreActivity?targetSn=integral-col-integral',
    SCREENS.moreActivity,
  );
  assert.equal(await text(more.locator(`.sf-card[data-act-sn="${item}"] .sf-price`)), '1000联通积分+¥1');
  assert.equal(await text(more.locator('.sf-card[data-act-sn="integral-integral-04"] .sf-price')), '800移动积分');
  const found = await openScreen(page, suite.server.baseUrl, '/pages/index/indexSearch', SCREENS.search);
  await typeKeys(field(found, 'search-input'), '话费');
  await found.locator('#search-go').click();
  await found.locator(`.sf-card[data-act-sn="${item}"]`).waitFor({ state: 'visible' });
  assert.equal(await text(found.locator(`.sf-card[data-act-sn="${item}"] .sf-price`)), '1000联通积分+¥1');
  await suite.phone.shot('points-29-cards');
  await found.locator(`.sf-card[data-act-sn="${item}"]`).click();
  const detail = await currentPage(page, SCREENS.activityDetail, { marker: '#act-integral-query' });
  await detail.locator('#act-integral-query').click();
  const search = detail.locator('#integral-search-view');
  assert.equal(await text(search.locator('.sf-iq__carrier')), '中国联通');
  await typeKeys(field(search, 'integral-phone'), '13900002500');
  await search.locator('#integral-search').click();
  await detail
    .locator('#integral-result-view #integral-balance', { hasText: '7500联通积分' })
    .waitFor({ state: 'visible' });
  await detail.locator('.sf-popup__close').click();

  await detail.locator('#act-order').click();
  const order = await currentPage(page, ORDER_SCREEN);
  assert.equal(await text(order.locator('#points-price')), '1000联通积分+¥1');
  assert.equal(await text(order.locator('.sf-po__line', { hasText: '另需支付' }).locator('.sf-price')), '¥1');
  assert.equal(await text(order.locator('#points-remaining')), '6500联通积分');
  // Points and cash together wherever the price shows; the balance less this deduction is what remains.
  assert.equal(await text(order.locator('#points-balance')), '7500联通积分');
  assert.equal(await text(order.locator('#points-deduct')), '-1000联通积分');
  assert.equal(await text(order.locator('#points-total')), '1000联通积分+¥1');
  assert.equal(await text(order.locator('#points-bar-total')), '1000联通积分+¥1');
  assert.equal(await text(order.locator('.sf-po__item-price')), '1000联通积分+¥1');
  await suite.phone.shot('points-28-order-cash');
  await order.locator('#points-submit').click();

  // The cash part is paid in the sandbox cashier; 取消支付 ends on the order list (§4), where the order waits to be
  // paid; from there it opens and is then cancelled.
  await page.waitForURL(/\/sandbox\/cashier\//);
  assert.equal(await text(page.locator('#cashier-amount')), '¥1');
  const cashierOrderNo =
    (await page.locator('.sb-row', { hasText: '订单编号' }).locator('span').nth(1).textContent())?.trim() ?? '';
  await page.locator('#cashier-cancel').click();
  const waiting = await currentPage(page, SCREENS.orderList, {
    marker: `.sf-order[data-order-no="${cashierOrderNo}"]`,
  });
  await waiting.locator(`.sf-order[data-order-no="${cashierOrderNo}"]`).click();
  let unpaid = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
  const orderNo = new URL(page.url()).hash.match(/orderNo=([^&]+)/)?.[1] ?? '';
  assert.equal(orderNo, cashierOrderNo);
  // Points and the cash part on the order (detail and list), the money adding up to ¥1; then back to it.
  await checkPointsOnOrder(unpaid, orderNo, '1000联通积分+¥1', 100);
  // Unpaid: the points are already taken (已付款) and the cash part waits (待付款), which the header asks for.
  unpaid = await openScreen(
    page,
    suite.server.baseUrl,
    `/pages/order/orderDetail?orderNo=${orderNo}`,
    SCREENS.orderDetail,
    { marker: '#order-paid-list' },
  );
  const owed = await readLines(unpaid);
  assert.equal(owed.get('已付款')?.text, '1000联通积分');
  assert.equal(owed.get('待付款')?.text, '¥1');
  assert.equal(await text(unpaid.locator('.sf-detail__status #order-pay')), '去支付 ¥1');
  await suite.phone.shot('points-31-order-unpaid');
  await page.goto(`${suite.server.baseUrl}/?again=3#/pages/order/orderDetail?orderNo=${orderNo}`);
  unpaid = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
  await unpaid.locator('.sf-order__btn', { hasText: '取消订单' }).click();
  // The page's own dialog (components/confirm), drawn inside the order's page.
  const dialog = unpaid.locator('.sf-confirm');
  await dialog.getByText('确定取消该订单吗？', { exact: true }).waitFor({ state: 'visible' });
  await dialog.getByText('确定', { exact: true }).click();
  await expectToast(page, '订单已取消');
  // The order, loaded afresh, is cancelled.
  await page.goto(`${suite.server.baseUrl}/?again=1#/pages/order/orderDetail?orderNo=${orderNo}`);
  const cancelled = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
  await cancelled.locator('.sf-detail__status-text', { hasText: '已取消' }).waitFor({ state: 'visible' });
  assert.equal(await text(cancelled.locator('.sf-detail__status-sub')), '订单已取消，1000联通积分已退回');
  await cancelled.locator('#order-paid-list .sf-detail__paid-row.is-returned').waitFor({ state: 'visible' });
  await suite.phone.shot('points-30-cancelled');

  // The 1000 points are back on the carrier account.
  await page.goto(`${suite.server.baseUrl}/?again=2#/pages/activity/activityDetail?actSn=${item}&projectSn=integral`);
  const again = await currentPage(page, SCREENS.activityDetail, { marker: '#act-integral-query' });
  await again.locator('#act-integral-query').click();
  await again
    .locator('#integral-result-view #integral-balance', { hasText: '7500联通积分' })
    .waitFor({ state: 'visible' });
});

test('我的 of the points project opens 积分查询; an authorising phone comes back to that page with its balance', async () => {
  const { page } = suite.phone;
  await loginToItem('13700137204', 'integral-integral-01');
  const center = await openScreen(page, suite.server.baseUrl, '/pages/center/center', SCREENS.center, {
    marker: '.sf-center__entry',
  });
  await center.locator('.sf-center__entry', { hasText: '积分查询' }).click();
  const POINTS = { route: 'subpackages/user/integral/integralQuery', marker: '.sf-points__card' };
  const points = await currentPage(page, POINTS);
  assert.equal(await text(points.locator('#points-MOBILE_INTEGRAL .sf-points__carrier')), '中国移动');
  assert.equal(await text(points.locator('#points-UNICOM_INTEGRAL .sf-points__carrier')), '中国联通');
  await points.locator('#points-query-MOBILE_INTEGRAL').click();
  const search = points.locator('#integral-search-view');
  await typeKeys(field(search, 'integral-phone'), '13800138019');
  await search.locator('#integral-search').click();
  await page.waitForURL(/\/sandbox\/carrier\/authorise\//);
  await typeKeys(page.locator('#carrier-code'), '138019');
  await page.locator('#carrier-confirm').click();
  // The carrier sends the browser back to this page, which finishes the query without asking again.
  const back = await currentPage(page, { ...POINTS, marker: '#integral-result-view' });
  assert.equal(await text(back.locator('#integral-balance')), '24057移动积分');
  await back.locator('.sf-popup__close').click();
  await back.locator('#points-MOBILE_INTEGRAL .sf-points__num', { hasText: '24057' }).waitFor({ state: 'visible' });
  assert.equal(await text(back.locator('#points-MOBILE_INTEGRAL .sf-points__phone')), '138****8019');
  await suite.phone.shot('points-40-center-query');
});

test('权益 tab of the points project: balance per carrier, items grouped by carrier and priced in points', async () => {
  const { page } = suite.phone;
  // Bind a unicom phone first (through the item's 积分查询), so the tab has a balance to show for that carrier.
  const detail = await loginToItem('13700137205', 'integral-integral-02');
  await detail.locator('#act-integral-query').click();
  const search = detail.locator('#integral-search-view');
  await typeKeys(field(search, 'integral-phone'), '13900000200');
  await search.locator('#integral-search').click();
  await detail
    .locator('#integral-result-view #integral-balance', { hasText: '600联通积分' })
    .waitFor({ state: 'visible' });
  await detail.locator('.sf-popup__close').click();

  const tab = await openScreen(page, suite.server.baseUrl, '/pages/index/tabFour', {
    ...SCREENS.tabFour,
    marker: '.sf-benefits__group',
  });
  const wallet = tab.locator('#benefits-wallet');
  assert.equal(await text(wallet.locator('#benefits-MOBILE_INTEGRAL .sf-benefits__carrier')), '中国移动');
  assert.equal(await text(wallet.locator('#benefits-UNICOM_INTEGRAL .sf-benefits__carrier')), '中国联通');
  await wallet.locator('#benefits-UNICOM_INTEGRAL .sf-benefits__num', { hasText: '600' }).waitFor({ state: 'visible' });
  assert.equal(await text(wallet.locator('#benefits-UNICOM_INTEGRAL .sf-benefits__suffix')), '联通积分');
  assert.equal(await text(wallet.locator('#benefits-UNICOM_INTEGRAL .sf-benefits__phone')), '139****0200');
  assert.equal(await text(wallet.locator('#benefits-MOBILE_INTEGRAL .sf-benefits__phone')), '未绑定，去查询');

  // Each carrier's items under its own heading, every price in that carrier's points (a cash part after it).
  const groups = tab.locator('.sf-benefits__group');
  assert.ok((await groups.count()) >= 2, 'mobile and unicom items are grouped apart');
  for (const [type, suffix] of [
    ['MOBILE_INTEGRAL', '移动积分'],
    ['UNICOM_INTEGRAL', '联通积分'],
  ] as const) {
    const prices = await tab.locator(`#benefits-group-${type} .sf-benefits__price`).allTextContents();
    assert.ok(prices.length > 0, `${type} has items`);
    for (const p of prices)
      assert.match(p.trim(), new RegExp(`^\\d+${suffix}(\\+¥[\\d.]+)?$`), `priced in ${suffix}: ${p}`);
  }
  assert.equal(
    await text(tab.locator('.sf-benefits__card[data-act-sn="integral-integral-02"] .sf-benefits__price')),
    '1000联通积分+¥1',
  );
  // 600 unicom points are short of 1000.
  assert.equal(
    await text(tab.locator('.sf-benefits__card[data-act-sn="integral-integral-02"] .sf-benefits__hint')),
    '还差400积分',
  );
  const widest = await tab.evaluate((root) =>
    Math.max(...Array.from(root.querySelectorAll<HTMLElement>('*')).map((el) => el.getBoundingClientRect().right)),
  );
  assert.ok(widest <= 375.5, `the tab fits the 375 px phone (right edge at ${widest})`);
  await suite.phone.shot('points-50-benefits');

  // An item opens its detail, priced the same.
  await tab.locator('.sf-benefits__card[data-act-sn="integral-integral-02"]').click();
  const item = await currentPage(page, SCREENS.activityDetail, { marker: '#act-integral-query' });
  assert.equal(await text(item.locator('.sf-act__price')), '1000联通积分+¥1');
});
