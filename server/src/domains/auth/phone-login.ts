/**
 * Phone login with SMS codes (§7 auth service). Codes are 6 digits, valid 5 minutes, stored hashed, one per
 * phone; a phone gets at most one code per minute and 5 tries per code. Everything is decided by single
 * statements or row-locked transactions, so the rules hold with several server processes. The limits across
 * codes (per client, per phone per day, wrong guesses per day) are in runtime/limits.ts.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SMS_CODE_LENGTH } from '@contract/auth';
import { ERROR_CODES } from '@contract/common';
import type { UserInfo } from '@contract/entrance';
import { smsCodes } from './schema';
import { users } from '../user/schema';
import { AppError, MESSAGES, badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { bindPhone } from './platform-accounts';
import { createSession, markRevoked, revokeStoredSession, type Session } from '../../runtime/sessions';
import type { SmsProvider } from './providers/sms';
import { storeAndSendCode } from './sms-code-issue';
import { createVisitor, toUserInfo, type UserRow } from '../user/service';
import { ensureVisitorRow } from '../entrance/visitor-tokens';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const RESEND_AFTER_S = 60;
export const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest();

/** Makes and sends a new code, replacing the previous one, unless the previous one is under a minute old. */
export async function issueCode(db: Db, sms: SmsProvider, phone: string): Promise<{ resendAfter: number }> {
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const codeHash = hashCode(phone, code).toString('hex');
  await storeAndSendCode(
    db,
    { key: phone, codeHash, now: new Date(), ttlMs: CODE_TTL_MS, resendAfterS: RESEND_AFTER_S },
    () => sms.sendCode(phone, code),
  );
  return { resendAfter: RESEND_AFTER_S };
}

/**
 * Inside the caller's transaction: checks the phone's current code and consumes it when it matches (null),
 * or counts the failed attempt and answers why it was refused. Login and the collect-form phone check share it.
 */
export async function consumeCode(tx: Db, phone: string, code: string): Promise<AppError | null> {
  const [row] = await tx.select().from(smsCodes).where(eq(smsCodes.phone, phone)).for('update');
  const now = new Date();
  if (!row || row.consumedAt || row.expiresAt <= now)
    return badRequest(MESSAGES.smsExpired, ERROR_CODES.SMS_CODE_EXPIRED);
  if (row.attempts >= MAX_ATTEMPTS) return badRequest(MESSAGES.smsTooManyAttempts, ERROR_CODES.SMS_TOO_MANY_ATTEMPTS);
  if (!timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(phone, code))) {
    const attempts = row.attempts + 1;
    await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.phone, phone));
    return attempts >= MAX_ATTEMPTS
      ? badRequest(MESSAGES.smsTooManyAttempts, ERROR_CODES.SMS_TOO_MANY_ATTEMPTS)
      : badRequest(MESSAGES.smsWrong, ERROR_CODES.SMS_CODE_WRONG);
  }
  await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.phone, phone));
  return null;
}

type Outcome = { ok: true; token: string; user: UserRow } | { ok: false; error: AppError };

/**
 * Checks the code and, when it matches, consumes it and moves the visitor onto a logged-in session:
 * the project's user with this phone if there is one, else the visitor's own user now given the phone.
 * The old session is revoked. Failed attempts are counted (and committed) before the error is thrown.
 */
export async function loginWithCode(
  db: Db,
  input: { session: Session; phone: string; code: string; ttlDays: number },
): Promise<{ token: string; userInfo: UserInfo }> {
  const { session, phone } = input;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const refused = await consumeCode(tx, phone, input.code);
    if (refused) return { ok: false, error: refused };
    const now = new Date();

    // A visitor without a row becomes the customer as one with a row does: its row first (visitor-tokens.ts).
    await ensureVisitorRow(tx, session);
    const user = await userForPhone(tx, session, phone);
    await revokeStoredSession(tx, session, now);
    markRevoked(db, session.token);
    const next = await createSession(tx, { userId: user.userId, projectSn: session.projectSn, ttlDays: input.ttlDays });
    return { ok: true, token: next.token, user };
  });
  if (!outcome.ok) throw outcome.error;
  return { token: outcome.token, userInfo: toUserInfo(outcome.user) };
}

async function userForPhone(tx: Db, session: Session, phone: string): Promise<UserRow> {
  // The session's own user without a phone (a visitor, or by now a WeChat-browser or mini-program customer) takes
  // this one; when the phone already has a customer, the platform identities move to that customer with the
  // session (platform-accounts' bindPhone), so a customer on two platforms with one phone is one customer and the
  // openid WeChat gave still pays.
  const [current] = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(and(eq(users.userId, session.userId), eq(users.projectSn, session.projectSn), isNull(users.phone)))
    .limit(1);
  if (current) return (await bindPhone(tx, { projectSn: session.projectSn, userId: current.userId, phone })).user;
  const [owner] = await tx
    .select()
    .from(users)
    .where(and(eq(users.projectSn, session.projectSn), eq(users.phone, phone)))
    .limit(1);
  // A user who already has another phone keeps it; this phone is its owner's, or gets a user of its own.
  return owner ?? createVisitor(tx, session.projectSn, phone);
}
