/**
 * 提现 as a promoter uses it: each bad amount is named in Chinese under the field and in a toast, and nothing
 * leaves; a good one is confirmed first (cancelling sends nothing and leaves the page usable); a refusal by the
 * server is shown and what was typed stays, and the retry is the same withdrawal on the server; a confirmed one
 * opens its detail.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import {
  all,
  answerConfirm,
  confirmDialog,
  currentRoute,
  openAt,
  passDuplicateWindow,
  requests,
  route,
  tap,
  text,
  tick,
  typeKeys,
  waitFor,
  waitForPage,
  watchHostDialog,
} from './harness';
import {
  PERSONAL as P,
  withdrawalDetail as detail,
  withdrawalRule as rule,
  withdrawPageServer as server,
} from './money-fixtures';

const customer = asCustomer();
// On H5 the question is the page's own dialog (components/confirm), never the host's.
watchHostDialog({ neverUsed: true });

const PAGE = '/subpackages/earnings/withdraw/withdraw';

const sent = () => requests.filter((r) => r.path === `${P}/withdrawal`);
const field = () => all('#withdraw-amount input')[0] as HTMLInputElement;
const submitButton = () => all('#withdraw-submit')[0];

async function open(): Promise<void> {
  await openAt(PAGE);
  await waitFor(() => expect(all('#withdraw-submit').length).toBe(1));
}

/** Taps 确认提现 and waits until the page has said `message` as a toast. */
async function refusedWith(message: string): Promise<void> {
  tap(submitButton());
  await customer.seesToast(message);
}

test('the page shows what may be taken, the rule lines and 全部提现 fills the most allowed', async () => {
  server(rule({ available: 5000, maxAmount: 3000 }));
  await open();
  expect(text('#withdraw-available')).toBe('可提现 ¥50，本次最多可提 ¥30');
  expect(all('.sf-earn__card-title').map((t) => t.textContent)).toEqual(['到账银行卡', '提现金额', '提现规则']);
  expect(text('.sf-earn__agree')).toContain('《推广服务协议》');
  tap(all('#withdraw-all')[0]);
  await waitFor(() => expect(field().value).toBe('30'));
  expect(all('#withdraw-error').length).toBe(0);
});

test('each bad amount is named under the field and in a toast; nothing is asked or sent', async () => {
  server();
  await open();

  await refusedWith('请输入提现金额');
  expect(text('#withdraw-error')).toBe('请输入提现金额');

  await typeKeys('#withdraw-amount', '0.5');
  await waitFor(() => expect(text('#withdraw-error')).toBe('单笔提现金额不能低于¥1'));
  await refusedWith('单笔提现金额不能低于¥1');

  await typeKeys('#withdraw-amount', '51');
  await waitFor(() => expect(text('#withdraw-error')).toBe('提现金额超过可提现余额'));
  await refusedWith('提现金额超过可提现余额');

  await typeKeys('#withdraw-amount', '1.234');
  await waitFor(() => expect(text('#withdraw-error')).toBe('请输入正确的金额（最多两位小数）'));
  await refusedWith('请输入正确的金额（最多两位小数）');

  // What was typed stays as typed, for the promoter to correct.
  expect(field().value).toBe('1.234');
  expect(all('.sf-confirm').length).toBe(0);
  expect(sent().length).toBe(0);
});

test('a good amount with the agreement unticked is refused by the agreement’s name', async () => {
  server();
  await open();
  await typeKeys('#withdraw-amount', '20');
  await waitFor(() => expect(text('.sf-earn__muted:not(#withdraw-available)')).toBe('手续费 ¥0.12，实际到账 ¥19.88'));
  tap(all('#withdraw-agree')[0]);
  await refusedWith('请先阅读并同意《推广服务协议》');
  expect(text('#withdraw-error')).toBe('请先阅读并同意《推广服务协议》');
  expect(all('.sf-confirm').length).toBe(0);
  expect(sent().length).toBe(0);
  // Reading the agreement and agreeing ticks it again.
  tap(all('.sf-earn__agree .sf-earn__link')[0]);
  await waitFor(() => expect(text('.sf-earn__agreement')).toBe('推广服务协议全文'));
  tap(all('.sf-earn__agreement-ok')[0]);
  await waitFor(() => expect(all('#withdraw-agree.is-on').length).toBe(1));
});

test('before identity is verified: 去认证 shows and a withdrawal is refused with 请先完成实名认证', async () => {
  server(rule({ verified: false }));
  await open();
  expect(text('#withdraw-go-auth')).toContain('提现前需完成实名认证');
  await typeKeys('#withdraw-amount', '20');
  await refusedWith('请先完成实名认证');
  expect(sent().length).toBe(0);
});

test('the confirmation names amount, card, fee and what arrives; cancelling sends nothing and keeps the page', async () => {
  server();
  route('POST', `${P}/withdrawal`, () => ({ info: detail('WD9') }));
  await open();
  tap(all('#withdraw-card-5678')[0]);
  await typeKeys('#withdraw-amount', '20');
  tap(submitButton());
  expect(await confirmDialog()).toEqual({
    title: '确认提现',
    content: '提现¥20至工商银行（5678），手续费¥0.12，预计到账¥19.88',
    buttons: ['取消', '确定'],
  });
  await answerConfirm(false);
  await waitFor(() => expect(submitButton().classList.contains('is-disabled')).toBe(false));
  await tick();
  expect(sent().length).toBe(0);
  expect(field().value).toBe('20');
});

test('a refusal by the server is shown, what was typed stays, and the retry is the same withdrawal', async () => {
  server();
  let refuse = true;
  route('POST', `${P}/withdrawal`, () =>
    refuse ? { error: '今日提现次数已达上限（3次）', code: 4000 } : { info: detail('WD7') },
  );
  route('GET', `${P}/withdrawal/detail`, () => ({ info: detail('WD7') }));
  await open();
  await typeKeys('#withdraw-amount', '20');
  tap(submitButton());
  await answerConfirm(true);
  await customer.seesToast('今日提现次数已达上限（3次）');
  await waitFor(() => expect(text('#withdraw-error')).toBe('今日提现次数已达上限（3次）'));
  expect(field().value).toBe('20');
  expect(all('#withdraw-card-7894 .sf-earn__check.is-on').length).toBe(1);
  await waitFor(() => expect(submitButton().classList.contains('is-disabled')).toBe(false));

  refuse = false;
  // A person taps again later than the request layer's duplicate window (§7), so the request is sent again.
  passDuplicateWindow();
  tap(submitButton());
  await answerConfirm(true);
  await waitForPage('subpackages/earnings/withdraw/withdrawDetails');
  expect(currentRoute()).toBe('subpackages/earnings/withdraw/withdrawDetails');
  customer.toasted('提现申请已提交');
  expect(sent().length).toBe(2);
  expect(sent()[1].data).toMatchObject({ amount: 2000, cardId: 'BC1' });
  // One attempt, one request id: the server counts the retry as the same withdrawal.
  expect(sent()[1].data.requestId).toBe(sent()[0].data.requestId);
  await waitFor(() => expect(text('#withdraw-status')).toBe('审核中'));
});

test('paid to WeChat balance: 到账方式 微信零钱, no card asked, confirmed and sent without a card', async () => {
  server(rule({ hasCard: false, payoutTo: 'WECHAT_BALANCE' }), []);
  route('POST', `${P}/withdrawal`, () => ({
    info: { ...detail('WD8'), payoutTo: 'WECHAT_BALANCE', bankName: '微信零钱', cardMasked: '' },
  }));
  route('GET', `${P}/withdrawal/detail`, () => ({
    info: { ...detail('WD8'), payoutTo: 'WECHAT_BALANCE', bankName: '微信零钱', cardMasked: '' },
  }));
  await open();
  expect(all('.sf-earn__card-title').map((t) => t.textContent)).toEqual(['到账方式', '提现金额', '提现规则']);
  expect(text('#withdraw-to-balance')).toBe('微信零钱');
  expect(all('#withdraw-add-card').length).toBe(0);
  await typeKeys('#withdraw-amount', '20');
  tap(submitButton());
  expect((await confirmDialog()).content).toBe('提现¥20至微信零钱，手续费¥0.12，预计到账¥19.88');
  await answerConfirm(true);
  await waitForPage('subpackages/earnings/withdraw/withdrawDetails');
  expect(sent().length).toBe(1);
  expect(sent()[0].data).toMatchObject({ amount: 2000 });
  expect('cardId' in sent()[0].data).toBe(false);
  await waitFor(() => expect(text('#withdraw-status')).toBe('审核中'));
  expect(text('[data-row="到账方式"] .sf-earn__value')).toBe('微信零钱');
  expect(all('[data-row="到账银行卡"]').length).toBe(0);
});

test('the page says when it could not load', async () => {
  route('GET', `${P}/withdrawal/rule`, () => ({ error: '服务繁忙，请稍后再试' }));
  route('GET', `${P}/getBankCardList`, () => ({ info: { list: [] } }));
  route('GET', `${P}/service/agreement`, () => ({ info: { agreementName: '推广服务协议', agreementContent: '' } }));
  await openAt(PAGE);
  await waitFor(() => expect(text('.sf-empty')).toContain('服务繁忙，请稍后再试'));
  expect(all('#withdraw-submit').length).toBe(0);
});
