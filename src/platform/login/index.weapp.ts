/**
 * WeChat mini-program login: wx.login → /front/v1/auth/mini-login (code2Session); phone by the getPhoneNumber button.
 */
import Taro from '@tarojs/taro';
import { createMiniLogin } from './mini';
import type { PlatformLogin } from './types';

export * from './types';

/** The AppID this program runs as (wx.getAccountInfoSync); undefined where the host cannot say. */
function accountAppId(): string | undefined {
  try {
    return Taro.getAccountInfoSync().miniProgram.appId || undefined;
  } catch {
    return undefined;
  }
}

export const platformLogin: PlatformLogin = createMiniLogin('WEAPP', {
  login: () => Taro.login(),
  appId: accountAppId,
});
