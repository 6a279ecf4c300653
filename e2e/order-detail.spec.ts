/**
 * The order detail as a customer reads it, in the built H5 against the real server and its sandbox cashier:
 * a deposit course from the order list, whose status header says what happens next and offers 支付定金, then
 * (paid at the cashier) 支付尾款; the 付款计划 rows add up to 订单总额 and name the channel of the paid one; the
 * 支付记录 card lists the payment with 微信支付; 已付款 + 待付款 make 订单总额. Then a shipped goods order, whose
 * header offers 确认收货 and whose bar offers 查看物流, which opens the parcel's tracking. Every screen is checked
 * to fit the 375 px phone and shot in the four themes. The page's own header (§2 custom navigation) names it and
 * goes back to the list, or home when the order was opened by its address.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { Address } from '../contract/address';
import type { Confirmation, SubmitResult } from '../contract/order';
import { themeVars, type ThemeName } from '../src/domain/theme';
import {
  SCREENS,
  apiClient,
  checkOrderDetailAmounts,
  currentPage,
  fen,
  loginInBrowser,
  openScreen,
  readLines,
  shownIn,
  tokenOf,
  until,
} from './harness';
import { phoneSuite } from './suite';

const OPS_KEY = 'storefront-demo-ops-key';
const THEMES: ThemeName[] = ['default', 'course', 'integral', 'authentication'];
const suite = phoneSuite();
const text = async (l: Locator) => ((await l.textContent()) || '').trim();

/** Nothing wider than the 375 px phone: no sideways scrolling, no card running off the screen. */
async function fitsThePhone(page: Page, view: Locator) {
  const widest = await view.evaluate((root) =>
    Math.max(...Array.from(root.querySelectorAll<HTMLElement>('*')).map((el) => el.getBoundingClientRect().right)),
  );
  assert.ok(widest <= 375.5, `everything inside the 375 px screen (right edge at ${widest})`);
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no sideways scrolling',
  );
}

/** Shows the page in each theme (the variables page-shell sets per project), checks it still fits, shoots it. */
async function inEveryTheme(view: Locator, name: string) {
  for (const theme of THEMES) {
    const style = Object.entries(themeVars(theme))
      .map(([k, v]) => `${k}:${v}`)
      .join(';');
    await view
      .locator('.sf-page')
      .first()
      .evaluate((root, css) => root.setAttribute('style', css), style);
    await fitsThePhone(suite.phone.page, view);
    await suite.phone.shot(`${name}-${theme}`);
  }
}

/** What a customer types into each applicant field kind (the submit screen's walk types the same). */
const GOOD: Record<string, string> = {
  TEXT: '无',
  NAME: '王五',
  IDCARD: '11010519491231002X',
  NUMBER: '25',
  PHONE: '13700137000',
  EMAIL: 'wangwu@example.com',
  ADDRESS: '广东省深圳市南山区科技园1号',
};

/** A new delivery address of this customer (Guangzhou, where every demo item ships). */
async function newAddress(token: string): Promise<string> {
  const address = await apiClient(suite.server.baseUrl, token).call<Address>('POST', '/front/v1/address', {
    consigneeName: '张三',
    consigneeTelephone: '13800138000',
    fullAddress: '科技园1号',
    provinceId: '440000',
    cityId: '440100',
    areaId: '440106',
  });
  return address.addressId;
}

/**
 * An unpaid deposit course order of this customer, submitted through the API as the submit screen does: with an
 * address when the course ships something, the applicant fields filled, the household type when it asks for one.
 */
async function depositOrder(token: string): Promise<string> {
  const api = apiClient(suite.server.baseUrl, token);
  for (let i = 1; i <= 12; i++) {
    const targetSn = `demo-course-${String(i).padStart(2, '0')}`;
    const c = await api
      .call<Confirmation>('GET', '/front/v2/client/course/order/confirm', { targetSn })
      .catch(() => null);
    if (!c || c.orderPayType !== 2 || c.disableFlag) continue;
    const { orderToken } = await api.call<{ orderToken: string }>('GET', '/front/v1/client/order/confirm/receipt', {
      createOrderSn: c.createOrderSn,
    });
    const userInfo = Object.fromEntries(c.restrict.map((r) => [r.nKey, GOOD[r.keyName] ?? '无']));
    const res = await api.call<SubmitResult>('POST', '/front/v2/client/course/order/submit', {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.confirmOrderAmount.payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken,
      orderPreAttachVO: {
        deliveryType: c.deliveryType,
        ...(c.deliveryType !== 4 ? { addressId: await newAddress(token) } : {}),
        ...(c.isHousehold ? { householdType: 'TRAILING_HOLD' } : {}),
        userExtra: JSON.stringify({ userInfo, restrict: c.restrict }),
      },
    });
    return res.orderNo;
  }
  throw new Error('no orderable demo deposit course');
}

/** §9: identical requests within about 600 ms are ignored (src/api/request.ts DEDUPE_WINDOW_MS). */
const DUPLICATE_SUPPRESSION_MS = 600;

/** From the order list, as a person: the order's card opens its detail. */
async function fromList(orderNo: string): Promise<Locator> {
  const { page } = suite.phone;
  const list = await openScreen(page, suite.server.baseUrl, '/pages/order/orderList', SCREENS.orderList, {
    marker: `.sf-order[data-order-no="${orderNo}"]`,
  });
  await list.locator(`.sf-order[data-order-no="${orderNo}"] .sf-order__name`).click();
  return currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
}

/** Pays what the header asks for at the sandbox cashier (微信支付, the cashier's first channel); back on the order. */
async function payFromHeader(detail: Locator): Promise<Locator> {
  const { page } = suite.phone;
  await detail.locator('.sf-detail__status #order-pay').click();
  await page.waitForURL(/\/sandbox\/cashier\//);
  await page.locator('#cashier-confirm').click();
  return currentPage(page, SCREENS.orderDetail, { marker: '#order-paid-list' });
}

test('deposit course: the header says what comes next and pays it; schedule, payments and lines add up', async () => {
  const { page } = suite.phone;
  await loginInBrowser(suite.phone, suite.server, '13700137301');
  const orderNo = await depositOrder(await tokenOf(page));

  let detail = await fromList(orderNo);
  const unpaid = await checkOrderDetailAmounts(detail);
  assert.equal(await text(detail.locator('.sf-detail__status-text')), '待付款');
  assert.match(await text(detail.locator('.sf-detail__status-sub')), /^待支付定金 ¥[\d.]+，请在\d\d:\d\d前完成支付$/);
  // The one next action, in the header: 支付定金 with the deposit, which is the schedule's first row.
  const pay = detail.locator('.sf-detail__status #order-pay');
  assert.equal(
    await text(pay),
    `支付定金 ${await text(detail.locator('.sf-schedule__row').first().locator('.sf-schedule__amount'))}`,
  );
  assert.equal(await detail.locator('#order-pay').count(), 1, 'the pay action shows once on the page');
  assert.equal(unpaid.schedule.length, 2);
  assert.equal(
    await text(detail.locator('.sf-detail__plan-sum')),
    `共2笔，合计 ${await text(detail.locator('.sf-lines__row', { hasText: '订单总额' }).locator('.sf-price'))}`,
  );
  assert.equal(await detail.locator('#order-paid-list').count(), 0, 'nothing paid yet: no 支付记录');
  assert.equal(
    (await readLines(detail)).get('待付款')?.amount,
    unpaid.total,
    '待付款 is the whole order before anything is paid',
  );
  await inEveryTheme(detail, 'od-01-deposit-unpaid');

  detail = await payFromHeader(detail);
  await detail.locator('.sf-detail__status-text', { hasText: '待付尾款' }).waitFor({ state: 'visible' });
  const half = await checkOrderDetailAmounts(detail);
  const [deposit, final] = half.schedule;
  assert.equal(deposit.status, '已支付（微信支付）', 'the paid row names the channel');
  assert.match(
    await text(detail.locator('.sf-detail__status-sub')),
    new RegExp(`^定金已付，待支付尾款 ¥${final.amount / 100}`),
  );
  assert.equal(fen(await text(detail.locator('.sf-detail__status #order-pay'))), final.amount);
  assert.match(await text(detail.locator('.sf-detail__status #order-pay')), /^支付尾款 /);
  // 支付记录: the deposit, its channel and amount.
  const record = detail.locator('#order-paid-list .sf-detail__paid-row');
  assert.equal(await record.count(), 1);
  assert.equal(await text(record.locator('.sf-detail__paid-title')), '定金微信支付');
  assert.equal(fen(await text(record.locator('.sf-detail__paid-amount'))), deposit.amount);
  const lines = await readLines(detail);
  assert.equal(
    (lines.get('已付款')?.amount ?? 0) + (lines.get('待付款')?.amount ?? 0),
    half.total,
    '已付款 + 待付款 = 订单总额',
  );
  assert.equal(lines.get('已付款')?.amount, deposit.amount);
  await inEveryTheme(detail, 'od-02-deposit-paid');

  detail = await payFromHeader(detail);
  await detail.locator('.sf-detail__status-text', { hasText: '已完成' }).waitFor({ state: 'visible' });
  await until(
    async () => (await detail.locator('#order-paid-list .sf-detail__paid-row').count()) === 2,
    'both payments are listed',
  );
  const done = await checkOrderDetailAmounts(detail);
  assert.deepEqual(
    done.schedule.map((r) => r.status),
    ['已支付（微信支付）', '已支付（微信支付）'],
  );
  assert.equal(
    (await readLines(detail)).get('实付款')?.amount,
    done.total,
    '实付款 is the whole order once all is paid',
  );
  assert.equal(await detail.locator('#order-pay').count(), 0);
  // Paid in full: the header offers 申请售后 where the course allows refunds, and nothing else.
  const next = detail.locator('.sf-detail__status .sf-detail__next');
  if (await next.count()) assert.equal(await text(next), '申请售后');
  await inEveryTheme(detail, 'od-03-deposit-done');
});

/** A paid goods order to this customer's new address, shipped by the merchant through the operator API. */
async function shippedGoodsOrder(token: string): Promise<string> {
  const api = apiClient(suite.server.baseUrl, token);
  const addressId = await newAddress(token);
  const c = await api.call<Confirmation>('GET', '/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' });
  const { orderToken } = await api.call<{ orderToken: string }>('GET', '/front/v1/client/order/confirm/receipt', {
    createOrderSn: c.createOrderSn,
  });
  const placed = await api.call<SubmitResult>('POST', '/front/v1/client/order/submit', {
    createOrderSn: c.createOrderSn,
    orderDiscountList: [],
    discountsAmount: 0,
    payAmount: c.confirmOrderAmount.payAmount,
    totalAmount: c.confirmOrderAmount.orderTotalAmount,
    orderToken,
    orderPreAttachVO: { deliveryType: c.deliveryType, addressId },
  });
  return placed.orderNo;
}

test('shipped goods: 确认收货 in the header, 查看物流 in the bar opens the tracking', async () => {
  const { page } = suite.phone;
  await loginInBrowser(suite.phone, suite.server, '13700137302');
  const orderNo = await shippedGoodsOrder(await tokenOf(page));
  let detail = await fromList(orderNo);
  await payFromHeader(detail);
  detail = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
  await detail.locator('.sf-detail__status-text', { hasText: '待发货' }).waitFor({ state: 'visible' });
  assert.equal(await text(detail.locator('.sf-detail__status-sub')), '商家正在备货，发货后可在此查看快递单号');
  assert.equal(await detail.locator('#order-receive').count(), 0);

  const shipped = await fetch(`${suite.server.baseUrl}/ops/orders/${orderNo}/ship`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ carrierName: '顺丰速运', trackingNo: 'SF1234567890' }),
  });
  assert.equal(shipped.status, 200, await shipped.text());
  // §9 duplicate suppression: an identical read within 600 ms is answered by the one before it. The walk would
  // reopen the order well inside that window (a person cannot), and be shown the order as it was before shipping.
  await page.waitForTimeout(DUPLICATE_SUPPRESSION_MS);
  detail = await fromList(orderNo);
  await shownIn(page, detail, '.sf-detail__status #order-receive');
  assert.equal(await text(detail.locator('.sf-detail__status-text')), '待收货');
  assert.match(
    await text(detail.locator('.sf-detail__status-sub')),
    /^商品已发出，\d\d月\d\d日 \d\d:\d\d后将自动确认收货$/,
  );
  assert.equal(await text(detail.locator('.sf-detail__bar #order-logistics')), '查看物流');
  assert.equal(await detail.locator('#order-receive').count(), 1, '确认收货 shows once');
  const paid = detail.locator('#order-paid-list .sf-detail__paid-row');
  assert.equal(await text(paid.locator('.sf-detail__paid-title')), '订单支付微信支付');
  assert.equal((await readLines(detail)).get('实付款')?.amount, (await checkOrderDetailAmounts(detail)).total);
  await inEveryTheme(detail, 'od-04-goods-shipped');

  await detail.locator('.sf-detail__bar #order-logistics').click();
  await page.waitForURL(/logistics\/logistics\?.*trackingNo=SF1234567890/);
  await currentPage(page, { route: 'subpackages/order/logistics/logistics', marker: '.sf-as' });
  await suite.phone.shot('od-05-logistics');
});

test('§2 custom navigation: the header names the order; back to the list, or 首页 when opened directly', async () => {
  const { page } = suite.phone;
  await loginInBrowser(suite.phone, suite.server, '13700137303');
  const orderNo = await shippedGoodsOrder(await tokenOf(page));
  const detail = await fromList(orderNo);
  const header = detail.locator('.sf-page-header');
  await header.getByRole('heading', { name: '订单详情', exact: true }).waitFor({ state: 'visible' });
  const box = await header.boundingBox();
  assert.ok(
    box && Math.abs(box.y) < 1 && Math.abs(box.width - 375) < 1,
    `the header spans the top (${JSON.stringify(box)})`,
  );
  await suite.phone.shot('od-06-header');
  await header.getByRole('button', { name: '返回', exact: true }).click();
  await currentPage(page, SCREENS.orderList, { marker: `.sf-order[data-order-no="${orderNo}"]` });

  // Opened by its address (a link, a payment's return): nothing to go back to, so the header offers 首页.
  await page.goto(`${suite.server.baseUrl}/?again=nav#/pages/order/orderDetail?orderNo=${orderNo}`);
  const direct = await currentPage(page, SCREENS.orderDetail);
  await direct.locator('.sf-page-header').getByRole('heading', { name: '订单详情', exact: true }).waitFor();
  await direct.locator('.sf-page-header').getByRole('button', { name: '首页', exact: true }).click();
  await currentPage(page, SCREENS.home);
});
