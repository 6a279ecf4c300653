/** The api object handed to the stores: one typed module per domain over one request wrapper. */
import { createAuthApi } from './auth';
import { createEntranceApi } from './entrance';
import { createPagesApi } from './pages';
import type { Request } from './request';

export function createApi(request: Request) {
  return {
    entrance: createEntranceApi(request),
    auth: createAuthApi(request),
    pages: createPagesApi(request),
  };
}

export type Api = ReturnType<typeof createApi>;
