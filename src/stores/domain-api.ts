/**
 * Domain calls that only sub-package pages make (after-sales, feedback) stay out of the root `api` object: that
 * object is built by the main package, so every module it names ships in the WeChat / Baidu main package, whose
 * size is budgeted (scripts/package-budget.mjs). A sub-package binds its own domain modules to the
 * app's one request wrapper here (signing, session, §8 errors unchanged), so the modules are bundled with the
 * sub-package that imports them.
 */
import type { Request } from '../api/request';
import { request } from './index';

const bound = new Map<(request: Request) => unknown, unknown>();

/** The domain module made by `create` over the app's request wrapper, made once. */
export function domainApi<T>(create: (request: Request) => T): T {
  if (!bound.has(create)) bound.set(create, create(request));
  return bound.get(create) as T;
}
