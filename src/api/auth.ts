/** Auth service calls (§7): phone verification code and phone login, both GET as the spec lists them. */
import type { PhoneLoginInfo } from '@contract/auth';
import type { Request } from './request';

export function createAuthApi(request: Request) {
  return {
    sendCode: (phone: string) =>
      request<{ resendAfter: number }>({
        url: '/api/user/phone/verification/code',
        method: 'GET',
        service: 'auth',
        data: { phone },
        loading: true,
      }),
    loginByPhone: (phone: string, code: string) =>
      request<PhoneLoginInfo>({
        url: '/api/user/phone/login',
        method: 'GET',
        service: 'auth',
        data: { phone, code },
        loading: '登录中...',
      }),
  };
}
