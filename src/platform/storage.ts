/**
 * Key-value storage under one fixed prefix (§9), through Taro so it works on H5 (localStorage) and in
 * both mini-programs. `sessionValue` is per browser tab on H5 (§2: the current path is kept in session
 * storage); a mini-program's lifetime is its session, so memory serves there.
 * The prefix and the way plain values are stored never change, so what an earlier version kept (the session above
 * all: its token) reads as it did and nobody is logged out; only a value set `untilEndOfDay` is wrapped.
 */
import Taro from '@tarojs/taro';

export const STORAGE_PREFIX = 'sf_';

export interface SetOptions {
  /** §9: gone after the end of this local day (stored as that instant plus the server/device time difference). */
  untilEndOfDay?: boolean;
}

export interface KeyValueStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown, options?: SetOptions): void;
  remove(key: string): void;
}

/** The wrapper of an expiring value; the mark is a name no stored value of ours has. */
const EXPIRES = '__sfExpires';

let timeDiff: () => number = () => 0;
/** The kept server/device time difference (ms, server minus device) that expiries are stored against. */
export function setServerTimeDiff(read: () => number): void {
  timeDiff = read;
}

/** §9: the end of the local day of `now` (device clock), plus the server/device time difference: server time. */
export function endOfDayExpiry(now: number, diff: number): number {
  return new Date(now).setHours(23, 59, 59, 999) + diff;
}

function read(key: string): unknown {
  const value: unknown = Taro.getStorageSync(STORAGE_PREFIX + key);
  if (value === '' || value === undefined || value === null) return null;
  if (typeof value !== 'object' || !(EXPIRES in value)) return value;
  const { [EXPIRES]: expires, value: kept } = value as { [EXPIRES]: number; value: unknown };
  if (Date.now() + timeDiff() <= expires) return kept;
  Taro.removeStorageSync(STORAGE_PREFIX + key);
  return null;
}

export const storage: KeyValueStorage = {
  get<T>(key: string): T | null {
    try {
      return read(key) as T | null;
    } catch {
      return null;
    }
  },
  set(key, value, options) {
    try {
      const kept = options?.untilEndOfDay ? { [EXPIRES]: endOfDayExpiry(Date.now(), timeDiff()), value } : value;
      Taro.setStorageSync(STORAGE_PREFIX + key, kept);
    } catch {
      // Storage full or blocked (private mode): the app still works for this visit.
    }
  },
  remove(key) {
    try {
      Taro.removeStorageSync(STORAGE_PREFIX + key);
    } catch {
      // nothing to remove
    }
  },
};

const memory = new Map<string, string>();
const webSession = (): Storage | null =>
  process.env.TARO_ENV === 'h5' && typeof sessionStorage !== 'undefined' ? sessionStorage : null;

export const sessionValue = {
  get(key: string): string | null {
    const s = webSession();
    return s ? s.getItem(STORAGE_PREFIX + key) : (memory.get(key) ?? null);
  },
  set(key: string, value: string): void {
    const s = webSession();
    if (s) s.setItem(STORAGE_PREFIX + key, value);
    else memory.set(key, value);
  },
  remove(key: string): void {
    const s = webSession();
    if (s) s.removeItem(STORAGE_PREFIX + key);
    else memory.delete(key);
  },
};
