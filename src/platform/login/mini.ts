/**
 * Mini-program login shared by WeChat and Baidu: the host's login code (wx.login; Taro maps login
 * to swan.getLoginCode on Baidu) is traded on the server for a session, silently at start; the phone comes
 * from `<Button openType="getPhoneNumber">` (WeChat: a one-time code; Baidu: encryptedData and iv, decrypted on
 * the server with the session key it kept). A declined button is `unavailable`: SMS login stays the way.
 */
import type { MiniPlatform } from '@contract/mini-login';
import { errorMessage } from '../../api/error-message';
import { LOGIN_TEXTS, type LoginOutcome, type PlatformLogin } from './types';

export interface MiniHost {
  /** Taro.login: { code } from the host. */
  login(): Promise<{ code?: string }>;
  /** The AppID the program runs as, when the host says (the server refuses another app's login). */
  appId(): string | undefined;
}

const failOf = (err: unknown): LoginOutcome => ({
  status: 'fail',
  message: errorMessage(err, LOGIN_TEXTS.loginFailed),
});

export function createMiniLogin(platform: MiniPlatform, host: MiniHost): PlatformLogin {
  return {
    platform,
    silent: true,
    phoneSource: 'button',
    async login(ctx) {
      let code: string | undefined;
      try {
        code = (await host.login()).code;
      } catch {
        code = undefined;
      }
      if (!code) return { status: 'fail', message: LOGIN_TEXTS.loginFailed };
      try {
        return { status: 'ok', info: await ctx.api.miniLogin.login({ platform, code, appId: host.appId() }) };
      } catch (err) {
        return failOf(err);
      }
    },
    async bindPhone(ctx, detail) {
      // Declined (errMsg "getPhoneNumber:fail user deny"), or a host too old to give a code: no proof.
      const proof =
        platform === 'WEAPP'
          ? detail.code
            ? { code: detail.code }
            : null
          : detail.encryptedData && detail.iv
            ? { encryptedData: detail.encryptedData, iv: detail.iv }
            : null;
      if (!proof) return { status: 'unavailable' };
      try {
        return { status: 'ok', info: await ctx.api.miniLogin.phone({ platform, ...proof }) };
      } catch (err) {
        return failOf(err);
      }
    },
  };
}
