/**
 * After-sales walk: a customer pays an order in the sandbox cashier, applies for a return and refund
 * with an evidence image, the merchant agrees in the console (售后处理) and asks for the goods back, the customer
 * writes the tracking number key by key (a wrong shape is named first), the merchant confirms receipt, the
 * sandbox refund notifies the server and the application and the order turn to 退款成功 / 已退款. Then a refused
 * application shows the merchant's reason; a cancelled one shows 已撤销 at once on the page it was cancelled from
 * (its reload once shared the answer of the read sent just before the cancel: src/api/request.ts); and the
 * console's 换课 moves a paid course order to another course, whose new order shows the 费用抵扣.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { AfterSaleDetail, CourseChangeOptions } from '../contract/after-sales';
import { formatChinaTime } from '../contract/rules/china-time';
import type { Confirmation, SubmitResult } from '../contract/order';
import { formatMoney } from '../contract/rules/money';
import { computeSign, DEFAULT_SIGN_KEY, makeNonce } from '../contract/signature';
import { themeVars, type ThemeName } from '../src/domain/theme';
import {
  currentPage,
  expectToast,
  field,
  loginInBrowser,
  openScreen,
  SCREENS,
  tokenOf,
  typeKeys,
  until,
  WAIT_MS,
  type Phone,
  type Screen,
} from './harness';
import type { Locator, Page } from 'playwright-core';
import { ensureAdminBuilt } from './admin-desk';
import { closeDrawer, openConsole } from './console-ops';
import { phoneSuite } from './suite';

const OPS_KEY = 'storefront-demo-ops-key';
const O = 'subpackages/order';
const S = {
  list: { route: `${O}/afterSale/afterSaleOrder`, marker: '.sf-as__tabs' },
  apply: { route: `${O}/afterSale/afterSaleApply`, marker: '#as-submit' },
  detail: { route: `${O}/afterSale/afterSaleDetail`, marker: '#as-state' },
  write: { route: `${O}/logistics/writeLogistics`, marker: '#logistics-submit' },
  logistics: { route: `${O}/logistics/logistics`, marker: '#track-state' },
  progress: { route: `${O}/afterSale/afterSaleProgress`, marker: '#asp-records' },
} satisfies Record<string, Screen>;
const THEMES: ThemeName[] = ['default', 'course', 'integral', 'authentication'];
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// The console is built before the suite's server starts (the server lists the build's files when it starts).
before(() => ensureAdminBuilt());
const suite = phoneSuite({ perTest: false });

/** A signed call as the storefront makes it, with this customer's token. */
async function call<T>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const p: Record<string, unknown> = { ...params, timestamp: Date.now(), nonceStr: makeNonce() };
  if (method === 'POST') p.token = token;
  const body = { ...p, sign: computeSign({ method, path }, p, DEFAULT_SIGN_KEY) };
  const query = new URLSearchParams(
    Object.entries(body).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  const res = await fetch(
    method === 'GET' ? `${suite.server.baseUrl}${path}?${query}` : `${suite.server.baseUrl}${path}`,
    {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : { 'x-token': token },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    },
  );
  const json = (await res.json()) as { state: boolean; message: string; info: T };
  if (!json.state) throw new Error(`${path}: ${json.message}`);
  return json.info;
}

/** The application as the server tells the storefront (what the pages must show), read with the customer's token. */
const viewOf = (token: string, applicationNo: string) =>
  call<AfterSaleDetail>(token, 'GET', `/front/v1/after/sales/${applicationNo}`);

/** Taps 售后进度 on the detail and reads what the progress page shows. */
async function openProgress(p: Phone, detail: Locator) {
  await detail.locator('.sf-as__btn', { hasText: '售后进度' }).click();
  const view = await currentPage(p.page, S.progress);
  const texts = (selector: string) => view.locator(selector).allTextContents();
  const seen = {
    state: await view.locator('#asp-state').textContent(),
    next: await view.locator('#asp-next').textContent(),
    due: (await view.locator('#asp-due').count()) ? await view.locator('#asp-due').textContent() : null,
    amount: (await texts('#asp-money .sf-asp__money-head'))[0],
    channels: await texts('#asp-money .sf-asp__channel'),
    steps: await texts('#asp-steps .at-steps__title'),
    ticked: await view.locator('#asp-steps .at-steps__single-icon--success').count(),
    crossed: await view.locator('#asp-steps .at-steps__single-icon--error').count(),
    current: await view.locator('#asp-steps .at-steps__item--active .at-steps__title').textContent(),
    // Newest first: each row's first line (what happened) and its last (when).
    rows: await view.locator('#asp-records .at-timeline-item').evaluateAll((items) =>
      items.map((el) => {
        const lines = Array.from(el.querySelectorAll('.at-timeline-item__content-item')).map(
          (l) => l.textContent ?? '',
        );
        return { what: lines[0], when: lines[lines.length - 1] };
      }),
    ),
  };
  await fitsThePhone(p.page, view);
  return { view, seen };
}

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

/** The step bar's connectors: reached ones in the theme's text colour, the rest in the border grey. */
async function connectorColours(view: Locator) {
  return view.locator('#asp-steps .at-steps__left-line, #asp-steps .at-steps__right-line').evaluateAll((lines) => {
    const probe = (v: string) => {
      const el = document.createElement('div');
      el.style.color = v;
      lines[0].parentElement!.appendChild(el);
      const c = getComputedStyle(el).color;
      el.remove();
      return c;
    };
    const reached = probe('var(--sf-primary-text)');
    const grey = probe('var(--sf-border)');
    return lines.map((l) => {
      const c = getComputedStyle(l).backgroundColor;
      return c === reached ? 'reached' : c === grey ? 'ahead' : c;
    });
  });
}

/** Shows the page in each §1 theme (the variables page-shell sets per project), checks it still fits, shoots it. */
async function inEveryTheme(p: Phone, view: Locator, name: string) {
  for (const theme of THEMES) {
    const style = Object.entries(themeVars(theme))
      .map(([k, v]) => `${k}:${v}`)
      .join(';');
    await view
      .locator('.sf-page')
      .first()
      .evaluate((root, css) => root.setAttribute('style', css), style);
    await fitsThePhone(p.page, view);
    await p.shot(`${name}-${theme}`);
  }
}

/** Back to the page before, as a person does: the header's back arrow. */
async function back(p: Phone, from: Locator, to: Screen, marker?: string) {
  await from.locator('.sf-page-header__back').click();
  return currentPage(p.page, to, marker ? { marker } : undefined);
}

/** An unpaid single-payment course order of this customer (submitted through the API, as the submit screen does). */
async function submitOrder(token: string): Promise<string> {
  for (let i = 1; i <= 12; i++) {
    const targetSn = `demo-course-${String(i).padStart(2, '0')}`;
    const c = await call<Confirmation>(token, 'GET', '/front/v2/client/course/order/confirm', { targetSn }).catch(
      () => null,
    );
    if (
      !c ||
      c.orderPayType !== 1 ||
      c.deliveryType !== 4 ||
      c.isHousehold ||
      c.disableFlag ||
      c.restrict.some((r) => r.required) ||
      c.confirmOrderAmount.payAmount <= 0
    )
      continue;
    const detail = await call<{ refundTags: number[] }>(token, 'GET', '/front/v1/activity/details', {
      actSn: targetSn,
    }).catch(() => ({ refundTags: [2] }));
    if (detail.refundTags.includes(2)) continue;
    const { orderToken } = await call<{ orderToken: string }>(token, 'GET', '/front/v1/client/order/confirm/receipt', {
      createOrderSn: c.createOrderSn,
    });
    const res = await call<SubmitResult>(token, 'POST', '/front/v2/client/course/order/submit', {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.confirmOrderAmount.payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken,
      orderPreAttachVO: { deliveryType: c.deliveryType },
    });
    return res.orderNo;
  }
  throw new Error('no demo course with a single payment, no delivery and no required applicant field');
}

/** The order's detail, paid in the sandbox cashier (确认支付), back on the detail. */
async function payOrder(p: Phone, orderNo: string) {
  // Opened as a fresh visit (a link to the order), not on top of whatever the phone showed.
  await p.page.goto(`${suite.server.baseUrl}/#/pages/order/orderDetail?orderNo=${orderNo}`);
  await p.page.reload();
  const detail = await currentPage(p.page, SCREENS.orderDetail, { marker: '#order-pay' });
  await detail.locator('#order-pay').click();
  await p.page.waitForURL(/\/sandbox\/cashier\//);
  await p.page.locator('#cashier-confirm').click();
  return currentPage(p.page, SCREENS.orderDetail, { marker: '#order-after-sale-apply' });
}

/** The console's 售后处理 as the demo owner; returns a function that runs an action on an application. */
async function operator() {
  const con = await openConsole(suite.browser, suite.server.baseUrl, 'demo');
  const ops = con.page;
  const view = await con.open('售后处理', '.sf-admin-after-sales');
  const drawer = ops.locator('.sf-admin-after-sale-detail .ant-drawer-content');
  const state = () => drawer.locator('.sf-admin-after-sale-state').getAttribute('data-state');
  /** 刷新, then the application's detail from its row (the list as it is now: the customer may have acted). */
  const openDetail = async (no: string) => {
    if (await drawer.isVisible()) await closeDrawer(ops, drawer);
    const row = view.locator(`.sf-admin-after-sales .ant-table-row[data-row-key="${no}"]`);
    await until(async () => {
      await view.locator('.sf-admin-reload').click();
      return row.isVisible();
    }, `the application ${no} is listed`);
    await row.getByText(no, { exact: true }).click();
    await drawer.waitFor();
  };
  return {
    ops: con,
    /**
     * Runs `action` on the application and waits for `state`. An action that sends money asks the operator to
     * confirm first, naming the amount; with `dismissFirst` the first ask is cancelled (取消), nothing is sent, and
     * the application must still be in `unchanged` after a reload.
     */
    async act(no: string, action: string, next: string, reason?: string, dismissFirst?: { unchanged: string }) {
      await openDetail(no);
      const posts: string[] = [];
      const count = (r: { url: () => string; method: () => string }) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/ops/after-sales/')) posts.push(r.url());
      };
      ops.on('request', count);
      const button = drawer.locator(`.sf-admin-act-${action}`);
      const pays = ['agree', 'receive', 'refund'].includes(action);
      if (pays && dismissFirst) {
        await button.click();
        const ask = ops.locator('.ant-modal-confirm', { hasText: '退款金额' });
        await ask.waitFor();
        assert.match(await ask.innerText(), new RegExp(`${no}.*退款金额 ¥\\d`, 's'), 'the amount is named');
        await ask.getByRole('button', { name: '取消' }).click();
        await ask.waitFor({ state: 'detached' });
        await openDetail(no);
        assert.equal(await state(), dismissFirst.unchanged, 'a cancelled confirmation changes nothing');
        assert.deepEqual(posts, [], 'nothing sent after 取消');
      }
      await button.click();
      if (reason) {
        const modal = ops.locator('.ant-modal-content', { hasText: '拒绝原因' });
        await typeKeys(modal.locator('#refuse_reason'), reason);
        await modal.getByRole('button', { name: '拒绝' }).click();
      } else if (pays) {
        await ops.locator('.ant-modal-confirm').getByRole('button', { name: '确认退款' }).click();
      }
      await until(async () => {
        if ((await state().catch(() => null)) === next) return true;
        await openDetail(no);
        return false;
      }, `the application is ${next} in the console`);
      ops.off('request', count);
      assert.equal(posts.length, 1, 'one decision sent');
    },
    history: async (no: string) => {
      await openDetail(no);
      return drawer.locator('.sf-admin-after-sale-records .ant-timeline-item').allTextContents();
    },
  };
}

/**
 * Applies for a refund from the order. With `checkAmount`: a minus typed into the amount stays and is refused by
 * name, and the confirmation before filing is cancelled once (nothing is filed: one apply call in all).
 */
async function applyFromOrder(
  p: Phone,
  detail: Awaited<ReturnType<typeof payOrder>>,
  withImage: boolean,
  checkAmount = false,
) {
  const applies: string[] = [];
  const count = (r: { url: () => string; method: () => string }) => {
    if (new URL(r.url()).pathname === '/front/v1/after/sales/refund/apply') applies.push(r.method());
  };
  p.page.on('request', count);
  await detail.locator('#order-after-sale-apply').click();
  const apply = await currentPage(p.page, S.apply);
  await apply.locator('#as-type-2').click();
  await apply.locator('.as-reason', { hasText: '课程/商品与描述不符' }).click();
  await typeKeys(field(apply, 'as-description'), '教材缺页');
  if (withImage) {
    const [chooser] = await Promise.all([
      p.page.waitForEvent('filechooser'),
      apply.locator('.at-image-picker__choose-btn').click(),
    ]);
    await chooser.setFiles({ name: 'evidence.png', mimeType: 'image/png', buffer: PNG });
    await apply.locator('.at-image-picker__preview-img').first().waitFor({ state: 'visible' });
  }
  // The page's own dialog (components/confirm), drawn inside the apply page it asks for.
  const dialog = apply.locator('.sf-confirm');
  if (checkAmount) {
    const full = await field(apply, 'as-amount').inputValue();
    await typeKeys(field(apply, 'as-amount'), '-5');
    await apply.locator('#as-amount-error', { hasText: '退款金额不能为负数' }).waitFor({ state: 'visible' });
    await apply.locator('#as-submit').click();
    await expectToast(p.page, '退款金额不能为负数');
    assert.equal(await field(apply, 'as-amount').inputValue(), '-5', 'what was typed stays');
    await typeKeys(field(apply, 'as-amount'), full);
    await apply.locator('#as-submit').click();
    await dialog.getByText('确认申请退款', { exact: true }).waitFor({ state: 'visible' });
    assert.equal(
      await dialog.locator('.sf-confirm__content').textContent(),
      `申请退款¥${full}，提交后请等待商家处理`,
      'the amount is named before it is asked for',
    );
    await p.shot('as-00-confirm-refund');
    // Changing one's mind: nothing is filed and everything typed and chosen is still there.
    await dialog.getByText('取消', { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await currentPage(p.page, S.apply);
    assert.equal(await field(apply, 'as-amount').inputValue(), full, 'the amount stays');
    assert.equal(await apply.locator('.as-reason.is-active').textContent(), '课程/商品与描述不符', 'the reason stays');
    assert.equal(await field(apply, 'as-description').inputValue(), '教材缺页', 'the description stays');
    assert.equal(await apply.locator('#as-type-2.is-active').count(), 1, 'the type stays');
    if (withImage) assert.equal(await apply.locator('.at-image-picker__preview-img').count(), 1, 'the evidence stays');
    assert.deepEqual(applies, [], 'no refund request after 取消');
  }
  await apply.locator('#as-submit').click();
  await dialog.getByText('确定', { exact: true }).click();
  const shown = await currentPage(p.page, S.detail);
  p.page.off('request', count);
  assert.deepEqual(applies, ['POST'], 'one refund request, the confirmed one');
  await until(
    async () => (await shown.locator('#as-state').textContent()) === '待商家处理',
    'the application waits for the merchant',
  );
  const applicationNo = new URL(p.page.url()).hash.match(/applicationNo=([^&]+)/)?.[1] ?? '';
  assert.ok(applicationNo, 'the detail names the application');
  return { shown, applicationNo };
}

test('pay, apply with an image, goods asked back, tracking number, receipt, refund arrives, order 已退款', async () => {
  const p = await suite.open();
  await loginInBrowser(p, suite.server, '13700137131');
  const orderNo = await submitOrder(await tokenOf(p.page));
  const paid = await payOrder(p, orderNo);
  const { shown, applicationNo } = await applyFromOrder(p, paid, true, true);
  await p.shot('as-01-applied');
  const token = await tokenOf(p.page);
  const applied = await viewOf(token, applicationNo);

  // 售后进度 while the merchant decides: the amount, where it goes back, the steps, whose turn and by when.
  let progress = await openProgress(p, shown);
  assert.equal(progress.seen.state, '待商家处理');
  assert.equal(progress.seen.next, '等待商家处理，商家同意后退款将原路退回至沙箱收银台');
  assert.equal(
    Date.parse(applied.next.dueAt!) - Date.parse(applied.createdAt),
    3 * 24 * 3600 * 1000,
    'the merchant has 3 days',
  );
  assert.equal(progress.seen.due, `商家处理截止：${formatChinaTime(applied.next.dueAt, 'MM月DD日 HH:mm')}`);
  assert.equal(progress.seen.amount, `退款金额${formatMoney(applied.amount)}`);
  assert.deepEqual(progress.seen.channels, ['原路退回沙箱收银台']);
  assert.deepEqual(progress.seen.steps, ['提交申请', '商家处理', '寄回商品', '商家收货', '退款中', '退款成功']);
  assert.deepEqual([progress.seen.ticked, progress.seen.crossed, progress.seen.current], [1, 0, '商家处理']);
  assert.deepEqual(await connectorColours(progress.view), [
    'reached',
    'reached',
    'ahead',
    'ahead',
    'ahead',
    'ahead',
    'ahead',
    'ahead',
    'ahead',
    'ahead',
  ]);
  assert.deepEqual(
    progress.seen.rows.map((r) => r.what),
    ['买家发起了退款申请'],
  );
  assert.equal(progress.seen.rows[0].when, formatChinaTime(applied.createdAt, 'YYYY-MM-DD HH:mm'));
  await p.shot('as-01a-progress-applied');
  await back(p, progress.view, S.detail);

  const op = await operator();
  await op.act(applicationNo, 'return', 'RETURNING');

  // Back on the storefront, from 售后服务's list: the detail now asks for the goods and shows where to send them.
  const list = await openScreen(p.page, suite.server.baseUrl, `/${S.list.route}`, S.list, {
    marker: `.as-item[data-no="${applicationNo}"]`,
  });
  assert.equal(await list.locator(`.as-item[data-no="${applicationNo}"] .as-item-state`).textContent(), '待寄回商品');
  await list.locator(`.as-item[data-no="${applicationNo}"]`).click();
  let detail = await currentPage(p.page, S.detail, { marker: '#as-write-logistics' });
  assert.match((await detail.locator('#as-return-address').textContent()) ?? '', /\*退换的商品，可退换至以上地址/);
  await p.shot('as-01b-return-address');
  await detail.locator('#as-write-logistics').click();
  const write = await currentPage(p.page, S.write);
  await p.shot('as-01c-write-logistics');
  await write.locator('#carrier-SF').click();
  await typeKeys(field(write, 'tracking-no'), '12345');
  await write.locator('#logistics-submit').click();
  await write.locator('#tracking-error', { hasText: '顺丰速运单号格式不正确' }).waitFor({ state: 'visible' });
  assert.equal(await field(write, 'tracking-no').inputValue(), '12345', 'what was typed stays');
  await typeKeys(field(write, 'tracking-no'), 'SF1234567890123');
  // Watched from before the tap: on a busy machine the toast's 1.5 s can pass before a wait started after it looks.
  const saved = expectToast(p.page, '保存成功');
  await write.locator('#logistics-submit').click();
  await saved;
  detail = await currentPage(p.page, S.detail, { marker: '#as-logistics' });
  assert.match((await detail.locator('#as-logistics').textContent()) ?? '', /SF1234567890123/);
  await p.shot('as-02-shipped');

  // The tracking page (sandbox tracker): carrier, number to copy, the goods inside, the scans newest first.
  await detail.locator('#as-logistics .sf-as__btn', { hasText: '查看物流' }).click();
  const track = await currentPage(p.page, S.logistics);
  assert.equal(await track.locator('#track-state').textContent(), '已揽收');
  assert.equal(await track.locator('#track-carrier').textContent(), '顺丰速运');
  assert.equal(await track.locator('#track-no').textContent(), 'SF1234567890123');
  assert.equal(await track.locator('#track-goods .sf-asl__goods-name').textContent(), applied.courseName);
  assert.equal(await track.locator('#track-qty').textContent(), '共1件');
  const scans = await track.locator('#track-timeline .at-timeline-item').allTextContents();
  assert.ok(scans.length >= 1, 'at least the pick-up scan');
  assert.match(scans[0], /快递员已揽收\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await fitsThePhone(p.page, track);
  await track.locator('#track-copy').click();
  await expectToast(p.page, '复制成功');
  const copied = await p.page.evaluate(
    () => (JSON.parse(localStorage.getItem('taro_clipboard') ?? '{}') as { data?: string }).data,
  );
  assert.equal(copied, 'SF1234567890123', '复制 copies the tracking number');
  await p.shot('as-02a-logistics');
  await inEveryTheme(p, track, 'as-02b-logistics');

  // Back on the detail, 售后进度 now waits for the merchant to receive the goods.
  detail = await back(p, track, S.detail, '#as-logistics');
  progress = await openProgress(p, detail);
  const shipped = await viewOf(token, applicationNo);
  assert.equal(progress.seen.state, '待商家收货');
  assert.equal(progress.seen.due, `商家收货截止：${formatChinaTime(shipped.next.dueAt, 'MM月DD日 HH:mm')}`);
  assert.deepEqual([progress.seen.ticked, progress.seen.current], [3, '商家收货']);
  assert.deepEqual(
    progress.seen.rows.map((r) => r.what),
    ['买家已寄回商品', '商家同意退货，请寄回商品', '买家发起了退款申请'],
  );
  await p.shot('as-02c-progress-shipped');

  await op.act(applicationNo, 'receive', 'REFUNDED', undefined, { unchanged: 'SHIPPED' });
  const history = await op.history(applicationNo);
  for (const text of [
    '买家发起了退款申请',
    '商家同意退货，请寄回商品',
    '买家已寄回商品',
    '商家已确认收货',
    '退款已原路退回',
  ]) {
    assert.ok(
      history.some((h) => h.includes(text)),
      `the history has ${text}`,
    );
  }
  await op.ops.close();

  detail = await openScreen(
    p.page,
    suite.server.baseUrl,
    `/${S.detail.route}?applicationNo=${applicationNo}`,
    S.detail,
    { marker: '#as-refunded' },
  );
  assert.equal(await detail.locator('#as-state').textContent(), '退款成功');
  await p.shot('as-03-refunded');
  progress = await openProgress(p, detail);
  assert.equal(progress.seen.state, '退款成功');
  assert.equal(progress.seen.next, '退款已原路退回至沙箱收银台，请留意账户到账通知');
  assert.equal(progress.seen.due, null, 'nothing left to wait for');
  assert.equal(progress.seen.amount, `已退款${formatMoney(applied.amount)}`);
  assert.deepEqual(progress.seen.channels, ['原路退回沙箱收银台']);
  assert.deepEqual([progress.seen.ticked, progress.seen.crossed, progress.seen.current], [6, 0, '退款成功']);
  assert.ok(
    (await connectorColours(progress.view)).every((c) => c === 'reached'),
    'every connector reached',
  );
  assert.deepEqual(
    progress.seen.rows.map((r) => r.what),
    [
      '退款已原路退回',
      '商家已发起退款',
      '商家已确认收货',
      '买家已寄回商品',
      '商家同意退货，请寄回商品',
      '买家发起了退款申请',
    ],
  );
  await p.shot('as-03a-progress-refunded');
  await inEveryTheme(p, progress.view, 'as-03b-progress');
  const order = await openScreen(
    p.page,
    suite.server.baseUrl,
    `/pages/order/orderDetail?orderNo=${orderNo}`,
    SCREENS.orderDetail,
    { marker: '#order-refunded' },
  );
  assert.match((await order.locator('.sf-detail__status').textContent()) ?? '', /已退款/);
  assert.equal(await order.locator('#order-after-sale').textContent(), '退款成功');
  assert.equal(await order.locator('#order-after-sale-apply').count(), 0, 'nothing left to apply for');
});

test("a refused application shows the merchant's reason", async () => {
  const p = await suite.open();
  await loginInBrowser(p, suite.server, '13700137132');
  const token = await tokenOf(p.page);

  const second = await submitOrder(token);
  const { applicationNo: refusedNo } = await applyFromOrder(p, await payOrder(p, second), false);
  const op = await operator();
  await op.act(refusedNo, 'refuse', 'REFUSED', '教材已拆封使用');
  await op.ops.close();
  const detail = await openScreen(
    p.page,
    suite.server.baseUrl,
    `/${S.detail.route}?applicationNo=${refusedNo}`,
    S.detail,
    { marker: '#as-refuse-reason' },
  );
  assert.equal(await detail.locator('#as-refuse-reason').textContent(), '拒绝原因：教材已拆封使用');
  assert.equal(await detail.locator('#as-state').textContent(), '商家已拒绝');
  await p.shot('as-04-refused');
  const progress = await openProgress(p, detail);
  assert.equal(progress.seen.state, '商家已拒绝');
  assert.equal(await progress.view.locator('#asp-refuse-reason').textContent(), '拒绝原因：教材已拆封使用');
  assert.equal(progress.seen.next, '如有疑问，可联系客服或重新申请售后');
  assert.match(progress.seen.amount, /^申请金额¥/, 'what was asked, not a refund to come');
  assert.deepEqual(progress.seen.channels, [], 'nothing goes back, so no channel');
  assert.deepEqual(progress.seen.steps, ['提交申请', '商家已拒绝']);
  assert.deepEqual([progress.seen.ticked, progress.seen.crossed, progress.seen.current], [1, 1, '商家已拒绝']);
  assert.deepEqual(
    progress.seen.rows.map((r) => r.what),
    ['商家拒绝了退款申请', '买家发起了退款申请'],
  );
  await p.shot('as-04a-progress-refused');
});

test('cancel an application: the detail shows 已撤销 at once, and the order offers 申请售后 again', async () => {
  const p = await suite.open();
  await loginInBrowser(p, suite.server, '13700137133');
  const orderNo = await submitOrder(await tokenOf(p.page));
  const { shown, applicationNo } = await applyFromOrder(p, await payOrder(p, orderNo), false);
  // At once, as a person would: the page's own read and the cancel follow each other within the same second.
  await shown.locator('#as-cancel').click();
  const dialog = shown.locator('.sf-confirm');
  await dialog.getByText('确定撤销该售后申请吗？', { exact: true }).waitFor({ state: 'visible' });
  await dialog.getByText('确定', { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await expectToast(p.page, '已撤销');
  // The same page instance, not reloaded by the test: it must show what the server now says.
  await until(
    async () => (await shown.locator('#as-state').textContent()) === '已撤销',
    'the detail shows 已撤销 after cancelling',
  );
  await shown.locator('#as-cancel').waitFor({ state: 'detached', timeout: WAIT_MS });
  assert.equal(await shown.locator('#as-edit').count(), 0, 'nothing left to edit');
  await p.shot('as-05-cancelled');
  const history = await openScreen(
    p.page,
    suite.server.baseUrl,
    `/${O}/afterSale/negotiationHistory?applicationNo=${applicationNo}`,
    { route: `${O}/afterSale/negotiationHistory`, marker: '.as-record' },
  );
  assert.match((await history.textContent()) ?? '', /买家撤销了退款申请/);
  const order = await openScreen(
    p.page,
    suite.server.baseUrl,
    `/pages/order/orderDetail?orderNo=${orderNo}`,
    SCREENS.orderDetail,
    { marker: '#order-after-sale-apply' },
  );
  assert.equal(await order.locator('#order-after-sale').textContent(), '已撤销');
});

test('course change in the console: the old order 已换课, the new order shows 费用抵扣', async () => {
  const p = await suite.open();
  await loginInBrowser(p, suite.server, '13700137134');
  const oldNo = await submitOrder(await tokenOf(p.page));
  await payOrder(p, oldNo);
  const target = 'demo-course-04';
  // What the console will offer, read through the same operator API: the deduction the new order must show.
  const res = await fetch(`${suite.server.baseUrl}/ops/orders/${oldNo}/course-change`, {
    headers: { authorization: `Bearer ${OPS_KEY}` },
  });
  const options = ((await res.json()) as { info: CourseChangeOptions }).info;
  const offered = options.courses.find((c) => c.actSn === target);
  assert.ok(options.allowed && offered, 'the paid order may move to the instalment course');

  const con = await openConsole(suite.browser, suite.server.baseUrl, 'demo');
  const card = await con.open('售后处理', '.sf-admin-course-change');
  const cc = card.locator('.sf-admin-course-change');
  await typeKeys(cc.locator('#course-change_orderNo'), oldNo);
  await cc.locator('.sf-admin-cc-query').click();
  await cc.locator('#course-change_actSn').waitFor({ state: 'attached' });
  await cc.locator('.ant-select', { has: con.page.locator('#course-change_actSn') }).click();
  await con.page
    .locator('.ant-select-dropdown', { has: con.page.locator('#course-change_actSn_list') })
    .locator('.ant-select-item-option', { hasText: offered.actName })
    .click();
  await typeKeys(cc.locator('#course-change_message'), '客户申请换课');
  await cc.locator('.sf-admin-cc-submit').click();
  // Money moves from one order to another: asked first, with the deduction named.
  const ask = con.page.locator('.ant-modal-confirm', { hasText: '确认换课？' });
  await ask.waitFor();
  assert.ok((await ask.innerText()).includes(`抵扣 ${formatMoney(offered.deductionAmount)}`), 'the deduction is named');
  await ask.getByRole('button', { name: '确认换课' }).click();
  const result = cc.locator('.sf-admin-cc-result[data-new-order]');
  await result.waitFor({ timeout: WAIT_MS });
  const newNo = (await result.getAttribute('data-new-order')) ?? '';
  assert.ok(((await result.textContent()) ?? '').includes(`费用抵扣 ${formatMoney(offered.deductionAmount)}`));
  await con.shot('as-course-change');
  await con.close();

  // The old order: 已换课, no pay or after-sales entry, a link to the new order.
  const old = await openScreen(
    p.page,
    suite.server.baseUrl,
    `/pages/order/orderDetail?orderNo=${oldNo}`,
    SCREENS.orderDetail,
    { marker: '#order-course-change' },
  );
  assert.equal(await old.locator('.sf-detail__status-text').textContent(), '已换课');
  assert.equal(await old.locator('#order-pay').count(), 0);
  assert.equal(await old.locator('#order-after-sale-apply').count(), 0);
  await old.locator('#order-course-change').click();
  const fresh = await currentPage(p.page, SCREENS.orderDetail, { marker: '#order-deduction' });
  assert.ok(p.page.url().includes(newNo), 'the link opens the new order');
  assert.equal(await fresh.locator('#order-deduction').textContent(), `-${formatMoney(offered.deductionAmount)}`);
  assert.match((await fresh.locator('.sf-schedule').textContent()) ?? '', /费用抵扣/);
  assert.equal(
    await fresh.locator('.sf-lines__label', { hasText: '优惠券' }).count(),
    0,
    'no coupon on a changed-course order',
  );
  await p.shot('as-06-course-changed');
});
