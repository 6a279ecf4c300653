/**
 * The SMS code that confirms a bank card change: sent to the promoter's own account phone, with the
 * rules of the login code (6 digits, 5 minutes, one per minute, 5 tries; the per-client, per-phone and
 * server-wide limits are applied by the route through app.limits). It lives in the sms_codes table under its own
 * key, so a bank-card code can never log anyone in and a login code can never bind a card.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { smsCodes } from '../auth/schema';
import { MESSAGES, badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { CODE_TTL_MS, MAX_ATTEMPTS, RESEND_AFTER_S } from '../auth/phone-login';
import type { SmsProvider } from '../auth/providers/sms';
import { storeAndSendCode } from '../auth/sms-code-issue';

const keyOf = (phone: string) => `bankcard:${phone}`;
const hashOf = (phone: string, code: string) => createHash('sha256').update(`bankcard:${phone}:${code}`).digest();

export async function issueCardCode(
  db: Db,
  sms: SmsProvider,
  phone: string,
  now = new Date(),
): Promise<{ resendAfter: number }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = hashOf(phone, code).toString('hex');
  await storeAndSendCode(
    db,
    { key: keyOf(phone), codeHash, now, ttlMs: CODE_TTL_MS, resendAfterS: RESEND_AFTER_S },
    () => sms.sendCode(phone, code),
  );
  return { resendAfter: RESEND_AFTER_S };
}

/** Checks and consumes the code; a wrong one counts (and is committed) before the error. */
export async function consumeCardCode(db: Db, phone: string, code: string, now = new Date()): Promise<void> {
  const error = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, keyOf(phone)))
      .for('update');
    if (!row || row.consumedAt || row.expiresAt <= now)
      return badRequest(MESSAGES.smsExpired, ERROR_CODES.SMS_CODE_EXPIRED);
    if (row.attempts >= MAX_ATTEMPTS) return badRequest(MESSAGES.smsTooManyAttempts, ERROR_CODES.SMS_TOO_MANY_ATTEMPTS);
    if (!timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashOf(phone, code))) {
      await tx
        .update(smsCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(smsCodes.phone, keyOf(phone)));
      return row.attempts + 1 >= MAX_ATTEMPTS
        ? badRequest(MESSAGES.smsTooManyAttempts, ERROR_CODES.SMS_TOO_MANY_ATTEMPTS)
        : badRequest(MESSAGES.smsWrong, ERROR_CODES.SMS_CODE_WRONG);
    }
    await tx
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(eq(smsCodes.phone, keyOf(phone)));
    return null;
  });
  if (error) throw error;
}
