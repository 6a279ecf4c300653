/**
 * 下单链接, from the console to the customer, project demo. The owner (desktop 1280x800, typed key by key) issues a
 * single-use order link in 下单链接 for 教师资格证 at its 笔试单科 price to one customer's phone, and reads the URL
 * off the dialog (shown once, with its QR code). The customer (phone 375x812) opens the URL, is asked to log in,
 * logs in with that phone and lands on the course order submit with that course, package and price, and no coupon
 * row (§6), and pays in the sandbox cashier. The console then shows the link 已下单 with the order; opening the
 * same link again shows the §8 1002 popup, whose 返回首页 goes home.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureAdminBuilt } from './admin-desk';
import { openConsole, selectDropdown, type ConsoleOps } from './console-ops';
import {
  SCREENS,
  checkSubmitAmounts,
  currentPage,
  field,
  fen,
  openBrowser,
  openPhone,
  startServer,
  typeKeys,
  until,
  type Phone,
  type Server,
} from './harness';

/** A phone of its own per run, so an earlier run's orders never meet this one's. */
const PHONE = `1370${String(Date.now()).slice(-7)}`;
const COURSE = '教师资格证笔试面试通关班';
const PACKAGE = '笔试单科';
const PRICE = 79900;
const LINK_TEXT = '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!';

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;
let phone: Phone;
/** The link as the dialog shows it: a path of this site (no PUBLIC_BASE_URL in the test server). */
let linkPath = '';
let orderNo = '';

const modal = (title: string) => page.locator('.ant-modal', { hasText: title }).filter({ visible: true });
const linkRows = () => page.locator('.sf-admin-order-links .ant-table-tbody .ant-table-row');

/** Picks an option of a searchable select in `root`, typing `typed` into its search key by key. */
async function pick(root: Locator, id: string, typed: string, option: string): Promise<void> {
  await root.locator('.ant-select', { has: page.locator(`#${id}`) }).click();
  if (typed) await root.locator(`#${id}`).pressSequentially(typed, { delay: 40 });
  await selectDropdown(page, id).locator('.ant-select-item-option', { hasText: option }).click();
}

/** A record of what the phone shows, in /tmp beside the console's; never a check. */
const phoneShot = (name: string) => phone.page.screenshot({ path: `/tmp/phone-${name}.png`, animations: 'disabled' });

describe('a single-use order link from the console to the customer', () => {
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

  test('the owner issues a link for one course, package and phone; its URL and QR code show once', async () => {
    const list = await ops.open('下单链接', '.sf-admin-order-links .ant-table');
    await list.getByRole('button', { name: '生成下单链接' }).click();
    const form = modal('生成下单链接');
    await form.locator('#phone').waitFor();
    // Nothing chosen: the form names what is missing and sends nothing.
    await form.getByRole('button', { name: '生成' }).click();
    await form.getByText('请选择课程').waitFor();
    await pick(form, 'actSn', '教师', COURSE);
    await pick(form, 'choice', '', `${PACKAGE}：¥799`);
    await typeKeys(form.locator('#phone'), '1380013');
    await form.getByRole('button', { name: '生成' }).click();
    await form.getByText('请输入正确的手机号码').first().waitFor();
    await form.locator('#phone').fill('');
    await typeKeys(form.locator('#phone'), PHONE);
    await typeKeys(form.locator('#note'), '走查客户');
    await ops.shot('link-form');
    await form.getByRole('button', { name: '生成' }).click();

    const issued = modal('下单链接已生成');
    await issued.locator('img[alt=下单二维码]').waitFor();
    const url = (await issued.locator('.sf-admin-link-url').innerText()).trim();
    const match = /\/#\/pages\/order\/courseOrderSubmit\?orderLink=[A-Za-z0-9_-]{32}&projectSn=demo$/.exec(url);
    assert.ok(match, `the dialog shows the link: ${url}`);
    linkPath = match[0];
    assert.match(await issued.innerText(), new RegExp(`${COURSE}（${PACKAGE}）[\\s\\S]*¥799[\\s\\S]*${PHONE}`));
    await ops.shot('link-issued');
    await issued.getByRole('button', { name: '关闭' }).click();
    await issued.waitFor({ state: 'hidden' });
    const row = linkRows().filter({ hasText: PHONE });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${COURSE}[\\s\\S]*${PACKAGE}[\\s\\S]*¥799[\\s\\S]*未使用`));
  });

  test('the customer opens it, logs in with that phone and pays the fixed price, with no coupon offered', async () => {
    const { page: h5 } = phone;
    await h5.goto(`${server.baseUrl}${linkPath}`);
    // No session: the storefront asks for a phone login and comes back to the link.
    const login = await currentPage(h5, SCREENS.login);
    await typeKeys(field(login, 'login-phone'), PHONE);
    const seen = server.smsCount(PHONE);
    await login.locator('.sf-login__code').click();
    await typeKeys(field(login, 'login-code'), await server.smsCode(PHONE, seen));
    await login.locator('.sf-login__submit').click();

    const submit = await currentPage(h5, SCREENS.courseOrderSubmit, { marker: '.sf-submit__payable .sf-price' });
    assert.equal((await submit.locator('.sf-submit__course-name').textContent())?.trim(), `${COURSE}（${PACKAGE}）`);
    assert.equal(await submit.locator('.sf-lines__row', { hasText: '优惠券' }).count(), 0, 'no coupon row (§6)');
    const amounts = await checkSubmitAmounts(submit);
    assert.equal(amounts.payable, PRICE);
    assert.equal(amounts.coupon, 0);
    await phoneShot('link-01-submit');

    await submit.locator('.sf-submit__btn').click();
    await h5.waitForURL(/\/sandbox\/cashier\//);
    const cashier = h5.locator('#cashier-amount');
    await cashier.waitFor({ state: 'visible' });
    assert.equal(fen(await cashier.textContent()), PRICE, 'the cashier asks for the price the link offered');
    await h5.locator('#cashier-confirm').click();
    const order = await currentPage(h5, SCREENS.orderDetail);
    await order.locator('.sf-detail__status-text', { hasText: '已完成' }).waitFor({ state: 'visible' });
    orderNo = new URL(h5.url()).hash.match(/orderNo=([^&]+)/)?.[1] ?? '';
    assert.ok(orderNo, 'the order detail names its order');
    await phoneShot('link-02-paid');
  });

  test('the console shows the link 已下单 with its order', async () => {
    await page.reload();
    const row = linkRows().filter({ hasText: PHONE });
    await until(async () => /已下单/.test(await row.innerText()), 'the link is 已下单', 30_000);
    assert.match(await row.innerText(), new RegExp(orderNo));
    assert.equal(await row.getByText('作废').count(), 0, 'a used link cannot be voided');
    await ops.shot('link-ordered');
  });

  test('opening the used link again shows the §8 1002 popup, and 返回首页 goes home', async () => {
    const { page: h5 } = phone;
    await h5.goto(`${server.baseUrl}${linkPath}`);
    await h5.reload();
    const screen = await currentPage(h5, SCREENS.courseOrderSubmit, { marker: '.sf-tip__message' });
    const popup = screen.locator('.sf-tip').filter({ visible: true });
    assert.equal((await popup.locator('.sf-tip__title').textContent())?.trim(), '温馨提示');
    assert.equal((await popup.locator('.sf-tip__message').textContent())?.trim(), LINK_TEXT);
    await phoneShot('link-03-used');
    await popup.locator('.sf-tip__btn', { hasText: '返回首页' }).click();
    await currentPage(h5, SCREENS.home);
  });
});
