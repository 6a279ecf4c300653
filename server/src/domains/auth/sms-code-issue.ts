/**
 * One SMS code row per key (a phone for login and forms, `bankcard:<phone>` for bank cards): a fresh code replaces
 * the last one unless that one is under a minute old, then goes out through the SMS provider. A send that fails
 * leaves nothing half-done: when the vendor answered no, the last code is put back exactly as it was (the phone is
 * not held for a minute, and a still valid earlier code still works); when the outcome is unknown (a timeout: the
 * message may still arrive) the new code stays valid but the minute's wait is lifted, so the customer may ask again.
 */
import { and, eq, lte } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { smsCodes } from './schema';
import { AppError, MESSAGES, badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { SmsSendError } from './providers/sms-failure';

type CodeRow = typeof smsCodes.$inferSelect;

export async function storeAndSendCode(
  db: Db,
  input: { key: string; codeHash: string; now: Date; ttlMs: number; resendAfterS: number },
  send: () => Promise<void>,
): Promise<void> {
  const { key, codeHash, now } = input;
  const fresh = {
    codeHash,
    expiresAt: new Date(now.getTime() + input.ttlMs),
    attempts: 0,
    consumedAt: null,
    createdAt: now,
  };
  // The last code is read under the row lock with the replacement, so putting it back restores what was there.
  const previous = await db.transaction(async (tx): Promise<CodeRow | null> => {
    const [last] = await tx.select().from(smsCodes).where(eq(smsCodes.phone, key)).for('update');
    // The upsert only replaces a row old enough to resend: the rate limit and the write are one statement.
    const written = await tx
      .insert(smsCodes)
      .values({ phone: key, ...fresh })
      .onConflictDoUpdate({
        target: smsCodes.phone,
        set: fresh,
        setWhere: lte(smsCodes.createdAt, new Date(now.getTime() - input.resendAfterS * 1000)),
      })
      .returning({ phone: smsCodes.phone });
    if (written.length === 0) throw badRequest(MESSAGES.smsTooFrequent, ERROR_CODES.SMS_TOO_FREQUENT);
    return last ?? null;
  });
  try {
    await send();
  } catch (err) {
    if (!(err instanceof SmsSendError)) throw err;
    const ours = and(eq(smsCodes.phone, key), eq(smsCodes.codeHash, codeHash));
    if (!err.notSent) {
      await db
        .update(smsCodes)
        .set({ createdAt: new Date(now.getTime() - input.resendAfterS * 1000) })
        .where(ours);
    } else if (previous) {
      const { phone: _phone, ...before } = previous;
      await db.update(smsCodes).set(before).where(ours);
    } else {
      await db.delete(smsCodes).where(ours);
    }
    throw err.reason === 'limit'
      ? new AppError(429, ERROR_CODES.SMS_TOO_FREQUENT, err.message)
      : badRequest(err.message, ERROR_CODES.SMS_SEND_FAILED);
  }
}
