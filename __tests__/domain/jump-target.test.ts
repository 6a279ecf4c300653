import { JUMP_TABLE } from '../../src/domain/jump';
import {
  JUMP_ENUMS,
  JUMP_MESSAGES,
  cleanJump,
  isJumpUrl,
  jumpEnumInfo,
  jumpProblem,
} from '../../contract/rules/jump-target';

describe('jump targets an operator may set (§4 jump enums)', () => {
  test('the console offers exactly the enums the storefront resolves', () => {
    expect(JUMP_ENUMS.map((e) => e.value).sort()).toEqual(Object.keys(JUMP_TABLE).sort());
  });

  test('every §4 jump enum is there, with a Chinese name', () => {
    const spec = [
      'BANNER_NO_SKIP',
      'IMAGE_TEXT_WINDOWS',
      'IMAGE_TEXT_H5',
      'SKIP_OUTSIDE_APPLE',
      'CUSTOM_PAGE',
      'APP_HUIMIN_COURSE_DETAIL',
      'UNIT_ACT_SPECIAL',
      'PAGE_ACT_DETAIL',
      'PAGE_ORDER_DETAIL',
      'PAGE_AFTER_SALE_DETAIL',
      'SCAN_CODE_COLLECT_COUPONS',
    ];
    for (const value of spec) expect(jumpEnumInfo(value)?.label).toMatch(/[\u4e00-\u9fa5]/);
  });

  test.each([
    [{ firstEnum: 'BANNER_NO_SKIP' }, null],
    [{ firstEnum: '' }, JUMP_MESSAGES.enumMissing],
    [{ firstEnum: 'NOPE' }, JUMP_MESSAGES.enumUnknown],
    [{ firstEnum: 'PAGE_ACT_DETAIL' }, '请选择活动'],
    [{ firstEnum: 'PAGE_ACT_DETAIL', targetSn: '  ' }, '请选择活动'],
    [{ firstEnum: 'PAGE_ACT_DETAIL', targetSn: 'demo-activity-01' }, null],
    [{ firstEnum: 'CUSTOM_PAGE' }, '请选择自定义页面'],
    [{ firstEnum: 'MORE_ACTIVITY' }, '请选择栏目'],
    [{ firstEnum: 'PAGE_ORDER_DETAIL' }, '请输入订单号'],
    [{ firstEnum: 'IMAGE_TEXT_H5' }, JUMP_MESSAGES.urlMissing],
    [{ firstEnum: 'IMAGE_TEXT_H5', url: 'http://example.com/a' }, JUMP_MESSAGES.urlBad],
    [{ firstEnum: 'IMAGE_TEXT_H5', url: 'https://' }, JUMP_MESSAGES.urlBad],
    [{ firstEnum: 'IMAGE_TEXT_H5', url: 'javascript:alert(1)' }, JUMP_MESSAGES.urlBad],
    [{ firstEnum: 'IMAGE_TEXT_H5', url: '//evil.example.com' }, JUMP_MESSAGES.urlBad],
    [{ firstEnum: 'IMAGE_TEXT_H5', url: 'https://example.com/news?id=1' }, null],
    [{ firstEnum: 'IMAGE_TEXT_H5', url: '/static/pages/guide.html' }, null],
    [{ firstEnum: 'SKIP_OUTSIDE_APPLE' }, JUMP_MESSAGES.outsideMissing],
    [{ firstEnum: 'SKIP_OUTSIDE_APPLE', appId: 'wx 12' }, JUMP_MESSAGES.appIdBad],
    [{ firstEnum: 'SKIP_OUTSIDE_APPLE', appId: 'wx1234', url: 'pages/index/index' }, null],
    [{ firstEnum: 'SKIP_OUTSIDE_APPLE', url: 'pages/index/index' }, JUMP_MESSAGES.urlBad],
    [{ firstEnum: 'SKIP_OUTSIDE_APPLE', url: 'https://m.example.com' }, null],
  ])('%j -> %s', (jump, message) => {
    expect(jumpProblem(jump)?.message ?? null).toBe(message);
  });

  test('links: https with a host, or a path of this site', () => {
    expect(isJumpUrl(' https://a.example.cn/x ')).toBe(true);
    expect(isJumpUrl('https://localhost/x')).toBe(false);
    expect(isJumpUrl('ftp://a.example.cn')).toBe(false);
    expect(isJumpUrl('/a b')).toBe(false);
  });

  test('a jump is stored with only the fields its enum uses', () => {
    expect(cleanJump({ firstEnum: 'BANNER_NO_SKIP', targetSn: 'x', url: 'https://a.cn' })).toEqual({
      firstEnum: 'BANNER_NO_SKIP',
    });
    expect(cleanJump({ firstEnum: 'PAGE_ACT_DETAIL', targetSn: ' A1 ', url: 'https://a.cn' })).toEqual({
      firstEnum: 'PAGE_ACT_DETAIL',
      targetSn: 'A1',
    });
    expect(cleanJump({ firstEnum: 'IMAGE_TEXT_H5', targetSn: 'A1', url: ' /static/x.html' })).toEqual({
      firstEnum: 'IMAGE_TEXT_H5',
      url: '/static/x.html',
    });
  });
});
