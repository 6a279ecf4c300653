/**
 * Console sessions of operators: a random 32-byte token (base64url, 43 characters) handed out once at login; the
 * database keeps only its SHA-256, so a leaked table does not hand out live sessions. A session lasts 12 hours from
 * its last use (sliding): each use moves the expiry on, written at most once per SLIDE_STEP so reads stay cheap.
 * Logout deletes it; a password change deletes the operator's other sessions; a disabled operator's are refused.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lte, ne } from 'drizzle-orm';
import type { Db } from '../../runtime/database/plugin';
import type { OpsActor } from '../../runtime/ops-auth';
import { sha256Hex } from '../../runtime/sha256';
import { operatorProjects, operators, operatorSessions } from './schema';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** The expiry is written again only once it is this much behind now + TTL. */
const SLIDE_STEP_MS = 5 * 60 * 1000;

/** What a session token looks like; anything else in the bearer header is not looked up. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = sha256Hex;

export async function createSession(db: Db, operatorId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // Sessions left to expire (never logged out) go at the operator's next login, so the table stays small.
  await db
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), lte(operatorSessions.expiresAt, now)));
  await db.insert(operatorSessions).values({ tokenHash: hashOf(token), operatorId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashOf(token)));
}

/** Ends every session of the operator except `keepToken`'s (all of them without one). */
export async function endOtherSessions(db: Db, operatorId: number, keepToken?: string): Promise<void> {
  const others = keepToken
    ? and(eq(operatorSessions.operatorId, operatorId), ne(operatorSessions.tokenHash, hashOf(keepToken)))
    : eq(operatorSessions.operatorId, operatorId);
  await db.delete(operatorSessions).where(others);
}

/** The session's expiry, for /auth/me and the console's timer. */
export async function sessionExpiry(db: Db, token: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: operatorSessions.expiresAt })
    .from(operatorSessions)
    .where(eq(operatorSessions.tokenHash, hashOf(token)));
  return row?.expiresAt ?? null;
}

/**
 * The operator a live session token belongs to, 'disabled' when the account was disabled, or null when the token is
 * unknown or expired (an expired row is deleted).
 */
export async function operatorOfToken(db: Db, token: string, now = new Date()): Promise<OpsActor | 'disabled' | null> {
  const tokenHash = hashOf(token);
  const [row] = await db
    .select({
      expiresAt: operatorSessions.expiresAt,
      id: operators.id,
      username: operators.username,
      role: operators.role,
      disabled: operators.disabled,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, tokenHash));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
    return null;
  }
  if (row.disabled) return 'disabled';
  const slid = now.getTime() + SESSION_TTL_MS;
  if (slid - row.expiresAt.getTime() >= SLIDE_STEP_MS)
    await db
      .update(operatorSessions)
      .set({ expiresAt: new Date(slid) })
      .where(eq(operatorSessions.tokenHash, tokenHash));
  const projectSns =
    row.role === 'owner'
      ? ('all' as const)
      : (
          await db
            .select({ projectSn: operatorProjects.projectSn })
            .from(operatorProjects)
            .where(eq(operatorProjects.operatorId, row.id))
        ).map((p) => p.projectSn);
  return { operatorId: row.id, actor: row.username, role: row.role, projectSns };
}
