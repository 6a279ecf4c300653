import { chineseNumeral, installmentName } from '../../src/domain/chinese-numerals';
import { payableLabel, scheduleRows } from '../../src/domain/schedule';

const item = (over: Partial<Parameters<typeof scheduleRows>[1][number]> = {}) => ({
  installmentAmount: 10000,
  dueTime: null,
  payFlag: false,
  installmentPayType: null,
  deductionAmount: 0,
  installmentPayAmount: null,
  ...over,
});

describe('schedule rows (§4)', () => {
  test('deposit order: payment 1 is 定金, 2 is 尾款', () => {
    const rows = scheduleRows(
      2,
      [item({ depositType: 1, installmentAmount: 50000 }), item({ depositType: 2, installmentAmount: 118000 })],
      1,
    );
    expect(rows.map((r) => [r.title, r.state, r.statusText, r.greyed])).toEqual([
      ['定金', 'current', '待支付', false],
      ['尾款', 'notYet', '未支付', true],
    ]);
  });

  test('deposit paid by WeChat, final due with a pay-before time', () => {
    // 18:30 in China (10:30 UTC): the pay-before time is printed in China time whatever the device zone.
    const due = '2026-12-01T10:30:00Z';
    const rows = scheduleRows(
      2,
      [
        item({ depositType: 1, payFlag: true, installmentPayType: 1, installmentPayAmount: 50000 }),
        item({ depositType: 2, dueTime: due }),
      ],
      2,
    );
    expect(rows[0]).toMatchObject({ state: 'paid', statusText: '已支付（微信支付）', paidAmount: 50000 });
    expect(rows[1]).toMatchObject({ state: 'current', statusText: '2026-12-01 18:30前支付', greyed: false });
  });

  test('instalments: names, current period, deduction on a paid row', () => {
    const rows = scheduleRows(
      3,
      [
        item({
          installmentNum: 1,
          payFlag: true,
          installmentPayType: 5,
          deductionAmount: 3000,
          installmentPayAmount: 7000,
        }),
        item({ installmentNum: 2 }),
        item({ installmentNum: 3 }),
      ],
      2,
    );
    expect(rows.map((r) => r.title)).toEqual(['第一期', '第二期', '第三期']);
    expect(rows[0]).toMatchObject({
      state: 'paid',
      statusText: '已支付（费用抵扣）',
      deductionAmount: 3000,
      paidAmount: 7000,
    });
    expect(rows[1]).toMatchObject({ state: 'current', statusText: '待支付' });
    expect(rows[2]).toMatchObject({ state: 'notYet', statusText: '未支付', greyed: true });
  });

  test('a changed-course order: the row now due shows its 费用抵扣 before it is paid, without 实付', () => {
    const rows = scheduleRows(
      3,
      [item({ installmentNum: 1, installmentAmount: 10000, deductionAmount: 3000 }), item({ installmentNum: 2 })],
      1,
    );
    expect(rows[0]).toMatchObject({ state: 'current', statusText: '待支付', deductionAmount: 3000, paidAmount: null });
    expect(rows[1]).toMatchObject({ state: 'notYet', deductionAmount: 0 });
  });

  test.each(['REFUND', 'REFUND_PART', 'DEAL_DONE_COURSE'])('%s greys every entry', (status) => {
    const rows = scheduleRows(3, [item({ installmentNum: 1, payFlag: true }), item({ installmentNum: 2 })], 2, status);
    expect(rows.every((r) => r.greyed)).toBe(true);
  });

  test('a normal order has no schedule', () => {
    expect(scheduleRows(1, [item()], 1)).toEqual([]);
  });
});

describe('payable line (§2)', () => {
  test.each([
    [2, 1, '定金'],
    [2, 2, '尾款'],
    [3, 1, '本期'],
    [3, 4, '本期'],
    [1, 1, '应付'],
  ])('orderPayType %i payment %i -> %s', (type, num, label) => expect(payableLabel(type, num)).toBe(label));
});

describe('Chinese numerals (§9)', () => {
  test.each([
    [0, '零'],
    [1, '一'],
    [10, '十'],
    [12, '十二'],
    [13, '13'],
  ])('%i -> %s', (n, w) => expect(chineseNumeral(n)).toBe(w));
  test('instalment names one to ten', () => {
    expect(installmentName(1)).toBe('第一期');
    expect(installmentName(10)).toBe('第十期');
    expect(installmentName(11)).toBe('第11期');
  });
});
