/** §2 names the result sub-package's pages; links built to the spec must reach them, not the error page. */
import { ROUTES } from '../../src/domain/routes';

const g = global as unknown as { defineAppConfig: (c: unknown) => unknown };
g.defineAppConfig = (c) => c;

const config = require('../../src/app.config').default as { subPackages: { root: string; pages: string[] }[] };

test('result: success/courseDetailSuccess, exchangeSuccess, index, collectFormSuccess (§2)', () => {
  const result = config.subPackages.find((s) => s.root === 'subpackages/result');
  expect(result?.pages).toEqual([
    'success/courseDetailSuccess',
    'success/exchangeSuccess',
    'success/index',
    'success/collectFormSuccess',
  ]);
  expect([ROUTES.courseDetailSuccess, ROUTES.exchangeSuccess, ROUTES.resultIndex, ROUTES.collectFormSuccess]).toEqual(
    result?.pages.map((p) => `subpackages/result/${p}`),
  );
});
