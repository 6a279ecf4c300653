/**
 * What differs between one server process and several, decided once per database (DESIGN.md §5):
 *
 * - single: the embedded PGlite, whose data directory one process opens. Every write passes through this process,
 *   so short-lived guards live in memory (a read costs no disk write) and caches hold until invalidated.
 * - shared: PostgreSQL (DATABASE_URL), which several processes may share. Nonces are claimed in the database;
 *   read caches expire after SHARED_TTL_MS so another process's change arrives; sessions and what customers change
 *   are read live.
 *
 * This is the one place that knows the driver; services ask `deploymentOf(db)` for what they need.
 */
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from './database/plugin';
import { MemoryLimiter, type Limiter } from './limiter';
import { databaseNonceStore, memoryNonceStore, type NonceStore } from './nonce-store';
import { createReadCache, SHARED_TTL_MS, type ReadCache } from './read-cache';
import type { CachedSession } from './sessions';

export interface Deployment {
  kind: 'single' | 'shared';
  nonceStore: NonceStore;
  /** Rate-limit counters. Process memory in both cases for now: each process counts its own clients. */
  limiter: Limiter;
  /** Read models operators change (menus, modules, columns, details). */
  readCache: ReadCache;
  /** Read models customers change (a product's reviews): cached only where every write passes through here. */
  customerReadCache: ReadCache | null;
  /** Live sessions by token, only where every revocation passes through this process. */
  sessionCache: Map<string, CachedSession> | null;
}

export function createDeployment(db: Db, startedAt = Date.now()): Deployment {
  if ((db as unknown) instanceof PgliteDatabase) {
    const readCache = createReadCache(Number.POSITIVE_INFINITY);
    return {
      kind: 'single',
      nonceStore: memoryNonceStore(startedAt),
      limiter: new MemoryLimiter(),
      readCache,
      customerReadCache: readCache,
      sessionCache: new Map(),
    };
  }
  return {
    kind: 'shared',
    nonceStore: databaseNonceStore(db),
    limiter: new MemoryLimiter(),
    readCache: createReadCache(SHARED_TTL_MS),
    customerReadCache: null,
    sessionCache: null,
  };
}

const deployments = new WeakMap<Db, Deployment>();

/** The deployment of this database: made at its first use (the server's start), then the same one. */
export function deploymentOf(db: Db): Deployment {
  let deployment = deployments.get(db);
  if (!deployment) deployments.set(db, (deployment = createDeployment(db)));
  return deployment;
}
