import type { TabEntry } from '../../contract/pages';
import { outsideAction, resolveJump, type JumpTarget } from '../../src/domain/jump';
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
    [
      'APP_HUIMIN_COURSE_DETAIL',
      { targetSn: 'C1' },
      { type: 'page', path: ROUTES.courseDetail, query: { actSn: 'C1' } },
    ],
    ['PAGE_ORDER_DETAIL', { targetSn: 'O1' }, { type: 'page', path: ROUTES.orderDetail, query: { orderNo: 'O1' } }],
    [
      'PAGE_AFTER_SALE_DETAIL',
      { targetSn: 'S1' },
      { type: 'page', path: ROUTES.afterSaleDetail, query: { applicationNo: 'S1' } },
    ],
    [
      'SCAN_CODE_COLLECT_COUPONS',
      { targetSn: 'A2' },
      { type: 'page', path: ROUTES.getCouponActive, query: { actSn: 'A2' } },
    ],
    ['UNIT_ACT_SPECIAL', { targetSn: 'U1' }, { type: 'page', path: ROUTES.moreActivity, query: { targetSn: 'U1' } }],
    ['IMAGE_TEXT_H5', { url: 'https://example.com/a' }, { type: 'web', url: 'https://example.com/a' }],
    ['IMAGE_TEXT_H5', { targetSn: 'R1' }, { type: 'page', path: ROUTES.richTextH5, query: { targetSn: 'R1' } }],
    [
      'SKIP_OUTSIDE_APPLE',
      { appId: 'wx1', url: 'pages/a' },
      { type: 'outside', appId: 'wx1', path: 'pages/a', url: null },
    ],
    [
      'SKIP_OUTSIDE_APPLE',
      { url: 'https://partner.example/p' },
      { type: 'outside', appId: null, path: '', url: 'https://partner.example/p' },
    ],
    [
      'SKIP_OUTSIDE_APPLE',
      { appId: 'wx1', url: 'https://partner.example/p' },
      { type: 'outside', appId: 'wx1', path: '', url: 'https://partner.example/p' },
    ],
    ['SKIP_OUTSIDE_APPLE', { url: 'pages/a' }, { type: 'none' }],
    ['ORDER_LIST', {}, { type: 'page', path: ROUTES.orderList, query: {} }],
    [
      'APPLE_INFO_COLLECTION_FORM',
      { targetSn: 'F1' },
      { type: 'page', path: ROUTES.collectForms, query: { formSn: 'F1' } },
    ],
    ['CARD_SECRET_REDEEM', {}, { type: 'page', path: ROUTES.exchangeCenter, query: {} }],
    ['SOMETHING_NEW', {}, { type: 'none' }],
  ])('%s %j', (firstEnum, extra, expected) => {
    expect(resolveJump({ firstEnum, ...extra })).toEqual(expected);
  });

  test('a page enum that matches a home tab switches the tab (§4)', () => {
    expect(resolveJump({ firstEnum: 'PAGE_INDEX' }, tabs)).toEqual({ type: 'tab', index: 0 });
    expect(resolveJump({ firstEnum: 'CUSTOM_PAGE', targetSn: 'courses' }, tabs)).toEqual({ type: 'tab', index: 1 });
    expect(resolveJump({ firstEnum: 'PERSONAL_CENTER' }, tabs)).toEqual({ type: 'tab', index: 4 });
    expect(resolveJump({ firstEnum: 'CUSTOM_PAGE', targetSn: 'other' }, tabs)).toEqual({
      type: 'page',
      path: ROUTES.indexCustom,
      query: { targetSn: 'other' },
    });
  });
  test('no jump is a no-op', () => {
    expect(resolveJump(null)).toEqual({ type: 'none' });
  });
});

describe('SKIP_OUTSIDE_APPLE on each platform', () => {
  const outside = (jump: { appId?: string; url?: string }) =>
    resolveJump({ firstEnum: 'SKIP_OUTSIDE_APPLE', ...jump }) as Extract<JumpTarget, { type: 'outside' }>;
  const link = 'https://partner.example/p';

  test('H5 leaves for the outside link instead of the error page', () => {
    expect(outsideAction(outside({ url: link }), 'h5')).toEqual({ kind: 'location', url: link });
    expect(outsideAction(outside({ appId: 'wx1', url: link }), 'h5')).toEqual({ kind: 'location', url: link });
  });
  test('H5 with only a mini-program to open cannot follow it', () => {
    expect(outsideAction(outside({ appId: 'wx1', url: 'pages/a' }), 'h5')).toEqual({ kind: 'unsupported' });
  });
  test.each(['weapp', 'swan'] as const)(
    '%s opens the mini-program (copying the link if that fails) or the link in the web-view',
    (platform) => {
      expect(outsideAction(outside({ appId: 'wx1', url: 'pages/a' }), platform)).toEqual({
        kind: 'miniProgram',
        appId: 'wx1',
        path: 'pages/a',
        fallbackUrl: null,
      });
      expect(outsideAction(outside({ appId: 'wx1', url: link }), platform)).toEqual({
        kind: 'miniProgram',
        appId: 'wx1',
        path: '',
        fallbackUrl: link,
      });
      expect(outsideAction(outside({ url: link }), platform)).toEqual({ kind: 'webView', url: link });
    },
  );
});
