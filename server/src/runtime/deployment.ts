/**
 * What differs between one server process and several, decided once per database (DESIGN.md §5):
 *
 * - single: the embedded PGlite, whose data directory one process opens. Every write passes through this process,
 *   so short-lived guards live in memory (a read costs no disk write) and caches hold until invalidated.
 * - shared: PostgreSQL (DATABASE_URL), which several processes may share. Nonces and rate-limit counters are kept
 *   in the database, so every limit holds for all processes together; the read caches, the session cache and what
 *   it holds of users are kept fresh by LISTEN/NOTIFY (runtime/cache-sync.ts) and are bypassed while this process
 *   is not listening.
 *
 * This is the one place that knows the driver; services ask `deploymentOf(db)` for what they need.
 */
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { listenForChanges, type CacheSync, type SyncMessage } from './cache-sync';
import { onDatabaseClose, type Db } from './database/plugin';
import { DatabaseLimiter, MemoryLimiter, type Limiter } from './limiter';
import { databaseNonceStore, memoryNonceStore, type NonceStore } from './nonce-store';
import { createReadCache, type ReadCache } from './read-cache';
import { SessionCache } from './session-cache';

export interface Deployment {
  kind: 'single' | 'shared';
  nonceStore: NonceStore;
  /** Rate-limit counters: process memory (single) or the database (shared). */
  limiter: Limiter;
  /** Read models operators change (menus, modules, columns, details). */
  readCache: ReadCache;
  /** Read models customers change (a product's reviews); null while this process cannot trust its caches. */
  readonly customerReadCache: ReadCache | null;
  /** Live sessions by token; null while this process cannot trust its caches. */
  readonly sessionCache: SessionCache | null;
  /** Call where a session is revoked: its tombstone here, and the other processes are told. */
  sessionRevoked(token: string, tokenHash: string): void;
  /** True while caches here see every change (always on PGlite; on PostgreSQL, while listening). */
  readonly cachesLive: boolean;
  /** Resolves once cachesLive is true. */
  cachesReady(): Promise<void>;
}

/**
 * Shared caches are kept fresh by notifications; this expiry only bounds the harm of one that was never sent (the
 * database failed between a write and its NOTIFY).
 */
export const SHARED_BACKSTOP_TTL_MS = 60_000;

export function createDeployment(db: Db, startedAt = Date.now()): Deployment {
  if ((db as unknown) instanceof PgliteDatabase) {
    const readCache = createReadCache(Number.POSITIVE_INFINITY);
    const sessionCache = new SessionCache();
    return {
      kind: 'single',
      nonceStore: memoryNonceStore(startedAt),
      limiter: new MemoryLimiter(),
      readCache,
      customerReadCache: readCache,
      sessionCache,
      sessionRevoked: (token) => sessionCache.revoke(token),
      cachesLive: true,
      cachesReady: () => Promise.resolve(),
    };
  }
  return createSharedDeployment(db);
}

function createSharedDeployment(db: Db): Deployment {
  const cache = createReadCache(SHARED_BACKSTOP_TTL_MS);
  const sessionCache = new SessionCache();
  const apply = (m: SyncMessage) => {
    if (m.t === 'read') cache.invalidate(m.p);
    else if (m.t === 'forget') cache.forget(m.p, m.k);
    else if (m.t === 'session') sessionCache.revokeHash(m.h);
  };
  const pool = (db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
  const sync: CacheSync = listenForChanges(pool, {
    onMessage: apply,
    onReset: () => {
      cache.invalidate();
      sessionCache.clear();
    },
  });
  onDatabaseClose(db, () => sync.close());
  // What this process changes is applied here at once and published to the others.
  const readCache: ReadCache = {
    get: (projectSn, key, load) => (sync.live ? cache.get(projectSn, key, load) : load()),
    invalidate(projectSn) {
      cache.invalidate(projectSn);
      sync.publish(projectSn === undefined ? { t: 'read' } : { t: 'read', p: projectSn });
    },
    forget(projectSn, key) {
      cache.forget(projectSn, key);
      sync.publish({ t: 'forget', p: projectSn, k: key });
    },
  };
  return {
    kind: 'shared',
    nonceStore: databaseNonceStore(db),
    limiter: new DatabaseLimiter(db),
    readCache,
    get customerReadCache() {
      return sync.live ? readCache : null;
    },
    get sessionCache() {
      return sync.live ? sessionCache : null;
    },
    sessionRevoked(token, tokenHash) {
      sessionCache.revoke(token);
      sync.publish({ t: 'session', h: tokenHash });
    },
    get cachesLive() {
      return sync.live;
    },
    cachesReady: () => sync.whenLive(),
  };
}

const deployments = new WeakMap<Db, Deployment>();

/** The deployment of this database: made at its first use (the server's start), then the same one. */
export function deploymentOf(db: Db): Deployment {
  let deployment = deployments.get(db);
  if (!deployment) deployments.set(db, (deployment = createDeployment(db)));
  return deployment;
}
