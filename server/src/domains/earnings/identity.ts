/**
 * Real-name identity of a promoter: checked here (name shape, GB 11643 ID with birth date, adult),
 * then by the identity provider; stored with the ID number encrypted and masked, once per person per project.
 * A verified identity is final: the payout name (bank card holder) is tied to it.
 */
import { eq } from 'drizzle-orm';
import type { IdentityInfo } from '@contract/earnings';
import { maskIdNumber } from '@contract/rules/fields';
import { idNumberError, maskRealName, realNameError } from '@contract/rules/identity';
import { identities } from './schema';
import { badRequest, conflict } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { Vault } from './vault';
import type { Executor } from '../order/state-db';
import type { IdentityProvider } from './providers/identity';

export const IDENTITY_SERVICE_MESSAGES = {
  already: '您已完成实名认证',
  taken: '该身份证号已认证其他账号',
} as const;

export type IdentityRow = typeof identities.$inferSelect;

export async function findIdentity(db: Executor, userId: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(identities).where(eq(identities.userId, userId)).limit(1);
  return row ?? null;
}

export function identityView(row: IdentityRow | null): IdentityInfo {
  if (!row) return { verified: false, realName: null, idNumberMasked: null, verifiedAt: null };
  return {
    verified: true,
    realName: maskRealName(row.realName),
    idNumberMasked: row.idNumberMasked,
    verifiedAt: row.verifiedAt.toISOString(),
  };
}

export async function verifyIdentity(
  db: Db,
  deps: { vault: Vault; provider: IdentityProvider },
  user: { userId: string; projectSn: string },
  input: { realName: string; idNumber: string },
  now = new Date(),
): Promise<IdentityRow> {
  const realName = input.realName.trim();
  const idNumber = input.idNumber.trim().toUpperCase();
  if (await findIdentity(db, user.userId)) throw conflict(IDENTITY_SERVICE_MESSAGES.already);
  const bad = realNameError(realName) ?? idNumberError(idNumber, now.getTime());
  if (bad) throw badRequest(bad);
  const idNumberHash = deps.vault.hash('id', idNumber);
  const [taken] = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(eq(identities.idNumberHash, idNumberHash))
    .limit(1);
  if (taken) throw conflict(IDENTITY_SERVICE_MESSAGES.taken);
  const result = await deps.provider.verify({ realName, idNumber });
  if (!result.ok) throw badRequest(result.reason);
  const inserted = await db
    .insert(identities)
    .values({
      userId: user.userId,
      projectSn: user.projectSn,
      realName,
      idNumberEnc: deps.vault.seal(idNumber),
      idNumberHash,
      idNumberMasked: maskIdNumber(idNumber),
      provider: deps.provider.name,
      providerRef: result.ref,
      verifiedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Two verifications at once: the primary key (user) or the unique (project, ID hash) lets one through.
  if (!inserted.length)
    throw conflict(
      (await findIdentity(db, user.userId)) ? IDENTITY_SERVICE_MESSAGES.already : IDENTITY_SERVICE_MESSAGES.taken,
    );
  return inserted[0];
}
