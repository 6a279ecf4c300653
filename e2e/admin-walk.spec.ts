/**
 * From the console to the customer and back, project demo: the owner (desktop, typed key by key) creates an
 * instalment course in 商品管理 and publishes it, a ¥100 coupon and a claim activity offering it, and a banner on
 * the home tab whose jump is the new course. A customer (phone, H5) logs in, claims the coupon from the claim link,
 * taps the banner on the home tab, orders the course with the coupon and pays the first period in the sandbox;
 * every amount adds up. The owner finds the order by the customer's phone in 订单管理, paid with the coupon. Then
 * a goods order: paid by the customer, shipped by the owner from the order's detail after a confirmation, seen
 * 待收货 with its number by the customer, who confirms receipt.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureAdminBuilt } from './admin-desk';
import { openConsole, selectDropdown, type ConsoleOps } from './console-ops';
import { placeGoodsOrder } from './goods-order';
import {
  SCREENS,
  checkOrderDetailAmounts,
  checkSubmitAmounts,
  currentPage,
  expectToast,
  fen,
  loginInBrowser,
  openBrowser,
  openPhone,
  openScreen,
  startServer,
  tokenOf,
  typeKeys,
  until,
  type Phone,
  type Screen,
  type Server,
} from './harness';

/** Unique per run, so the names typed never meet an earlier run's. */
const RUN = Date.now().toString(36).slice(-5);
const COURSE = `走查分期课${RUN}`;
const COUPON = `走查立减100-${RUN}`;
const CLAIM = `走查领券-${RUN}`;
const BANNER = { title: `走查新课${RUN}`, image: '/static/images/banner-4.svg' };
const PHONE = '13700137661';
const TRACKING = 'SF5566778899';
const CLAIM_SCREEN: Screen = {
  route: 'subpackages/activity/getCouponActive/getCouponActive',
  marker: '.sf-claim .sf-ticket',
};

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;
let phone: Phone;
let actSn = '';
let claimPath = '';
let courseOrder = '';
let goodsOrder = '';

const modal = (title: string) => page.locator('.ant-modal', { hasText: title }).filter({ visible: true });
const ordersRows = () => page.locator('.sf-admin-orders .ant-table-tbody .ant-table-row');

/** Picks an option of a searchable select in `root`, typing `typed` into its search key by key. */
async function pick(root: Locator, id: string, typed: string, option: string): Promise<void> {
  await root.locator('.ant-select', { has: page.locator(`#${id}`) }).click();
  await root.locator(`#${id}`).pressSequentially(typed, { delay: 40 });
  await selectDropdown(page, id).locator('.ant-select-item-option', { hasText: option }).click();
}

/**
 * 订单管理 by the customer's phone, typed key by key: the rows are exactly the customer's orders (`theirs`, newest
 * first); opens the detail of the first.
 */
async function openOrderByPhone(theirs: string[]): Promise<Locator> {
  const [orderNo] = theirs;
  const list = await ops.open('订单管理', '.sf-admin-orders .sf-admin-list-filter');
  const form = list.locator('.sf-admin-orders .sf-admin-list-filter');
  await typeKeys(form.locator('#phone'), PHONE);
  await form.getByRole('button', { name: '查询' }).click();
  const listed = async () => (await ordersRows().allInnerTexts()).map((t) => /SO\w+/.exec(t)?.[0] ?? '').join();
  try {
    await until(async () => (await listed()) === theirs.join(), 'the list shows the customer’s orders', 20_000);
  } catch {
    assert.deepEqual((await listed()).split(','), theirs, 'the phone search lists the customer’s orders');
  }
  const row = ordersRows().filter({ hasText: orderNo });
  await ops.shot('walk-orders-by-phone');
  await row.getByRole('link', { name: '详情' }).click();
  await page.waitForURL(new RegExp(`/admin/orders/${orderNo}$`));
  const detail = page.locator('.sf-admin-order-detail');
  await detail.locator('.ant-descriptions-item-content', { hasText: orderNo }).first().waitFor();
  return detail;
}

/** A record of what the phone shows, in /tmp beside the console's; never a check. */
const phoneShot = (name: string) => phone.page.screenshot({ path: `/tmp/phone-${name}.png`, animations: 'disabled' });

/** The order's own page on the phone, loaded afresh (the customer comes back to it later). */
async function phoneOrder(orderNo: string, marker: string): Promise<Locator> {
  await openScreen(phone.page, server.baseUrl, `/pages/order/orderDetail?orderNo=${orderNo}`, SCREENS.orderDetail);
  await phone.page.reload();
  return currentPage(phone.page, SCREENS.orderDetail, { marker });
}

describe('from the console to the customer and back', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    ops = await openConsole(browser, server.baseUrl, 'demo');
    page = ops.page;
    phone = await openPhone(browser);
  });
  after(async () => {
    await phone?.close();
    await ops?.close();
    await browser?.close();
    await server?.stop();
  });

  test('the owner publishes an instalment course in 商品管理', async () => {
    const list = await ops.open('商品管理', '.sf-admin-catalogue');
    await list.getByRole('button', { name: '新建商品' }).click();
    await page.waitForURL(/\/admin\/catalogue\/new$/);
    const edit = page.locator('.sf-admin-catalogue-edit');
    await edit.waitFor();
    await typeKeys(edit.locator('#actName'), COURSE);
    await typeKeys(edit.locator('#cover'), 'https://example.com/course.png');
    await typeKeys(edit.locator('#priceYuan'), '1200');
    await edit.getByLabel('分期').check();
    const add = edit.getByRole('button', { name: '添加一期' });
    await add.click();
    await add.click();
    await typeKeys(edit.locator('#plan_0_amountYuan'), '600');
    await typeKeys(edit.locator('#plan_1_amountYuan'), '600');
    await typeKeys(edit.locator('#plan_1_dueDays'), '30');
    await edit.getByRole('button', { name: '保存并上架' }).click();
    await edit.getByRole('button', { name: '下架' }).waitFor();
    await page.waitForURL(/\/admin\/catalogue\/[A-Za-z0-9-]+$/);
    actSn = decodeURIComponent(/\/catalogue\/([^/?#]+)$/.exec(page.url())![1]);
    await ops.shot('walk-course-published');
  });

  test('the owner makes a ¥100 coupon and a claim activity offering it', async () => {
    const coupons = await ops.open('优惠券', '.sf-admin-coupons .ant-table');
    await coupons.getByRole('button', { name: '新建优惠券' }).click();
    let form = modal('新建优惠券');
    await form.locator('#couponName').waitFor();
    await typeKeys(form.locator('#couponName'), COUPON);
    await form.locator('label', { hasText: '减金额' }).click();
    await typeKeys(form.locator('#amount'), '100');
    await typeKeys(form.locator('#threshold'), '500');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.locator('.sf-admin-coupons .ant-table-row', { hasText: COUPON }).waitFor();

    const claims = await ops.open('领券活动', '.sf-admin-claims .ant-table');
    await claims.getByRole('button', { name: '新建领券活动' }).click();
    form = modal('新建领券活动');
    await form.locator('#title').waitFor();
    await typeKeys(form.locator('#title'), CLAIM);
    await pick(form, 'items_0_couponSn', RUN, COUPON);
    await typeKeys(form.locator('#items_0_stock'), '100');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'hidden' });
    const saved = page.locator('.sf-admin-claims .ant-table-row', { hasText: CLAIM });
    await saved.waitFor();
    // The claim link the QR code carries: what the customer scans.
    await saved.getByText('二维码').click();
    const qr = modal(`领券二维码：${CLAIM}`);
    await qr.locator('img[alt=领券二维码]').waitFor();
    const link = /\/subpackages\/activity\/getCouponActive\/getCouponActive\?actSn=\w+&projectSn=demo/.exec(
      await qr.innerText(),
    );
    assert.ok(link, 'the QR dialog shows the claim link');
    claimPath = link[0];
    await qr.getByRole('button', { name: '关闭' }).click();
    await qr.waitFor({ state: 'hidden' });
  });

  test('the owner puts a banner jumping to the course on the home tab', async () => {
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '页面装修' }).click();
    await page.waitForURL(/\/admin\/home-pages$/);
    const editor = page.locator('[data-testid=home-pages]');
    await editor.locator('.ant-select-selection-item', { hasText: '底部导航1 · 首页' }).waitFor();
    const rows = editor.locator('[data-testid=module-row]');
    await rows.first().waitFor();
    const before = await rows.count();
    await editor.getByRole('button', { name: '添加模块' }).click();
    const form = page.locator('.ant-modal', { hasText: '添加模块' });
    await form.waitFor();
    await typeKeys(form.locator('#module_items_0_image'), BANNER.image);
    await typeKeys(form.locator('#module_items_0_title'), BANNER.title);
    await pick(form, 'module_items_0_jumpContent_firstEnum', '课程详情', '课程详情（APP_HUIMIN_COURSE_DETAIL）');
    await pick(form, 'module_items_0_jumpContent_targetSn', COURSE, COURSE);
    await form.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message', { hasText: '模块已保存' }).waitFor();
    await form.waitFor({ state: 'hidden' });
    await rows.nth(before).waitFor();
    assert.match(await rows.nth(before).innerText(), /轮播图[\s\S]*课程详情/);
    await ops.shot('walk-home-banner');
  });

  test('the customer claims the coupon, finds the course on the home tab and pays its first period', async () => {
    const { page: h5 } = phone;
    await loginInBrowser(phone, server, PHONE);
    const claim = await openScreen(h5, server.baseUrl, claimPath, CLAIM_SCREEN);
    const ticket = claim.locator('.sf-ticket', { has: h5.locator('.sf-ticket__name', { hasText: COUPON }) });
    await ticket.locator('.sf-pill', { hasText: '领取' }).click();
    await expectToast(h5, '领取成功');
    await ticket.locator('.sf-pill', { hasText: '已领取' }).waitFor({ state: 'visible' });
    await phoneShot('walk-01-claimed');

    await h5.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=demo`);
    const home = await currentPage(h5, SCREENS.home);
    const banner = home.locator(`img[alt="${BANNER.title}"]`).first();
    await banner.scrollIntoViewIfNeeded();
    await phoneShot('walk-02-home-banner');
    await banner.click();
    const detail = await currentPage(h5, SCREENS.courseDetail);
    assert.match(h5.url(), new RegExp(`actSn=${actSn}`), 'the banner opens the course the owner published');
    assert.equal((await detail.locator('.sf-act__name').textContent())?.trim(), COURSE);
    assert.equal(fen(await detail.locator('.sf-act__price').textContent()), 120000);

    await detail.locator('#act-order').click();
    const submit = await currentPage(h5, SCREENS.courseOrderSubmit, { marker: '.sf-submit__payable .sf-price' });
    const line = submit.locator('.sf-lines__row', { hasText: '优惠券' });
    await line.locator('.sf-lines__discount').waitFor({ state: 'visible' });
    // The claimed coupon is chosen (the biggest saving comes first); otherwise pick it in the popup.
    if (fen(await line.locator('.sf-lines__discount').textContent()) !== 10000) {
      await line.click();
      const popup = submit.locator('.sf-coupons');
      await popup.locator('.sf-coupon:not(.is-disabled)', { hasText: COUPON }).click();
      await popup.waitFor({ state: 'hidden' });
    }
    await until(
      async () => fen(await line.locator('.sf-lines__discount').textContent()) === 10000,
      'the ¥100 coupon is on the order',
    );
    const amounts = await checkSubmitAmounts(submit);
    assert.equal(amounts.payLabel, '本期');
    assert.deepEqual([amounts.price, amounts.coupon, amounts.schedule.length], [120000, 10000, 2]);
    await phoneShot('walk-03-submit');

    await submit.locator('.sf-submit__btn').click();
    await h5.waitForURL(/\/sandbox\/cashier\//);
    const cashier = h5.locator('#cashier-amount');
    await cashier.waitFor({ state: 'visible' });
    assert.equal(fen(await cashier.textContent()), amounts.payable, 'the cashier asks for the period due now');
    await h5.locator('#cashier-confirm').click();
    const order = await currentPage(h5, SCREENS.orderDetail);
    await order.locator('.sf-schedule__row.is-paid').first().waitFor({ state: 'visible' });
    const seen = await checkOrderDetailAmounts(order);
    assert.equal(seen.total, amounts.order - amounts.coupon, '订单总额 is what the submit screen made of it');
    assert.equal(seen.schedule[0].amount, amounts.payable);
    courseOrder = new URL(h5.url()).hash.match(/orderNo=([^&]+)/)?.[1] ?? '';
    assert.ok(courseOrder, 'the order detail names its order');
    await phoneShot('walk-04-first-period-paid');
  });

  test('the owner finds the order by the customer’s phone, paid with the coupon', async () => {
    const detail = await openOrderByPhone([courseOrder]);
    const item = (label: string) =>
      detail.locator('.ant-descriptions-item', {
        has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }),
      });
    const shown: Record<string, string> = {};
    for (const label of ['商品', '付款方式', '订单金额', '优惠', '已付', '用户手机号'])
      shown[label] = (await item(label).locator('.ant-descriptions-item-content').innerText()).trim();
    assert.deepEqual(shown, {
      商品: COURSE,
      付款方式: '分期',
      订单金额: '¥1100',
      优惠: '¥100',
      已付: '¥500',
      用户手机号: PHONE,
    });
    assert.match(await detail.locator('.ant-card', { hasText: '支付记录' }).innerText(), /已支付/);
    assert.match(await detail.locator('.ant-card', { hasText: '付款计划' }).innerText(), /已支付[\s\S]*未支付/);
    const coupon = detail.locator('.ant-card', { hasText: '券码' }).locator('.ant-table-row', { hasText: COUPON });
    assert.match(await coupon.innerText(), /¥100[\s\S]*已使用/);
    await ops.shot('walk-order-paid-with-coupon');
  });

  test('goods: paid by the customer, shipped by the owner, received by the customer', async () => {
    const { page: h5 } = phone;
    goodsOrder = await placeGoodsOrder(server.baseUrl, await tokenOf(h5));
    let order = await phoneOrder(goodsOrder, '#order-pay');
    await order.locator('#order-pay').click();
    await h5.waitForURL(/\/sandbox\/cashier\//);
    await h5.locator('#cashier-confirm').click();
    order = await currentPage(h5, SCREENS.orderDetail);
    await order.locator('.sf-detail__status-text', { hasText: '待发货' }).waitFor({ state: 'visible' });

    const detail = await openOrderByPhone([goodsOrder, courseOrder]);
    await detail.locator('.ant-page-header-heading-tags .ant-tag', { hasText: '待发货' }).waitFor();
    await detail.getByRole('button', { name: '发货', exact: true }).click();
    const ship = page.locator('.ant-modal-content', { hasText: '快递单号' });
    await typeKeys(ship.locator('#ship_carrierName'), '顺丰速运');
    await typeKeys(ship.locator('#ship_trackingNo'), TRACKING);
    await ship.getByRole('button', { name: '发货' }).click();
    await page
      .locator('.ant-modal-confirm', { hasText: '确认发货？' })
      .getByRole('button', { name: '确认发货' })
      .click();
    await page.locator('.ant-message', { hasText: `订单 ${goodsOrder} 已发货` }).waitFor();
    await detail.locator('.ant-page-header-heading-tags .ant-tag', { hasText: '待收货' }).waitFor();
    await ops.shot('walk-goods-shipped');

    order = await phoneOrder(goodsOrder, '#order-receive');
    assert.equal(await order.locator('.sf-detail__status-text').textContent(), '待收货');
    assert.match((await order.locator('#order-tracking-no').textContent()) ?? '', new RegExp(TRACKING));
    await phoneShot('walk-05-to-receive');
    await order.locator('#order-receive').click();
    const dialog = order.locator('.sf-confirm');
    await dialog.getByText('请确认已收到商品，确认后订单将完成', { exact: true }).waitFor({ state: 'visible' });
    await dialog.getByText('确定', { exact: true }).click();
    await expectToast(h5, '已确认收货');
    await until(
      async () => (await order.locator('.sf-detail__status-text').textContent()) === '已完成',
      'the order is 已完成',
    );
    await phoneShot('walk-06-received');
  });
});
