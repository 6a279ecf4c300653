/**
 * Counters for rate limits, behind one interface (DESIGN.md §4 "short-lived guards"): process memory while the
 * embedded database is in use (one process by design); a deployment with several processes gives the app a
 * store shared by all of them (PostgreSQL or Redis) implementing the same three calls. Counting is a fixed
 * window per key: simple, atomic in any store (INCR + EXPIRE, or an upsert), and at worst twice the limit at a
 * window boundary, which is what a guard against abuse needs.
 */

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
