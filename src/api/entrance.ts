/** User service calls (§7): entrance, authorisation state, tips, cached user. */
import type { AuthInfo, EntranceInfo, UserInfo } from '@contract/entrance';
import type { Request } from './request';

export function createEntranceApi(request: Request) {
  return {
    enter: (projectSn: string) =>
      request<EntranceInfo>({
        url: '/front/v1/entrance',
        service: 'user',
        data: { projectSn, source: process.env.TARO_ENV.toUpperCase() },
      }),
    // The prompts depend on what the platform can supply (§6), so the server is told which one asks.
    userAuth: () =>
      request<AuthInfo>({
        url: '/front/v1/user/auth',
        service: 'user',
        data: { source: process.env.TARO_ENV.toUpperCase() },
      }),
    tips: (enumKey: string, unionId?: string, projectEnum?: string) =>
      request<{ tips: string | null }>({
        url: '/front/v1/entrance/tips',
        service: 'user',
        data: { enumKey, unionId, projectEnum },
      }),
    userCache: () => request<UserInfo>({ url: '/front/v1/user/cache', method: 'GET', service: 'user' }),
  };
}
