/**
 * Visitor sessions without rows. Every entrance of a new visitor used to write a user row and a session
 * row: the new-visitor entrance ran at a sixth of the returning visitor's rate on the embedded database, and anyone
 * could fill both tables by calling it. Now a visitor's token carries the visitor's facts, signed with the
 * server's own key (server-keys.ts, shared by every process on the database):
 *
 *   v1.<base64url JSON [userId, projectSn, unionId, issuedAt, expiresAt]>.<base64url HMAC-SHA256>
 *
 * Nothing is written until the visitor needs a row: a login (phone, WeChat, mini-program) first stores the
 * visitor's user row as the token describes it (ensureVisitorRow), so the visitor becomes the customer as before;
 * a revocation stores a sessions row with revoked_at (sessions.ts revokeStoredSession). The token is checked
 * against both: it is refused once revoked, and refused once its user has a phone, since a visitor token must
 * never speak for a customer (customers log in to a stored session).
 */
import { randomUUID } from 'node:crypto';
import { users } from '../user/schema';
import type { Db } from '../../runtime/database/plugin';
import { hmacSha256Base64url, sameText } from '../../runtime/hmac';
import { serverKey } from '../../runtime/server-keys';

const PREFIX = 'v1.';
const KEY_NAME = 'visitor_token';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Far above a real token (about 190 characters); anything longer is not parsed at all. */
const MAX_TOKEN_LENGTH = 512;

/** What a visitor token says. */
export interface VisitorClaims {
  userId: string;
  projectSn: string;
  unionId: string;
  issuedAt: number;
  expiresAt: number;
}

export const isVisitorToken = (token: string): boolean => token.startsWith(PREFIX);

/** The token's MAC: HMAC-SHA256 of the prefix and payload under the server's key, base64url (runtime/hmac.ts). */
const mac = (key: Buffer, payload: string): string => hmacSha256Base64url(key, PREFIX + payload);

type Minted = { token: string; claims: VisitorClaims };

/** A new visitor: a new user id and union id (the same forms as stored users'), signed into a token. */
export async function mintVisitorToken(db: Db, projectSn: string, ttlDays: number): Promise<Minted> {
  return mintWith(await serverKey(db, KEY_NAME), projectSn, ttlDays);
}

/** Exported for its test (test/services/visitor-token-mint.test.ts); the entrance mints through mintVisitorToken. */
export function mintWith(key: Buffer, projectSn: string, ttlDays: number): Minted {
  const issuedAt = Date.now();
  // The placeholder union id has the stored users' form (u_ and 24 hex digits). Its digits are the first 24 of a
  // second random UUID: node serves those from a pool of random bytes, where randomBytes(12) asked the kernel on
  // every call (7% of the new-visitor entrance's CPU). The dashes are sliced out (a regex replace cost a sixth of
  // the mint).
  const u = randomUUID();
  const unionId = `u_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(14, 18)}${u.slice(19, 23)}${u.slice(24, 28)}`;
  const claims: VisitorClaims = {
    userId: randomUUID(),
    projectSn,
    unionId,
    issuedAt,
    expiresAt: issuedAt + ttlDays * DAY_MS,
  };
  const json = JSON.stringify([claims.userId, projectSn, unionId, issuedAt, claims.expiresAt]);
  const payload = Buffer.from(json).toString('base64url');
  return { token: `${PREFIX}${payload}.${mac(key, payload)}`, claims };
}

/** The token's claims when it is a visitor token this server signed and not expired at `now`; otherwise null. */
export async function readVisitorToken(db: Db, token: string, now = Date.now()): Promise<VisitorClaims | null> {
  if (!isVisitorToken(token) || token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.indexOf('.', PREFIX.length);
  if (dot < 0) return null;
  const payload = token.slice(PREFIX.length, dot);
  // The MAC exactly as minted (canonical base64url, compared in constant time).
  if (!sameText(token.slice(dot + 1), mac(await serverKey(db, KEY_NAME), payload))) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 5) return null;
  const [userId, projectSn, unionId, issuedAt, expiresAt] = parts as unknown[];
  if (typeof userId !== 'string' || typeof projectSn !== 'string' || typeof unionId !== 'string') return null;
  if (typeof issuedAt !== 'number' || typeof expiresAt !== 'number' || expiresAt <= now) return null;
  return { userId, projectSn, unionId, issuedAt, expiresAt };
}

/** The user row a visitor token describes (as it is stored by ensureVisitorRow). */
export function visitorUserRow(claims: VisitorClaims): typeof users.$inferSelect {
  return {
    userId: claims.userId,
    projectSn: claims.projectSn,
    phone: null,
    unionId: claims.unionId,
    nickName: null,
    avatar: null,
    createdAt: new Date(claims.issuedAt),
  };
}

/**
 * Stores the user row of a visitor session unless it is stored already (nothing for a stored session): before
 * anything that needs the row (a login moves the visitor onto it; a revocation's sessions row references it).
 * `db` may be a transaction.
 */
export async function ensureVisitorRow(db: Db, session: { visitor?: VisitorClaims }): Promise<void> {
  if (!session.visitor) return;
  await db.insert(users).values(visitorUserRow(session.visitor)).onConflictDoNothing({ target: users.userId });
}
