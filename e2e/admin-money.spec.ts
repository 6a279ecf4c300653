/**
 * The console's money and service pages on a desktop (1280x800), typed key by key, against data a customer made
 * through the API: the demo earner's withdrawal is approved in 提现审核 behind a confirmation (取消 first: nothing
 * is sent); a paid order's after-sale is refused in 售后处理 with a reason typed key by key (an empty one is named
 * first) and the customer reads the reason; a form's submissions are exported as CSV in 表单; a feedback is marked
 * handled in 意见反馈 with a note. Screenshots go to /tmp/console-money-*.png.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { AfterSaleDetail, AfterSaleRefer } from '../contract/after-sales';
import type { BankCard, WithdrawalDetail } from '../contract/earnings';
import type { PayParams } from '../contract/payment';
import { ensureAdminBuilt } from './admin-desk';
import { closeDrawer, openConsole, type ConsoleOps } from './console-ops';
import { placeGoodsOrder } from './goods-order';
import { openBrowser, startServer, typeKeys, until, type Server } from './harness';
import { signedCall } from './signed-fetch';

const EARNER = '13800000088';
const CUSTOMER = '13700137601';
const OPS_KEY = 'storefront-demo-ops-key';

let server: Server;
let browser: Browser;
let con: ConsoleOps;
let customer = '';

/** A customer of project demo logged in by phone through the API, as the storefront's login form does. */
async function customerToken(phone: string): Promise<string> {
  const { token: visitor } = await signedCall<{ token: string }>(server.baseUrl, 'POST', '/front/v1/entrance', {
    projectSn: 'demo',
  });
  const seen = server.smsCount(phone);
  await signedCall(server.baseUrl, 'GET', '/api/user/phone/verification/code', { phone }, visitor);
  const code = await server.smsCode(phone, seen);
  return (await signedCall<{ token: string }>(server.baseUrl, 'GET', '/api/user/phone/login', { phone, code }, visitor))
    .token;
}

const as =
  (token: string) =>
  <T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
    signedCall<T>(server.baseUrl, method, path, params, token);

/** The demo earner authenticates, adds a card (SMS code from the log) and asks to withdraw ¥10. */
async function reviewingWithdrawal(): Promise<string> {
  const call = as(await customerToken(EARNER));
  await call('POST', '/front/v1/personal/doIdentify', { realName: '张三', idNumber: '110101199003071233' });
  const seen = server.smsCount(EARNER);
  await call('GET', '/front/v1/personal/sendPhoneCode');
  const code = await server.smsCode(EARNER, seen);
  await call('POST', '/front/v1/personal/updateBankCard', { bankCode: 'ICBC', cardNo: '6222021234567894', code });
  const { list } = await call<{ list: BankCard[] }>('GET', '/front/v1/personal/getBankCardList');
  const w = await call<WithdrawalDetail>('POST', '/front/v1/personal/withdrawal', {
    amount: 1000,
    cardId: list[0].cardId,
    requestId: `money-e2e-${Date.now()}`,
  });
  return w.withdrawalNo;
}

/** A customer's paid goods order (sandbox cashier's confirm form) with a refund application waiting. */
async function appliedAfterSale(token: string): Promise<string> {
  const call = as(token);
  const orderNo = await placeGoodsOrder(server.baseUrl, token);
  const { paymentSn } = await call<PayParams>('GET', `/front/v1/client/order/payment/continue/${orderNo}`, {
    paySource: 'H5',
    tradeType: 'MWEB',
    redirectUrl: '/',
  });
  const res = await fetch(`${server.baseUrl}/sandbox/cashier/${paymentSn}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  assert.equal(res.status, 303, await res.text());
  let refer: AfterSaleRefer | null = null;
  await until(async () => {
    refer = await call<AfterSaleRefer>('POST', '/front/v1/after/sales/refund/refer', { orderNo });
    return refer.allowed;
  }, 'the paid order may be refunded');
  const { applicationNo } = await call<{ applicationNo: string }>('POST', '/front/v1/after/sales/refund/apply', {
    orderNo,
    type: 1,
    amount: refer!.maxAmount,
    reason: '不想要了',
  });
  return applicationNo;
}

/** A form of project demo made with the OPS_KEY, and one submission of the customer's. */
async function formWithSubmission(token: string): Promise<{ formSn: string; title: string }> {
  const title = `报名表${Date.now() % 100000}`;
  const res = await fetch(`${server.baseUrl}/ops/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      projectSn: 'demo',
      title,
      fields: [
        { keyName: 'NAME', label: '姓名' },
        { keyName: 'TEXT', label: '备注', required: false },
      ],
    }),
  });
  const form = ((await res.json()) as { info: { formSn: string; fields: { nKey: string; label: string }[] } }).info;
  const values = Object.fromEntries(form.fields.map((f) => [f.nKey, f.label === '姓名' ? '李四' : '周末上课']));
  await as(token)('POST', '/front/v1/form/commit', { formSn: form.formSn, values });
  return { formSn: form.formSn, title };
}

describe('console: money and service', () => {
  before(async () => {
    // Built before the server starts: the server lists the build's files when it starts.
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    con = await openConsole(browser, server.baseUrl, 'demo');
    // One login for the customer's after-sale, form and feedback (SMS codes are rate-limited per phone).
    customer = await customerToken(CUSTOMER);
  });
  after(async () => {
    await con?.close();
    await browser?.close();
    await server?.stop();
  });

  test('提现审核: 通过 asks with the amount; 取消 sends nothing; confirmed, the withdrawal is paid out', async () => {
    const withdrawalNo = await reviewingWithdrawal();
    const view = await con.open('提现审核', '.sf-admin-withdrawals');
    const row = view.locator(`.sf-admin-withdrawals .ant-table-row[data-row-key="${withdrawalNo}"]`);
    await row.waitFor();
    const sent: string[] = [];
    con.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/ops/earnings/withdrawals/')) sent.push(r.url());
    });
    await row.locator('.sf-admin-approve').click();
    const ask = con.page.locator('.ant-modal-confirm', { hasText: '确认通过并打款？' });
    await ask.waitFor();
    assert.match(await ask.innerText(), /张三 中国工商银行 .*7894：提现 ¥10，手续费 ¥[\d.]+，实际打款 ¥[\d.]+/s);
    await con.shot('money-withdrawal-confirm');
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.deepEqual(sent, [], 'nothing sent after 取消');
    assert.equal(await row.locator('[data-status]').getAttribute('data-status'), 'REVIEWING');

    await row.locator('.sf-admin-approve').click();
    await ask.waitFor();
    await ask.getByRole('button', { name: '确认打款' }).click();
    await con.page.locator('.ant-message', { hasText: `提现 ${withdrawalNo}` }).waitFor();
    // Under review only (the default filter): it leaves the list; 全部状态 shows it paying or paid.
    await row.waitFor({ state: 'detached' });
    assert.equal(sent.length, 1, 'one approval sent');
    await con.page.locator('.sf-admin-withdrawal-filter').click();
    await con.page.locator('.ant-select-item-option', { hasText: '全部状态' }).click();
    await until(
      async () =>
        ['PAYING', 'SUCCESS'].includes(
          (await row
            .locator('[data-status]')
            .getAttribute('data-status')
            .catch(() => '')) ?? '',
        ),
      'the withdrawal is paying or paid',
    );
    await con.shot('money-withdrawal-approved');
  });

  test('售后处理: 拒绝 needs a reason, typed key by key; the customer reads it', async () => {
    const token = customer;
    const applicationNo = await appliedAfterSale(token);
    const view = await con.open('售后处理', '.sf-admin-after-sales');
    const row = view.locator(`.sf-admin-after-sales .ant-table-row[data-row-key="${applicationNo}"]`);
    await until(async () => {
      await view.locator('.sf-admin-reload').click();
      return row.isVisible();
    }, 'the application is listed');
    await row.getByText(applicationNo, { exact: true }).click();
    const drawer = con.page.locator('.sf-admin-after-sale-detail .ant-drawer-content');
    await drawer.locator('.sf-admin-after-sale-state[data-state="APPLIED"]').waitFor();
    await drawer.locator('.sf-admin-act-refuse').click();
    const modal = con.page.locator('.ant-modal-content', { hasText: '拒绝原因' });
    await modal.getByRole('button', { name: '拒绝' }).click();
    await modal.locator('.ant-form-item-explain-error', { hasText: '请填写拒绝原因' }).waitFor();
    await typeKeys(modal.locator('#refuse_reason'), '商品已拆封使用');
    await con.shot('money-after-sale-refuse');
    await modal.getByRole('button', { name: '拒绝' }).click();
    await modal.waitFor({ state: 'detached' });
    await drawer.locator('.sf-admin-after-sale-state[data-state="REFUSED"]').waitFor();
    assert.match(await drawer.innerText(), /拒绝原因\s*商品已拆封使用/);
    const seen = await as(token)<AfterSaleDetail>('GET', `/front/v1/after/sales/${applicationNo}`);
    assert.deepEqual([seen.state, seen.refuseReason], ['REFUSED', '商品已拆封使用'], 'the customer reads the reason');
    await closeDrawer(con.page, drawer);
  });

  test('表单: a form opens to its submissions, exported as CSV', async () => {
    const token = customer;
    const { formSn, title } = await formWithSubmission(token);
    const view = await con.open('表单', '.sf-admin-forms');
    const row = view.locator(`.sf-admin-forms .ant-table-row[data-row-key="${formSn}"]`);
    await row.getByText('查看提交', { exact: true }).click();
    const submissions = view.locator('.sf-admin-submissions');
    await submissions.getByText(`「${title}」的提交`).waitFor();
    await submissions.locator('.ant-table-row', { hasText: '李四' }).waitFor();
    const [download] = await Promise.all([
      con.page.waitForEvent('download'),
      submissions.locator('.sf-admin-export').click(),
    ]);
    assert.equal(download.suggestedFilename(), `form-${formSn}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    assert.match(csv, /^\uFEFF提交编号,提交时间,用户手机号,姓名,备注,来源类型,来源编号\r\n/);
    assert.match(csv, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},137\d{8},李四,周末上课/);
    await con.shot('money-form-submissions');
  });

  test('意见反馈: a waiting feedback is marked handled with a note', async () => {
    const token = customer;
    const content = `希望增加周末班${Date.now() % 100000}`;
    await as(token)('POST', '/front/v1/feedback/submit', { feedbackType: '产品建议', content });
    const view = await con.open('意见反馈', '.sf-admin-feedback');
    const row = view.locator('.sf-admin-feedback .ant-table-row', { hasText: content });
    await row.waitFor();
    await row.locator('.sf-admin-handle').click();
    const modal = con.page.locator('.ant-modal-content', { hasText: '处理备注' });
    await typeKeys(modal.locator('#handle_note'), '已电话回访');
    await modal.getByRole('button', { name: '标记已处理' }).click();
    await con.page.locator('.ant-message', { hasText: '已标记为已处理' }).waitFor();
    // 待处理 is the default filter: it leaves the list, and 已处理 shows it with the note.
    await row.waitFor({ state: 'detached' });
    await con.page.locator('.sf-admin-feedback-filter').click();
    await con.page.locator('.ant-select-item-option', { hasText: '已处理' }).click();
    const handled = view.locator('.sf-admin-feedback .ant-table-row', { hasText: content });
    await handled.locator('[data-status="HANDLED"]').waitFor();
    assert.match(await handled.innerText(), /已电话回访/);
    await con.shot('money-feedback-handled');
  });
});
