/** The visitor-access check (§2): whether the operator has blocked the project, this visitor or the page. */
import type { AccessCheckInfo } from '@contract/access';
import type { Request } from './request';

export function createAccessApi(request: Request) {
  return {
    check: (path: string) => request<AccessCheckInfo>({ url: '/front/v1/access/check', method: 'GET', data: { path } }),
  };
}
