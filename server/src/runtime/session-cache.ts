/**
 * Live sessions remembered in memory (runtime/sessions.ts says when), with the tombstones of revoked ones. A
 * revocation is known by the token where it happens and by the token's hash where another process tells of it
 * (runtime/cache-sync.ts: the token itself never leaves the process), so both are kept.
 */
import type { users } from '../domains/user/schema';
import type { VisitorClaims } from '../domains/entrance/visitor-tokens';

/**
 * `customer`: the session's user was seen with a phone (isKnownCustomer in sessions.ts). `user`: a visitor's row as
 * its token describes it, while no row is stored.
 */
export type CachedSession =
  | {
      userId: string;
      projectSn: string;
      expiresAt: number;
      visitor?: VisitorClaims;
      user?: typeof users.$inferSelect;
      customer?: true;
    }
  | 'revoked';

/** Past this many entries the live ones are dropped (tombstones stay): they are read again on their next call. */
const MAX_CACHED = 100_000;

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Token hash to token, for the revocations other processes tell of. */
  private readonly tokens = new Map<string, string>();
  /** Hashes other processes revoked: a look-up already under way here must not remember such a session. */
  private readonly revokedHashes = new Set<string>();

  get(token: string): CachedSession | undefined {
    return this.entries.get(token);
  }

  /** Remembers a live session, unless it was revoked meanwhile (here, or elsewhere as heard by its hash). */
  remember(token: string, hash: string, entry: Exclude<CachedSession, 'revoked'>): void {
    if (this.entries.get(token) === 'revoked' || this.revokedHashes.has(hash)) return;
    if (this.entries.size >= MAX_CACHED) {
      for (const [k, v] of this.entries) if (v !== 'revoked') this.entries.delete(k);
      this.tokens.clear();
    }
    this.entries.set(token, entry);
    this.tokens.set(hash, token);
  }

  /** A tombstone: a session is never un-revoked, so a concurrent look-up cannot bring it back. */
  revoke(token: string): void {
    this.entries.set(token, 'revoked');
  }

  /** Another process revoked the session of this hash. */
  revokeHash(hash: string): void {
    if (this.revokedHashes.size >= MAX_CACHED) this.revokedHashes.clear();
    this.revokedHashes.add(hash);
    const token = this.tokens.get(hash);
    if (token !== undefined) this.revoke(token);
  }

  /** Forgets everything (the process stopped hearing the others): each session is read from the database again. */
  clear(): void {
    this.entries.clear();
    this.tokens.clear();
    this.revokedHashes.clear();
  }
}
