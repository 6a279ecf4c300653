/**
 * §2 thirdEnum PAGE_HUIMIN_COURSE_SUBMIT switches the way in to a course order; §3 echoValue fills the applicant
 * form from the customer's user info (§7 user-info/list).
 */
import { echoFor } from '../../src/domain/applicant-echo';
import { resolveJump } from '../../src/domain/jump';
import { ROUTES } from '../../src/domain/routes';

describe('PAGE_HUIMIN_COURSE_SUBMIT', () => {
  test('a jump naming it opens the course order screen with it, not the detail', () => {
    expect(
      resolveJump({ firstEnum: 'APP_HUIMIN_COURSE_DETAIL', thirdEnum: 'PAGE_HUIMIN_COURSE_SUBMIT', targetSn: 'C9' }),
    ).toEqual({
      type: 'page',
      path: ROUTES.courseOrderSubmit,
      query: { targetSn: 'C9', thirdEnum: 'PAGE_HUIMIN_COURSE_SUBMIT' },
    });
    expect(
      resolveJump({ firstEnum: 'PAGE_ACT_DETAIL', thirdEnum: 'PAGE_HUIMIN_COURSE_SUBMIT', targetSn: 'C9' }),
    ).toMatchObject({ path: ROUTES.courseOrderSubmit });
  });

  test('without it, or without an item, the first enum decides as before', () => {
    expect(resolveJump({ firstEnum: 'APP_HUIMIN_COURSE_DETAIL', targetSn: 'C9' })).toMatchObject({
      path: ROUTES.courseDetail,
      query: { actSn: 'C9' },
    });
    expect(resolveJump({ firstEnum: 'BANNER_NO_SKIP', thirdEnum: 'PAGE_HUIMIN_COURSE_SUBMIT' })).toEqual({
      type: 'none',
    });
  });
});

describe('applicant echo from user-info/list', () => {
  const entries = [
    { keyName: 'NAME', label: '学员姓名', value: '张三' },
    { keyName: 'IDCARD', label: '身份证号', value: '110101199003071234' },
    { keyName: 'TEXT', label: '报考专业', value: '会计' },
  ];
  test.each([
    [{ keyName: 'NAME', label: '学员姓名' }, '张三'],
    // One person's identity carries over to a field of the same kind under another label...
    [{ keyName: 'NAME', label: '姓名' }, '张三'],
    [{ keyName: 'IDCARD', label: '证件号码' }, '110101199003071234'],
    // ...free text only to the same question.
    [{ keyName: 'TEXT', label: '报考专业' }, '会计'],
    [{ keyName: 'TEXT', label: '工作单位' }, ''],
    [{ keyName: 'PHONE', label: '手机号码' }, ''],
  ])('%j -> %s', (rule, value) => expect(echoFor(rule, entries)).toBe(value));
});
