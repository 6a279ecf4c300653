/**
 * Counters for rate limits, behind one interface (DESIGN.md §4 "short-lived guards"): process memory while the
 * embedded database is in use (one process by design); on PostgreSQL, where several processes share the database,
 * the `rate_limits` table (DatabaseLimiter), so each limit holds for all of them together. Counting is a fixed
 * window per key: simple, atomic in any store (INCR + EXPIRE, or an upsert), and at worst twice the limit at a
 * window boundary, which is what a guard against abuse needs.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from './database/plugin';
import { prepareSql, preparedStatement } from './database/prepared';
import { rateLimits } from './database/schema';

export interface LimitHit {
  /** True while the count, this hit included, is within the limit. */
  allowed: boolean;
  count: number;
  /** Milliseconds until the window restarts. */
  retryAfterMs: number;
}

export interface Limiter {
  /** Counts one event under `key` in a window of `windowMs` and says whether it is within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<LimitHit>;
  /** Events counted under `key` in its current window (0 when none). */
  count(key: string): Promise<number>;
  /** Forgets `key` (e.g. wrong guesses once the right code is given). */
  reset(key: string): Promise<void>;
}

/** Windows kept at most; expired ones are swept first, so only a flood of live keys is ever dropped. */
const MAX_KEYS = 200_000;

export class MemoryLimiter implements Limiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<LimitHit> {
    const at = this.now();
    this.sweep(at);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= at) {
      w = { count: 0, resetAt: at + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - at };
  }

  async count(key: string): Promise<number> {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? w.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < 60_000 && this.windows.size < MAX_KEYS) return;
    this.lastSweep = at;
    for (const [k, w] of this.windows) if (w.resetAt <= at) this.windows.delete(k);
    // Still full: drop the oldest insertions (Map keeps insertion order) rather than grow without bound.
    for (const k of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(k);
    }
  }
}

/**
 * One upsert per hit: a row whose window has ended starts again at 1, otherwise it counts on; the row lock makes
 * parallel hits from any process count one after the other. Times are the calling process's clock, as in memory.
 */
const hitWindow = preparedStatement((db) =>
  prepareSql<{ count: number; reset_ms: number }>(
    db,
    'rate_limit_hit',
    sql`insert into ${rateLimits} (key, count, reset_at)
        values (${sql.placeholder('key')}, 1, ${sql.placeholder('resetAt')}::timestamptz)
        on conflict (key) do update set
          count = case when ${rateLimits.resetAt} <= ${sql.placeholder('at')}::timestamptz then 1
                       else ${rateLimits.count} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= ${sql.placeholder('at')}::timestamptz then excluded.reset_at
                          else ${rateLimits.resetAt} end
        returning count, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
  ),
);

const PRUNE_EVERY_MS = 60_000;

/**
 * The counters in PostgreSQL, shared by every server process on the database. A failure of the database is thrown,
 * never taken as "within the limit": the request fails (503, runtime/errors.ts) rather than skip its limit.
 */
export class DatabaseLimiter implements Limiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<LimitHit> {
    const at = this.now();
    await this.prune(at);
    const { rows } = await hitWindow(this.db).execute({
      key,
      at: new Date(at).toISOString(),
      resetAt: new Date(at + windowMs).toISOString(),
    });
    const count = Number(rows[0].count);
    return { allowed: count <= limit, count, retryAfterMs: Number(rows[0].reset_ms) - at };
  }

  async count(key: string): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(this.now()))));
    return row?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Ended windows are deleted once a minute per process (only an optimisation: an ended row restarts at 1). */
  private async prune(at: number): Promise<void> {
    if (at - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = at;
    await this.db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date(at)));
  }
}
