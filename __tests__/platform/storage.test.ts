/**
 * §9 storage: one fixed key prefix; an expiry stored as the end of the local day plus the server/device time
 * difference; the pay cache keyed by order number. What an earlier version stored reads as before.
 */
import type { Api } from '../../src/api';
import { PENDING_ORDER_KEY, payCacheKey } from '../../src/platform/payment/types';
import {
  STORAGE_PREFIX,
  endOfDayExpiry,
  setServerTimeDiff,
  storage,
  type KeyValueStorage,
  type SetOptions,
} from '../../src/platform/storage';
import { PaymentStore } from '../../src/stores/payment';
import { payParams } from '../fixtures/payment';

const MINUTE = 60_000;
/** Local times (the device's own day), whatever the machine's time zone. */
const at = (day: number, hours: number, minutes = 0, seconds = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds).getTime();

beforeEach(() => {
  localStorage.clear();
  setServerTimeDiff(() => 0);
});
afterEach(() => {
  jest.useRealTimers();
  setServerTimeDiff(() => 0);
});

test('the prefix is fixed: every key is stored under sf_', () => {
  expect(STORAGE_PREFIX).toBe('sf_');
  storage.set('anything', { a: 1 });
  expect(Object.keys(localStorage)).toEqual(['sf_anything']);
  expect(storage.get('anything')).toEqual({ a: 1 });
  storage.remove('anything');
  expect(localStorage.length).toBe(0);
});

test('a session stored by an earlier version reads as it did: nobody is logged out', () => {
  // What Taro's setStorageSync wrote for the session before expiries existed (the key route-preload reads too).
  localStorage.setItem('sf_session', JSON.stringify({ data: { token: 'kept-token', projectSn: 'demo' } }));
  localStorage.setItem('sf_entrance_needs_update', JSON.stringify({ data: true }));
  expect(storage.get('session')).toEqual({ token: 'kept-token', projectSn: 'demo' });
  expect(storage.get('entrance_needs_update')).toBe(true);
  // A plain value is still stored as before, so an older version (or the preload script) reads this one.
  storage.set('session', { token: 'new-token' });
  expect(JSON.parse(localStorage.getItem('sf_session')!)).toEqual({ data: { token: 'new-token' } });
});

test('the expiry is the end of the local day plus the server/device time difference', () => {
  expect(endOfDayExpiry(at(27, 10), 0)).toBe(at(27, 23, 59, 59) + 999);
  expect(endOfDayExpiry(at(27, 0, 0, 1), 5 * MINUTE)).toBe(at(27, 23, 59, 59) + 999 + 5 * MINUTE);
  expect(endOfDayExpiry(at(27, 23, 59, 59) + 999, -MINUTE)).toBe(at(27, 23, 59, 59) + 999 - MINUTE);
});

test('a value kept until the end of the day is there all day and gone after midnight', () => {
  jest.useFakeTimers({ now: at(27, 9, 30) });
  const diff = 10 * MINUTE; // the server is ten minutes ahead of this device
  setServerTimeDiff(() => diff);
  storage.set('today', 'value', { untilEndOfDay: true });
  const raw = JSON.parse(localStorage.getItem('sf_today')!) as { data: { __sfExpires: number; value: string } };
  expect(raw.data).toEqual({ __sfExpires: at(27, 23, 59, 59) + 999 + diff, value: 'value' });
  jest.setSystemTime(at(27, 23, 59, 59));
  expect(storage.get('today')).toBe('value');
  jest.setSystemTime(at(28, 0, 0, 1));
  expect(storage.get('today')).toBeNull();
  expect(localStorage.getItem('sf_today')).toBeNull();
});

test('the expiry holds to the server clock: a device clock set back is corrected by the new difference', () => {
  jest.useFakeTimers({ now: at(27, 20) });
  let diff = 0;
  setServerTimeDiff(() => diff);
  storage.set('today', 1, { untilEndOfDay: true });
  // Half an hour later the device clock is set back three hours (17:30); the next entrance finds the server three
  // hours ahead of it.
  jest.setSystemTime(at(27, 17, 30));
  diff = 3 * 60 * MINUTE;
  expect(storage.get('today')).toBe(1);
  jest.setSystemTime(at(27, 20, 59, 59));
  expect(storage.get('today')).toBe(1);
  // Midnight by the server (21:00 on this device) ends it, although the device still says the 27th.
  jest.setSystemTime(at(27, 21, 0, 1));
  expect(storage.get('today')).toBeNull();
});

test('the pay cache is keyed by order number and kept until the end of the day', async () => {
  expect(payCacheKey('O1')).toBe('pay_cache_O1');
  expect(payCacheKey('O2')).not.toBe(payCacheKey('O1'));
  const sets: [string, unknown, SetOptions | undefined][] = [];
  const data = new Map<string, unknown>();
  const recording: KeyValueStorage = {
    get: (k) => (data.get(k) as never) ?? null,
    set: (k, v, o) => {
      sets.push([k, v, o]);
      data.set(k, v);
    },
    remove: (k) => void data.delete(k),
  };
  const api = { payment: { pay: async () => payParams({ orderNo: 'O7', payAmount: 100 }) } } as unknown as Api;
  const store = new PaymentStore(api, recording, {
    pay: async () => ({ status: 'redirected' }),
    context: () => ({ paySource: 'H5', tradeType: 'MWEB' }),
  });
  await store.payOrder('O7', 'list');
  expect(sets).toEqual([[payCacheKey('O7'), expect.objectContaining({ orderNo: 'O7' }), { untilEndOfDay: true }]]);
  expect(data.has(PENDING_ORDER_KEY)).toBe(false);
});
