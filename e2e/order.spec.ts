/**
 * Ordering and paying as a customer does it, in the built H5 against the real server and its sandbox cashier:
 * a course with an address, a coupon and an applicant form (each §5 toast seen), a cancelled payment that lands
 * on the order list; a deposit course paid deposit-then-final; an instalment course through two periods.
 * Seed items are found by their features through the API, so the walk does not depend on seed keys.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Confirmation } from '../contract/order';
import type { PageInfo } from '../contract/pages';
import { apiClient, loginInBrowser, openPhone, startServer, type Phone, type Server } from './harness';

let server: Server;
let phone: Phone;
const PHONE = '13700137001';
const confirmations = new Map<string, Confirmation>();

before(async () => {
  server = await startServer();
  phone = await openPhone();
  // Look at every course of the demo project once, as the customer, to pick the items each walk needs.
  const api = apiClient(server.baseUrl);
  await api.login(server, 'demo', '13600136001');
  const { tabList } = await api.call<{ tabList: { pageSn: string | null }[] }>('GET', '/front/v1/customerPage/menu');
  const courses = new Set<string>();
  for (const tab of tabList) {
    if (!tab.pageSn) continue;
    const page = await api.call<PageInfo>('POST', '/front/v1/customerPage/moduleInfo', { pageSn: tab.pageSn });
    for (const m of page.modules) {
      if (m.columnSn) {
        const list = await api.call<{ list: { actSn: string; actType: string }[] }>('POST', '/front/v1/customerPage/module/column/list', {
          columnSn: m.columnSn,
          page: 1,
          perSize: 50,
        });
        for (const c of list.list) if (c.actType === 'COURSE') courses.add(c.actSn);
      }
    }
  }
  for (const actSn of courses) {
    try {
      confirmations.set(actSn, await api.call<Confirmation>('GET', '/front/v2/client/course/order/confirm', { targetSn: actSn }));
    } catch {
      // offline or not orderable: not a candidate
    }
  }
  await loginInBrowser(phone, server, PHONE);
});

after(async () => {
  await phone?.close();
  await server?.stop();
});

function pick(what: string, ok: (c: Confirmation) => boolean): string {
  for (const [actSn, c] of confirmations) if (!c.disableFlag && ok(c)) return actSn;
  throw new Error(`the seed has no orderable course with ${what}`);
}

const visible = (selector: string) => phone.page.locator(`.taro_page:visible ${selector}`).first();
const inputOf = (id: string) => phone.page.locator(`.taro_page:visible #${id} input, .taro_page:visible input#${id}, .taro_page:visible #${id} textarea, .taro_page:visible textarea#${id}`).first();

async function expectToast(text: string) {
  await phone.page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10000 });
  // Let it fade so the next one is not confused with it.
  await phone.page.waitForTimeout(1600);
}

async function submitAndExpect(text: string) {
  await visible('.sf-submit__btn').click();
  await expectToast(text);
}

const GOOD: Record<string, string> = {
  TEXT: '无',
  NAME: '张三',
  IDCARD: '11010519491231002X',
  IDCARD_OUT: 'H1234567',
  NUMBER: '25',
  PHONE: '13800138000',
  EMAIL: 'zhangsan@example.com',
  ADDRESS: '广东省深圳市南山区科技园1号',
};
const BAD: Record<string, string> = { IDCARD: '12345', PHONE: '12345', EMAIL: 'zhangsan@', NUMBER: '', TEXT: '', NAME: '', ADDRESS: '', IDCARD_OUT: '' };

/** Answers everything the submit screen asks, with valid values (used by the payment walks). */
async function completeSubmitScreen(c: Confirmation) {
  for (const rule of c.restrict) {
    const key = rule.keyName === 'IDCARD' && rule.idCardType === 'IDCARD_OUT' ? 'IDCARD_OUT' : rule.keyName;
    await inputOf(`field-${rule.nKey}`).fill(GOOD[key]);
  }
  if (c.isHousehold) {
    await phone.page.locator('.taro_page:visible .sf-lines__row', { hasText: '入户类型' }).click();
    await phone.page.locator('.sf-submit__option').first().click();
  }
}

async function payInCashier(action: '确认支付' | '取消支付') {
  const { page } = phone;
  await page.waitForURL(/\/sandbox\/cashier\//, { timeout: 20000 });
  await phone.shot(`cashier-${action}`);
  await page.getByText(action).first().click();
  await page.waitForURL(/pages\/order\/orderDetail\?orderNo=/, { timeout: 20000 });
  await page.getByText('请确认微信支付是否已完成').first().waitFor({ state: 'visible', timeout: 15000 });
}

test('course with address, coupon and applicant form: every toast in order, then a cancelled payment', async () => {
  const { page } = phone;
  const actSn = pick('single payment, delivery, applicant rules and coupons', (c) => c.orderPayType === 1 && c.deliveryType !== 4 && c.restrict.some((r) => r.required) && c.couponAllowed);
  const c = confirmations.get(actSn) as Confirmation;
  await page.goto(`${server.baseUrl}/#/pages/order/courseOrderSubmit?targetSn=${actSn}`);
  await visible('.sf-submit__btn').waitFor({ state: 'visible', timeout: 20000 });
  await phone.shot('30-submit-screen');

  // The applicant form is checked first: each required field's own tip, wrong then right.
  for (const rule of c.restrict.filter((r) => r.required)) {
    const key = rule.keyName === 'IDCARD' && rule.idCardType === 'IDCARD_OUT' ? 'IDCARD_OUT' : rule.keyName;
    await inputOf(`field-${rule.nKey}`).fill(BAD[key] ?? '');
    const expected = rule.submitTips || { TEXT: '请输入内容', NAME: '请输入姓名', IDCARD: '请输入正确的身份证号码', IDCARD_OUT: '请输入正确的身份证号码', NUMBER: '请输入正确的数字格式', PHONE: '请输入正确的手机号码', EMAIL: '请输入正确的邮箱格式', ADDRESS: '请输入地址信息' }[key];
    await submitAndExpect(expected as string);
    await inputOf(`field-${rule.nKey}`).fill(GOOD[key]);
  }
  await phone.shot('31-applicant-filled');

  // No address yet: the next toast, then add one with the picker and choose it.
  await submitAndExpect('请输入配送地址信息!');
  await visible('.sf-address').click();
  await page.waitForURL(/deliveryAddress\?selectable=1/);
  await page.getByText('新增收货地址').last().click();
  await page.waitForURL(/addEditAddress/);
  await inputOf('address-name').fill('李四');
  await inputOf('address-phone').fill('13800138000');
  await visible('#address-area').click();
  for (let level = 0; level < 3; level += 1) {
    // Beijing, Shanghai and the like have fewer levels; pick until the picker closes.
    const items = page.locator('.sf-area__item');
    await items.first().waitFor({ state: 'visible', timeout: 10000 });
    const target = level === 0 ? items.filter({ hasText: '广东省' }) : items.first();
    await target.first().click();
    await page.waitForTimeout(300);
    if (!(await page.locator('.sf-area').count())) break;
  }
  await inputOf('address-detail').fill('科技园科苑路15号');
  await phone.shot('32-address-form');
  await visible('.sf-address-form__save').click();
  await page.waitForURL(/deliveryAddress\?selectable=1/, { timeout: 10000 });
  await visible('.sf-addresses__item').click();
  await page.waitForURL(/courseOrderSubmit/);
  await visible('.sf-address__name').waitFor({ state: 'visible' });
  // Everything typed before picking the address is still there.
  const firstRule = c.restrict.find((r) => r.required);
  if (firstRule) assert.notEqual(await inputOf(`field-${firstRule.nKey}`).inputValue(), '');

  // Change the coupon: open the popup and choose another available one (or deselect).
  await page.locator('.taro_page:visible .sf-lines__row', { hasText: '优惠券' }).click();
  await page.locator('.sf-coupons').waitFor({ state: 'visible' });
  await phone.shot('33-coupon-popup');
  const coupons = page.locator('.sf-coupon:not(.is-disabled)');
  const count = await coupons.count();
  const before = await visible('.sf-submit__payable .sf-price').textContent();
  await coupons.nth(count > 1 ? 1 : 0).click();
  await page.locator('.sf-coupons').waitFor({ state: 'hidden' });
  const afterText = await visible('.sf-submit__payable .sf-price').textContent();
  assert.notEqual(afterText, before, 'changing the coupon changes the payable amount');

  if (c.isHousehold) {
    await submitAndExpect('请选择入户类型!');
    await page.locator('.taro_page:visible .sf-lines__row', { hasText: '入户类型' }).click();
    await page.locator('.sf-submit__option').first().click();
  }
  if (c.electronicProtocol) {
    await visible('.sf-submit__checkbox').click();
    await submitAndExpect('请先同意购买协议!');
    await visible('.sf-submit__checkbox').click();
  }
  await phone.shot('34-submit-ready');
  await visible('.sf-submit__btn').click();
  await payInCashier('取消支付');
  await page.getByText('支付遇到问题，重新支付').first().click();
  await page.waitForURL(/pages\/order\/orderList/, { timeout: 15000 });
  await visible('.sf-order').waitFor({ state: 'visible' });
  await phone.shot('35-order-list-after-cancel');
});

test('deposit course: pay the deposit in the cashier, come back, then pay the final', async () => {
  const { page } = phone;
  const actSn = pick('deposit + final', (c) => c.orderPayType === 2);
  const c = confirmations.get(actSn) as Confirmation;
  await page.goto(`${server.baseUrl}/#/pages/order/courseOrderSubmit?targetSn=${actSn}`);
  await visible('.sf-submit__btn').waitFor({ state: 'visible', timeout: 20000 });
  assert.match((await visible('.sf-submit__payable').textContent()) || '', /定金/);
  await completeSubmitScreen(c);
  await phone.shot('40-deposit-submit');
  await visible('.sf-submit__btn').click();
  await payInCashier('确认支付');
  await page.getByText('已完成支付').first().click();
  await page.waitForURL(/orderDetail\?orderNo=/);
  await visible('.sf-schedule__row.is-paid').waitFor({ state: 'visible', timeout: 15000 });
  const rows = await page.locator('.taro_page:visible .sf-schedule__row').allTextContents();
  assert.match(rows[0], /定金.*已支付/);
  assert.match(rows[1], /尾款.*(待支付|前支付)/);
  await phone.shot('41-deposit-paid');

  await visible('#order-pay').click();
  await payInCashier('确认支付');
  await page.getByText('已完成支付').first().click();
  await page.waitForURL(/orderDetail\?orderNo=/);
  await page.getByText('已完成').first().waitFor({ state: 'visible', timeout: 15000 });
  const done = await page.locator('.taro_page:visible .sf-schedule__row').allTextContents();
  assert.match(done[1], /尾款.*已支付/);
  await phone.shot('42-deposit-final-paid');
});

test('instalment course through two periods', async () => {
  const { page } = phone;
  const actSn = pick('instalments', (c) => c.orderPayType === 3 && c.confirmOrderAmount.installmentInfoList.length >= 3);
  const c = confirmations.get(actSn) as Confirmation;
  await page.goto(`${server.baseUrl}/#/pages/order/courseOrderSubmit?targetSn=${actSn}`);
  await visible('.sf-submit__btn').waitFor({ state: 'visible', timeout: 20000 });
  assert.match((await visible('.sf-submit__payable').textContent()) || '', /本期/);
  await completeSubmitScreen(c);
  await visible('.sf-submit__btn').click();
  await payInCashier('确认支付');
  await page.getByText('已完成支付').first().click();
  await page.waitForURL(/orderDetail\?orderNo=/);
  await visible('.sf-schedule__row.is-paid').waitFor({ state: 'visible', timeout: 15000 });
  let rows = await page.locator('.taro_page:visible .sf-schedule__row').allTextContents();
  assert.match(rows[0], /第一期.*已支付/);
  assert.match(rows[1], /第二期.*(待支付|前支付)/);
  assert.match(rows[2], /第三期.*未支付/);
  await phone.shot('50-instalment-1-paid');

  await visible('#order-pay').click();
  await payInCashier('确认支付');
  await page.getByText('已完成支付').first().click();
  await page.waitForURL(/orderDetail\?orderNo=/);
  await page.waitForFunction(() => document.querySelectorAll('.taro_page .sf-schedule__row.is-paid').length >= 2, null, { timeout: 15000 });
  rows = await page.locator('.taro_page:visible .sf-schedule__row').allTextContents();
  assert.match(rows[1], /第二期.*已支付/);
  await phone.shot('51-instalment-2-paid');
});
