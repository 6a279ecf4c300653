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
  /**
   * Counts one event under `key` in a window of `windowMs` and says whether it is within `limit`. `leased`: the
   * database limiter may count a large limit in blocks (see DatabaseLimiter), for a busy key where a few hits
   * refused early do no harm (the entrance); every other limit is counted hit by hit, exactly.
   */
  hit(key: string, limit: number, windowMs: number, leased?: boolean): Promise<LimitHit>;
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
 * One upsert per lease of `n` counts: a row whose window has ended starts again at `n`, otherwise it counts on; the
 * row lock makes parallel leases from any process count one after the other. Times are the calling process's clock,
 * as in memory.
 */
const hitWindow = preparedStatement((db) =>
  prepareSql<{ count: number; reset_ms: number }>(
    db,
    'rate_limit_hit',
    sql`insert into ${rateLimits} (key, count, reset_at)
        values (${sql.placeholder('key')}, ${sql.placeholder('n')}::int, ${sql.placeholder('resetAt')}::timestamptz)
        on conflict (key) do update set
          count = case when ${rateLimits.resetAt} <= ${sql.placeholder('at')}::timestamptz then excluded.count
                       else ${rateLimits.count} + excluded.count end,
          reset_at = case when ${rateLimits.resetAt} <= ${sql.placeholder('at')}::timestamptz then excluded.reset_at
                          else ${rateLimits.resetAt} end
        returning count, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
  ),
);

const PRUNE_EVERY_MS = 60_000;

/**
 * Counts leased at once for a limit: a sixteenth of it, at most 64; below 2 (limits under 32, e.g. the guesses and
 * codes per phone) every hit is its own upsert, exact as before.
 */
export function leaseSize(limit: number): number {
  return Math.min(64, Math.floor(limit / 16));
}

/** Counts this process took from a key's window: numbers `next`..`last` are its own to hand out. */
interface Lease {
  next: number;
  last: number;
  resetAt: number;
}

/**
 * The counters in PostgreSQL, shared by every server process on the database. A failure of the database is thrown,
 * never taken as "within the limit": the request fails (503, runtime/errors.ts) rather than skip its limit.
 *
 * A large limit asked for `leased` is leased in blocks (leaseSize): one upsert adds the whole block to the shared
 * count and the process hands its numbers out from memory, so a busy key (many new visitors behind one carrier
 * NAT, the benchmark's one client) costs one write per block instead of one per hit. Only numbers within the
 * limit are ever handed out, so the limit holds for all processes together; the trade is that numbers leased but
 * unused by one process count against the others until the window ends, so a client may be refused up to
 * (processes - 1) x (block - 1) hits early (3 of 60 with two processes at the default ENTRANCE_PER_IP_PER_MINUTE),
 * never let through late. Once a key is over its limit, this process refuses it from memory until the window ends:
 * a flood costs no writes.
 */
export class DatabaseLimiter implements Limiter {
  private lastPrune = 0;
  private readonly leases = new Map<string, Lease>();
  /** A lease being taken per key: parallel hits of one key in this process wait for it rather than take their own. */
  private readonly leasing = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number, leased = false): Promise<LimitHit> {
    const size = leased ? leaseSize(limit) : 1;
    if (size < 2) return this.hitOnce(key, limit, windowMs);
    for (;;) {
      const at = this.now();
      const lease = this.leases.get(key);
      if (lease && lease.resetAt > at && (lease.next <= lease.last || lease.last >= limit)) {
        const count = lease.next++;
        return { allowed: count <= lease.last, count, retryAfterMs: lease.resetAt - at };
      }
      const pending = this.leasing.get(key);
      if (pending) {
        await pending;
        continue;
      }
      const taking = this.lease(key, limit, windowMs, size, at).finally(() => this.leasing.delete(key));
      this.leasing.set(key, taking);
      await taking;
    }
  }

  async count(key: string): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(this.now()))));
    return row?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    this.leases.delete(key);
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  private async add(key: string, n: number, at: number, windowMs: number): Promise<{ count: number; resetAt: number }> {
    await this.prune(at);
    const { rows } = await hitWindow(this.db).execute({
      key,
      n,
      at: new Date(at).toISOString(),
      resetAt: new Date(at + windowMs).toISOString(),
    });
    return { count: Number(rows[0].count), resetAt: Number(rows[0].reset_ms) };
  }

  private async hitOnce(key: string, limit: number, windowMs: number): Promise<LimitHit> {
    const at = this.now();
    const { count, resetAt } = await this.add(key, 1, at, windowMs);
    return { allowed: count <= limit, count, retryAfterMs: resetAt - at };
  }

  /** Takes `size` numbers of the key's window; those past the limit are not this process's to hand out. */
  private async lease(key: string, limit: number, windowMs: number, size: number, at: number): Promise<void> {
    const { count, resetAt } = await this.add(key, size, at, windowMs);
    const first = count - size + 1;
    this.leases.set(key, { next: first, last: Math.min(count, limit), resetAt });
    this.sweep(at);
  }

  /** Leases of ended windows are dropped once there are many (only memory: an ended lease is never used). */
  private sweep(at: number): void {
    if (this.leases.size < MAX_KEYS) return;
    for (const [k, l] of this.leases) if (l.resetAt <= at) this.leases.delete(k);
    for (const k of this.leases.keys()) {
      if (this.leases.size < MAX_KEYS) break;
      this.leases.delete(k);
    }
  }

  /** Ended windows are deleted once a minute per process (only an optimisation: an ended row restarts at 1). */
  private async prune(at: number): Promise<void> {
    if (at - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = at;
    await this.db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date(at)));
  }
}
