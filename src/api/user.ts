/** 我的's numbers: one summary call instead of a total from every list. */
import type { UserSummary } from '@contract/user-summary';
import type { Request } from './request';

export function createUserApi(request: Request) {
  return {
    summary: () => request<UserSummary>({ url: '/front/v1/user/summary', method: 'GET', service: 'user' }),
  };
}
