/**
 * Opaque session tokens kept in the database (DESIGN.md §4): they survive restarts, can be revoked and are
 * shared by every server process. Only a hash of the token is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../db/schema';
import type { Db } from '../plugins/db';

export interface Session {
  token: string;
  userId: string;
  projectSn: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, input: { userId: string; projectSn: string; ttlDays: number }): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    projectSn: input.projectSn,
    createdAt: new Date(now),
    expiresAt: new Date(now + input.ttlDays * DAY_MS),
  });
  return { token, userId: input.userId, projectSn: input.projectSn };
}

/** The session a token names, or null when it is unknown, expired or revoked. */
export async function findLiveSession(db: Db, token: string): Promise<Session | null> {
  const [row] = await db
    .select({ userId: sessions.userId, projectSn: sessions.projectSn })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { token, ...row } : null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
