import { ROUTES } from '../../src/domain/routes';
import { itemSharePath } from '@contract/rules/share-link';
import {
  SHARE_ROUTES,
  isShareAllowed,
  sharePath,
  sharedItemOf,
  signUrl,
  withPromoterCode,
} from '../../src/domain/share';

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

describe("a shared item's public address (contract/rules/share-link.ts)", () => {
  test('the item, its project and a well-formed promoter code; nothing else', () => {
    expect(itemSharePath('demo-activity-01')).toBe('/item/demo-activity-01');
    expect(itemSharePath('demo-activity-01', { projectSn: 'demo', promoterCode: 'P0DE000001A' })).toBe(
      '/item/demo-activity-01?projectSn=demo&promoterCode=P0DE000001A',
    );
    expect(itemSharePath('C1', { projectSn: 'a&b', promoterCode: 'P1' })).toBe('/item/C1?projectSn=a%26b');
  });
  test.each([
    [ROUTES.activityDetail, { actSn: 'A1' }, 'A1'],
    [`/${ROUTES.courseDetail}`, { actSn: 'C-1_2' }, 'C-1_2'],
    [ROUTES.activityDetail, {}, null],
    [ROUTES.activityDetail, { actSn: 'a/b' }, null],
    [ROUTES.index, { actSn: 'A1' }, null],
  ])('sharedItemOf(%s, %j) -> %s', (route, params, expected) => {
    expect(sharedItemOf(route, params)).toBe(expected);
  });
  test.each([
    ['https://s.example/item/A1?projectSn=demo', 'https://s.example/item/A1?projectSn=demo&promoterCode=P0DE000001A'],
    ['https://s.example/item/A1', 'https://s.example/item/A1?promoterCode=P0DE000001A'],
    ['https://s.example/#/pages/x?a=1', 'https://s.example/#/pages/x?a=1&promoterCode=P0DE000001A'],
    ['https://s.example/#/pages/x', 'https://s.example/#/pages/x?promoterCode=P0DE000001A'],
    ['https://s.example/item/A1?promoterCode=P0DE000001B', 'https://s.example/item/A1?promoterCode=P0DE000001B'],
  ])('withPromoterCode(%s)', (link, expected) => {
    expect(withPromoterCode(link, 'P0DE000001A')).toBe(expected);
    expect(withPromoterCode(link)).toBe(link);
  });
});
