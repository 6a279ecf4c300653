/**
 * Replay protection's memory (DESIGN.md §4: short-lived guards behind one interface). A signed request's nonce
 * must be refused a second time for as long as its timestamp could still pass the window check, i.e. for
 * 2 x SIGN_WINDOW_MS; after that the timestamp check refuses it anyway and the nonce can be forgotten.
 *
 * - memory: one process (the embedded PGlite can only be opened by one process), so a Map is exact and a read
 *   costs no disk write.
 * - database: several server processes sharing one PostgreSQL (DATABASE_URL) must see each other's nonces, so
 *   the primary key of `nonces` decides which insert wins; stale rows are pruned once a minute per process.
 */
import { lt } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { SIGN_WINDOW_MS } from '@contract/signature';
import { nonces } from '../db/schema';
import type { Db } from '../plugins/db';

/** A nonce must be remembered as long as a request carrying it could still pass the timestamp check. */
export const NONCE_KEEP_MS = 2 * SIGN_WINDOW_MS;
const PRUNE_EVERY_MS = 60_000;

export interface NonceStore {
  /**
   * true the first time `nonce` is seen within NONCE_KEEP_MS of `at`, false for a replay. `sentAt` is the
   * request's own (signed) timestamp.
   */
  claim(nonce: string, at: number, sentAt?: number): Promise<boolean>;
}

/**
 * `startedAt`: when this process began remembering. A request signed before it may have been seen by the process
 * before a restart, whose memory is gone, so it is refused as a replay: a restart must not reopen the window for
 * requests captured earlier. (A request in flight across a restart is refused once; the client signs a new one.)
 */
export function memoryNonceStore(startedAt = Number.NEGATIVE_INFINITY): NonceStore {
  const seen = new Map<string, number>();
  let lastPrune = 0;
  return {
    async claim(nonce, at, sentAt) {
      if (sentAt !== undefined && sentAt < startedAt) return false;
      if (at - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = at;
        // Map keeps insertion order and `at` only grows (server clock), so the stale ones are at the front.
        for (const [n, t] of seen) {
          if (t >= at - NONCE_KEEP_MS) break;
          seen.delete(n);
        }
      }
      const prior = seen.get(nonce);
      if (prior !== undefined && prior >= at - NONCE_KEEP_MS) return false;
      seen.delete(nonce);
      seen.set(nonce, at);
      return true;
    },
  };
}

export function databaseNonceStore(db: Db): NonceStore {
  // Only an optimisation (when to prune), not state: every process prunes on its own schedule.
  let lastPrune = 0;
  return {
    async claim(nonce, at) {
      const inserted = await db
        .insert(nonces)
        .values({ nonce, createdAt: new Date(at) })
        .onConflictDoNothing()
        .returning({ nonce: nonces.nonce });
      if (at - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = at;
        await db.delete(nonces).where(lt(nonces.createdAt, new Date(at - NONCE_KEEP_MS)));
      }
      return inserted.length > 0;
    },
  };
}

/**
 * In memory for the embedded PGlite (its data directory is opened by one process only); in the database for a
 * PostgreSQL server (DATABASE_URL), which several server processes may share.
 */
export function createNonceStore(db: Db, startedAt: number = Date.now()): NonceStore {
  return db instanceof PgliteDatabase ? memoryNonceStore(startedAt) : databaseNonceStore(db);
}
