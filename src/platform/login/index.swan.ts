/**
 * Baidu smart-program login: Taro.login is swan.getLoginCode on this target (@tarojs/plugin-platform-swan maps
 * it), traded by /front/v1/auth/mini-login for the openid (jscode2sessionkey); the phone button's encrypted
 * data is decrypted on the server. The server knows its App Key, so no AppID is sent.
 */
import Taro from '@tarojs/taro';
import { createMiniLogin } from './mini';
import type { PlatformLogin } from './types';

export * from './types';

export const platformLogin: PlatformLogin = createMiniLogin('SWAN', {
  login: () => Taro.login(),
  appId: () => undefined,
});
