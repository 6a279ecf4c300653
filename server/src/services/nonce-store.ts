/**
 * Replay protection's memory (DESIGN.md §4: short-lived guards behind one interface). A signed request's nonce
 * must be refused a second time for as long as its timestamp could still pass the window check: SIGN_WINDOW_MS
 * after the signed timestamp, which itself is within SIGN_WINDOW_MS of the server time of the first claim, so at
 * most 2 x SIGN_WINDOW_MS after that claim; after that the timestamp check refuses it anyway and the nonce can be
 * forgotten.
 *
 * - memory: one process (the embedded PGlite can only be opened by one process), so memory is enough and a read
 *   costs no disk write. Nonces are kept as 64-bit fingerprints in one compact hash set per minute of the requests'
 *   signed timestamps (issue 17: a Map of strings took ~78 bytes a nonce, ~140 MB for 10 minutes at 3000 req/s).
 * - database: several server processes sharing one PostgreSQL (DATABASE_URL) must see each other's nonces, so
 *   the primary key of `nonces` decides which insert wins; stale rows are pruned once a minute per process.
 */
import { randomFillSync } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { SIGN_WINDOW_MS } from '@contract/signature';
import { prepareSql, preparedStatement } from '../db/prepared';
import { nonces } from '../db/schema';
import type { Db } from '../plugins/db';
import { groupPerTurn } from './turn-group';

/** How long after its first claim (server time) a request carrying a nonce could still pass the timestamp check. */
export const NONCE_KEEP_MS = 2 * SIGN_WINDOW_MS;
const PRUNE_EVERY_MS = 60_000;

export interface NonceStore {
  /**
   * true the first time `nonce` is seen while a request signed at `sentAt` can still pass the timestamp check
   * (the memory store), or within NONCE_KEEP_MS of `at` (the database), false for a replay. `at` is the server
   * time, `sentAt` the request's own (signed) timestamp, already checked to be within SIGN_WINDOW_MS of `at`. The
   * memory store answers at once (no promise: the signature hook then finishes in the same turn, issue 17); the
   * database store answers with a promise.
   */
  claim(nonce: string, at: number, sentAt: number): boolean | Promise<boolean>;
}

/** One generation holds the nonces of the requests signed in one minute (their signed timestamp). */
const GENERATION_MS = 60_000;
/** Slots (fingerprints) a new generation starts with at least; a power of two. */
const MIN_SLOTS = 1024;
/** Grow by doubling above this load: linear probing stays short (a miss reads ~6 slots at 0.7, ~2.5 at 0.5). */
const MAX_LOAD = 0.7;

/**
 * 64-bit fingerprint of a nonce: two murmur3-style 32-bit hashes over its UTF-16 code units with different
 * per-process random seeds (random so that nobody can pick nonces that pile up in one probe run of the table).
 * Written to fpHi/fpLo instead of returned, so a claim allocates nothing. Fingerprints of different nonces
 * collide about once in 2^64 / (nonces in the window): ~2 million at 3000 req/s gives ~1 in 10^13 per claim.
 * A collision can only make the store refuse a fresh nonce as a replay (the client signs a new request); it can
 * never let a replay through, because the same nonce always has the same fingerprint.
 */
const seeds = randomFillSync(new Uint32Array(2));
let fpHi = 0;
let fpLo = 0;
function fingerprint(nonce: string): void {
  fpHi = murmur(nonce, seeds[0]!);
  fpLo = murmur(nonce, seeds[1]! ^ 0x5bd1e995);
  // (0, 0) marks an empty slot; folding it into (0, 1) only adds one more value to collide with.
  if (fpHi === 0 && fpLo === 0) fpLo = 1;
}
function murmur(text: string, seed: number): number {
  let h = seed | 0;
  for (let i = 0; i < text.length; i += 1) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  h ^= text.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Open-addressing (linear probing) set of fingerprints: slot i is slots[2i] (high), slots[2i + 1] (low). */
class FingerprintSet {
  private slots: Uint32Array;
  private mask: number;
  count = 0;

  constructor(slotCount: number) {
    this.slots = new Uint32Array(slotCount * 2);
    this.mask = slotCount - 1;
  }

  has(hi: number, lo: number): boolean {
    const { slots, mask } = this;
    for (let i = lo & mask; ; i = (i + 1) & mask) {
      const h = slots[2 * i]!;
      const l = slots[2 * i + 1]!;
      if (h === hi && l === lo) return true;
      if (h === 0 && l === 0) return false;
    }
  }

  /** Adds a fingerprint that `has` just said is absent. */
  add(hi: number, lo: number): void {
    if (this.count + 1 > (this.mask + 1) * MAX_LOAD) this.grow();
    this.put(hi, lo);
    this.count += 1;
  }

  private put(hi: number, lo: number): void {
    const { slots, mask } = this;
    let i = lo & mask;
    while (slots[2 * i] !== 0 || slots[2 * i + 1] !== 0) i = (i + 1) & mask;
    slots[2 * i] = hi;
    slots[2 * i + 1] = lo;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = old.length - 1;
    for (let j = 0; j < old.length; j += 2) if (old[j] !== 0 || old[j + 1] !== 0) this.put(old[j]!, old[j + 1]!);
  }
}

/** Slots for the next generation: enough for as many nonces as the last one held, so a steady rate rarely grows. */
function slotsFor(count: number): number {
  let slots = MIN_SLOTS;
  while (count > slots * MAX_LOAD) slots *= 2;
  return slots;
}

/**
 * `startedAt`: when this process began remembering. A request signed before it may have been seen by the process
 * before a restart, whose memory is gone, so it is refused as a replay: a restart must not reopen the window for
 * requests captured earlier. (A request in flight across a restart is refused once; the client signs a new one.)
 *
 * Nonces are kept by the minute of their request's signed timestamp (`sentAt`), which a replay carries unchanged
 * (it is signed): a claim looks in that one generation only, however many minutes the store holds (issue 17: by
 * the server clock a claim searched every generation, 1.8 us a claim at 20000 req/s once ten were held, against
 * 0.3 us for one). A generation is dropped once no request signed in its minute can pass the timestamp check
 * (SIGN_WINDOW_MS after the minute's end), so nonces are held for the window after their minute, not twice the
 * window.
 */
export function memoryNonceStore(startedAt = Number.NEGATIVE_INFINITY): NonceStore & { minutesHeld(): number } {
  const generations = new Map<number, FingerprintSet>();
  /** The server time at which the next generation goes stale (no scan of the map before it). */
  let nextDrop = Number.NEGATIVE_INFINITY;
  let lastCount = 0;
  // The last request signed in `minute` passes the timestamp check up to SIGN_WINDOW_MS after the minute's end.
  const staleAt = (minute: number) => (minute + 1) * GENERATION_MS + SIGN_WINDOW_MS;
  const dropStale = (at: number) => {
    if (at < nextDrop) return;
    nextDrop = Number.POSITIVE_INFINITY;
    for (const [minute, generation] of generations) {
      const stale = staleAt(minute);
      if (stale <= at) {
        lastCount = generation.count;
        generations.delete(minute);
      } else if (stale < nextDrop) nextDrop = stale;
    }
  };
  return {
    claim(nonce, at, sentAt) {
      if (sentAt < startedAt) return false;
      const minute = Math.floor(sentAt / GENERATION_MS);
      // Such a request fails the timestamp check (the signature hook never asks): never fresh, nothing kept.
      if (staleAt(minute) <= at) return false;
      dropStale(at);
      let generation = generations.get(minute);
      if (generation === undefined) {
        // Sized for as many nonces as the minute before held (else the last one dropped): a steady rate rarely grows
        // a table.
        generation = new FingerprintSet(slotsFor(generations.get(minute - 1)?.count ?? lastCount));
        generations.set(minute, generation);
        nextDrop = Math.min(nextDrop, staleAt(minute));
      }
      fingerprint(nonce);
      if (generation.has(fpHi, fpLo)) return false;
      generation.add(fpHi, fpLo);
      return true;
    },
    minutesHeld: () => generations.size,
  };
}

/**
 * Every signed request on PostgreSQL claims its nonce, so the claims that arrive in one turn of the event loop go
 * to the database together, as one statement (issue 17: a read call was two round trips, the nonce insert and the
 * session look-up). The statement takes arrays (unnest), so one prepared form serves every group size; it is
 * built once and parsed once per pooled connection (db/prepared.ts). The primary key still decides: a nonce is
 * returned only by the insert that stored it, whichever process or group it came from.
 */
const claimNonces = preparedStatement((db) =>
  prepareSql<{ nonce: string }>(
    db,
    'nonce_claim_group',
    sql`insert into ${nonces} (nonce, created_at)
        select * from unnest(${sql.placeholder('nonces')}::text[], ${sql.placeholder('times')}::timestamptz[])
        on conflict do nothing returning nonce`,
  ),
);

/** Claims one group in one statement. A nonce twice in the group is a replay in the same turn: its second is refused. */
async function claimGroup(db: Db, group: { nonce: string; at: number }[]): Promise<boolean[]> {
  const first = new Map<string, number>();
  group.forEach((c, i) => {
    if (!first.has(c.nonce)) first.set(c.nonce, i);
  });
  const claims = [...first.values()].map((i) => group[i]);
  const { rows } = await claimNonces(db).execute({ nonces: claims.map((c) => c.nonce), times: claims.map((c) => new Date(c.at).toISOString()) });
  const stored = new Set(rows.map((r) => r.nonce));
  return group.map((c, i) => first.get(c.nonce) === i && stored.has(c.nonce));
}

export function databaseNonceStore(db: Db): NonceStore {
  // Only an optimisation (when to prune), not state: every process prunes on its own schedule.
  let lastPrune = 0;
  const claimInGroup = groupPerTurn((group: { nonce: string; at: number }[]) => claimGroup(db, group));
  return {
    async claim(nonce, at) {
      const claimed = claimInGroup({ nonce, at });
      if (at - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = at;
        await db.delete(nonces).where(lt(nonces.createdAt, new Date(at - NONCE_KEEP_MS)));
      }
      return claimed;
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
