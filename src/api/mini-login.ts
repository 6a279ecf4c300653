/** Mini-program login calls: the login code and the phone button's proof, traded on the server. */
import type { MiniLoginBody, MiniLoginInfo, MiniPhoneBody } from '@contract/mini-login';
import type { Request } from './request';

type Body<T> = Omit<T, 'timestamp' | 'nonceStr' | 'sign' | 'token'>;

export function createMiniLoginApi(request: Request) {
  return {
    login: (body: Body<MiniLoginBody>) =>
      request<MiniLoginInfo>({ url: '/front/v1/auth/mini-login', service: 'auth', data: { ...body } }),
    phone: (body: Body<MiniPhoneBody>) =>
      request<MiniLoginInfo>({
        url: '/front/v1/auth/mini-phone',
        service: 'auth',
        data: { ...body },
        loading: '登录中...',
      }),
  };
}
