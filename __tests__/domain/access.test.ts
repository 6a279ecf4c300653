import { checkAccess, isLoggedIn } from '../../src/domain/access';
import { ROUTES } from '../../src/domain/routes';

describe('visitor-access check (§2)', () => {
  const open = [
    ROUTES.entrance,
    ROUTES.index,
    ROUTES.tabTwo,
    ROUTES.tabThree,
    ROUTES.tabFour,
    ROUTES.indexCustom,
    ROUTES.activityDetail,
    ROUTES.courseDetail,
    ROUTES.center,
  ];
  test.each(open)('visitor may open %s', (route) => {
    expect(checkAccess(route, false).allowed).toBe(true);
    expect(checkAccess(`/${route}?x=1`, false).allowed).toBe(true);
  });
  test.each([
    ROUTES.orderList,
    ROUTES.orderDetail,
    ROUTES.courseOrderSubmit,
    ROUTES.deliveryAddress,
    ROUTES.myEarnings,
    ROUTES.moreActivity,
  ])('visitor is sent to log in for %s', (route) => {
    expect(checkAccess(route, false)).toEqual({ allowed: false, reason: 'LOGIN_REQUIRED' });
    expect(checkAccess(route, true).allowed).toBe(true);
  });
  test('logged in means a token and a phone', () => {
    expect(isLoggedIn({ token: '', userInfo: { phone: '13800138000' } })).toBe(false);
    expect(isLoggedIn({ token: 't', userInfo: { phone: null } })).toBe(false);
    expect(isLoggedIn({ token: 't', userInfo: null })).toBe(false);
    expect(isLoggedIn({ token: 't', userInfo: { phone: '13800138000' } })).toBe(true);
  });
});
