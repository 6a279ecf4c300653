import {
  buildQuery,
  decodeParam,
  isTabRoute,
  isWebUrl,
  needsReopen,
  normalizePath,
  parseQuery,
  toUrl,
} from '../../src/domain/routes';

describe('routes', () => {
  test('normalizePath drops the slash and query', () => {
    expect(normalizePath('/pages/index/index?a=1')).toBe('pages/index/index');
    expect(normalizePath('pages/center/center')).toBe('pages/center/center');
  });
  test('tab routes are the five tab-bar entries', () => {
    expect(
      [
        'pages/index/index',
        'pages/index/tabTwo',
        'pages/index/tabThree',
        'pages/index/tabFour',
        'pages/center/center',
      ].every(isTabRoute),
    ).toBe(true);
    expect(isTabRoute('pages/index/indexCustom')).toBe(false);
  });
  test('query round trip skips empty values and encodes', () => {
    expect(buildQuery({ a: 1, b: '', c: undefined, d: '中 文' })).toBe('?a=1&d=%E4%B8%AD%20%E6%96%87');
    expect(toUrl('pages/x/y', { redirect: '/pages/a/b?c=1' })).toBe('/pages/x/y?redirect=%2Fpages%2Fa%2Fb%3Fc%3D1');
    expect(parseQuery('/pages/x/y?redirect=%2Fpages%2Fa%2Fb%3Fc%3D1&z=')).toEqual({
      redirect: '/pages/a/b?c=1',
      z: '',
    });
    expect(parseQuery('pages/x/y')).toEqual({});
    expect(parseQuery('a=1&b=2')).toEqual({ a: '1', b: '2' });
  });
});

describe('page params and web addresses', () => {
  test.each([
    ['https%3A%2F%2Fa.b%2Fc%3Fd%3D1', 'https://a.b/c?d=1'],
    ['https://a.b/c?d=1', 'https://a.b/c?d=1'],
    ['100%', '100%'],
    ['%E4%B8%AD', '中'],
    ['%E4%B8', '%E4%B8'],
    [undefined, ''],
  ])('decodeParam(%j)', (input, expected) => {
    expect(decodeParam(input)).toBe(expected);
  });
  test.each([
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['javascript:alert(1)', false],
    ['//example.com', false],
    ['', false],
  ])('isWebUrl(%j)', (url, ok) => {
    expect(isWebUrl(url)).toBe(ok);
  });
});

describe('needsReopen: the hash names the page on screen with another item', () => {
  const shown = {
    path: 'pages/activity/activityDetail',
    query: { actSn: 'demo-course-01', $taroTimestamp: '1', stamp: '2' },
  };
  test.each([
    ['/pages/activity/activityDetail?actSn=demo-course-02', true],
    ['/pages/activity/activityDetail?actSn=demo-course-01', false],
    ['/pages/activity/activityDetail?actSn=demo-course-01&from=share', true],
    ['/pages/activity/courseDetail?actSn=demo-course-02', false], // another route: the router opens it itself
    ['/pages/activity/activityDetail', true],
  ])('%s -> %s', (url, reopen) => expect(needsReopen(url, shown)).toBe(reopen));
  test('nothing shown yet', () => expect(needsReopen('/pages/index/index', null)).toBe(false));
});
