import { validatePhone, validateSmsCode } from '../../src/domain/phone';
import { THEME_PRIMARY, themeFor, themeStyle } from '../../src/domain/theme';

describe('phone rules (§5 points search wording, §9)', () => {
  test.each([
    ['', '请输入手机号'],
    ['   ', '请输入手机号'],
    ['1380013800', '请输入正确的11位手机号'],
    ['12800138000', '请输入正确的11位手机号'],
    ['138001380001', '请输入正确的11位手机号'],
    ['1380013800a', '请输入正确的11位手机号'],
    ['13800138000', null],
    ['19912345678', null],
  ])('%j -> %j', (phone, message) => expect(validatePhone(phone)).toBe(message));
  test.each([
    ['', '请输入验证码'],
    ['12345', '请输入6位数字验证码'],
    ['12345a', '请输入6位数字验证码'],
    ['123456', null],
  ])('code %j -> %j', (code, message) => expect(validateSmsCode(code)).toBe(message));
});

describe('themes (§1, §9)', () => {
  test.each([
    ['DEFAULT', 'default', '#fbdb00'],
    ['BENEFIT_PEOPLE_APPLE', 'course', '#1FD381'],
    ['INTEGRAL_APPLE', 'integral', '#E6A05B'],
    ['AUTHENTICATION_APPLE', 'authentication', '#2C68FF'],
    ['FORM_APPLE', 'default', '#fbdb00'],
    ['BAI_DU_APPLET', 'default', '#fbdb00'],
    [null, 'default', '#fbdb00'],
  ])('%s -> %s', (projectEnum, name, colour) => {
    expect(themeFor(projectEnum)).toBe(name);
    expect(THEME_PRIMARY[themeFor(projectEnum)]).toBe(colour);
    expect(themeStyle(themeFor(projectEnum))).toContain(`--sf-primary:${colour}`);
  });
});
