/**
 * Key-value storage under one fixed prefix (§9), through Taro so it works on H5 (localStorage) and in
 * both mini-programs. `sessionValue` is per browser tab on H5 (§2: the current path is kept in session
 * storage); a mini-program's lifetime is its session, so memory serves there.
 */
import Taro from '@tarojs/taro';

export const STORAGE_PREFIX = 'sf_';

export interface KeyValueStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export const storage: KeyValueStorage = {
  get<T>(key: string): T | null {
    try {
      const value = Taro.getStorageSync(STORAGE_PREFIX + key);
      return value === '' || value === undefined || value === null ? null : (value as T);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(STORAGE_PREFIX + key, value);
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
