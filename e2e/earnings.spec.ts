/**
 * The promoter's earnings as the demo earner (13800000088) walks them in the built H5 against the real server:
 * 我的收益 with the seeded balance, a withdrawal refused before real-name authentication, authentication (a
 * wrong ID number named and kept, then the right one), a bank card (a wrong number named and kept, the SMS code
 * from the server log), an amount over the balance refused, a withdrawal, the operator's approval in the
 * console's 提现审核 (asked first; 取消 sends nothing), the sandbox payout's notification turning the detail to
 * 到账, the record, and the balance down by the amount. Everything is typed key by key.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { fenToYuanText } from '../contract/rules/money';
import {
  currentPage,
  expectToast,
  field,
  loginInBrowser,
  openScreen,
  typeKeys,
  until,
  WAIT_MS,
  type Screen,
} from './harness';
import { ensureAdminBuilt } from './admin-desk';
import { openConsole } from './console-ops';
import { phoneSuite } from './suite';

const EARNER = '13800000088';
const E = 'subpackages/earnings';
const S = {
  myEarnings: { route: `${E}/earnings/myEarnings`, marker: '#earnings-withdrawable' },
  withdraw: { route: `${E}/withdraw/withdraw`, marker: '#withdraw-submit' },
  withdrawDetails: { route: `${E}/withdraw/withdrawDetails`, marker: '#withdraw-status' },
  withdrawRecord: { route: `${E}/withdraw/withdrawRecord`, marker: '.sf-earn__line' },
  authentication: { route: `${E}/authentication/authentication`, marker: '#auth-submit' },
  authenticationDetails: { route: `${E}/authentication/authenticationDetails`, marker: '#auth-verified' },
  earningsBank: { route: `${E}/bank/earningsBank`, marker: '#bank-add' },
  addEarningsBank: { route: `${E}/bank/addEarningsBank`, marker: '#bank-save' },
  chooseBank: { route: `${E}/bank/chooseBank`, marker: '#bank-ICBC' },
} satisfies Record<string, Screen>;

// The console is built before the suite's server starts (the server lists the build's files when it starts).
before(() => ensureAdminBuilt());
const suite = phoneSuite({ perTest: false });

/** "¥1,234.5" / "1234.5" -> fen. */
const toFen = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function textOf(root: Locator, selector: string): Promise<string> {
  return ((await root.locator(selector).first().textContent()) ?? '').trim();
}

async function expectText(root: Locator, selector: string, text: string): Promise<void> {
  await root.locator(selector, { hasText: text }).first().waitFor({ state: 'visible', timeout: WAIT_MS });
}

test('the earner authenticates, adds a card, withdraws, and sees the payout arrive', async () => {
  await suite.open();
  const { page } = suite.phone;
  const center = await loginInBrowser(suite.phone, suite.server, EARNER);

  // 我的收益 shows for a promoter; the balance is the seeded settled commission.
  const entry = center.locator('.sf-center__entry', { hasText: '我的收益' });
  await entry.waitFor({ state: 'visible', timeout: WAIT_MS });
  await entry.click();
  let earnings = await currentPage(page, S.myEarnings);
  const before = toFen(await textOf(earnings, '#earnings-withdrawable'));
  assert.ok(before >= 2000, `seeded withdrawable balance, got ${before}`);
  await expectText(earnings, '#earnings-ledger', '佣金解冻');
  await suite.phone.shot('earnings-1-my-earnings');

  // Before real-name authentication the withdrawal names what is missing.
  await earnings.locator('#earnings-withdraw').click();
  let withdraw = await currentPage(page, S.withdraw);
  await typeKeys(field(withdraw, 'withdraw-amount'), '10');
  await withdraw.locator('#withdraw-submit').click();
  await expectText(withdraw, '#withdraw-error', '请先完成实名认证');
  await suite.phone.shot('earnings-2-needs-identity');

  // Authentication: a wrong check digit is named and what was typed stays; then the right number.
  await withdraw.locator('#withdraw-go-auth').click();
  const auth = await currentPage(page, S.authentication);
  await typeKeys(field(auth, 'auth-name'), '张三');
  await typeKeys(field(auth, 'auth-id'), '110101199003071234');
  await auth.locator('#auth-submit').click();
  await expectText(auth, '#auth-error', '请输入正确的身份证号码');
  assert.equal(await field(auth, 'auth-id').inputValue(), '110101199003071234');
  await typeKeys(field(auth, 'auth-id'), '110101199003071233');
  await auth.locator('#auth-submit').click();
  const verified = await currentPage(page, S.authenticationDetails);
  await expectText(verified, '#auth-id-masked', '1101**********1233');
  await suite.phone.shot('earnings-3-verified');

  // A bank card: chosen bank, a wrong number named and kept, the SMS code from the server log.
  const banks = await openScreen(page, suite.server.baseUrl, `/${S.earningsBank.route}`, S.earningsBank);
  await banks.locator('#bank-add').click();
  let add = await currentPage(page, S.addEarningsBank);
  await expectText(add, '#bank-holder', '*三');
  await add.locator('#bank-choose').click();
  const choose = await currentPage(page, S.chooseBank);
  await choose.locator('#bank-ICBC').click();
  add = await currentPage(page, S.addEarningsBank);
  await expectText(add, '#bank-choose', '中国工商银行');
  await typeKeys(field(add, 'bank-card-no'), '6222021234567895');
  const seen = suite.server.smsCount(EARNER);
  await add.locator('#bank-send-code').click();
  await typeKeys(field(add, 'bank-code'), await suite.server.smsCode(EARNER, seen));
  await add.locator('#bank-save').click();
  await expectText(add, '#bank-error', '银行卡号有误，请核对后重新输入');
  assert.equal(await field(add, 'bank-card-no').inputValue(), '6222021234567895');
  await typeKeys(field(add, 'bank-card-no'), '6222021234567894');
  await add.locator('#bank-save').click();
  const cards = await currentPage(page, S.earningsBank, { marker: '.sf-earn__bank' });
  await expectText(cards, '.sf-earn__bank', '**** **** **** 7894');
  await suite.phone.shot('earnings-4-bank-card');

  // Withdraw: over the balance and a minus (kept as typed) are refused by name; ¥10 is confirmed, cancelled once
  // (nothing sent), then confirmed and goes through to review.
  const posted: string[] = [];
  const count = (r: { url: () => string; method: () => string }) => {
    if (new URL(r.url()).pathname === '/front/v1/personal/withdrawal') posted.push(r.method());
  };
  page.on('request', count);
  withdraw = await openScreen(page, suite.server.baseUrl, `/${S.withdraw.route}`, S.withdraw, {
    marker: '#withdraw-card-7894',
  });
  await typeKeys(field(withdraw, 'withdraw-amount'), fenToYuanText(before + 100));
  await expectText(withdraw, '#withdraw-error', '提现金额超过可提现余额');
  await typeKeys(field(withdraw, 'withdraw-amount'), '-5');
  await expectText(withdraw, '#withdraw-error', '提现金额不能为负数');
  await withdraw.locator('#withdraw-submit').click();
  await expectToast(page, '提现金额不能为负数');
  assert.equal(await field(withdraw, 'withdraw-amount').inputValue(), '-5', 'what was typed stays');
  await typeKeys(field(withdraw, 'withdraw-amount'), '10');
  await suite.phone.shot('earnings-5-withdraw');
  // The page's own dialog (components/confirm), drawn inside the withdraw page it asks for.
  const dialog = withdraw.locator('.sf-confirm');
  await withdraw.locator('#withdraw-submit').click();
  await dialog.getByText('确认提现', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
  assert.match(
    (await dialog.locator('.sf-confirm__content').textContent()) ?? '',
    /^提现¥10至中国工商银行（7894），手续费¥[\d.]+，预计到账¥[\d.]+$/,
    'the amount and the card are named before anything is sent',
  );
  await suite.phone.shot('earnings-5b-confirm');
  // Changing one's mind: nothing is sent and the amount typed is still there.
  await dialog.getByText('取消', { exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
  await currentPage(page, S.withdraw);
  assert.equal(await field(withdraw, 'withdraw-amount').inputValue(), '10', 'the amount stays');
  assert.equal(await withdraw.locator('#withdraw-card-7894 .sf-earn__check.is-on').count(), 1, 'the card stays');
  assert.deepEqual(posted, [], 'no withdrawal after 取消');
  await withdraw.locator('#withdraw-submit').click();
  await dialog.getByText('确定', { exact: true }).click();
  let detail = await currentPage(page, S.withdrawDetails);
  page.off('request', count);
  assert.deepEqual(posted, ['POST'], 'one withdrawal sent, the confirmed one');
  await expectText(detail, '#withdraw-status', '审核中');
  const withdrawalNo = new URLSearchParams(page.url().split('?')[1] ?? '').get('withdrawalNo') ?? '';
  assert.match(withdrawalNo, /^WD/);

  // The operator approves in the console's 提现审核; the sandbox payout then notifies the server.
  const con = await openConsole(suite.browser, suite.server.baseUrl, 'demo');
  const view = await con.open('提现审核', `.sf-admin-withdrawals .ant-table-row[data-row-key="${withdrawalNo}"]`);
  const row = view.locator(`.sf-admin-withdrawals .ant-table-row[data-row-key="${withdrawalNo}"]`);
  const approvals: string[] = [];
  con.page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/withdrawals/${withdrawalNo}/approve`)) approvals.push(r.url());
  });
  // Approval pays out: the operator is asked first, and cancelling leaves the withdrawal under review.
  await row.locator('.sf-admin-approve').click();
  let ask = con.page.locator('.ant-modal-confirm', { hasText: '确认通过并打款？' });
  await ask.waitFor();
  assert.match(await ask.innerText(), /提现 ¥10，手续费 ¥[\d.]+，实际打款 ¥[\d.]+/);
  await ask.getByRole('button', { name: '取消' }).click();
  await ask.waitFor({ state: 'detached' });
  assert.deepEqual(approvals, [], 'nothing sent after 取消');
  await row.locator('[data-status="REVIEWING"]').waitFor();
  await row.locator('.sf-admin-approve').click();
  ask = con.page.locator('.ant-modal-confirm', { hasText: '确认通过并打款？' });
  await ask.getByRole('button', { name: '确认打款' }).click();
  // The list shows those under review: the approved one leaves it.
  await row.waitFor({ state: 'detached', timeout: WAIT_MS });
  assert.equal(approvals.length, 1, 'one approval sent');
  await con.close();

  // The detail page asks again while the bank works on it: 到账 shows without a reload.
  await page.bringToFront();
  detail = await currentPage(page, S.withdrawDetails);
  await expectText(detail, '#withdraw-status', '到账');
  await expectText(detail, '#withdraw-timeline', '审核通过');
  await expectText(detail, '.sf-earn__row[data-row="实际到账"]', '¥10');
  await suite.phone.shot('earnings-6-arrived');

  const record = await openScreen(page, suite.server.baseUrl, `/${S.withdrawRecord.route}`, S.withdrawRecord);
  await expectText(record, `#record-${withdrawalNo}`, '到账');

  earnings = await openScreen(page, suite.server.baseUrl, `/${S.myEarnings.route}`, S.myEarnings);
  await until(
    async () => toFen(await textOf(earnings, '#earnings-withdrawable')) === before - 1000,
    'the balance is down by ¥10',
  );
  await expectText(earnings, '#earnings-ledger', '提现');
});

test('a customer who is not a promoter sees no 我的收益', async () => {
  await suite.open();
  const center = await loginInBrowser(suite.phone, suite.server, '13600136077');
  await center
    .locator('.sf-center__entry', { hasText: '收货地址' })
    .first()
    .waitFor({ state: 'visible', timeout: WAIT_MS });
  assert.equal(await center.locator('.sf-center__entry', { hasText: '我的收益' }).count(), 0);
  await expectToastAbsent();
});

/** Nothing went wrong loudly on the centre (no toast with an error). */
async function expectToastAbsent(): Promise<void> {
  const toasts = await suite.phone.page.locator('.taro__toast p').allTextContents();
  assert.ok(!toasts.some((t) => /失败|异常/.test(t)), `unexpected toast: ${toasts.join(' ')}`);
}
