import { noticeParts } from '../../src/domain/agreements';
import { checkAccess } from '../../src/domain/access';
import { ROUTES } from '../../src/domain/routes';

describe('the login notice links the agreements it names', () => {
  test('《用户协议》 and 《隐私政策》 open their texts; the words between stay text', () => {
    expect(noticeParts('登录即表示您已阅读并同意《用户协议》和《隐私政策》')).toEqual([
      { text: '登录即表示您已阅读并同意' },
      { text: '《用户协议》', agreementSn: 'user-agreement' },
      { text: '和' },
      { text: '《隐私政策》', agreementSn: 'privacy-policy' },
    ]);
  });

  test('a name with no agreement behind it is no link', () => {
    const parts = noticeParts('登录即表示您已阅读并同意《用户协议》《隐私政策》和《积分兑换规则》');
    expect(parts.filter((p) => p.agreementSn).map((p) => p.text)).toEqual(['《用户协议》', '《隐私政策》']);
    expect(parts.map((p) => p.text).join('')).toBe(
      '登录即表示您已阅读并同意《用户协议》《隐私政策》和《积分兑换规则》',
    );
    expect(noticeParts('欢迎光临')).toEqual([{ text: '欢迎光临' }]);
  });

  test('a visitor on the login page may read them', () => {
    expect(checkAccess(ROUTES.agreement, false)).toEqual({ allowed: true });
  });
});
