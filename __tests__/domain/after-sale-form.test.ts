import { applyProblem, maxFor, progressSteps, type ApplyDraft } from '../../src/domain/after-sale';

const refer = {
  payments: [
    { seq: 1, label: '第1期', paid: 3000, refundable: 3000 },
    { seq: 2, label: '第2期', paid: 3000, refundable: 1000 },
  ],
};
const draft = (over: Partial<ApplyDraft> = {}): ApplyDraft => ({
  type: 1,
  seqs: [1],
  amountText: '10',
  reason: '不想要了',
  description: '',
  images: [],
  ...over,
});

describe('after-sale apply form', () => {
  test('max is what the chosen payments can still give back', () => {
    expect(maxFor(refer, [2])).toBe(1000);
    expect(maxFor(refer, [])).toBe(4000);
  });
  test.each([
    [draft({ seqs: [] }), '请选择退款的期数'],
    [draft({ amountText: 'abc' }), '请输入正确的退款金额'],
    [draft({ amountText: '0' }), '请输入正确的退款金额'],
    [draft({ amountText: '1.234' }), '请输入正确的退款金额'],
    // A minus is kept as typed and refused by name (it used to be dropped, filing a ¥5 refund for "-5").
    [draft({ amountText: '-5' }), '退款金额不能为负数'],
    [draft({ amountText: '－5' }), '退款金额不能为负数'],
    [draft({ amountText: '' }), '请输入退款金额'],
    [draft({ seqs: [2], amountText: '10.01' }), '退款金额不能超过可退金额10元'],
    [draft({ reason: '' }), '请选择退款原因'],
    [draft({ images: Array(7).fill('u') }), '最多上传6张图片'],
  ])('%j -> %s', (d, message) => expect(applyProblem(d, refer)).toEqual({ message }));
  test('a good draft gives the amount in fen', () =>
    expect(applyProblem(draft({ amountText: '12.5' }), refer)).toEqual({ amount: 1250 }));
  test('one payment needs no seq', () =>
    expect(applyProblem(draft({ seqs: [] }), { payments: [refer.payments[0]] })).toEqual({ amount: 1000 }));
});

describe('progress steps', () => {
  test('refund only: marks up to the current state', () => {
    expect(progressSteps({ state: 'REFUNDING', type: 1, logistics: null }).map((s) => [s.title, s.done])).toEqual([
      ['提交申请', true],
      ['商家处理', true],
      ['退款中', true],
      ['退款成功', false],
    ]);
  });
  test('return and refund has the shipping steps', () => {
    expect(progressSteps({ state: 'SHIPPED', type: 2, logistics: null }).map((s) => s.title)).toEqual([
      '提交申请',
      '商家处理',
      '寄回商品',
      '商家收货',
      '退款中',
      '退款成功',
    ]);
    expect(progressSteps({ state: 'SHIPPED', type: 2, logistics: null }).filter((s) => s.done).length).toBe(3);
  });
  test('refused and cancelled end badly', () => {
    expect(progressSteps({ state: 'REFUSED', type: 1, logistics: null })[1]).toEqual({
      title: '商家已拒绝',
      done: true,
      failed: true,
    });
    expect(progressSteps({ state: 'CANCELLED', type: 1, logistics: null })[1].title).toBe('已撤销');
  });
});
