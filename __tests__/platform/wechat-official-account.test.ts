/**
 * The WeChat browser on a server without an official account: the entrance says wechatOfficialAccount, the
 * session keeps it, and then neither the OAuth flow nor the JS-SDK (script and signature) is asked for. With an
 * account, and with a session kept from before the entrance said anything, both go on as before.
 */
import type { EntranceInfo } from '../../contract/entrance';
import type { Api } from '../../src/api';
import { ROUTES } from '../../src/domain/routes';
import { createH5Login } from '../../src/platform/login/index.h5';
import type { H5LoginEnv } from '../../src/platform/login/wechat-oauth.h5';
import { createH5Share } from '../../src/platform/share/index.h5';
import type { PageShareOptions } from '../../src/platform/share/types';
import type { KeyValueStorage } from '../../src/platform/storage';
import { SESSION_KEY, SessionStore } from '../../src/stores/session';
import { fakeWxSdk, jsSignature } from '../fixtures/wechat';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50';

function memoryStorage(): KeyValueStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (k) => (data.has(k) ? (data.get(k) as never) : null),
    set: (k, v) => void data.set(k, JSON.parse(JSON.stringify(v))),
    remove: (k) => void data.delete(k),
  };
}

const entrance = (wechatOfficialAccount?: boolean): EntranceInfo =>
  ({
    token: 'visitor-token',
    userInfo: { userId: 'u1', phone: null, unionId: 'un1', nickName: null, avatar: null },
    timestamp: Date.now(),
    needAuth: true,
    ...(wechatOfficialAccount === undefined ? {} : { wechatOfficialAccount }),
    tips: null,
    sceneStyle: null,
    projectEnum: 'DEFAULT',
    projectParam: { projectSn: 'demo', projectName: '演示商城' },
  }) as EntranceInfo;

const apiEntering = (info: EntranceInfo) => ({ entrance: { enter: jest.fn(async () => info) } }) as unknown as Api;

function wechatBrowser(): () => H5LoginEnv {
  const store = new Map<string, string>();
  return () => ({
    userAgent: WECHAT_UA,
    href: () => 'https://shop.example/#/pages/entrance/entrance',
    go: jest.fn(),
    rewrite: jest.fn(),
    session: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v) },
    now: () => 1,
  });
}

describe('the session keeps what the entrance said', () => {
  test.each([
    [false, false],
    [true, true],
  ])('wechatOfficialAccount %s: kept, persisted, and whether pages may sign', async (said, canSign) => {
    const storage = memoryStorage();
    const s = new SessionStore(apiEntering(entrance(said)), storage);
    // Before the first entrance answers nothing may be signed: the server has not said yet.
    expect(s.canSignWechat).toBe(false);
    await s.enter('demo');
    expect(s.wechatOfficialAccount).toBe(said);
    expect(s.canSignWechat).toBe(canSign);
    expect((storage.data.get(SESSION_KEY) as { wechatOfficialAccount: boolean }).wechatOfficialAccount).toBe(said);
    // It is the server's, not the customer's: a 502 or a logout keeps it.
    s.clear();
    expect(s.wechatOfficialAccount).toBe(said);
    expect(s.canSignWechat).toBe(canSign);
  });

  test('a server that does not say, or a session kept from before it said: signing is tried, as it always was', async () => {
    const s = new SessionStore(apiEntering(entrance()), memoryStorage());
    await s.enter('demo');
    expect(s.wechatOfficialAccount).toBeNull();
    expect(s.canSignWechat).toBe(true);

    const storage = memoryStorage();
    storage.set(SESSION_KEY, { token: 'kept-token', projectSn: 'demo' });
    expect(new SessionStore(apiEntering(entrance()), storage).canSignWechat).toBe(true);
  });
});

describe("the WeChat browser's OAuth", () => {
  test('no official account: the flow is neither loaded nor asked', async () => {
    const s = new SessionStore(apiEntering(entrance(false)), memoryStorage());
    await s.enter('demo');
    const flow = jest.fn(async () => jest.fn());
    await expect(s.loginWithPlatform(createH5Login(wechatBrowser(), flow), '/pages/index/index')).resolves.toEqual({
      status: 'unavailable',
    });
    expect(flow).not.toHaveBeenCalled();
  });

  test.each([true, undefined])('official account %s: the flow runs as before', async (said) => {
    const s = new SessionStore(apiEntering(entrance(said)), memoryStorage());
    await s.enter('demo');
    const run = jest.fn(async () => ({ status: 'redirected' as const }));
    await expect(s.loginWithPlatform(createH5Login(wechatBrowser(), async () => run))).resolves.toEqual({
      status: 'redirected',
    });
    expect(run).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ wechatOfficialAccount: said ?? null }),
    );
  });
});

describe("the WeChat browser's share", () => {
  const options = (sign: PageShareOptions['sign']): PageShareOptions => ({
    route: ROUTES.courseDetail,
    params: {},
    projectSn: 'demo',
    info: null,
    defaultTitle: '演示商城',
    sign,
  });

  test("no signer (no official account): WeChat's script is not loaded and nothing is signed", async () => {
    const loadSdk = jest.fn(async () => fakeWxSdk());
    const share = createH5Share(() => ({
      userAgent: WECHAT_UA,
      href: 'https://shop.example/#/x',
      wx: () => undefined,
      loadSdk,
    }));
    await expect(share.apply(options(null))).resolves.toBe(false);
    expect(loadSdk).not.toHaveBeenCalled();
  });

  test('a signer: the script is loaded and the page signed, as before', async () => {
    const sdk = fakeWxSdk();
    const loadSdk = jest.fn(async () => sdk);
    const sign = jest.fn(async () => jsSignature);
    const share = createH5Share(() => ({
      userAgent: WECHAT_UA,
      href: 'https://shop.example/#/x',
      wx: () => undefined,
      loadSdk,
    }));
    await expect(share.apply(options(sign))).resolves.toBe(true);
    expect(loadSdk).toHaveBeenCalledTimes(1);
    expect(sign).toHaveBeenCalledWith('https://shop.example/');
    expect(sdk.updateAppMessageShareData).toHaveBeenCalled();
  });
});
