/**
 * Ordering and paying as a customer does it, in the built H5 against the real server and its sandbox cashier,
 * typing every form key by key and checking on every screen that the amounts add up (amounts.ts):
 * a course with an address, a coupon, an applicant form and a remark (each §5 toast seen), a cancelled payment,
 * then the order in the list; a deposit course paid deposit-then-final; an instalment course through two periods.
 * Each test is a new phone that logs in and starts from the course's detail. Seed items are found by their
 * features through the API, so the walk does not depend on seed keys.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Response } from 'playwright-core';
import type { Confirmation } from '../contract/order';
import type { PageInfo } from '../contract/pages';
import {
  SCREENS,
  apiClient,
  checkDetailAmounts,
  checkOrderCards,
  checkOrderDetailAmounts,
  checkOrderListAmounts,
  checkSubmitAmounts,
  currentPage,
  expectToast,
  fen,
  field,
  loginInBrowser,
  openScreen,
  readLines,
  typeKeys,
  until,
  type DetailAmounts,
  type SubmitAmounts,
} from './harness';
import { phoneSuite } from './suite';

const confirmations = new Map<string, Confirmation>();
/** Activities (ordered through the goods submit screen) whose order costs nothing. */
const freeActivities: string[] = [];

const suite = phoneSuite({
  setup: async (server) => {
    // Look at every course of the demo project once, as a customer, to pick the items each walk needs.
    const api = apiClient(server.baseUrl);
    await api.login(server, 'demo', '13600136001');
    const { tabList } = await api.call<{ tabList: { pageSn: string | null }[] }>('GET', '/front/v1/customerPage/menu');
    const courses = new Set<string>();
    for (const tab of tabList) {
      if (!tab.pageSn) continue;
      const page = await api.call<PageInfo>('POST', '/front/v1/customerPage/moduleInfo', { pageSn: tab.pageSn });
      for (const m of page.modules) {
        if (!m.columnSn) continue;
        const list = await api.call<{ list: { actSn: string; actType: string }[] }>(
          'POST',
          '/front/v1/customerPage/module/column/list',
          { columnSn: m.columnSn, page: 1, perSize: 50 },
        );
        for (const c of list.list) {
          if (c.actType === 'COURSE') courses.add(c.actSn);
          if (c.actType === 'ACTIVITY' && !freeActivities.includes(c.actSn)) {
            const x = await api
              .call<Confirmation>('GET', '/front/v2/client/course/order/confirm', { targetSn: c.actSn })
              .catch(() => null);
            if (x && !x.disableFlag && x.orderPayType === 1 && x.confirmOrderAmount.payAmount === 0)
              freeActivities.push(c.actSn);
          }
        }
      }
    }
    for (const actSn of courses) {
      try {
        confirmations.set(
          actSn,
          await api.call<Confirmation>('GET', '/front/v2/client/course/order/confirm', { targetSn: actSn }),
        );
      } catch {
        // not orderable: not a candidate
      }
    }
  },
});

function pick(what: string, ok: (c: Confirmation) => boolean): [string, Confirmation] {
  for (const [actSn, c] of confirmations) if (!c.disableFlag && ok(c)) return [actSn, c];
  throw new Error(`the seed has no orderable course with ${what}`);
}

const GOOD: Record<string, string> = {
  TEXT: '无',
  NAME: '王五',
  IDCARD: '11010519491231002X',
  IDCARD_OUT: 'H1234567',
  NUMBER: '25',
  PHONE: '13700137000',
  EMAIL: 'wangwu@example.com',
  ADDRESS: '广东省深圳市南山区科技园1号',
};
const BAD: Record<string, string> = {
  IDCARD: '12345',
  PHONE: '12345',
  EMAIL: 'wangwu@',
  NUMBER: '',
  TEXT: '',
  NAME: '',
  ADDRESS: '',
  IDCARD_OUT: '',
};
const TIPS: Record<string, string> = {
  TEXT: '请输入内容',
  NAME: '请输入姓名',
  IDCARD: '请输入正确的身份证号码',
  IDCARD_OUT: '请输入正确的身份证号码',
  NUMBER: '请输入正确的数字格式',
  PHONE: '请输入正确的手机号码',
  EMAIL: '请输入正确的邮箱格式',
  ADDRESS: '请输入地址信息',
};
const keyOf = (rule: Confirmation['restrict'][number]) =>
  rule.keyName === 'IDCARD' && rule.idCardType === 'IDCARD_OUT' ? 'IDCARD_OUT' : rule.keyName;

/** Logs a new customer in and opens the course's detail; checks its amounts; 立即报名 opens the submit screen. */
async function fromDetailToSubmit(
  mobile: string,
  actSn: string,
  shot?: string,
): Promise<{ submit: Locator; detailPrice: number }> {
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    mobile,
    SCREENS.courseDetail,
    `/pages/activity/courseDetail?actSn=${actSn}`,
  );
  const { price } = await checkDetailAmounts(detail);
  if (shot) await suite.phone.shot(shot);
  const coupons = suite.phone.page.waitForResponse((r) => r.url().includes('/front/v2/client/course/order/coupons'));
  await detail.locator('#act-order').click();
  const submit = await currentPage(suite.phone.page, SCREENS.courseOrderSubmit, {
    marker: '.sf-submit__payable .sf-price',
  });
  // Coupons are offered on every order the walks pick (couponAllowed); an order without them makes no call.
  if (await submit.locator('.sf-lines__row', { hasText: '优惠券' }).count())
    await couponsSettled(submit, await coupons);
  else coupons.catch(() => undefined);
  const amounts = await checkSubmitAmounts(submit);
  // A package is priced on the detail at its package price; the submit screen shows it as 售价 less 套餐优惠.
  const packageOff = (await readLines(submit)).get('套餐优惠')?.amount ?? 0;
  assert.equal(amounts.price - packageOff, price, 'the detail’s price is the submit screen’s 售价 less 套餐优惠');
  return { submit, detailPrice: price };
}

/**
 * The coupons arrive after the confirmation; §4 then chooses the first available one. Waits until the 优惠券 line
 * shows what the coupon reply means (a discount, or 暂无可用), so that the amounts read next are the settled ones.
 */
async function couponsSettled(submit: Locator, reply: Response): Promise<void> {
  const body = (await reply.json()) as { info?: { list?: { isAvailable: boolean }[] } };
  const available = (body.info?.list ?? []).filter((c) => c.isAvailable).length;
  const line = submit.locator('.sf-lines__row', { hasText: '优惠券' });
  await line.locator(available ? '.sf-lines__discount' : '.sf-lines__muted').waitFor({ state: 'visible' });
}

async function submitAndExpect(submit: Locator, text: string) {
  await submit.locator('.sf-submit__btn').click();
  await expectToast(suite.phone.page, text);
}

async function chooseHousehold(submit: Locator) {
  await submit.locator('.sf-lines__row', { hasText: '入户类型' }).click();
  await submit.locator('.sf-submit__option').first().click();
  await submit.locator('.sf-submit__option').first().waitFor({ state: 'hidden' });
}

/**
 * From the submit screen: the address card -> the address list -> 新增收货地址 -> the form typed key by key, the
 * area picked level by level -> saved -> chosen -> back on the same submit screen with the address on it.
 */
async function addAddressFromSubmit(submit: Locator): Promise<Locator> {
  const { page } = suite.phone;
  await submit.locator('.sf-address').click();
  const list = await currentPage(page, SCREENS.deliveryAddress);
  assert.match(page.url(), /deliveryAddress\?selectable=1/);
  await list.locator('.sf-addresses__bar .sf-btn', { hasText: '新增收货地址' }).click();
  const form = await currentPage(page, SCREENS.addEditAddress);
  await typeKeys(field(form, 'address-name'), '李四');
  await typeKeys(field(form, 'address-phone'), '13800138000');
  await form.locator('#address-area').click();
  const picker = form.locator('.sf-area');
  const levels = ['省份', '城市', '区县'];
  for (let level = 0; level < levels.length; level += 1) {
    // Beijing, Shanghai and the like have fewer levels: the picker closes when the last one is picked.
    if (!(await picker.count())) break;
    await picker
      .locator('.sf-area__tab.is-active', { hasText: `请选择${levels[level]}` })
      .waitFor({ state: 'visible' });
    await picker.locator('.sf-area__loading').waitFor({ state: 'hidden' });
    const item =
      level === 0 ? picker.locator('.sf-area__item', { hasText: '广东省' }) : picker.locator('.sf-area__item');
    await item.first().click();
    const next = levels[level + 1];
    await until(
      async () =>
        !(await picker.count()) ||
        (!!next && (await picker.locator('.sf-area__tab.is-active', { hasText: `请选择${next}` }).count()) > 0),
      `the area picker moves past ${levels[level]}`,
    );
  }
  await form
    .locator('.sf-address-form__row', { hasText: '所在地区' })
    .getByText('广东省', { exact: false })
    .waitFor({ state: 'visible' });
  await typeKeys(field(form, 'address-detail'), '科技园科苑路15号');
  await suite.phone.shot('32-address-form');
  await form.locator('.sf-address-form__save').click();
  const listAgain = await currentPage(page, SCREENS.deliveryAddress, { marker: '.sf-addresses__item' });
  // The row is a taro-ui swipe action: swiped left it shows 编辑 / 删除 on screen; 删除 asks first and
  // 取消 keeps the address, which is then picked as before.
  const row = listAgain.locator('.sf-addresses__swipe', { hasText: '李四' }).first();
  const remove = row.locator('.at-swipe-action__option', { hasText: '删除' });
  // Until AtSwipeAction has measured its options (it shows them then), the row has nowhere to move.
  const options = row.locator('.at-swipe-action__options');
  await until(
    async () => (await options.evaluate((el) => getComputedStyle(el).opacity)) === '1',
    'the swipe action is ready',
  );
  await swipeLeft(row);
  await until(async () => {
    const box = await remove.boundingBox();
    return !!box && box.x + box.width <= (page.viewportSize()?.width ?? 0);
  }, 'the swipe shows 删除 on screen');
  await suite.phone.shot('32b-address-swipe');
  await remove.click();
  // The page's own dialog (components/confirm), in the page's theme.
  const dialog = listAgain.locator('.sf-confirm');
  await dialog.getByText('确定删除该收货地址吗？', { exact: true }).waitFor({ state: 'visible' });
  await dialog.getByText('取消', { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(
    await listAgain.locator('.sf-addresses__swipe', { hasText: '李四' }).count(),
    1,
    '取消 keeps the address',
  );
  await listAgain.locator('.sf-addresses__item', { hasText: '李四' }).first().click();
  const back = await currentPage(page, SCREENS.courseOrderSubmit, { marker: '.sf-address__name' });
  assert.equal(((await back.locator('.sf-address__name').textContent()) || '').trim(), '李四');
  return back;
}

/** A finger dragged left across `row`, as touch events at a person's pace (the swipe action reads touches only). */
async function swipeLeft(row: Locator): Promise<void> {
  const { page } = suite.phone;
  const box = await row.boundingBox();
  assert.ok(box, 'the row to swipe is on screen');
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const x = box.x + box.width - 40;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 12; step += 1) {
    // One move a frame: moves sent back to back reach the page merged, or not at all on a busy machine.
    await new Promise((r) => setTimeout(r, 16));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - step * 15, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Answers everything the submit screen asks, with valid values typed key by key. */
async function completeSubmitScreen(submit: Locator, c: Confirmation): Promise<Locator> {
  for (const rule of c.restrict) await typeKeys(field(submit, `field-${rule.nKey}`), GOOD[keyOf(rule)]);
  if (c.isHousehold) await chooseHousehold(submit);
  if (c.deliveryType !== 4) return addAddressFromSubmit(submit);
  return submit;
}

/** Submits and pays (or cancels) in the sandbox cashier, which must ask for the payable shown; returns the order. */
async function payInCashier(
  action: '确认支付' | '取消支付',
  payable: number,
  shot: string,
): Promise<{ detail: Locator; orderNo: string }> {
  const { page } = suite.phone;
  await page.waitForURL(/\/sandbox\/cashier\//);
  const amount = page.locator('#cashier-amount');
  await amount.waitFor({ state: 'visible' });
  assert.equal(fen(await amount.textContent()), payable, 'the cashier asks for the amount the storefront showed');
  await suite.phone.shot(shot);
  const cashierOrderNo =
    (await page.locator('.sb-row', { hasText: '订单编号' }).locator('span').nth(1).textContent())?.trim() ?? '';
  await page.locator(action === '确认支付' ? '#cashier-confirm' : '#cashier-cancel').click();
  if (action === '取消支付') {
    // §4: a payment cancelled at the cashier ends on the order list, where the order waits to be paid.
    const list = await currentPage(page, SCREENS.orderList, { marker: `.sf-order[data-order-no="${cashierOrderNo}"]` });
    await list.locator(`.sf-order[data-order-no="${cashierOrderNo}"]`).click();
  }
  const detail = await currentPage(page, SCREENS.orderDetail);
  const orderNo = new URL(page.url()).hash.match(/orderNo=([^&]+)/)?.[1] ?? '';
  assert.equal(orderNo, cashierOrderNo, 'the cashier returns to the order it took payment for');
  return { detail, orderNo };
}

/**
 * The order in the list, opened afresh by its address: the card's amounts are the detail's. A new load, not a
 * hash change: the stack already holds a list (the cashier's 取消支付 opened its 待付款 tab), which the router
 * shows for a moment before the address's own list replaces it (platform/hash-watch), and a walk pinned to that
 * first instance would wait on a page that is gone.
 */
async function checkInOrderList(orderNo: string, seen: DetailAmounts, shot: string) {
  const { page } = suite.phone;
  await page.goto(`${suite.server.baseUrl}/?list=1#/pages/order/orderList`);
  const list = await currentPage(page, SCREENS.orderList, { marker: `.sf-order[data-order-no="${orderNo}"]` });
  await checkOrderListAmounts(list, orderNo, seen);
  await checkOrderCards(list);
  await suite.phone.shot(shot);
}

test('course with address, coupon, applicant form and remark: every toast in order, then a cancelled payment', async () => {
  const [actSn, c] = pick(
    'single payment, delivery, applicant rules and coupons',
    (x) => x.orderPayType === 1 && x.deliveryType !== 4 && x.restrict.some((r) => r.required) && x.couponAllowed,
  );
  let { submit } = await fromDetailToSubmit('13700137001', actSn, '29-course-detail');
  await suite.phone.shot('30-submit-screen');

  // The applicant form is checked first: each required field's own tip, wrong then right, typed key by key.
  for (const rule of c.restrict.filter((r) => r.required)) {
    const input = field(submit, `field-${rule.nKey}`);
    await typeKeys(input, BAD[keyOf(rule)] ?? '');
    await submitAndExpect(submit, rule.submitTips || TIPS[keyOf(rule)]);
    await typeKeys(input, GOOD[keyOf(rule)]);
  }
  for (const rule of c.restrict.filter((r) => !r.required))
    await typeKeys(field(submit, `field-${rule.nKey}`), GOOD[keyOf(rule)]);
  await suite.phone.shot('31-applicant-filled');

  // No address yet: the next toast, then add one with the picker and choose it.
  await submitAndExpect(submit, '请输入配送地址信息!');
  submit = await addAddressFromSubmit(submit);
  // Everything typed before picking the address is still there.
  for (const rule of c.restrict)
    assert.equal(
      await field(submit, `field-${rule.nKey}`).inputValue(),
      GOOD[keyOf(rule)],
      `${rule.label} kept its value`,
    );
  const withAddress = await checkSubmitAmounts(submit);

  // Change the coupon: open the popup and choose another available one (or deselect the chosen one).
  await submit.locator('.sf-lines__row', { hasText: '优惠券' }).click();
  const popup = submit.locator('.sf-coupons');
  await popup.waitFor({ state: 'visible' });
  await suite.phone.shot('33-coupon-popup');
  const coupons = popup.locator('.sf-coupon:not(.is-disabled)');
  await coupons.first().waitFor({ state: 'visible' });
  const count = await coupons.count();
  await coupons.nth(count > 1 ? 1 : 0).click();
  await popup.waitFor({ state: 'hidden' });
  await until(
    async () => fen(await submit.locator('.sf-submit__payable .sf-price').textContent()) !== withAddress.payable,
    'the payable follows the coupon',
  );
  const withCoupon = await checkSubmitAmounts(submit);

  await typeKeys(field(submit, 'order-remark'), '请工作日送达');
  if (c.isHousehold) {
    await submitAndExpect(submit, '请选择入户类型!');
    await chooseHousehold(submit);
  }
  if (c.electronicProtocol) {
    await submit.locator('.sf-submit__checkbox').click();
    await submitAndExpect(submit, '请先同意购买协议!');
    await submit.locator('.sf-submit__checkbox').click();
    await submit.locator('.sf-submit__checkbox.is-on').waitFor({ state: 'visible' });
  }
  await suite.phone.shot('34-submit-ready');
  await submit.locator('.sf-submit__btn').click();
  const { detail, orderNo } = await payInCashier('取消支付', withCoupon.payable, 'cashier-取消支付');

  // A payment cancelled at the cashier needs no question: the order, opened from the list, waits to be paid.
  await detail.locator('#order-pay').waitFor({ state: 'visible' });
  assert.equal(await detail.locator('.sf-tip').count(), 0, 'no pay-check popup after 取消支付');
  const seen = await checkOrderDetailAmounts(detail);
  assert.equal(
    seen.total,
    withCoupon.order - withCoupon.coupon,
    'the order detail’s 订单总额 is what the submit screen made of it',
  );
  assert.equal(seen.due, withCoupon.payable, 'the order asks for what the submit screen asked for');
  await detail.getByText('请工作日送达').waitFor({ state: 'visible' });
  await suite.phone.shot('35-order-after-cancel');
  await checkInOrderList(orderNo, seen, '36-order-list-after-cancel');
});

/** Pays the schedule row due now from the order detail; returns the detail once the server has it paid. */
async function payNextFromDetail(detail: Locator, before: DetailAmounts, shot: string): Promise<Locator> {
  const paidBefore = before.schedule.filter((r) => r.state === 'paid').length;
  await detail.locator('#order-pay').click();
  const { detail: back } = await payInCashier('确认支付', before.due, shot);
  await back.locator('.sf-schedule__row.is-paid').nth(paidBefore).waitFor({ state: 'visible' });
  assert.equal(await back.locator('.sf-tip').count(), 0, 'no pay-check popup when the server knows the payment');
  return back;
}

test('deposit course: pay the deposit in the cashier, come back, then pay the final', async () => {
  const [actSn, c] = pick('deposit + final', (x) => x.orderPayType === 2);
  let { submit } = await fromDetailToSubmit('13700137002', actSn);
  submit = await completeSubmitScreen(submit, c);
  const amounts: SubmitAmounts = await checkSubmitAmounts(submit);
  assert.equal(amounts.payLabel, '定金');
  await suite.phone.shot('40-deposit-submit');
  await submit.locator('.sf-submit__btn').click();
  const { detail, orderNo } = await payInCashier('确认支付', amounts.payable, 'cashier-deposit');
  await detail.locator('.sf-schedule__row.is-paid').first().waitFor({ state: 'visible' });
  assert.equal(await detail.locator('.sf-tip').count(), 0, 'no pay-check popup when the server knows the payment');
  const afterDeposit = await checkOrderDetailAmounts(detail);
  assert.equal(
    afterDeposit.total,
    amounts.order - amounts.coupon,
    'the order detail’s 订单总额 is what the submit screen made of it',
  );
  assert.match(`${afterDeposit.schedule[0].title} ${afterDeposit.schedule[0].status}`, /定金.*已支付/);
  assert.match(`${afterDeposit.schedule[1].title} ${afterDeposit.schedule[1].status}`, /尾款.*(待支付|前支付)/);
  await suite.phone.shot('41-deposit-paid');
  await checkInOrderList(orderNo, afterDeposit, '41b-order-list-deposit-paid');

  const detailAgain = await openScreen(
    suite.phone.page,
    suite.server.baseUrl,
    `/pages/order/orderDetail?orderNo=${orderNo}`,
    SCREENS.orderDetail,
    { marker: '#order-pay' },
  );
  const done = await payNextFromDetail(detailAgain, afterDeposit, 'cashier-final');
  await done.locator('.sf-detail__status-text', { hasText: '已完成' }).waitFor({ state: 'visible' });
  const final = await checkOrderDetailAmounts(done);
  assert.equal(final.due, 0);
  assert.match(`${final.schedule[1].title} ${final.schedule[1].status}`, /尾款.*已支付/);
  await suite.phone.shot('42-deposit-final-paid');
});

test('instalment course through two periods', async () => {
  const [actSn, c] = pick(
    'instalments',
    (x) => x.orderPayType === 3 && x.confirmOrderAmount.installmentInfoList.length >= 3,
  );
  let { submit } = await fromDetailToSubmit('13700137003', actSn);
  submit = await completeSubmitScreen(submit, c);
  const amounts = await checkSubmitAmounts(submit);
  assert.equal(amounts.payLabel, '本期');
  await submit.locator('.sf-submit__btn').click();
  const { detail, orderNo } = await payInCashier('确认支付', amounts.payable, 'cashier-instalment-1');
  await detail.locator('.sf-schedule__row.is-paid').first().waitFor({ state: 'visible' });
  const first = await checkOrderDetailAmounts(detail);
  assert.equal(
    first.total,
    amounts.order - amounts.coupon,
    'the order detail’s 订单总额 is what the submit screen made of it',
  );
  const rows = first.schedule.map((r) => `${r.title} ${r.status}`);
  assert.match(rows[0], /第一期.*已支付/);
  assert.match(rows[1], /第二期.*(待支付|前支付)/);
  assert.match(rows[2], /第三期.*未支付/);
  await suite.phone.shot('50-instalment-1-paid');

  const second = await payNextFromDetail(detail, first, 'cashier-instalment-2');
  const after2 = await checkOrderDetailAmounts(second);
  assert.match(`${after2.schedule[1].title} ${after2.schedule[1].status}`, /第二期.*已支付/);
  await suite.phone.shot('51-instalment-2-paid');
  await checkInOrderList(orderNo, after2, '52-order-list-instalments');
});

test('a free sign-up skips payment and opens the order, paid, whose amounts add up to ¥0', async () => {
  const actSn = freeActivities[0];
  assert.ok(actSn, 'the seed has a free activity');
  const { page } = suite.phone;
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137004',
    SCREENS.activityDetail,
    `/pages/activity/activityDetail?actSn=${actSn}`,
  );
  const { price } = await checkDetailAmounts(detail);
  assert.equal(price, 0, 'a free activity is priced 免费');
  assert.equal((await detail.locator('#act-order').textContent())?.trim(), '立即报名');
  // What the result page promises the order holds: when and where to come.
  const schedule = (await detail.locator('#act-schedule').textContent()) ?? '';
  const place = (await detail.locator('#act-place').textContent()) ?? '';
  assert.match(schedule, /活动时间/);
  await detail.locator('#act-order').click();
  // A zero-price item signs up (§7 zero/activity/{id}, order/sign-up): no submit screen, no cashier;
  // §4: a zero-amount order skips payment; the result page (§2 result success/index) says so and leads to the order.
  const result = await currentPage(page, SCREENS.result);
  assert.doesNotMatch(page.url(), /sandbox\/cashier/);
  assert.equal((await result.locator('#result-title').textContent())?.trim(), '报名成功');
  await suite.phone.shot('60-free-sign-up-result');
  await result.locator('#result-order').click();
  const order = await currentPage(page, SCREENS.orderDetail, { marker: '.sf-detail__status-text' });
  await order.locator('.sf-detail__status-text', { hasText: '已完成' }).waitFor({ state: 'visible' });
  assert.ok(
    schedule.includes((await order.locator('#order-event-time').textContent()) ?? '-'),
    'the order shows the activity time',
  );
  assert.ok(
    place.includes((await order.locator('#order-event-place').textContent()) ?? '-'),
    'the order shows the activity place',
  );
  const seen = await checkOrderDetailAmounts(order);
  assert.equal(seen.total, 0);
  assert.equal(seen.due, 0);
  await suite.phone.shot('61-free-order');
  const orderNo = new URL(page.url()).hash.match(/orderNo=([^&]+)/)?.[1] ?? '';
  await checkInOrderList(orderNo, seen, '62-order-list-free');
});
