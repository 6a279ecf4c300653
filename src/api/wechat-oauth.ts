/** WeChat browser login: WeChat's authorize address for a page, and the code it came back with. */
import type { MiniLoginInfo } from '@contract/mini-login';
import type { WechatOAuthAuthorizeInfo } from '@contract/wechat-oauth';
import type { Request } from './request';

export function createWechatOAuthApi(request: Request) {
  return {
    authorize: (redirectUri: string, scope: 'snsapi_base' | 'snsapi_userinfo') =>
      request<WechatOAuthAuthorizeInfo>({
        url: '/front/v1/wechat/oauth/authorize',
        method: 'GET',
        data: { redirectUri, scope },
      }),
    login: (code: string, state: string) =>
      request<MiniLoginInfo>({ url: '/front/v1/wechat/oauth/login', data: { code, state }, loading: '登录中...' }),
  };
}
