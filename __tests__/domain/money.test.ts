import { fenToYuanText, formatMoney } from '../../contract/rules/money';

describe('money (§9: fen ÷ 100, at most two decimals, ¥)', () => {
  test.each([
    [0, '0', '¥0'],
    [1, '0.01', '¥0.01'],
    [10, '0.1', '¥0.1'],
    [100, '1', '¥1'],
    [1230, '12.3', '¥12.3'],
    [1234, '12.34', '¥12.34'],
    [199900, '1999', '¥1999'],
    [-550, '-5.5', '-¥5.5'],
  ])('%i fen', (fen, text, money) => {
    expect(fenToYuanText(fen)).toBe(text);
    expect(formatMoney(fen)).toBe(money);
  });
  test('non-finite input shows zero rather than NaN', () => {
    expect(formatMoney(Number.NaN)).toBe('¥0');
  });
});
