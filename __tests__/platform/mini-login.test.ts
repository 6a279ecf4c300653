/**
 * Mini-program login adapters with the host faked: WeChat's wx.login and Baidu's getLoginCode (Taro
 * maps login to it on swan) give a code the server trades; the phone button's detail becomes the proof the
 * server checks; a declined button or a failed host call is never a crash. Also the session store's use of them.
 */
import { runInAction } from 'mobx';
import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import { createMiniLogin, type MiniHost } from '../../src/platform/login/mini';
import { LOGIN_TEXTS, type PlatformLogin } from '../../src/platform/login/types';
import type { KeyValueStorage } from '../../src/platform/storage';
import { SessionStore } from '../../src/stores/session';

const userInfo = { userId: 'u-wx', phone: null as string | null, unionId: 'union-1', nickName: null, avatar: null };
const answer = (phone: string | null = null, token = 'platform-token') => ({
  token,
  userInfo: { ...userInfo, phone },
  authInfo: { needAuthUser: false, needAuthPhone: phone === null },
});

function fakeApi(over: { login?: jest.Mock; phone?: jest.Mock } = {}) {
  const miniLogin = {
    login: over.login ?? jest.fn(async () => answer()),
    phone: over.phone ?? jest.fn(async () => answer('13800138000', 'merged-token')),
  };
  return { api: { miniLogin } as unknown as Api, miniLogin };
}

const host = (code: string | undefined, appId?: string): MiniHost & { login: jest.Mock } => ({
  login: jest.fn(async () => (code === undefined ? { errMsg: 'login:fail' } : { code, errMsg: 'login:ok' })),
  appId: () => appId,
});

describe('WeChat mini-program (wx.login, getPhoneNumber code)', () => {
  test('logs in silently: the code and the AppID go to the server', async () => {
    const { api, miniLogin } = fakeApi();
    const wx = host('081abcDEF', 'wx1234567890');
    const login = createMiniLogin('WEAPP', wx);
    expect(login).toMatchObject({ platform: 'WEAPP', silent: true, phoneSource: 'button' });
    await expect(login.login({ api })).resolves.toEqual({ status: 'ok', info: answer() });
    expect(wx.login).toHaveBeenCalledTimes(1);
    expect(miniLogin.login).toHaveBeenCalledWith({ platform: 'WEAPP', code: '081abcDEF', appId: 'wx1234567890' });
  });

  test('a host that gives no code, or throws, is a failure with the login text; the server is not asked', async () => {
    const { api, miniLogin } = fakeApi();
    await expect(createMiniLogin('WEAPP', host(undefined)).login({ api })).resolves.toEqual({
      status: 'fail',
      message: LOGIN_TEXTS.loginFailed,
    });
    const throwing: MiniHost = {
      login: async () => {
        throw { errMsg: 'login:fail timeout' };
      },
      appId: () => undefined,
    };
    await expect(createMiniLogin('WEAPP', throwing).login({ api })).resolves.toEqual({
      status: 'fail',
      message: LOGIN_TEXTS.loginFailed,
    });
    expect(miniLogin.login).not.toHaveBeenCalled();
  });

  test("the server's refusal is shown as it says it", async () => {
    const { api } = fakeApi({
      login: jest.fn(async () => {
        throw new ApiError('登录凭证无效或已使用，请重新登录', 'business', 4000);
      }),
    });
    await expect(createMiniLogin('WEAPP', host('used')).login({ api })).resolves.toEqual({
      status: 'fail',
      message: '登录凭证无效或已使用，请重新登录',
    });
  });

  test('phone button: the one-time code goes to the server; a declined button asks nothing', async () => {
    const { api, miniLogin } = fakeApi();
    const login = createMiniLogin('WEAPP', host('c'));
    await expect(login.bindPhone({ api }, { errMsg: 'getPhoneNumber:ok', code: 'phone-code-1' })).resolves.toEqual({
      status: 'ok',
      info: answer('13800138000', 'merged-token'),
    });
    expect(miniLogin.phone).toHaveBeenCalledWith({ platform: 'WEAPP', code: 'phone-code-1' });
    await expect(login.bindPhone({ api }, { errMsg: 'getPhoneNumber:fail user deny' })).resolves.toEqual({
      status: 'unavailable',
    });
    // WeChat's old encrypted answer without a code is not what the server takes for WeChat.
    await expect(
      login.bindPhone({ api }, { errMsg: 'getPhoneNumber:ok', encryptedData: 'x', iv: 'y' }),
    ).resolves.toEqual({ status: 'unavailable' });
    expect(miniLogin.phone).toHaveBeenCalledTimes(1);
  });
});

describe('Baidu smart program (getLoginCode, encrypted phone)', () => {
  test("logs in with getLoginCode's code (no AppID sent)", async () => {
    const { api, miniLogin } = fakeApi();
    await login('SWAN').login({ api });
    expect(miniLogin.login).toHaveBeenCalledWith({ platform: 'SWAN', code: 'baidu-code', appId: undefined });
  });

  test('phone button: encryptedData and iv go to the server; without them nothing is asked', async () => {
    const { api, miniLogin } = fakeApi();
    const swan = login('SWAN');
    await swan.bindPhone({ api }, { encryptedData: 'ENC==', iv: 'IV==' });
    expect(miniLogin.phone).toHaveBeenCalledWith({ platform: 'SWAN', encryptedData: 'ENC==', iv: 'IV==' });
    await expect(swan.bindPhone({ api }, { errMsg: 'getPhoneNumber:fail auth deny' })).resolves.toEqual({
      status: 'unavailable',
    });
    expect(miniLogin.phone).toHaveBeenCalledTimes(1);
  });

  function login(platform: 'SWAN'): PlatformLogin {
    return createMiniLogin(platform, host('baidu-code'));
  }
});

describe('the swan target maps Taro.login to getLoginCode', () => {
  test('@tarojs/plugin-platform-swan aliases login', () => {
    // What index.swan.ts relies on: Taro.login on swan calls swan.getLoginCode.
    const runtime = jest
      .requireActual('fs')
      .readFileSync(require.resolve('@tarojs/plugin-platform-swan/dist/runtime-utils.js'), 'utf8') as string;
    expect(runtime).toMatch(/login:\s*{\s*alias:\s*'getLoginCode'/);
  });
});

describe('session store with a platform login', () => {
  const memory = (): KeyValueStorage => {
    const data = new Map<string, unknown>();
    return {
      get: (k) => (data.has(k) ? (data.get(k) as never) : null),
      set: (k, v) => void data.set(k, v),
      remove: (k) => void data.delete(k),
    };
  };

  test('silent login stores token, user and prompts; the phone button then logs the customer in', async () => {
    const { api, miniLogin } = fakeApi();
    const s = new SessionStore(api, memory());
    const login = createMiniLogin('WEAPP', host('code-1'));
    await expect(s.loginWithPlatform(login)).resolves.toMatchObject({ status: 'ok' });
    expect(s.token).toBe('platform-token');
    expect(s.authInfo).toEqual({ needAuthUser: false, needAuthPhone: true });
    expect(s.loggedIn).toBe(false);
    await s.bindPlatformPhone(login, { code: 'p' });
    expect(s.token).toBe('merged-token');
    expect(s.userInfo?.phone).toBe('13800138000');
    expect(s.loggedIn).toBe(true);
    expect(s.authInfo.needAuthPhone).toBe(false);
    expect(miniLogin.phone).toHaveBeenCalledTimes(1);
  });

  test('a failed login keeps the visitor session; a platform that does not log in silently is not asked', async () => {
    const { api } = fakeApi({
      login: jest.fn(async () => {
        throw new ApiError('微信登录暂时无法使用，请稍后再试', 'business', 4050);
      }),
    });
    const s = new SessionStore(api, memory());
    runInAction(() => {
      s.token = 'visitor-token';
    });
    await expect(s.loginWithPlatform(createMiniLogin('WEAPP', host('c')))).resolves.toEqual({
      status: 'fail',
      message: '微信登录暂时无法使用，请稍后再试',
    });
    expect(s.token).toBe('visitor-token');
    const quiet: PlatformLogin = {
      platform: null,
      silent: false,
      phoneSource: 'sms',
      login: jest.fn(),
      bindPhone: jest.fn(),
    };
    await expect(s.loginWithPlatform(quiet)).resolves.toEqual({ status: 'unavailable' });
    expect(quiet.login).not.toHaveBeenCalled();
  });
});
