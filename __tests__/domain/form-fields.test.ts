/** §5 collect-form validation: every keyName's validator, message, placeholder, input type and limit. */
import {
  FIELD_KEY_NAMES,
  FIELD_MESSAGES,
  FIELD_PLACEHOLDERS,
  fieldInputType,
  fieldMaxLength,
  fieldTooLong,
  formErrors,
  formFieldError,
  isFieldKeyName,
  validateField,
  type FieldKeyName,
  type FormFieldLike,
} from '../../contract/rules/fields';

const field = (keyName: FieldKeyName, over: Partial<FormFieldLike> = {}): FormFieldLike => ({
  nKey: keyName.toLowerCase(),
  keyName,
  required: true,
  multiline: false,
  idCardType: keyName === 'IDCARD' ? 'IDCARD' : null,
  ...over,
});

describe('§5 messages and placeholders, verbatim', () => {
  test.each([
    ['TEXT', '请输入内容', '请输入内容'],
    ['NAME', '请输入姓名', '请输入姓名'],
    ['IDCARD', '请输入正确的身份证号码', '请输入身份证号'],
    ['NUMBER', '请输入正确的数字格式', '请输入数字'],
    ['PHONE', '请输入正确的手机号码', '请输入手机号码'],
    ['EMAIL', '请输入正确的邮箱格式', '请输入邮箱'],
    ['ADDRESS', '请输入地址信息', '请输入地址信息'],
  ] as const)('%s: %s / %s', (keyName, message, placeholder) => {
    expect(FIELD_MESSAGES[keyName]).toBe(message);
    expect(FIELD_PLACEHOLDERS[keyName]).toBe(placeholder);
  });

  test('every keyName of §3 is known', () => {
    expect([...FIELD_KEY_NAMES].sort()).toEqual([
      'ADDRESS',
      'EMAIL',
      'IDCARD',
      'IDCARD_OUT',
      'NAME',
      'NUMBER',
      'PHONE',
      'TEXT',
    ]);
    expect(isFieldKeyName('PHONE')).toBe(true);
    expect(isFieldKeyName('DATE')).toBe(false);
    expect(isFieldKeyName(undefined)).toBe(false);
  });
});

describe('validators', () => {
  test.each([
    ['TEXT', '', '请输入内容'],
    ['TEXT', '  ', '请输入内容'],
    ['TEXT', '随便写', null],
    ['NAME', '', '请输入姓名'],
    ['NAME', '张三', null],
    ['IDCARD', '', '请输入正确的身份证号码'],
    ['IDCARD', '11010519491231002X', null],
    ['IDCARD', '11010519491231002x', null],
    ['IDCARD', '110105194912310021', '请输入正确的身份证号码'],
    ['IDCARD', '111111111111111111', '请输入正确的身份证号码'],
    ['IDCARD', '110105491231002', null],
    ['IDCARD', '1101054912310', '请输入正确的身份证号码'],
    ['IDCARD_OUT', '', '请输入正确的身份证号码'],
    ['IDCARD_OUT', 'H12345678', null],
    ['IDCARD_OUT', 'x'.repeat(50), null],
    ['IDCARD_OUT', 'x'.repeat(51), '请输入正确的身份证号码'],
    ['NUMBER', '', '请输入正确的数字格式'],
    ['NUMBER', '28', null],
    ['NUMBER', '2.5', '请输入正确的数字格式'],
    ['NUMBER', '-1', '请输入正确的数字格式'],
    ['PHONE', '13800138000', null],
    ['PHONE', '19912345678', null],
    ['PHONE', '12800138000', '请输入正确的手机号码'],
    ['PHONE', '1380013800', '请输入正确的手机号码'],
    ['PHONE', '138001380000', '请输入正确的手机号码'],
    ['EMAIL', 'a@b.cn', null],
    ['EMAIL', 'first.last+tag@example.com', null],
    ['EMAIL', 'a@b', '请输入正确的邮箱格式'],
    ['EMAIL', '@b.cn', '请输入正确的邮箱格式'],
    ['ADDRESS', '', '请输入地址信息'],
    ['ADDRESS', '北京市朝阳区', null],
  ] as const)('%s %p -> %p', (keyName, value, message) => {
    expect(validateField(keyName, value, keyName === 'IDCARD' ? 'IDCARD' : null)).toBe(message);
  });

  test('an IDCARD field marked non-mainland only needs a value', () => {
    expect(validateField('IDCARD', 'H12345678', 'IDCARD_OUT')).toBeNull();
    expect(validateField('IDCARD', '', 'IDCARD_OUT')).toBe('请输入正确的身份证号码');
  });
});

describe('input types and limits', () => {
  test.each([
    ['PHONE', false, 'number', 11],
    ['NUMBER', false, 'number', 140],
    ['IDCARD', false, 'idcard', 18],
    ['IDCARD_OUT', false, 'text', 50],
    ['NAME', false, 'text', 140],
    ['EMAIL', false, 'text', 140],
    ['TEXT', false, 'text', 140],
    ['TEXT', true, 'textarea', 500],
    ['ADDRESS', true, 'textarea', 500],
    ['PHONE', true, 'number', 11],
  ] as const)('%s multiline=%s: %s, max %s', (keyName, multiline, type, max) => {
    expect(fieldInputType(keyName, multiline)).toBe(type);
    expect(fieldMaxLength(keyName, multiline)).toBe(max);
  });
});

describe('form fields', () => {
  test('required fields must pass; optional ones only when filled; nothing over the limit', () => {
    expect(formFieldError(field('EMAIL', { required: false }), '')).toBeNull();
    expect(formFieldError(field('EMAIL', { required: false }), 'x')).toBe('请输入正确的邮箱格式');
    expect(formFieldError(field('TEXT'), 'x'.repeat(141))).toBe(fieldTooLong(140));
    expect(formFieldError(field('TEXT', { multiline: true }), 'x'.repeat(141))).toBeNull();
    expect(fieldTooLong(140)).toBe('最多输入140个字');
  });

  test('every problem at once, by nKey', () => {
    const fields = [field('NAME'), field('PHONE'), field('TEXT', { required: false })];
    expect(formErrors(fields, { name: '', phone: '123' })).toEqual({
      name: '请输入姓名',
      phone: '请输入正确的手机号码',
    });
    expect(formErrors(fields, { name: '张三', phone: '13800138000' })).toEqual({});
  });
});
