/**
 * Coupons and cards as a customer meets them, in the built H5 against the real server: a visitor
 * scans the claim URL, logs in, claims 扫码立减30元, finds it in 我的优惠券, spends it on an order (chosen in
 * the coupon popup) and sees it move from 未使用 to 已使用; a customer redeems a card code typed in lower case
 * with spaces, sees 兑换成功 and the card in 我的卡券; wrong, used, expired and voided codes each show their own
 * message. Each test is a new phone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import { SCREENS, currentPage, expectToast, field, loginInBrowser, openScreen, typeKeys, type Screen } from './harness';
import { phoneSuite } from './suite';

const CLAIM: Screen = { route: 'subpackages/activity/getCouponActive/getCouponActive', marker: '.sf-claim .sf-ticket' };
const MY_COUPONS: Screen = {
  route: 'subpackages/coupon/discountCouponList/discountCouponList',
  marker: '.sf-coupons-page__tabs',
};
const EXCHANGE: Screen = { route: 'subpackages/activity/exchangeCenter/exchangeCenter', marker: '#exchange-code' };
const EXCHANGE_DETAIL: Screen = {
  route: 'subpackages/activity/exchangeDetail/exchangeDetail',
  marker: '.sf-exchange__name',
};
const EXCHANGE_SUCCESS: Screen = { route: 'subpackages/result/success/exchangeSuccess', marker: '.sf-result__title' };
const MY_CARDS: Screen = { route: 'subpackages/coupon/couponList/couponList', marker: '.sf-card-voucher' };

/** The printed QR code of the demo project's claim activity (server/src/db/seed/coupons.ts). */
const CLAIM_PATH = '/subpackages/activity/getCouponActive/getCouponActive?actSn=demo-scan-1&projectSn=demo';
const COUPON = '扫码立减30元';
/** An instalment course without an applicant form or delivery, on which every coupon of the demo applies. */
const COURSE = 'demo-course-06';

const suite = phoneSuite();

/** The ticket of `name` in a coupon list page. */
const ticket = (root: Locator, name: string) =>
  root.locator('.sf-ticket', { has: root.page().locator('.sf-ticket__name', { hasText: name }) });

test('claim a coupon from its scan URL, see it in 我的优惠券, spend it on an order and see it gone', async () => {
  const { page } = suite.phone;
  // A visitor opens the printed URL: the project is entered, login is asked first, then the claim page.
  await page.goto(`${suite.server.baseUrl}/#${CLAIM_PATH}`);
  const login = await currentPage(page, SCREENS.login);
  await typeKeys(field(login, 'login-phone'), '13700139001');
  const seen = suite.server.smsCount('13700139001');
  await login.locator('.sf-login__code').click();
  await typeKeys(field(login, 'login-code'), await suite.server.smsCode('13700139001', seen));
  await login.locator('.sf-login__submit').click();
  const claim = await currentPage(page, CLAIM);
  await suite.phone.shot('coupons-01-claim-page');
  await ticket(claim, '限量50元券').locator('.sf-pill', { hasText: '已领完' }).waitFor({ state: 'visible' });

  const card = ticket(claim, COUPON);
  await card.locator('.sf-pill', { hasText: '领取' }).click();
  await expectToast(page, '领取成功');
  await card.locator('.sf-pill', { hasText: '已领取' }).waitFor({ state: 'visible' });
  await suite.phone.shot('coupons-02-claimed');

  await claim.locator('.sf-claim__mine').click();
  const mine = await currentPage(page, MY_COUPONS, { marker: '.sf-ticket' });
  const held = ticket(mine, COUPON);
  await held.waitFor({ state: 'visible' });
  // A received copy names its own window, from and until (the claim page said 领取后7天内有效).
  assert.match(
    (await held.locator('.sf-ticket__validity').textContent()) ?? '',
    /^有效期 \d{4}\.\d{2}\.\d{2} - \d{4}\.\d{2}\.\d{2}/,
  );
  await suite.phone.shot('coupons-03-my-coupons');

  // Spend it: the order screen's popup offers it; choose it and submit.
  const coupons = page.waitForResponse((r) => r.url().includes('/front/v2/client/course/order/coupons'));
  const submit = await openScreen(
    page,
    suite.server.baseUrl,
    `/pages/order/courseOrderSubmit?targetSn=${COURSE}`,
    SCREENS.courseOrderSubmit,
    { marker: '.sf-submit__payable .sf-price' },
  );
  const offered = (
    (await (await coupons).json()) as { info: { list: { couponName: string; rcSn: string; isAvailable: boolean }[] } }
  ).info.list;
  const mineOffered = offered.find((c) => c.couponName === COUPON);
  assert.ok(mineOffered?.isAvailable, 'the claimed coupon is offered on the order');
  await submit.locator('.sf-lines__row .sf-lines__discount').waitFor({ state: 'visible' });
  await submit.locator('.sf-lines__row', { hasText: '优惠券' }).click();
  const popup = submit.locator('.sf-coupons');
  await popup.waitFor({ state: 'visible' });
  const choice = popup.locator(`.sf-coupon[data-rc-sn="${mineOffered.rcSn}"]`);
  // The first available coupon is chosen on load (§4); choose ours unless it already is.
  if (!(await choice.evaluate((el) => el.classList.contains('is-selected')))) await choice.click();
  else
    await popup
      .locator('.sf-popup__close, .sf-coupons__close')
      .first()
      .click()
      .catch(() => undefined);
  await popup.waitFor({ state: 'hidden' });
  await submit
    .locator('.sf-lines__row', { hasText: '优惠券' })
    .locator('.sf-lines__discount', { hasText: '30' })
    .waitFor({ state: 'visible' });
  await submit.locator('.sf-submit__btn').click();
  // The order is placed; payment leaves for the sandbox cashier.
  await page.waitForURL(/\/sandbox\/cashier\//);

  const after = await openScreen(
    page,
    suite.server.baseUrl,
    '/subpackages/coupon/discountCouponList/discountCouponList',
    MY_COUPONS,
    { marker: '.sf-ticket' },
  );
  assert.equal(await ticket(after, COUPON).count(), 0, 'gone from 未使用');
  await after.locator('.sf-coupons-page__tab', { hasText: '已使用' }).click();
  const used = ticket(after, COUPON);
  await used.waitFor({ state: 'visible' });
  assert.ok(await used.evaluate((el) => el.classList.contains('is-disabled')), 'a used coupon looks disabled');
  await suite.phone.shot('coupons-04-used');
});

test('the calendar kinds: each names its validity on the claim page and its own dates once claimed', async () => {
  const { page } = suite.phone;
  const claim = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700139004',
    CLAIM,
    '/subpackages/activity/getCouponActive/getCouponActive?actSn=demo-scan-2',
  );
  const kinds: Array<[string, string | RegExp]> = [
    ['当月专享10元券', '领取当月有效'],
    ['限时15天20元券', '领取后15天内有效，最晚至 2027.12.31'],
    ['次月返场15元券', '领取次月有效'],
    ['本周专享8折券', '领取当周有效'],
  ];
  for (const [name, text] of kinds) {
    const card = ticket(claim, name);
    await card.locator('.sf-ticket__validity', { hasText: text }).waitFor({ state: 'visible' });
    await card.locator('.sf-pill', { hasText: '领取' }).click();
    await expectToast(page, '领取成功');
    await card.locator('.sf-pill', { hasText: '已领取' }).waitFor({ state: 'visible' });
  }
  await suite.phone.shot('coupons-10-calendar-kinds');

  await claim.locator('.sf-claim__mine').click();
  const mine = await currentPage(page, MY_COUPONS, { marker: '.sf-ticket' });
  const dates = async (name: string) => {
    const held = ticket(mine, name);
    await held.waitFor({ state: 'visible' });
    return (await held.locator('.sf-ticket__validity').textContent()) ?? '';
  };
  // Received today: from today on, except next month's, which says when it starts (the 1st of next month).
  for (const name of ['当月专享10元券', '限时15天20元券', '本周专享8折券'])
    assert.match(await dates(name), /^有效期 \d{4}\.\d{2}\.\d{2} - \d{4}\.\d{2}\.\d{2}/, name);
  assert.match(await dates('次月返场15元券'), /^\d{4}\.\d{2}\.01 起生效/);
  await suite.phone.shot('coupons-11-calendar-held');
});

test('redeem a card code typed in lower case with spaces: 兑换成功, then the card in 我的卡券', async () => {
  const { page } = suite.phone;
  const center = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700139002',
    EXCHANGE,
    '/subpackages/activity/exchangeCenter/exchangeCenter',
  );
  await typeKeys(field(center, 'exchange-code'), 'demo card 0001');
  await suite.phone.shot('coupons-05-exchange');
  await center.locator('.sf-exchange__submit').click();
  const detail = await currentPage(page, EXCHANGE_DETAIL);
  assert.equal(await detail.locator('.sf-exchange__name').textContent(), '精品课体验卡');
  assert.equal(await detail.locator('.sf-exchange__code').textContent(), 'DEMO-CARD-0001');
  await suite.phone.shot('coupons-06-exchange-detail');
  await detail.locator('.sf-exchange__submit').click();
  const success = await currentPage(page, EXCHANGE_SUCCESS);
  await success.locator('.sf-result__text', { hasText: '精品课体验卡' }).waitFor({ state: 'visible' });
  await suite.phone.shot('coupons-07-exchange-success');
  await success.locator('.sf-btn', { hasText: '查看卡券' }).click();
  const cards = await currentPage(page, MY_CARDS);
  const first = cards.locator('.sf-card-voucher').first();
  assert.equal(await first.locator('.sf-card-voucher__name').textContent(), '精品课体验卡');
  assert.equal(await first.locator('.sf-card-voucher__state').textContent(), '可使用');
  await first.locator('.sf-card-voucher__copy').click();
  await expectToast(page, '复制成功');
  await suite.phone.shot('coupons-08-my-cards');
});

test('a wrong, used, expired or voided code shows its own message', async () => {
  const center = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700139003',
    EXCHANGE,
    '/subpackages/activity/exchangeCenter/exchangeCenter',
  );
  const cases: Array<[string, string]> = [
    ['ABCD-EFGH-JKMN', '卡密错误，请核对后重新输入'],
    ['DEMO-USED-0001', '该卡密已被使用'],
    ['DEMO-EXPD-0001', '该卡密已过期'],
    ['DEMO-VOID-0001', '该卡密已失效'],
    ['abc', '卡密格式不正确，请核对后重新输入'],
  ];
  for (const [code, message] of cases) {
    await typeKeys(field(center, 'exchange-code'), code);
    await center.locator('.sf-exchange__submit').click();
    await center.locator('.sf-exchange__message', { hasText: message }).waitFor({ state: 'visible' });
  }
  await suite.phone.shot('coupons-09-wrong-code');
});
