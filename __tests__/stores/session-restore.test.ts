/** §7 /front/v1/user/cache: a kept session's user is refreshed from the server on start. */
import type { Api } from '../../src/api';
import type { KeyValueStorage } from '../../src/platform/storage';
import { SESSION_KEY, SessionStore } from '../../src/stores/session';

function storageWith(snapshot: Record<string, unknown> | null): KeyValueStorage {
  const data = new Map<string, unknown>(snapshot ? [[SESSION_KEY, snapshot]] : []);
  return {
    get: (k) => (data.has(k) ? (data.get(k) as never) : null),
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

const kept = {
  token: 'kept-token',
  projectSn: 'demo',
  userInfo: { userId: 'u1', phone: null, unionId: 'un1', nickName: null, avatar: null },
};

function apiWith(userCache: jest.Mock): Api {
  return { entrance: { userCache } } as unknown as Api;
}

test("the kept user is replaced by the server's, and the phone prompt follows it", async () => {
  const fresh = { ...kept.userInfo, phone: '13800138000', nickName: '小明' };
  const userCache = jest.fn(async () => fresh);
  const session = new SessionStore(apiWith(userCache), storageWith(kept));
  expect(session.userInfo?.phone).toBeNull();
  await session.restoreUser();
  expect(userCache).toHaveBeenCalledTimes(1);
  expect(session.userInfo).toEqual(fresh);
  expect(session.authInfo.needAuthPhone).toBe(false);
});

test('no kept session: nothing is asked; a failure keeps the cached user', async () => {
  const none = jest.fn();
  await new SessionStore(apiWith(none), storageWith(null)).restoreUser();
  expect(none).not.toHaveBeenCalled();
  const failing = new SessionStore(
    apiWith(jest.fn(async () => Promise.reject(new Error('offline')))),
    storageWith(kept),
  );
  await failing.restoreUser();
  expect(failing.userInfo?.userId).toBe('u1');
});
