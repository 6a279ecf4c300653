/**
 * Opaque session tokens kept in the database (DESIGN.md §4): they survive restarts, can be revoked and are
 * shared by every server process. Only a hash of the token is stored.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { isoTime, prepareSql, preparedStatement } from './database/prepared';
import { sessions } from './database/schema';
import { users } from '../domains/user/schema';
import type { Db } from './database/plugin';
import { deploymentOf } from './deployment';
import type { CachedSession, SessionCache } from './session-cache';
import { sha256Hex } from './sha256';
import { groupPerTurn } from './turn-group';
import {
  ensureVisitorRow,
  isVisitorToken,
  readVisitorToken,
  visitorUserRow,
  type VisitorClaims,
} from '../domains/entrance/visitor-tokens';

export interface Session {
  token: string;
  userId: string;
  projectSn: string;
  /** The session's user row when it was read with the session (absent where the session came from the cache). */
  user?: typeof users.$inferSelect;
  /** A visitor's session without a row: what its token says (visitor-tokens.ts). */
  visitor?: VisitorClaims;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What is stored of a session token (never the token itself). */
export const hashToken = (token: string) => sha256Hex(token);

/** A new session's token and the row that stores it (its hash). */
function newSession(input: { userId: string; projectSn: string; ttlDays: number }): {
  session: Session;
  row: typeof sessions.$inferInsert;
} {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  return {
    session: { token, userId: input.userId, projectSn: input.projectSn },
    row: {
      tokenHash: hashToken(token),
      userId: input.userId,
      projectSn: input.projectSn,
      createdAt: new Date(now),
      expiresAt: new Date(now + input.ttlDays * DAY_MS),
    },
  };
}

export async function createSession(
  db: Db,
  input: { userId: string; projectSn: string; ttlDays: number },
): Promise<Session> {
  const { session, row } = newSession(input);
  await db.insert(sessions).values(row);
  return session;
}

/**
 * Live sessions remembered in memory (runtime/session-cache.ts), where the deployment keeps them
 * (runtime/deployment.ts): revokeSession and the login paths call markRevoked, which leaves a tombstone that a
 * concurrent lookup cannot overwrite (a session is never un-revoked) and, on PostgreSQL, tells the other processes
 * (runtime/cache-sync.ts). An entry also ends at the session's own expiry. While the deployment keeps none (a
 * process not hearing the others), every lookup asks the database. Keyed by the token itself, which every request
 * carries anyway (the database keeps only its hash).
 *
 * `customer`: the session's user was seen with a phone (isKnownCustomer below), so customer calls need not read the
 * user row again. A phone is only ever given to a user, never taken (bindPhone refuses to replace one), so the one
 * way a session stops being a customer's is its revocation, and markRevoked replaces the entry. Only a yes is kept:
 * a phone bound later is seen by the next call.
 */
export type { CachedSession };

const sessionCache = (db: Db): SessionCache | null => deploymentOf(db).sessionCache;

/**
 * The sessions with their user rows, which the customer check needs next (two of a customer call's statements in
 * one), for all the lookups that reach this point in one turn of the event loop (one statement for the group, as
 * the nonce claims: runtime/nonce-store.ts). Built once (runtime/database/prepared.ts). Every session names an
 * existing user (foreign key).
 */
const liveSessionsWithUser = preparedStatement((db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      projectSn: sessions.projectSn,
      expiresAt: sessions.expiresAt,
      user: getTableColumns(users),
    })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_live_user_group'),
);
type LiveRow = { userId: string; projectSn: string; expiresAt: Date; user: typeof users.$inferSelect };
const lookups = new WeakMap<Db, (hash: string) => Promise<LiveRow | undefined>>();

/** The live session (with its user) of `hash`, looked up with the others of this turn of the event loop. */
function liveSessionWithUser(db: Db, hash: string): Promise<LiveRow | undefined> {
  let lookUp = lookups.get(db);
  if (!lookUp) {
    lookUp = groupPerTurn(async (hashes: string[]) => {
      const rows = await liveSessionsWithUser(db).execute({ hashes: [...new Set(hashes)], now: isoTime(new Date()) });
      const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
      return hashes.map((h) => byHash.get(h));
    });
    lookups.set(db, lookUp);
  }
  return lookUp(hash);
}

/** The session as the memory cache knows it: null when known revoked, undefined when the database must be asked. */
function knownLiveSession(db: Db, token: string): Session | null | undefined {
  const hit = sessionCache(db)?.get(token);
  if (hit === 'revoked') return null;
  if (hit && hit.expiresAt > Date.now())
    return hit.visitor
      ? visitorSession(token, hit.visitor, hit.user)
      : { token, userId: hit.userId, projectSn: hit.projectSn };
  return undefined;
}

/** The session a token names, or null when it is unknown, expired or revoked. */
export async function findLiveSession(db: Db, token: string): Promise<Session | null> {
  const known = knownLiveSession(db, token);
  if (known !== undefined) return known;
  const hash = hashToken(token);
  const cache = sessionCache(db);
  const now = Date.now();
  if (isVisitorToken(token)) return findVisitorSession(db, token, hash, cache, now);
  const found = await liveSessionWithUser(db, hash);
  if (!found) return null;
  cache?.remember(token, hash, {
    userId: found.userId,
    projectSn: found.projectSn,
    expiresAt: found.expiresAt.getTime(),
    ...(found.user.phone ? { customer: true as const } : {}),
  });
  return { token, userId: found.userId, projectSn: found.projectSn, user: found.user };
}

/** True when this process knows the session's user has a phone (see CachedSession); false: read the user row. */
export function isKnownCustomer(db: Db, session: Pick<Session, 'token'>): boolean {
  const hit = sessionCache(db)?.get(session.token);
  return hit !== undefined && hit !== 'revoked' && hit.customer === true;
}

/**
 * Call when the session's user row was just read with a phone. A visitor token is never marked: the customer
 * check reads its row every time, as before.
 */
export function markCustomer(db: Db, session: Pick<Session, 'token' | 'visitor'>): void {
  if (session.visitor) return;
  const hit = sessionCache(db)?.get(session.token);
  // Not a revoked one (its tombstone stays), nor one that has left the cache.
  if (hit && hit !== 'revoked') hit.customer = true;
}

/**
 * A visitor token's standing in the database, for all the checks that reach this point in one turn of the event
 * loop (one statement, as the session look-ups above): revoked (a sessions row with revoked_at), and whether its
 * user row is stored and has a phone.
 */
const visitorStanding = preparedStatement((db) =>
  prepareSql<{ hash: string; revoked: boolean; stored: boolean; customer: boolean }>(
    db,
    'visitor_standing_group',
    sql`select v.hash,
          exists (select 1 from ${sessions} s where s.token_hash = v.hash and s.revoked_at is not null) as revoked,
          u.user_id is not null as stored,
          u.phone is not null as customer
        from unnest(${sql.placeholder('hashes')}::text[], ${sql.placeholder('userIds')}::text[]) as v(hash, user_id)
        left join ${users} u on u.user_id = v.user_id`,
  ),
);
type Standing = { revoked: boolean; stored: boolean; customer: boolean };
const standings = new WeakMap<Db, (input: { hash: string; userId: string }) => Promise<Standing>>();

function standingOf(db: Db, hash: string, userId: string): Promise<Standing> {
  let lookUp = standings.get(db);
  if (!lookUp) {
    lookUp = groupPerTurn(async (inputs: { hash: string; userId: string }[]) => {
      const { rows } = await visitorStanding(db).execute({
        hashes: inputs.map((i) => i.hash),
        userIds: inputs.map((i) => i.userId),
      });
      const byHash = new Map(rows.map((r) => [r.hash, r]));
      return inputs.map((i) => byHash.get(i.hash) ?? { revoked: false, stored: false, customer: false });
    });
    standings.set(db, lookUp);
  }
  return lookUp({ hash, userId });
}

/** The session of a visitor token; `user`: the row the token describes, while no row is stored (then read as any). */
function visitorSession(token: string, claims: VisitorClaims, user: typeof users.$inferSelect | undefined): Session {
  return { token, userId: claims.userId, projectSn: claims.projectSn, visitor: claims, ...(user ? { user } : {}) };
}

async function findVisitorSession(
  db: Db,
  token: string,
  hash: string,
  cache: SessionCache | null,
  now: number,
): Promise<Session | null> {
  const claims = await readVisitorToken(db, token, now);
  if (!claims) return null;
  const standing = await standingOf(db, hash, claims.userId);
  // A visitor token never speaks for a customer: one whose user has a phone by now is as good as revoked.
  if (standing.revoked || standing.customer) {
    cache?.revoke(token);
    return null;
  }
  // Made once per look-up and kept with the cached session, not per call (callers never change a session's row).
  const user = standing.stored ? undefined : visitorUserRow(claims);
  cache?.remember(token, hash, {
    userId: claims.userId,
    projectSn: claims.projectSn,
    expiresAt: claims.expiresAt,
    visitor: claims,
    user,
  });
  return visitorSession(token, claims, user);
}

/**
 * Ends a session in the database: a stored one gets its revoked_at; a visitor's (no row) gets a revoked row, after
 * its user row (the foreign key). `db` may be a transaction; callers also call markRevoked with the server's db.
 */
export async function revokeStoredSession(
  db: Db,
  session: Pick<Session, 'token' | 'userId' | 'projectSn' | 'visitor'>,
  at = new Date(),
): Promise<void> {
  const tokenHash = hashToken(session.token);
  if (!session.visitor) {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    return;
  }
  await ensureVisitorRow(db, session);
  await db
    .insert(sessions)
    .values({
      tokenHash,
      userId: session.userId,
      projectSn: session.projectSn,
      createdAt: new Date(session.visitor.issuedAt),
      expiresAt: new Date(session.visitor.expiresAt),
      revokedAt: at,
    })
    .onConflictDoNothing();
}

/**
 * Call wherever a session's revokedAt is set (inside the revoking transaction is fine: a tombstone of a
 * transaction that then fails only makes that client enter again). `db` is the database the server was given.
 */
export function markRevoked(db: Db, token: string): void {
  deploymentOf(db).sessionRevoked(token, hashToken(token));
}

export async function revokeSession(
  db: Db,
  session: Pick<Session, 'token' | 'userId' | 'projectSn' | 'visitor'>,
): Promise<void> {
  markRevoked(db, session.token);
  await revokeStoredSession(db, session);
}
