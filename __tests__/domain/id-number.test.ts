import { isMainlandId, maskIdNumber, maskPhone, validateField } from '@contract/rules/fields';

describe('mainland ID (GB 11643)', () => {
  const now = Date.UTC(2026, 10, 22);
  test.each([
    ['11010519491231002X', true], // the standard's own sample
    ['11010519491231002x', true], // lower-case check character
    ['440106199001011235', true],
    ['110105491231002', true], // 15-digit form, born 1949-12-31
    ['111111111111111111', false], // matches the pattern, wrong check digit, no 1111-11-11 birth month
    ['110105194912310021', false], // wrong check digit
    ['110105194902300020', false], // 1949-02-30 is not a day
    ['11010520300101001X', false], // born in the future
    ['110105185001010013', false], // before 1900
    ['110105491331002', false], // 15-digit with month 13
    ['1101051949123100', false],
    ['', false],
  ])('%s -> %s', (id, ok) => expect(isMainlandId(id, now)).toBe(ok));

  test('validateField uses the checksum', () => {
    expect(validateField('IDCARD', '111111111111111111')).toBe('请输入正确的身份证号码');
    expect(validateField('IDCARD', '11010519491231002X')).toBeNull();
    // Non-mainland documents are free text up to 50 characters.
    expect(validateField('IDCARD', 'H1234567', 'IDCARD_OUT')).toBeNull();
  });
});

describe('masks', () => {
  test('ID numbers keep the first and last four', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskIdNumber('H1234567')).toBe('H******7');
  });
  test('phones keep the first three and last four', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('123')).toBe('123');
  });
});
