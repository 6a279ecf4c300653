/** §2: system pages /choose-location and /open-location; any other unknown path goes to the error page. */
import { BUILT_ROUTES, ROUTES, SYSTEM_PAGE_ALIASES, notFoundTarget } from '../../src/domain/routes';

test('the system pages’ own addresses open their sub-package pages, with the query', () => {
  expect(notFoundTarget('/choose-location')).toBe(`/${ROUTES.chooseLocation}`);
  expect(notFoundTarget('choose-location', { stamp: '1', $taroTimestamp: 2 })).toBe(`/${ROUTES.chooseLocation}`);
  expect(notFoundTarget('/open-location', { name: '%E4%BC%9A%E5%9C%BA', latitude: 22.5, stamp: '3' })).toBe(
    `/${ROUTES.openLocation}?name=${encodeURIComponent('会场')}&latitude=22.5`,
  );
  for (const route of Object.values(SYSTEM_PAGE_ALIASES)) expect(BUILT_ROUTES.has(route)).toBe(true);
});

test('any other unknown path goes to the error page, naming the path', () => {
  expect(notFoundTarget('/no/such/page', { a: '1' })).toBe(
    `/${ROUTES.error}?reason=notFound&path=${encodeURIComponent('/no/such/page')}`,
  );
  expect(notFoundTarget('/choose-location-x')).toMatch(/^\/pages\/error\/error\?reason=notFound/);
});
