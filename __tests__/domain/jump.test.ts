import type { TabEntry } from '../../contract/pages';
import { resolveJump } from '../../src/domain/jump';
import { ROUTES } from '../../src/domain/routes';

const tabs: TabEntry[] = [
  { tabIndex: 0, title: '首页', pageSn: 'home', jumpContent: { firstEnum: 'PAGE_INDEX' } },
  { tabIndex: 1, title: '课程', pageSn: 'courses', jumpContent: { firstEnum: 'CUSTOM_PAGE', targetSn: 'courses' } },
  { tabIndex: 4, title: '我的', pageSn: null, jumpContent: { firstEnum: 'PERSONAL_CENTER' } },
];

describe('jump enums (§4) through one table', () => {
  test.each([
    ['BANNER_NO_SKIP', {}, { type: 'none' }],
    ['IMAGE_TEXT_WINDOWS', {}, { type: 'none' }],
    ['CUSTOM_PAGE', { targetSn: 'p1' }, { type: 'page', path: ROUTES.indexCustom, query: { targetSn: 'p1' } }],
    ['PAGE_ACT_DETAIL', { targetSn: 'A1' }, { type: 'page', path: ROUTES.activityDetail, query: { actSn: 'A1' } }],
    ['APP_HUIMIN_COURSE_DETAIL', { targetSn: 'C1' }, { type: 'page', path: ROUTES.courseDetail, query: { actSn: 'C1' } }],
    ['PAGE_ORDER_DETAIL', { targetSn: 'O1' }, { type: 'page', path: ROUTES.orderDetail, query: { orderNo: 'O1' } }],
    ['PAGE_AFTER_SALE_DETAIL', { targetSn: 'S1' }, { type: 'page', path: ROUTES.afterSaleDetail, query: { applicationNo: 'S1' } }],
    ['SCAN_CODE_COLLECT_COUPONS', { targetSn: 'A2' }, { type: 'page', path: ROUTES.getCouponActive, query: { actSn: 'A2' } }],
    ['UNIT_ACT_SPECIAL', { targetSn: 'U1' }, { type: 'page', path: ROUTES.moreActivity, query: { targetSn: 'U1' } }],
    ['IMAGE_TEXT_H5', { url: 'https://example.com/a' }, { type: 'web', url: 'https://example.com/a' }],
    ['IMAGE_TEXT_H5', { targetSn: 'R1' }, { type: 'page', path: ROUTES.richTextH5, query: { targetSn: 'R1' } }],
    ['SKIP_OUTSIDE_APPLE', { appId: 'wx1', url: 'pages/a' }, { type: 'miniProgram', appId: 'wx1', path: 'pages/a' }],
    ['ORDER_LIST', {}, { type: 'page', path: ROUTES.orderList, query: {} }],
    ['APPLE_INFO_COLLECTION_FORM', { targetSn: 'F1' }, { type: 'page', path: ROUTES.collectForms, query: { formSn: 'F1' } }],
    ['CARD_SECRET_REDEEM', {}, { type: 'page', path: ROUTES.exchangeCenter, query: {} }],
    ['SOMETHING_NEW', {}, { type: 'none' }],
  ])('%s %j', (firstEnum, extra, expected) => {
    expect(resolveJump({ firstEnum, ...extra })).toEqual(expected);
  });

  test('a page enum that matches a home tab switches the tab (§4)', () => {
    expect(resolveJump({ firstEnum: 'PAGE_INDEX' }, tabs)).toEqual({ type: 'tab', index: 0 });
    expect(resolveJump({ firstEnum: 'CUSTOM_PAGE', targetSn: 'courses' }, tabs)).toEqual({ type: 'tab', index: 1 });
    expect(resolveJump({ firstEnum: 'PERSONAL_CENTER' }, tabs)).toEqual({ type: 'tab', index: 4 });
    expect(resolveJump({ firstEnum: 'CUSTOM_PAGE', targetSn: 'other' }, tabs)).toEqual({ type: 'page', path: ROUTES.indexCustom, query: { targetSn: 'other' } });
  });
  test('no jump is a no-op', () => {
    expect(resolveJump(null)).toEqual({ type: 'none' });
  });
});
