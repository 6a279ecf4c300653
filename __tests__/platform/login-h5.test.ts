/**
 * The WeChat browser's OAuth login (src/platform/login/index.h5.ts) with the address, history and the server
 * faked: the trip to WeChat (scope by needAuthUser, the page to come back to), the way back (code traded, address
 * cleaned before the call), and every case that must fall back to SMS login without bouncing.
 */
import type { MiniLoginInfo } from '../../contract/mini-login';
import { ERROR_CODES } from '../../contract/common';
import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import { createH5Login } from '../../src/platform/login/index.h5';
import {
  OAUTH_OFF_KEY,
  readReturn,
  returnAddress,
  wechatOAuthLogin,
  type H5LoginEnv,
  type WechatOAuthCalls,
} from '../../src/platform/login/wechat-oauth.h5';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const info: MiniLoginInfo = {
  token: 'T2',
  userInfo: { userId: 'u1', phone: null, unionId: 'u_x', nickName: null, avatar: null },
  authInfo: { needAuthUser: false, needAuthPhone: true },
};

function fakeBrowser(href: string, userAgent = WECHAT_UA) {
  const store = new Map<string, string>();
  const state = { href, went: [] as string[], rewrites: [] as string[], now: 1_000_000 };
  const env = (): H5LoginEnv => ({
    userAgent,
    href: () => state.href,
    go: (url) => void state.went.push(url),
    rewrite: (url) => {
      state.rewrites.push(url);
      state.href = url;
    },
    session: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v) },
    now: () => state.now,
  });
  return { env, state, store };
}

function fakeApi(overrides: Partial<WechatOAuthCalls> = {}) {
  const wechatOAuth = {
    authorize: jest.fn(async (redirectUri: string, scope: string) => ({
      url: `https://open.weixin.qq.com/connect/oauth2/authorize?redirect_uri=${encodeURIComponent(redirectUri)}&scope=${scope}#wechat_redirect`,
    })),
    login: jest.fn(async () => info),
    ...overrides,
  };
  return { api: {} as Api, wechatOAuth };
}

/** The H5 login with the flow bound to these calls (the app binds the real ones in index.h5.ts). */
const h5Login = (env: () => H5LoginEnv, calls: WechatOAuthCalls) =>
  createH5Login(env, async () => (e, ctx) => wechatOAuthLogin(e, ctx, calls));

test('outside WeChat there is no platform login: nothing is loaded or asked, nothing moves', async () => {
  const b = fakeBrowser('https://shop.example/#/pages/index/index', SAFARI_UA);
  const { api, wechatOAuth } = fakeApi();
  const flow = jest.fn(async () => jest.fn());
  const login = createH5Login(b.env, flow);
  expect(login.platform).toBeNull();
  expect(login.silent).toBe(false);
  await expect(login.login({ api })).resolves.toEqual({ status: 'unavailable' });
  expect(flow).not.toHaveBeenCalled(); // the OAuth flow is not even downloaded
  expect(wechatOAuth.authorize).not.toHaveBeenCalled();
  expect(b.state.went).toEqual([]);
});

test('in WeChat without an openid: off to WeChat with snsapi_base, back through the entrance to the page the customer asked for', async () => {
  const b = fakeBrowser('https://shop.example/?from=timeline#/pages/entrance/entrance?redirect=x');
  const { api, wechatOAuth } = fakeApi();
  const login = h5Login(b.env, wechatOAuth);
  expect(login.platform).toBe('WECHAT_H5');
  expect(login.phoneSource).toBe('sms');
  await expect(login.login({ api, redirect: '/pages/activity/courseDetail?actSn=A1' })).resolves.toEqual({
    status: 'redirected',
  });
  expect(wechatOAuth.authorize).toHaveBeenCalledWith(
    `https://shop.example/?from=timeline#/pages/entrance/entrance?redirect=${encodeURIComponent('/pages/activity/courseDetail?actSn=A1')}`,
    'snsapi_base',
  );
  expect(b.state.went).toHaveLength(1);
  expect(b.state.went[0]).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?/);
});

test('needAuthUser asks for snsapi_userinfo; without a redirect the page itself is the way back', async () => {
  const b = fakeBrowser('https://shop.example/#/pages/center/center');
  const { api, wechatOAuth } = fakeApi();
  await h5Login(b.env, wechatOAuth).login({ api, wantProfile: true });
  expect(wechatOAuth.authorize).toHaveBeenCalledWith('https://shop.example/#/pages/center/center', 'snsapi_userinfo');
});

test('back from WeChat: the address loses code and state BEFORE the code is traded, and the session comes back', async () => {
  const b = fakeBrowser(
    'https://shop.example/?from=timeline&code=0a1b2c&state=s123#/pages/activity/courseDetail?actSn=A1',
  );
  const seenAt: string[] = [];
  const { api, wechatOAuth } = fakeApi({
    login: jest.fn(async () => {
      seenAt.push(b.state.href);
      return info;
    }),
  });
  await expect(h5Login(b.env, wechatOAuth).login({ api })).resolves.toEqual({ status: 'ok', info });
  expect(wechatOAuth.login).toHaveBeenCalledWith('0a1b2c', 's123');
  expect(seenAt).toEqual(['https://shop.example/?from=timeline#/pages/activity/courseDetail?actSn=A1']);
  expect(wechatOAuth.authorize).not.toHaveBeenCalled();
  expect(b.state.went).toEqual([]);
});

test("a spent or forged code is a failure with the server's words, and the address is clean so a reload does not retry it", async () => {
  const b = fakeBrowser('https://shop.example/?code=old&state=s#/pages/index/index');
  const { api, wechatOAuth } = fakeApi({
    login: jest.fn(async () => Promise.reject(new ApiError('登录凭证已使用，请重新登录', 'business', 1000, null, 400))),
  });
  await expect(h5Login(b.env, wechatOAuth).login({ api })).resolves.toEqual({
    status: 'fail',
    message: '登录凭证已使用，请重新登录',
  });
  expect(b.state.href).toBe('https://shop.example/#/pages/index/index');
});

test('declined (state but no code) and a return without either right after a trip fall back to SMS, without bouncing', async () => {
  const declined = fakeBrowser('https://shop.example/?state=s#/pages/index/index');
  const one = fakeApi();
  await expect(h5Login(declined.env, one.wechatOAuth).login({ api: one.api, wantProfile: true })).resolves.toEqual({
    status: 'unavailable',
  });
  expect(one.wechatOAuth.authorize).not.toHaveBeenCalled();
  expect(declined.state.href).toBe('https://shop.example/#/pages/index/index');

  const b = fakeBrowser('https://shop.example/#/pages/index/index');
  const two = fakeApi();
  const login = h5Login(b.env, two.wechatOAuth);
  await login.login({ api: two.api });
  expect(b.state.went).toHaveLength(1);
  // Back without code or state (a proxy dropped the query): no second trip within the minute...
  await expect(login.login({ api: two.api })).resolves.toEqual({ status: 'unavailable' });
  expect(b.state.went).toHaveLength(1);
  // ...but a later visit goes again.
  b.state.now += 61_000;
  await expect(login.login({ api: two.api })).resolves.toEqual({ status: 'redirected' });
});

test('openid already known (url null) and WeChat login off (remembered for the tab) answer unavailable', async () => {
  const b = fakeBrowser('https://shop.example/#/pages/index/index');
  const known = fakeApi({ authorize: jest.fn(async () => ({ url: null })) });
  await expect(h5Login(b.env, known.wechatOAuth).login({ api: known.api })).resolves.toEqual({ status: 'unavailable' });
  expect(b.state.went).toEqual([]);

  const off = fakeApi({
    authorize: jest.fn(async () =>
      Promise.reject(
        new ApiError('未配置微信公众号，无法微信登录', 'business', ERROR_CODES.WECHAT_UNAVAILABLE, null, 400),
      ),
    ),
  });
  const login = h5Login(b.env, off.wechatOAuth);
  await expect(login.login({ api: off.api })).resolves.toEqual({ status: 'unavailable' });
  expect(b.store.get(OAUTH_OFF_KEY)).toBe('1');
  await login.login({ api: off.api });
  expect(off.wechatOAuth.authorize).toHaveBeenCalledTimes(1);

  // Another failure (offline) is not "off": it says so and asks again next time.
  const c = fakeBrowser('https://shop.example/#/pages/index/index');
  const down = fakeApi({ authorize: jest.fn(async () => Promise.reject(new ApiError('网络异常', 'offline'))) });
  await expect(h5Login(c.env, down.wechatOAuth).login({ api: down.api })).resolves.toEqual({
    status: 'fail',
    message: '网络异常',
  });
  expect(c.store.get(OAUTH_OFF_KEY)).toBeUndefined();
});

test('bindPhone has no platform button on H5', async () => {
  const { api } = fakeApi();
  await expect(createH5Login(fakeBrowser('https://shop.example/').env).bindPhone({ api }, {})).resolves.toEqual({
    status: 'unavailable',
  });
});

test('address helpers', () => {
  expect(readReturn('https://s.example/p/?a=1&code=C&state=S#/r?x=1')).toEqual({
    code: 'C',
    state: 'S',
    clean: 'https://s.example/p/?a=1#/r?x=1',
  });
  expect(returnAddress('https://s.example/p/?a=1#/pages/entrance/entrance?redirect=x', undefined)).toBe(
    'https://s.example/p/?a=1#/pages/entrance/entrance?redirect=x',
  );
  expect(returnAddress('https://s.example/p/#/a', '/pages/b/b?x=1')).toBe(
    `https://s.example/p/#/pages/entrance/entrance?redirect=${encodeURIComponent('/pages/b/b?x=1')}`,
  );
});
