import { buildQuery, isTabRoute, normalizePath, parseQuery, toUrl } from '../../src/domain/routes';

describe('routes', () => {
  test('normalizePath drops the slash and query', () => {
    expect(normalizePath('/pages/index/index?a=1')).toBe('pages/index/index');
    expect(normalizePath('pages/center/center')).toBe('pages/center/center');
  });
  test('tab routes are the five tab-bar entries', () => {
    expect(['pages/index/index', 'pages/index/tabTwo', 'pages/index/tabThree', 'pages/index/tabFour', 'pages/center/center'].every(isTabRoute)).toBe(true);
    expect(isTabRoute('pages/index/indexCustom')).toBe(false);
  });
  test('query round trip skips empty values and encodes', () => {
    expect(buildQuery({ a: 1, b: '', c: undefined, d: '中 文' })).toBe('?a=1&d=%E4%B8%AD%20%E6%96%87');
    expect(toUrl('pages/x/y', { redirect: '/pages/a/b?c=1' })).toBe('/pages/x/y?redirect=%2Fpages%2Fa%2Fb%3Fc%3D1');
    expect(parseQuery('/pages/x/y?redirect=%2Fpages%2Fa%2Fb%3Fc%3D1&z=')).toEqual({ redirect: '/pages/a/b?c=1', z: '' });
    expect(parseQuery('pages/x/y')).toEqual({});
    expect(parseQuery('a=1&b=2')).toEqual({ a: '1', b: '2' });
  });
});
