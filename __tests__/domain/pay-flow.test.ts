import { PAY_TEXTS, afterPay, payCheckVerdict, type PayFrom, type PayResult } from '../../src/domain/pay-flow';

describe('pay flow (§4)', () => {
  test.each<[PayResult, PayFrom, string | null, boolean, { to: string; mode: string } | null]>([
    ['success', 'submit', '支付成功', true, { to: 'orderDetail', mode: 'replace' }],
    ['success', 'list', '支付成功', true, { to: 'orderDetail', mode: 'push' }],
    ['success', 'detail', '支付成功', true, null],
    ['free', 'submit', null, true, { to: 'orderDetail', mode: 'replace' }],
    ['cancel', 'submit', null, true, { to: 'orderList', mode: 'replace' }],
    ['cancel', 'detail', null, true, null],
    // The order exists once submitted: a failed payment opens it rather than leaving a spent submit screen.
    ['fail', 'submit', '支付异常, 请重试!', true, { to: 'orderDetail', mode: 'replace' }],
    ['fail', 'list', '支付异常, 请重试!', true, null],
    ['redirected', 'submit', null, false, null],
  ])('%s from %s', (result, from, toast, clear, navigate) => {
    const d = afterPay(result, from);
    expect(d.toast).toBe(toast);
    expect(d.clearPending).toBe(clear);
    expect(d.navigate).toEqual(navigate);
  });
});

describe('pay check on return from a cashier (§4, §8)', () => {
  test.each([
    [{ status: 'SUCCESS' }, 'paid'],
    [{ status: 'CLOSED' }, 'cancelled'],
    [{ status: 'PENDING' }, 'ask'],
    [null, 'ask'],
  ] as const)('%j -> %s', (last, verdict) => expect(payCheckVerdict(last)).toBe(verdict));

  test('the popup speaks §8 verbatim', () => {
    expect(PAY_TEXTS).toMatchObject({
      checkTitle: '请确认微信支付是否已完成',
      checkDone: '已完成支付',
      checkProblem: '支付遇到问题，重新支付',
    });
  });
});
