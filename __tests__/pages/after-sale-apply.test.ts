/**
 * 申请售后 as a customer uses it: each bad input is named in Chinese and nothing is filed; a good request is
 * confirmed first with its amount (cancelling files nothing); a refusal by the server is shown and everything
 * typed and chosen stays for another try; a pending application is edited from what it holds.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import {
  all,
  answerConfirm,
  confirmDialog,
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
import { afterSaleApplication as application, afterSaleRefer as refer } from './money-fixtures';

const customer = asCustomer();
// On H5 the question is the page's own dialog (components/confirm), never the host's.
watchHostDialog({ neverUsed: true });

const AS = '/front/v1/after/sales';
const APPLY = '/subpackages/order/afterSale/afterSaleApply';

const filed = () => requests.filter((r) => r.path === `${AS}/refund/apply` || r.path === `${AS}/edit`);
const amountField = () => all('#as-amount input')[0] as HTMLInputElement;
const descriptionField = () => all('#as-description textarea')[0] as HTMLTextAreaElement;
const submitButton = () => all('#as-submit')[0];
const active = (selector: string) => all(`${selector}.is-active`).map((e) => (e.textContent || '').trim());

async function open(url = `${APPLY}?orderNo=SO7`): Promise<void> {
  await openAt(url);
  await waitFor(() => expect(all('#as-submit').length).toBe(1));
}

/** Taps the submit button and waits until the page has said `message` as a toast. */
async function refusedWith(message: string): Promise<void> {
  tap(submitButton());
  await customer.seesToast(message);
}

test('each bad input is named in Chinese and nothing is asked or filed', async () => {
  route('POST', `${AS}/refund/refer`, () => ({ info: refer() }));
  await open();
  expect(text('#as-max')).toBe('最多可退¥500');

  // Two payments: which ones comes first.
  await refusedWith('请选择退款的期数');

  tap(all('#as-seq-2')[0]);
  await waitFor(() => expect(text('#as-max')).toBe('最多可退¥200'));
  expect(amountField().value).toBe('200');

  await typeKeys('#as-amount', '');
  await refusedWith('请输入退款金额');

  await typeKeys('#as-amount', '12.345');
  await waitFor(() => expect(text('#as-amount-error')).toBe('请输入正确的退款金额'));
  await refusedWith('请输入正确的退款金额');

  await typeKeys('#as-amount', '300');
  await refusedWith('退款金额不能超过可退金额200元');

  await typeKeys('#as-amount', '120');
  await refusedWith('请选择退款原因');

  expect(amountField().value).toBe('120');
  expect(all('.sf-confirm').length).toBe(0);
  expect(filed().length).toBe(0);
});

test('a good request is confirmed with its amount first; cancelling files nothing and keeps everything', async () => {
  route('POST', `${AS}/refund/refer`, () => ({ info: refer() }));
  await open();
  tap(all('#as-seq-1')[0]);
  await typeKeys('#as-amount', '120');
  tap(all('.as-reason')[1]);
  await typeKeys('#as-description', '课程还没开始');
  tap(submitButton());
  expect(await confirmDialog()).toEqual({
    title: '确认申请退款',
    content: '申请退款¥120，提交后请等待商家处理',
    buttons: ['取消', '确定'],
  });
  await answerConfirm(false);
  await waitFor(() => expect(submitButton().classList.contains('is-disabled')).toBe(false));
  await tick();
  expect(filed().length).toBe(0);
  expect(amountField().value).toBe('120');
  expect(active('.as-reason')).toEqual(['课程与描述不符']);
  expect(descriptionField().value).toBe('课程还没开始');
});

test('a refusal by the server is shown and nothing typed is lost; the next try files it', async () => {
  route('POST', `${AS}/refund/refer`, () => ({ info: refer() }));
  let refuse = true;
  route('POST', `${AS}/refund/apply`, () =>
    refuse ? { error: '该订单已有处理中的售后申请', code: 4000 } : { info: { applicationNo: 'AS8' } },
  );
  route('GET', `${AS}/AS8`, () => ({ info: application({ applicationNo: 'AS8' }) }));
  await open();
  tap(all('#as-type-2')[0]);
  tap(all('#as-seq-1')[0]);
  tap(all('#as-seq-2')[0]);
  await typeKeys('#as-amount', '450');
  tap(all('.as-reason')[0]);
  await typeKeys('#as-description', '不需要了');
  tap(submitButton());
  await answerConfirm(true);
  await customer.seesToast('该订单已有处理中的售后申请');
  await waitFor(() => expect(submitButton().classList.contains('is-disabled')).toBe(false));

  expect(active('.sf-as__chip[id^="as-type-"]')).toEqual(['退货退款']);
  expect(active('.sf-as__chip[id^="as-seq-"]').length).toBe(2);
  expect(amountField().value).toBe('450');
  expect(active('.as-reason')).toEqual(['不想要了']);
  expect(descriptionField().value).toBe('不需要了');

  refuse = false;
  // A person taps again later than the request layer's duplicate window (§7), so the request is sent again.
  passDuplicateWindow();
  tap(submitButton());
  await answerConfirm(true);
  await waitForPage('subpackages/order/afterSale/afterSaleDetail');
  customer.toasted('提交成功');
  expect(filed().length).toBe(2);
  expect(filed()[1].data).toMatchObject({
    orderNo: 'SO7',
    type: 2,
    seqs: [1, 2],
    amount: 45000,
    reason: '不想要了',
    description: '不需要了',
  });
});

test('a pending application is edited from what it holds and saved with 保存修改', async () => {
  route('POST', `${AS}/refund/refer`, () => ({ info: refer() }));
  route('GET', `${AS}/AS5`, () => ({ info: application() }));
  route('POST', `${AS}/edit`, () => ({ info: { applicationNo: 'AS5' } }));
  await open(`${APPLY}?orderNo=SO7&applicationNo=AS5`);
  expect(text('#as-submit')).toBe('保存修改');
  await waitFor(() => expect(amountField()?.value).toBe('120'));
  expect(active('.sf-as__chip[id^="as-seq-"]').length).toBe(1);
  expect(active('.as-reason')).toEqual(['课程与描述不符']);
  await waitFor(() => expect(descriptionField()?.value).toBe('第二期内容与介绍不同'));
  await typeKeys('#as-amount', '150');
  tap(submitButton());
  await answerConfirm(true);
  await waitFor(() => expect(filed().length).toBe(1));
  expect(filed()[0]).toMatchObject({ path: `${AS}/edit`, data: { applicationNo: 'AS5', amount: 15000, seqs: [2] } });
});

test('an order that cannot be refunded says why instead of the form', async () => {
  route('POST', `${AS}/refund/refer`, () => ({
    info: refer({ allowed: false, notAllowedReason: '已超过售后期限' }),
  }));
  await openAt(`${APPLY}?orderNo=SO7`);
  await waitFor(() => expect(text('.sf-empty__text')).toBe('已超过售后期限'));
  expect(all('#as-submit').length).toBe(0);
});
