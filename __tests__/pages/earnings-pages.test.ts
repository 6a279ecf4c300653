/**
 * The promoter's earnings pages: 收支明细's month totals add up from the lines shown under
 * each month (a release shows unsigned and counts in neither; a returned withdrawal takes its withdrawal back out
 * of 支出 and is no 收入); a withdrawal's detail says 实际到账 only once money reached the card.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import type { LedgerLine, ProfitInfo, WithdrawalDetail } from '../../contract/earnings';
import { asCustomer } from './customer';
import { all, openAt, route, text, waitFor } from './harness';

asCustomer();

const P = '/front/v1/personal';
const line = (
  id: number,
  kind: string,
  kindText: string,
  bucket: 'FROZEN' | 'AVAILABLE',
  amount: number,
  createdAt: string,
): LedgerLine => ({ id, kind, kindText, title: '营养早餐课', bucket, amount, createdAt });

test('收支明细: each month’s 收入 and 支出 are the sums of its lines', async () => {
  const info: ProfitInfo = {
    isPromoter: true,
    promoterCode: 'P0DE000001A',
    withdrawable: 640,
    frozen: 0,
    totalEarned: 640,
    withdrawn: 0,
    verified: true,
    ledger: {
      list: [
        line(5, 'WITHDRAWAL_RETURN', '提现退回', 'AVAILABLE', 10000, '2026-11-06T02:00:00Z'),
        line(4, 'WITHDRAWAL', '提现', 'AVAILABLE', -10000, '2026-11-05T02:00:00Z'),
        line(3, 'RELEASE', '佣金解冻', 'AVAILABLE', 640, '2026-11-04T02:00:00Z'),
        line(2, 'COMMISSION', '推广佣金（冻结）', 'FROZEN', 640, '2026-10-20T02:00:00Z'),
        line(1, 'COMMISSION_CANCEL', '订单退款，佣金取消', 'FROZEN', -100, '2026-10-10T02:00:00Z'),
      ],
      total: 5,
      page: 1,
      perSize: 20,
    },
  };
  route('GET', `${P}/profit`, () => ({ info }));
  await openAt('/subpackages/earnings/earnings/myEarnings');
  await waitFor(() => expect(all('.sf-earn__ledger-month').length).toBe(2));
  const months = all('.sf-earn__ledger-month').map((m) => ({
    sums: m.querySelector('.sf-earn__month-sums')?.textContent,
    amounts: Array.from(m.querySelectorAll('.sf-earn__line-amount')).map((a) => a.textContent),
  }));
  expect(months).toEqual([
    // +¥100 back and -¥100 out: nothing spent; the release moves money already counted, so it has no sign.
    { sums: '收入 ¥0 支出 ¥0', amounts: ['+¥100', '-¥100', '¥6.4'] },
    { sums: '收入 ¥5.4 支出 ¥0', amounts: ['+¥6.4', '-¥1'] },
  ]);
});

const withdrawal = (over: Partial<WithdrawalDetail>): WithdrawalDetail => ({
  withdrawalNo: 'WD1',
  amount: 10000,
  fee: 60,
  actualAmount: 9940,
  status: 'SUCCESS',
  statusText: '到账',
  payoutTo: 'BANK_CARD',
  bankName: '招商银行',
  cardMasked: '**** **** **** 7894',
  createdAt: '2026-11-05T02:00:00Z',
  holderName: '*三',
  reason: null,
  reviewedAt: null,
  finishedAt: null,
  timeline: [],
  ...over,
});

test.each([
  [
    'SUCCESS',
    '到账',
    [
      ['手续费', '¥0.6'],
      ['实际到账', '¥99.4'],
    ],
  ],
  [
    'PAYING',
    '打款中',
    [
      ['手续费', '¥0.6'],
      ['预计到账', '¥99.4'],
    ],
  ],
  // Nothing reached the card: no 实际到账, and the whole amount went back (no fee was taken).
  ['FAILED', '打款失败', [['退回可提现', '¥100']]],
  ['REJECTED', '审核未通过', [['退回可提现', '¥100']]],
] as const)('withdrawal detail, %s: its money rows', async (status, statusText, rows) => {
  route('GET', `${P}/withdrawal/detail`, () => ({ info: withdrawal({ status, statusText }) }));
  await openAt('/subpackages/earnings/withdraw/withdrawDetails?withdrawalNo=WD1');
  await waitFor(() => expect(text('#withdraw-status')).toBe(statusText));
  const money = all('.sf-earn__row')
    .map((r) => [r.getAttribute('data-row'), r.querySelector('.sf-earn__value')?.textContent])
    .filter(([k]) => k === '手续费' || k === '实际到账' || k === '预计到账' || k === '退回可提现');
  expect(money).toEqual(rows);
});
