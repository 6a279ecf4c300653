/**
 * Money fields and confirmations: the refund amount and the withdrawal amount keep what is typed (a minus is not
 * dropped: "-5" once filed a ¥5 refund) and refuse it by name; before a refund request or a withdrawal leaves, the
 * customer confirms it in the page's dialog, and cancelling sends nothing.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import {
  all,
  answerConfirm,
  confirmDialog,
  openAt,
  requests,
  route,
  tap,
  text,
  tick,
  waitFor,
  watchHostDialog,
} from './harness';
import { afterSaleRefer, bankCard, PERSONAL, withdrawalRule, withdrawPageServer } from './money-fixtures';

const customer = asCustomer();
// On H5 the question is the page's own dialog (components/confirm), never the host's.
watchHostDialog({ neverUsed: true });

/**
 * Types key by key as a browser does: each key is offered as a cancelable beforeinput first (Taro's H5 digit
 * field cancels every key but digits and one point there), and only a key not cancelled reaches the field.
 */
async function typeAsBrowser(selector: string, typed: string): Promise<HTMLInputElement> {
  let field: HTMLInputElement | null = null;
  await waitFor(() => {
    field = all(selector)[0]?.querySelector('input') ?? null;
    if (!field) throw new Error(`no field in ${selector}`);
  });
  const el = field as unknown as HTMLInputElement;
  el.focus();
  el.value = '';
  el.dispatchEvent(new InputEvent('input', { bubbles: true, data: null, inputType: 'deleteContentBackward' }));
  await tick();
  for (const ch of typed) {
    const before = new InputEvent('beforeinput', {
      bubbles: true,
      cancelable: true,
      data: ch,
      inputType: 'insertText',
    });
    el.dispatchEvent(before);
    if (before.defaultPrevented) continue;
    el.value += ch;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, data: ch, inputType: 'insertText' }));
    await tick();
  }
  return el;
}

describe('refund request', () => {
  const AS = '/front/v1/after/sales';
  const refer = afterSaleRefer({
    orderNo: 'SO9',
    courseName: '营养早餐课',
    payments: [{ seq: 1, label: '订单金额', paid: 12800, refundable: 12800 }],
    maxAmount: 12800,
  });
  const applied = () => requests.filter((r) => r.path === `${AS}/refund/apply`);

  test('a minus stays in the field and is refused by name; nothing is filed', async () => {
    route('POST', `${AS}/refund/refer`, () => ({ info: refer }));
    await openAt('/subpackages/order/afterSale/afterSaleApply?orderNo=SO9');
    const field = await typeAsBrowser('#as-amount', '-5');
    expect(field.value).toBe('-5');
    await waitFor(() => expect(text('#as-amount-error')).toBe('退款金额不能为负数'));
    tap(all('.as-reason')[0]);
    tap(all('#as-submit')[0]);
    await customer.seesToast('退款金额不能为负数');
    expect(all('.sf-confirm').length).toBe(0);
    expect(applied()).toHaveLength(0);
  });

  test('a good amount is confirmed first: cancel files nothing, confirm files exactly it', async () => {
    route('POST', `${AS}/refund/refer`, () => ({ info: refer }));
    route('POST', `${AS}/refund/apply`, () => ({ info: { applicationNo: 'AS1' } }));
    route('GET', `${AS}/AS1`, () => ({ error: '加载失败' }));
    await openAt('/subpackages/order/afterSale/afterSaleApply?orderNo=SO9');
    await typeAsBrowser('#as-amount', '5');
    expect(all('#as-amount-error')).toHaveLength(0);
    tap(all('.as-reason')[0]);
    tap(all('#as-submit')[0]);
    expect(await confirmDialog()).toMatchObject({ title: '确认申请退款', content: '申请退款¥5，提交后请等待商家处理' });
    await answerConfirm(false);
    await tick();
    expect(applied()).toHaveLength(0);
    expect((all('#as-amount input')[0] as HTMLInputElement).value).toBe('5');
    tap(all('#as-submit')[0]);
    await answerConfirm(true);
    await waitFor(() => expect(applied()).toHaveLength(1));
    expect(applied()[0].data).toMatchObject({ orderNo: 'SO9', amount: 500, reason: '不想要了' });
  });
});

describe('withdrawal', () => {
  const sent = () => requests.filter((r) => r.path === `${PERSONAL}/withdrawal`);
  beforeEach(() => withdrawPageServer(withdrawalRule(), [bankCard('BC1', '招商银行', '7894')]));

  test('a minus stays in the field and is refused by name; nothing is sent', async () => {
    await openAt('/subpackages/earnings/withdraw/withdraw');
    const field = await typeAsBrowser('#withdraw-amount', '-5');
    expect(field.value).toBe('-5');
    await waitFor(() => expect(text('#withdraw-error')).toBe('提现金额不能为负数'));
    tap(all('#withdraw-submit')[0]);
    await customer.seesToast('提现金额不能为负数');
    expect(all('.sf-confirm').length).toBe(0);
    expect(sent()).toHaveLength(0);
  });

  test('a good amount is confirmed first: cancel sends nothing, confirm sends exactly it', async () => {
    route('POST', `${PERSONAL}/withdrawal`, () => ({ error: '提现失败，请重试' }));
    await openAt('/subpackages/earnings/withdraw/withdraw');
    await typeAsBrowser('#withdraw-amount', '20');
    tap(all('#withdraw-submit')[0]);
    expect(await confirmDialog()).toMatchObject({
      title: '确认提现',
      content: '提现¥20至招商银行（7894），手续费¥0.12，预计到账¥19.88',
    });
    await answerConfirm(false);
    await tick();
    expect(sent()).toHaveLength(0);
    expect((all('#withdraw-amount input')[0] as HTMLInputElement).value).toBe('20');
    tap(all('#withdraw-submit')[0]);
    await answerConfirm(true);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0].data).toMatchObject({ amount: 2000, cardId: 'BC1' });
  });
});
