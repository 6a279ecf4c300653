/**
 * The session's earnings state: the promoter code of the link a visitor landed on is kept (and
 * survives a reload and a logout, since the visit came through it), the chosen bank (§3 bankCodeInfo) and the
 * user's own promoter status are kept and forgotten on logout.
 */
import type { Api } from '../../src/api';
import type { KeyValueStorage } from '../../src/platform/storage';
import { SessionStore } from '../../src/stores/session';

function memoryStorage(): KeyValueStorage {
  const data = new Map<string, unknown>();
  return {
    get: (k) => (data.has(k) ? (data.get(k) as never) : null),
    set: (k, v) => void data.set(k, JSON.parse(JSON.stringify(v))),
    remove: (k) => void data.delete(k),
  };
}

test('the landing link names the referrer; a malformed code is ignored; a later link replaces it', () => {
  const storage = memoryStorage();
  const s = new SessionStore({} as Api, storage);
  s.setPageQuery({ actSn: 'demo-activity-05', promoterCode: 'p0de000001a' });
  expect(s.referrerCode).toBe('P0DE000001A');
  s.setPageQuery({ actSn: 'x' });
  expect(s.referrerCode).toBe('P0DE000001A');
  s.setPageQuery({ promoterCode: '<script>' });
  expect(s.referrerCode).toBe('P0DE000001A');
  s.setPageQuery({ promoterCode: 'P0000000BEE' });
  expect(s.referrerCode).toBe('P0000000BEE');
  s.clear();
  expect(new SessionStore({} as Api, storage).referrerCode).toBe('P0000000BEE');
});

test('the chosen bank and the promoter status persist, and a logout forgets them', () => {
  const storage = memoryStorage();
  const s = new SessionStore({} as Api, storage);
  s.setBankCodeInfo({ bankCode: 'ICBC', bankName: '中国工商银行' });
  s.setEarner(true, 'P0DE000001A');
  const again = new SessionStore({} as Api, storage);
  expect(again.bankCodeInfo).toEqual({ bankCode: 'ICBC', bankName: '中国工商银行' });
  expect([again.isEarner, again.promoterCode]).toEqual([true, 'P0DE000001A']);
  again.clear();
  expect([again.bankCodeInfo, again.isEarner, again.promoterCode]).toEqual([null, false, '']);
});

test('a phone login (perhaps as someone else) forgets the previous promoter status until profit says again', async () => {
  const user = { userId: 'u2', phone: '13800138000', unionId: 'x', nickName: null, avatar: null };
  const api = { auth: { loginByPhone: jest.fn(async () => ({ token: 't2', userInfo: user })) } } as unknown as Api;
  const s = new SessionStore(api, memoryStorage());
  s.setEarner(true, 'P0DE000001A');
  await s.loginByPhone('13800138000', '123456');
  expect([s.isEarner, s.promoterCode]).toEqual([false, '']);
});
