/**
 * H5 platform login: only the WeChat browser has one, the official account's OAuth
 * (wechat-oauth.h5.ts, fetched with import() only there). Plain browsers answer `unavailable` at once and never
 * download the flow: SMS login is their way.
 */
import { isWechatBrowser } from '../../domain/user-agent';
import { sessionValue } from '../storage';
import type { H5LoginEnv } from './wechat-oauth.h5';
import type { LoginContext, LoginOutcome, PlatformLogin } from './types';

export * from './types';
export type { H5LoginEnv };

const browserEnv = (): H5LoginEnv => ({
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  href: () => window.location.href,
  go: (url) => window.location.replace(url),
  rewrite: (url) => window.history.replaceState(window.history.state, '', url),
  session: sessionValue,
  now: () => Date.now(),
});

type Flow = (e: H5LoginEnv, ctx: LoginContext) => Promise<LoginOutcome>;
/**
 * The flow and its two calls, fetched together: the calls are bound to the app's request wrapper here rather
 * than named in the root api object, which every target's main package carries (the WeChat one is budgeted).
 */
const loadFlow = (): Promise<Flow> =>
  Promise.all([import('./wechat-oauth.h5'), import('../../api/wechat-oauth'), import('../../stores/domain-api')]).then(
    ([flow, api, bind]) =>
      (e, ctx) =>
        flow.wechatOAuthLogin(e, ctx, bind.domainApi(api.createWechatOAuthApi)),
  );

export function createH5Login(env: () => H5LoginEnv = browserEnv, flow: () => Promise<Flow> = loadFlow): PlatformLogin {
  const wechat = isWechatBrowser(env().userAgent);
  return {
    platform: wechat ? 'WECHAT_H5' : null,
    // In WeChat the openid is fetched on entering, without asking (snsapi_base shows no page to the customer).
    silent: wechat,
    phoneSource: 'sms',
    async login(ctx): Promise<LoginOutcome> {
      const e = env();
      // No official account on the server: no OAuth to ask for (it would only answer 400), nor its flow to load.
      if (!isWechatBrowser(e.userAgent) || ctx.wechatOfficialAccount === false) return { status: 'unavailable' };
      return (await flow())(e, ctx);
    },
    bindPhone: async () => ({ status: 'unavailable' }),
  };
}

export const platformLogin: PlatformLogin = createH5Login();
