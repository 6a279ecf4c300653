/**
 * Read-model cache (DESIGN.md §4): the tab menu, page modules, column cards and activity details change only when
 * an operator changes them, yet the first screen asks for them on every entrance. They are kept in memory per
 * project, per database (each test harness and each server has its own), and dropped by invalidateReadModels,
 * which every write path that changes pages, modules, columns, activities or their order configs must call.
 * How long an entry lives is the deployment's choice (runtime/deployment.ts): until invalidated on the embedded
 * database; with PostgreSQL, until another process's change arrives by NOTIFY (runtime/cache-sync.ts), or at most
 * SHARED_BACKSTOP_TTL_MS should a notification be lost.
 */
import type { Db } from './database/plugin';
import { deploymentOf } from './deployment';

/**
 * The scope of read models that belong to no one project (the list of online projects); every invalidation drops it.
 */
export const ALL_PROJECTS = '*';
/** A project's entries are dropped together past this many (paged lists could otherwise grow without bound). */
const MAX_ENTRIES_PER_PROJECT = 2_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

export interface ReadCache {
  /** The cached value of `key` in the project, loading it once (concurrent callers share the load). */
  get<T>(projectSn: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Drops one project's entries, or every project's. */
  invalidate(projectSn?: string): void;
  /** Drops one entry. */
  forget(projectSn: string, key: string): void;
}

/**
 * Values the cache has handed out. They are shared by every request until invalidated and never changed in place,
 * so the answer written from one of them can be written once (runtime/serializer.ts).
 */
const cachedValues = new WeakSet<object>();

/** Whether `value` came out of a read cache (and so is never changed in place). */
export const isCachedReadModel = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && cachedValues.has(value);

const remember = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) cachedValues.add(value);
  return value;
};

export function createReadCache(ttlMs: number, now: () => number = Date.now): ReadCache {
  const projects = new Map<string, Map<string, Entry>>();
  return {
    get<T>(projectSn: string, key: string, load: () => Promise<T>): Promise<T> {
      let entries = projects.get(projectSn);
      if (!entries) projects.set(projectSn, (entries = new Map()));
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES_PER_PROJECT) entries.clear();
      const value = load().then(remember);
      const entry = { value, expires: now() + ttlMs };
      entries.set(key, entry);
      // A failed load (not found, database error) is not remembered: the next call asks again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    forget(projectSn, key) {
      projects.get(projectSn)?.delete(key);
    },
    invalidate(projectSn) {
      if (projectSn === undefined) projects.clear();
      else {
        projects.delete(projectSn);
        projects.delete(ALL_PROJECTS);
      }
    },
  };
}

/** The read-model cache of this database. */
export const readCache = (db: Db): ReadCache => deploymentOf(db).readCache;

/** Call after changing a project, its pages, page modules, columns, column items, activities or order configs. */
export function invalidateReadModels(db: Db, projectSn?: string): void {
  readCache(db).invalidate(projectSn);
}

/**
 * Read models that customers change (a product's reviews): cached only where every write passes through this
 * process and calls forgetReadModel after it (runtime/deployment.ts); otherwise read live.
 */
export function embeddedReadModel<T>(db: Db, projectSn: string, key: string, load: () => Promise<T>): Promise<T> {
  const cache = deploymentOf(db).customerReadCache;
  return cache ? cache.get(projectSn, key, load) : load();
}

/** Call after the write (not before: a load still running then could keep the old value) that changes `key`. */
export function forgetReadModel(db: Db, projectSn: string, key: string): void {
  readCache(db).forget(projectSn, key);
}
