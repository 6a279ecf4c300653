import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import type { KeyValueStorage } from '../../src/platform/storage';
import { ENTRANCE_UPDATE_KEY, SESSION_KEY, SessionStore } from '../../src/stores/session';

function memoryStorage(): KeyValueStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (k) => (data.has(k) ? (data.get(k) as never) : null),
    set: (k, v) => void data.set(k, JSON.parse(JSON.stringify(v))),
    remove: (k) => void data.delete(k),
  };
}

const entranceInfo = {
  token: 'visitor-token',
  userInfo: { userId: 'u1', phone: null, unionId: 'un1', nickName: null, avatar: null },
  timestamp: Date.now() + 5000,
  needAuth: false,
  tips: null,
  sceneStyle: null,
  projectEnum: 'BENEFIT_PEOPLE_APPLE' as const,
  projectParam: { projectSn: 'course', projectName: '课程商城' },
};

function fakeApi(overrides: Partial<{ enter: jest.Mock; menu: jest.Mock; login: jest.Mock }> = {}): Api {
  return {
    entrance: {
      enter: overrides.enter ?? jest.fn(async () => entranceInfo),
      userAuth: jest.fn(),
      tips: jest.fn(),
      userCache: jest.fn(),
    },
    auth: {
      sendCode: jest.fn(async () => ({ resendAfter: 60 })),
      loginByPhone:
        overrides.login ??
        jest.fn(async () => ({ token: 'user-token', userInfo: { ...entranceInfo.userInfo, phone: '13800138000' } })),
    },
    pages: {
      menu:
        overrides.menu ??
        jest.fn(async () => ({
          tabList: [
            { tabIndex: 1, title: 'b', pageSn: 'p2', jumpContent: { firstEnum: 'CUSTOM_PAGE' } },
            { tabIndex: 0, title: 'a', pageSn: 'p1', jumpContent: { firstEnum: 'PAGE_INDEX' } },
          ],
        })),
      moduleInfo: jest.fn(),
      columnList: jest.fn(),
      moreLevelList: jest.fn(),
      search: jest.fn(),
    },
  } as unknown as Api;
}

describe('session store (§3 session state, §4 login)', () => {
  test('entrance stores token, user, project, theme and the server/device time difference', async () => {
    const storage = memoryStorage();
    const s = new SessionStore(fakeApi(), storage);
    await s.enter('course');
    expect(s.token).toBe('visitor-token');
    expect(s.projectSn).toBe('course');
    expect(s.theme).toBe('course');
    expect(s.loggedIn).toBe(false);
    expect(s.timeDiff).toBeGreaterThan(4000);
    expect(s.timeDiff).toBeLessThan(6000);
    expect(Math.abs(s.now() - entranceInfo.timestamp)).toBeLessThan(1000);
    expect((storage.data.get(SESSION_KEY) as { token: string }).token).toBe('visitor-token');
  });

  test('a failed entrance is remembered so the next start calls it again', async () => {
    const storage = memoryStorage();
    const s = new SessionStore(
      fakeApi({
        enter: jest.fn(async () => {
          throw new ApiError('项目不存在或已下线', 'business', 4041);
        }),
      }),
      storage,
    );
    await expect(s.enter('nope')).rejects.toThrow('项目不存在或已下线');
    expect(s.entranceNeedsUpdate).toBe(true);
    expect(storage.data.get(ENTRANCE_UPDATE_KEY)).toBe(true);
    const ok = new SessionStore(fakeApi(), storage);
    await ok.enter('course');
    expect(ok.entranceNeedsUpdate).toBe(false);
  });

  test('menu is sorted by tab index; phone login upgrades the session', async () => {
    const s = new SessionStore(fakeApi(), memoryStorage());
    await s.enter('course');
    const tabs = await s.loadMenu();
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, 1]);
    expect(s.tabFor(1)?.pageSn).toBe('p2');
    await s.loginByPhone(' 13800138000 ', '123456');
    expect(s.token).toBe('user-token');
    expect(s.loggedIn).toBe(true);
    expect(s.authInfo.needAuthPhone).toBe(false);
  });

  test('persisted session is restored on the next start; clear() forgets the user but keeps the project', async () => {
    const storage = memoryStorage();
    const s = new SessionStore(fakeApi(), storage);
    await s.enter('course');
    await s.loginByPhone('13800138000', '123456');
    const again = new SessionStore(fakeApi(), storage);
    expect(again.token).toBe('user-token');
    expect(again.loggedIn).toBe(true);
    again.clear();
    expect(again.token).toBe('');
    expect(again.loggedIn).toBe(false);
    expect(again.projectSn).toBe('course');
    expect((storage.data.get(SESSION_KEY) as { token: string }).token).toBe('');
  });

  test('entering another project drops the old token before calling the entrance', async () => {
    const enter = jest.fn(async () => entranceInfo);
    const s = new SessionStore(fakeApi({ enter }), memoryStorage());
    await s.enter('course');
    await s.loginByPhone('13800138000', '123456');
    await s.enter('demo');
    expect(s.projectSn).toBe('demo');
    expect(s.token).toBe('visitor-token');
  });
});
