/**
 * Money fields and confirmations: the refund amount and the withdrawal amount keep what is typed (a minus is not
 * dropped: "-5" once filed a ¥5 refund) and refuse it by name; before a refund request or a withdrawal leaves, the
 * customer confirms it in a modal, and cancelling sends nothing.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import type { AfterSaleRefer } from '../../contract/after-sales';
import type { BankCard, WithdrawalRuleInfo } from '../../contract/earnings';
import { asCustomer } from './customer';
import { all, openAt, requests, route, tap, text, waitFor } from './harness';

const customer = asCustomer();
let modal: jest.SpyInstance;
beforeEach(() => {
  modal = jest.spyOn(Taro, 'showModal');
});
afterEach(() => modal.mockRestore());
const answer = (confirm: boolean) => modal.mockResolvedValueOnce({ confirm, cancel: !confirm, errMsg: 'showModal:ok' });
const tick = () => new Promise((r) => setTimeout(r, 0));

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
  const refer: AfterSaleRefer = {
    orderNo: 'SO9',
    courseName: '营养早餐课',
    allowed: true,
    notAllowedReason: null,
    payments: [{ seq: 1, label: '订单金额', paid: 12800, refundable: 12800 }],
    maxAmount: 12800,
    reasons: ['不想要了', '课程与描述不符'],
  };
  const applied = () => requests.filter((r) => r.path === `${AS}/refund/apply`);

  test('a minus stays in the field and is refused by name; nothing is filed', async () => {
    route('POST', `${AS}/refund/refer`, () => ({ info: refer }));
    await openAt('/subpackages/order/afterSale/afterSaleApply?orderNo=SO9');
    const field = await typeAsBrowser('#as-amount', '-5');
    expect(field.value).toBe('-5');
    await waitFor(() => expect(text('#as-amount-error')).toBe('退款金额不能为负数'));
    tap(all('.as-reason')[0]);
    tap(all('#as-submit')[0]);
    await waitFor(() => customer.toasted('退款金额不能为负数'));
    expect(modal).not.toHaveBeenCalled();
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
    answer(false);
    tap(all('#as-submit')[0]);
    await waitFor(() =>
      expect(modal).toHaveBeenCalledWith(
        expect.objectContaining({ title: '确认申请退款', content: '申请退款¥5，提交后请等待商家处理' }),
      ),
    );
    await tick();
    expect(applied()).toHaveLength(0);
    answer(true);
    tap(all('#as-submit')[0]);
    await waitFor(() => expect(applied()).toHaveLength(1));
    expect(applied()[0].data).toMatchObject({ orderNo: 'SO9', amount: 500, reason: '不想要了' });
  });
});

describe('withdrawal', () => {
  const P = '/front/v1/personal';
  const rule: WithdrawalRuleInfo = {
    rule: {
      minAmount: 100,
      maxPerDay: 500000,
      countPerDay: 3,
      feeBps: 60,
      feeMin: 10,
      identityRequired: true,
      bankCardRequired: true,
    },
    lines: ['单笔提现金额不低于¥1'],
    available: 5000,
    todayAmount: 0,
    todayCount: 0,
    maxAmount: 5000,
    verified: true,
    hasCard: true,
  };
  const card: BankCard = {
    cardId: 'BC1',
    bankCode: 'CMB',
    bankName: '招商银行',
    holderName: '*三',
    cardMasked: '**** **** **** 7894',
    cardTail: '7894',
    isDefault: true,
  };
  const sent = () => requests.filter((r) => r.path === `${P}/withdrawal`);
  beforeEach(() => {
    route('GET', `${P}/withdrawal/rule`, () => ({ info: rule }));
    route('GET', `${P}/getBankCardList`, () => ({ info: { list: [card] } }));
    route('GET', `${P}/service/agreement`, () => ({ info: { agreementName: '推广服务协议', agreementContent: '……' } }));
  });

  test('a minus stays in the field and is refused by name; nothing is sent', async () => {
    await openAt('/subpackages/earnings/withdraw/withdraw');
    const field = await typeAsBrowser('#withdraw-amount', '-5');
    expect(field.value).toBe('-5');
    await waitFor(() => expect(text('#withdraw-error')).toBe('提现金额不能为负数'));
    tap(all('#withdraw-submit')[0]);
    await waitFor(() => customer.toasted('提现金额不能为负数'));
    expect(modal).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(0);
  });

  test('a good amount is confirmed first: cancel sends nothing, confirm sends exactly it', async () => {
    route('POST', `${P}/withdrawal`, () => ({ error: '提现失败，请重试' }));
    await openAt('/subpackages/earnings/withdraw/withdraw');
    await typeAsBrowser('#withdraw-amount', '20');
    answer(false);
    tap(all('#withdraw-submit')[0]);
    await waitFor(() =>
      expect(modal).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '确认提现',
          content: '提现¥20至招商银行（7894），手续费¥0.12，预计到账¥19.88',
        }),
      ),
    );
    await tick();
    expect(sent()).toHaveLength(0);
    answer(true);
    tap(all('#withdraw-submit')[0]);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0].data).toMatchObject({ amount: 2000, cardId: 'BC1' });
  });
});
