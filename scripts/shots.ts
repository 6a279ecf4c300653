/**
 * Page gallery: `npm run shots` starts the server on a fresh database (the e2e harness's startServer,
 * serving dist/h5 or SHOTS_H5_DIST), walks every page of the H5 at 375x812 in each of the four themes (a visitor
 * first, then a customer logged in by phone with the SMS code from the server log) and writes the screenshots and
 * an index.html to shots/ (or SHOTS_DIR). A page that does not show its marker in time is still photographed,
 * flagged in the index, and the script exits non-zero at the end, so a broken page is seen, not skipped.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { loginInBrowser, openBrowser, openPhone, startServer, SCREENS, type Phone, type Server } from '../e2e/harness';
import { currentPage } from '../e2e/screens';

const root = join(__dirname, '..');
const OUT = process.env.SHOTS_DIR || join(root, 'shots');
const WAIT = 45000;

const THEMES = [
  { projectSn: 'demo', theme: 'default', phone: '13800138001' },
  { projectSn: 'course', theme: 'course', phone: '13800138002' },
  { projectSn: 'integral', theme: 'integral', phone: '13800138003' },
  { projectSn: 'auth', theme: 'authentication', phone: '13800138004' },
];

interface Stop {
  /** File name part and caption. */
  name: string;
  title: string;
  /** Hash path, with {p} for the projectSn. */
  path: string;
  marker: string;
}

const VISITOR: Stop[] = [
  { name: 'home', title: '首页', path: '/pages/index/index', marker: '.sf-home .sf-modules' },
  { name: 'tab-two', title: '第二个首页标签', path: '/pages/index/tabTwo', marker: '.sf-home .sf-modules' },
  { name: 'tab-three', title: '第三个首页标签', path: '/pages/index/tabThree', marker: '.sf-home .sf-modules' },
  { name: 'tab-four', title: '第四个首页标签', path: '/pages/index/tabFour', marker: '.sf-home .sf-modules' },
  { name: 'center-visitor', title: '我的（访客）', path: '/pages/center/center', marker: '.sf-center' },
  {
    name: 'course-detail',
    title: '课程详情',
    path: '/pages/activity/courseDetail?actSn={p}-course-01',
    marker: '.sf-act__name',
  },
  {
    name: 'activity-detail',
    title: '活动详情',
    path: '/pages/activity/activityDetail?actSn={p}-activity-01',
    marker: '.sf-act__name',
  },
  {
    name: 'goods-detail',
    title: '商品详情',
    path: '/pages/activity/activityDetail?actSn={p}-goods-03',
    marker: '.sf-act__name',
  },
  { name: 'error', title: '提示页', path: '/pages/error/error?reason=notBuilt', marker: '.sf-error' },
  { name: 'login', title: '手机号登录', path: '/pages/entrance/entrance?login=phone', marker: '.sf-login__submit' },
];

const CUSTOMER: Stop[] = [
  { name: 'search', title: '搜索', path: '/pages/index/indexSearch', marker: '.sf-search' },
  { name: 'center', title: '我的', path: '/pages/center/center', marker: '.sf-center__strip' },
  {
    name: 'more',
    title: '更多列表',
    path: '/subpackages/activity/moreActivity/moreActivity?targetSn={p}-col-course',
    marker: '.sf-more',
  },
  {
    name: 'reviews',
    title: '全部评价',
    path: '/subpackages/activity/getCommentList/getCommentList?actSn={p}-course-01',
    marker: '.sf-reviews',
  },
  {
    name: 'course-submit',
    title: '确认订单（课程）',
    path: '/pages/order/courseOrderSubmit?targetSn={p}-course-02',
    marker: '.sf-submit__btn',
  },
  {
    name: 'goods-submit',
    title: '确认订单（商品）',
    path: '/pages/order/orderSubmit?targetSn={p}-goods-03',
    marker: '.sf-submit__btn',
  },
  {
    name: 'addresses',
    title: '收货地址',
    path: '/subpackages/user/address/deliveryAddress',
    marker: '.sf-addresses__bar',
  },
  {
    name: 'address-new',
    title: '新增收货地址',
    path: '/subpackages/user/address/addEditAddress',
    marker: '.sf-address-form__save',
  },
  { name: 'order-list', title: '我的订单', path: '/pages/order/orderList', marker: '.sf-orders__tabs' },
  { name: 'service', title: '联系客服', path: '/subpackages/user/thirdParty/customerService', marker: '.sf-service' },
  {
    name: 'coupons',
    title: '我的优惠券',
    path: '/subpackages/coupon/discountCouponList/discountCouponList',
    marker: '.sf-coupons-page__tabs',
  },
  { name: 'cards', title: '我的卡券', path: '/subpackages/coupon/couponList/couponList', marker: '.sf-coupons-page' },
  {
    name: 'exchange',
    title: '兑换卡券',
    path: '/subpackages/activity/exchangeCenter/exchangeCenter',
    marker: '.sf-exchange__card',
  },
  {
    name: 'collect-form',
    title: '信息收集表单',
    path: '/pages/collectForms/collectForms?formSn={p}-form',
    marker: '.sf-collect__title',
  },
  { name: 'feedback', title: '意见反馈', path: '/subpackages/user/feedback/feedback', marker: '#feedback-submit' },
  { name: 'agreement', title: '用户协议', path: '/subpackages/user/user/agreement', marker: '#agreement-title' },
  { name: 'drainage', title: '关注我们', path: '/subpackages/user/drainage/drainageCode', marker: '#drainage-qr' },
  { name: 'huimin', title: '惠民服务', path: '/subpackages/user/huimin/huiminServer', marker: '.sf-huimin' },
  {
    name: 'after-sales',
    title: '售后服务',
    path: '/subpackages/order/afterSale/afterSaleOrder',
    marker: '.sf-as__tabs',
  },
  {
    name: 'integral-query',
    title: '积分查询',
    path: '/subpackages/user/integral/integralQuery',
    marker: '.sf-points__card',
  },
  {
    name: 'authentication',
    title: '实名认证',
    path: '/subpackages/earnings/authentication/authentication',
    marker: '#auth-submit',
  },
  {
    name: 'result',
    title: '结果页',
    path: '/subpackages/result/success/index?kind=signUp&orderNo=SO0000000001',
    marker: '#result-title',
  },
];

interface Taken {
  theme: string;
  name: string;
  title: string;
  file: string;
  ok: boolean;
}

/** The route part of a hash path: "/pages/x/y?a=1" -> "pages/x/y". */
const routeOf = (path: string) => path.replace(/^\//, '').split('?')[0];

/**
 * Opens a hash path as a fresh load of the app: Taro keeps earlier pages in the DOM, and a second instance of the
 * same route (two details in a row) could otherwise be mistaken for the first.
 */
async function open(phone: Phone, server: Server, path: string) {
  await phone.page.goto(`${server.baseUrl}/#${path}`);
  await phone.page.reload();
}

async function visit(phone: Phone, server: Server, stop: Stop, projectSn: string, theme: string, taken: Taken[]) {
  const path = stop.path.replace(/\{p\}/g, projectSn);
  const file = `${theme}-${stop.name}.png`;
  let ok = true;
  try {
    await open(phone, server, path);
    await currentPage(phone.page, { route: routeOf(path), marker: stop.marker }, { timeout: WAIT });
    await settle(phone.page);
  } catch (err) {
    ok = false;
    console.error(`[shots] ${theme} ${stop.name}: ${String(err).split('\n')[0]}`);
  }
  await phone.page.screenshot({ path: join(OUT, file), animations: 'disabled' });
  taken.push({ theme, name: stop.name, title: stop.title, file, ok });
  console.log(`[shots] ${ok ? 'ok  ' : 'FAIL'} ${file}`);
}

/** Fonts loaded, network quiet, skeletons gone (a picture of a skeleton would hide the page it stands for). */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.taro_page_show:not(.taro_page_shade) .sf-skeleton'), undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
}

/** The order detail of the customer's newest order, reached from the order list as a person would. */
async function orderDetail(phone: Phone, server: Server, theme: string, taken: Taken[]) {
  const file = `${theme}-order-detail.png`;
  let ok = true;
  try {
    await open(phone, server, '/pages/order/orderList');
    const list = await currentPage(phone.page, SCREENS.orderList, { timeout: WAIT });
    await list.locator('.sf-order').first().click({ timeout: 5000 });
    await currentPage(phone.page, SCREENS.orderDetail, { timeout: WAIT });
    await settle(phone.page);
  } catch (err) {
    ok = false;
    console.error(`[shots] ${theme} order-detail: ${String(err).split('\n')[0]}`);
  }
  await phone.page.screenshot({ path: join(OUT, file), animations: 'disabled' });
  taken.push({ theme, name: 'order-detail', title: '订单详情', file, ok });
}

/**
 * Places one order (a zero-price activity signs up without payment) so the order list and detail have something to
 * show.
 */
async function placeOrder(phone: Phone, server: Server, projectSn: string) {
  try {
    await open(phone, server, `/pages/activity/activityDetail?actSn=${projectSn}-activity-02`);
    const detail = await currentPage(phone.page, SCREENS.activityDetail, { timeout: WAIT });
    await detail.locator('#act-order').click({ timeout: 5000 });
    // A zero-price item signs up at once (no submit screen) and shows the result page, whose 查看订单 opens the
    // order; others go through a submit screen.
    await phone.page.waitForFunction(() => /rderSubmit|orderDetail|result\/index/i.test(location.hash), undefined, {
      timeout: WAIT,
    });
    if (/result\/index/.test(phone.page.url())) {
      const result = await currentPage(
        phone.page,
        { route: 'subpackages/result/success/index', marker: '#result-order' },
        { timeout: WAIT },
      );
      await result.locator('#result-order').click({ timeout: 5000 });
    }
    if (/orderDetail|result\/index/.test(phone.page.url())) {
      await currentPage(phone.page, SCREENS.orderDetail, { timeout: WAIT });
      return;
    }
    const screen = /courseOrderSubmit/.test(phone.page.url()) ? SCREENS.courseOrderSubmit : SCREENS.orderSubmit;
    const submit = await currentPage(phone.page, screen, { timeout: WAIT });
    await submit.locator('.sf-submit__btn').click({ timeout: 5000 });
    await currentPage(phone.page, SCREENS.orderDetail, { timeout: WAIT });
  } catch (err) {
    console.error(`[shots] ${projectSn}: could not place an order (${String(err).split('\n')[0]})`);
  }
}

function indexHtml(taken: Taken[]): string {
  const themes = THEMES.map((t) => t.theme);
  const names = Array.from(new Set(taken.map((t) => t.name)));
  const cell = (theme: string, name: string) => {
    const t = taken.find((x) => x.theme === theme && x.name === name);
    if (!t) return '<td></td>';
    return `<td class="${t.ok ? '' : 'bad'}"><a href="${t.file}"><img src="${t.file}" alt="${t.title}（${theme}）" loading="lazy"></a></td>`;
  };
  const rows = names
    .map((n) => {
      const title = taken.find((t) => t.name === n)?.title ?? n;
      return `<tr><th>${title}<br><small>${n}</small></th>${themes.map((th) => cell(th, n)).join('')}</tr>`;
    })
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Storefront pages</title>
<style>body{font-family:sans-serif;margin:16px}table{border-collapse:collapse}th,td{padding:6px;vertical-align:top;border-bottom:1px solid #ddd}
img{width:220px;border:1px solid #ccc}td.bad img{border:3px solid #c00}th{text-align:left;width:120px}</style></head>
<body><h1>Storefront pages at 375x812</h1><p>${new Date().toISOString()} · a red frame marks a page that did not show its marker in time.</p>
<table><tr><th></th>${themes.map((t) => `<th>${t}</th>`).join('')}</tr>
${rows}</table></body></html>`;
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  if (process.env.SHOTS_H5_DIST) process.env.E2E_H5_DIST = process.env.SHOTS_H5_DIST;
  const server = await startServer();
  const browser = await openBrowser();
  const taken: Taken[] = [];
  const only = process.env.SHOTS_THEMES?.split(',');
  try {
    for (const t of THEMES.filter((x) => !only || only.includes(x.theme))) {
      const phone = await openPhone(browser);
      try {
        await phone.page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=${t.projectSn}`);
        await currentPage(phone.page, SCREENS.home);
        for (const stop of VISITOR) await visit(phone, server, stop, t.projectSn, t.theme, taken);
        await loginInBrowser(phone, server, t.phone, SCREENS.center);
        await placeOrder(phone, server, t.projectSn);
        for (const stop of CUSTOMER) await visit(phone, server, stop, t.projectSn, t.theme, taken);
        await orderDetail(phone, server, t.theme, taken);
      } finally {
        await phone.context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  writeFileSync(join(OUT, 'index.html'), indexHtml(taken));
  const bad = taken.filter((t) => !t.ok);
  console.log(
    `[shots] ${taken.length} screenshots in ${OUT}/index.html${bad.length ? `, ${bad.length} did not show their page` : ''}`,
  );
  if (bad.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
