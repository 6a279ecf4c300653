/**
 * Replay protection's memory (DESIGN.md §4: short-lived guards behind one interface). A nonce is refused a second
 * time for as long as a request carrying it could still pass the timestamp check, and a request outside that check
 * is never fresh (nothing is kept of it); both stores below agree on that (test/runtime/nonce-store.test.ts runs one
 * table of cases against both).
 *
 * - memory: one process (the embedded PGlite), so memory is enough and a read costs no disk write.
 * - database: several server processes sharing one PostgreSQL must see each other's nonces, so the primary key
 *   of `nonces` decides which insert wins; stale rows are pruned once a minute per process. A database that cannot
 *   be reached fails the claim (the request is refused), never lets it pass unchecked.
 */
import { lt, sql } from 'drizzle-orm';
import { SIGN_WINDOW_MS } from '@contract/signature';
import { prepareSql, preparedStatement } from './database/prepared';
import { nonces } from './database/schema';
import type { Db } from './database/plugin';
import { groupPerTurn } from './turn-group';

/** How long after its first claim (server time) a request carrying a nonce could still pass the timestamp check. */
export const NONCE_KEEP_MS = 2 * SIGN_WINDOW_MS;
const PRUNE_EVERY_MS = 60_000;

/** A request whose signed timestamp fails the check is never fresh, in either store. */
const outsideWindow = (at: number, sentAt: number) => !(Math.abs(at - sentAt) <= SIGN_WINDOW_MS);

export interface NonceStore {
  /**
   * true the first time `nonce` is seen, false for a replay. `at` is the server time, `sentAt` the request's own
   * (signed) timestamp, already checked to be within SIGN_WINDOW_MS of `at`.
   */
  claim(nonce: string, at: number, sentAt: number): Promise<boolean>;
}

/** One Set holds the nonces of the requests signed in one minute (their signed timestamp). */
const GENERATION_MS = 60_000;

/**
 * `startedAt`: when this process began remembering. A request signed before it may have been seen by the process
 * before a restart, whose memory is gone, so it is refused: a restart must not reopen the window for requests
 * captured earlier. (A request in flight across a restart is refused once; the client signs a new one.)
 *
 * Nonces are kept in a Set per minute of their request's signed timestamp, so a whole minute is forgotten at once
 * when no request signed in it can pass the timestamp check any more (SIGN_WINDOW_MS after the minute's end).
 */
export function memoryNonceStore(startedAt = Number.NEGATIVE_INFINITY): NonceStore & { minutesHeld(): number } {
  const generations = new Map<number, Set<string>>();
  const staleAt = (minute: number) => (minute + 1) * GENERATION_MS + SIGN_WINDOW_MS;
  const dropStale = (at: number) => {
    for (const minute of generations.keys()) if (staleAt(minute) <= at) generations.delete(minute);
  };
  return {
    async claim(nonce, at, sentAt) {
      if (sentAt < startedAt || outsideWindow(at, sentAt)) return false;
      const minute = Math.floor(sentAt / GENERATION_MS);
      // Such a request fails the timestamp check (the signature hook never asks): never fresh, nothing kept.
      if (staleAt(minute) <= at) return false;
      dropStale(at);
      for (const seen of generations.values()) if (seen.has(nonce)) return false;
      let generation = generations.get(minute);
      if (!generation) generations.set(minute, (generation = new Set()));
      generation.add(nonce);
      return true;
    },
    minutesHeld: () => generations.size,
  };
}

/**
 * Every signed request on PostgreSQL claims its nonce, so the claims that arrive in one turn of the event loop go
 * to the database together, as one statement. The statement takes arrays (unnest), so one prepared form serves every
 * group size; it is
 * built once and parsed once per pooled connection (runtime/database/prepared.ts). The primary key still decides: a
 * nonce is
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

/**
 * Claims one group in one statement. A nonce twice in the group is a replay in the same turn: its second is refused.
 */
async function claimGroup(db: Db, group: { nonce: string; at: number }[]): Promise<boolean[]> {
  const first = new Map<string, number>();
  group.forEach((c, i) => {
    if (!first.has(c.nonce)) first.set(c.nonce, i);
  });
  const claims = [...first.values()].map((i) => group[i]);
  const { rows } = await claimNonces(db).execute({
    nonces: claims.map((c) => c.nonce),
    times: claims.map((c) => new Date(c.at).toISOString()),
  });
  const stored = new Set(rows.map((r) => r.nonce));
  return group.map((c, i) => first.get(c.nonce) === i && stored.has(c.nonce));
}

export function databaseNonceStore(db: Db): NonceStore {
  // Only an optimisation (when to prune), not state: every process prunes on its own schedule.
  let lastPrune = 0;
  const claimInGroup = groupPerTurn((group: { nonce: string; at: number }[]) => claimGroup(db, group));
  return {
    async claim(nonce, at, sentAt) {
      if (outsideWindow(at, sentAt)) return false;
      const claimed = claimInGroup({ nonce, at });
      if (at - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = at;
        await db.delete(nonces).where(lt(nonces.createdAt, new Date(at - NONCE_KEEP_MS)));
      }
      return claimed;
    },
  };
}
