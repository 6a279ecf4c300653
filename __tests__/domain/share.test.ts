import { ROUTES } from '../../src/domain/routes';
import { SHARE_ROUTES, isShareAllowed, sharePath, signUrl } from '../../src/domain/share';

describe('share allow list (§1)', () => {
  test.each([
    [ROUTES.activityDetail, true],
    [`/${ROUTES.courseDetail}?actSn=1`, true],
    [ROUTES.index, true],
    [ROUTES.tabTwo, true],
    [ROUTES.tabThree, true],
    [ROUTES.tabFour, true],
    [ROUTES.indexCustom, true],
    [ROUTES.center, false],
    [ROUTES.orderDetail, false],
    [ROUTES.courseOrderSubmit, false],
    [ROUTES.getCommentList, false],
    [ROUTES.entrance, false],
  ])('%s -> %s', (route, allowed) => {
    expect(isShareAllowed(route)).toBe(allowed);
  });
  test('seven pages', () => expect(SHARE_ROUTES).toHaveLength(7));
});

describe('share path and signed url', () => {
  test('the page, its query and the project; Taro internals left out', () => {
    expect(sharePath(ROUTES.courseDetail, { actSn: 'C1', $taroTimestamp: '1', stamp: '2' }, 'course')).toBe(
      '/pages/activity/courseDetail?actSn=C1&projectSn=course',
    );
    expect(sharePath(ROUTES.index, {}, '')).toBe('/pages/index/index');
  });
  test.each([
    ['https://shop.example/?a=1#/pages/index/index', 'https://shop.example/?a=1'],
    ['https://shop.example/', 'https://shop.example/'],
  ])('signUrl(%s)', (href, expected) => {
    expect(signUrl(href)).toBe(expected);
  });
});
