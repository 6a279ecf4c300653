/**
 * Card batches on the operator side: generate N secret codes, hand them out once, void what is left. Only the
 * HMAC of a code is kept for redeeming; until its one export a code is also kept sealed (AES-256-GCM under a key
 * derived from CARD_CODE_KEY), and the export clears the sealed copies, so afterwards no copy exists anywhere.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MARKETING_MESSAGES as M, type opsBatchBody, type opsBatchSchema } from '@contract/coupon-ops';
import { cardBatches, cardCodes } from '../card/schema';
import { generateCardCode, hashCardCode } from '../card/service';
import { conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { newSn } from './claims';
import { iso, requireProject, requireTemplates } from './ops';

type BatchView = z.infer<typeof opsBatchSchema>;

/** Code states of card_codes: 1 unused, 2 redeemed, 5 voided. */
const UNUSED = 1;
const VOIDED = 5;

const sealKey = (key: string) => createHash('sha256').update(`card-code-seal\0${key}`, 'utf8').digest();

export function sealCode(key: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(key), iv);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unsealCode(key: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealKey(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** XXXX-XXXX-... as printed on a card. */
const grouped = (code: string) => (code.match(/.{1,4}/g) ?? []).join('-');
const csvOf = (codes: string[]) => ['code', ...codes.map(grouped)].join('\n') + '\n';

/**
 * Creates a batch and its codes. `exportNow` (the scripts' route): the CSV comes back in this answer and the batch
 * counts as exported; otherwise the codes are kept sealed until the one export.
 */
export async function createCardBatch(
  db: Db,
  input: z.infer<typeof opsBatchBody>,
  key: string,
  { exportNow }: { exportNow: boolean },
) {
  await requireProject(db, input.projectSn);
  await requireTemplates(db, input.projectSn, input.couponSns);
  const batchSn = newSn('cb');
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(generateCardCode());
  await db.transaction(async (tx) => {
    await tx.insert(cardBatches).values({
      batchSn,
      projectSn: input.projectSn,
      cardName: input.cardName,
      faceValue: input.faceValue,
      description: input.description,
      instructions: input.instructions,
      couponSns: input.couponSns,
      validityDays: input.validityDays,
      redeemEndAt: input.redeemEndAt ? new Date(input.redeemEndAt) : null,
      exportedAt: exportNow ? new Date() : null,
    });
    const rows = [...codes].map((code) => ({
      codeId: newSn('cc'),
      batchSn,
      codeHash: hashCardCode(key, code),
      tail: code.slice(-4),
      sealed: exportNow ? null : sealCode(key, code),
    }));
    // Inserted in slices: one statement per 500 codes keeps each under PostgreSQL's parameter limit.
    for (let i = 0; i < rows.length; i += 500) await tx.insert(cardCodes).values(rows.slice(i, i + 500));
  });
  const batch = await batchView(db, batchSn);
  return { batch, csv: exportNow ? csvOf([...codes]) : '' };
}

export async function listCardBatches(db: Db, projectSn: string): Promise<BatchView[]> {
  const batches = await db
    .select()
    .from(cardBatches)
    .where(eq(cardBatches.projectSn, projectSn))
    .orderBy(asc(cardBatches.createdAt), asc(cardBatches.batchSn));
  if (!batches.length) return [];
  const counts = await db
    .select({
      batchSn: cardCodes.batchSn,
      codes: count(),
      redeemed: sql<number>`count(*) filter (where ${cardCodes.state} = 2)`.mapWith(Number),
      voided: sql<number>`count(*) filter (where ${cardCodes.state} = 5)`.mapWith(Number),
    })
    .from(cardCodes)
    .where(
      inArray(
        cardCodes.batchSn,
        batches.map((b) => b.batchSn),
      ),
    )
    .groupBy(cardCodes.batchSn);
  const by = new Map(counts.map((c) => [c.batchSn, c]));
  return batches.map((b) => ({
    batchSn: b.batchSn,
    projectSn: b.projectSn,
    cardName: b.cardName,
    faceValue: b.faceValue,
    validityDays: b.validityDays,
    redeemEndAt: iso(b.redeemEndAt),
    couponSns: b.couponSns,
    exportedAt: iso(b.exportedAt),
    voidedAt: iso(b.voidedAt),
    createdAt: b.createdAt.toISOString(),
    codes: by.get(b.batchSn)?.codes ?? 0,
    redeemed: by.get(b.batchSn)?.redeemed ?? 0,
    voided: by.get(b.batchSn)?.voided ?? 0,
  }));
}

async function batchView(db: Db, batchSn: string): Promise<BatchView> {
  const [b] = await db
    .select({ projectSn: cardBatches.projectSn })
    .from(cardBatches)
    .where(eq(cardBatches.batchSn, batchSn))
    .limit(1);
  const view = b && (await listCardBatches(db, b.projectSn)).find((x) => x.batchSn === batchSn);
  if (!view) throw notFound(M.batchNotFound);
  return view;
}

/**
 * The one export of a batch's codes. The batch row is claimed by an UPDATE guarded by `exported_at is null`, so of
 * two exports at once one gets the codes and the other is refused; the sealed copies are cleared in the same
 * transaction.
 */
export async function exportCardBatch(db: Db, batchSn: string, key: string, now = new Date()) {
  const before = await batchView(db, batchSn);
  if (before.voidedAt) throw conflict(M.exportVoided);
  if (before.exportedAt) throw conflict(M.exportedAlready);
  const codes = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(cardBatches)
      .set({ exportedAt: now })
      .where(and(eq(cardBatches.batchSn, batchSn), isNull(cardBatches.exportedAt), isNull(cardBatches.voidedAt)))
      .returning({ batchSn: cardBatches.batchSn });
    if (!claimed) return null;
    const rows = await tx
      .select({ sealed: cardCodes.sealed })
      .from(cardCodes)
      .where(and(eq(cardCodes.batchSn, batchSn), isNotNull(cardCodes.sealed)))
      .orderBy(asc(cardCodes.createdAt), asc(cardCodes.codeId));
    await tx.update(cardCodes).set({ sealed: null }).where(eq(cardCodes.batchSn, batchSn));
    return rows.map((r) => unsealCode(key, r.sealed!));
  });
  if (!codes) throw conflict(M.exportedAlready);
  const batch = await batchView(db, batchSn);
  const filename = `card-codes-${batchSn}.csv`;
  return { before, batch, csv: csvOf(codes), filename };
}

/** Voids a batch: every unused code stops working (a redeem says 该卡密已失效); vouchers already redeemed stay. */
export async function voidCardBatch(db: Db, batchSn: string, now = new Date()) {
  const before = await batchView(db, batchSn);
  if (before.voidedAt) throw conflict(M.voidedAlready);
  const voided = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(cardBatches)
      .set({ voidedAt: now })
      .where(and(eq(cardBatches.batchSn, batchSn), isNull(cardBatches.voidedAt)))
      .returning({ batchSn: cardBatches.batchSn });
    if (!claimed) return null;
    // The sealed copies go too: a voided code has nothing left to hand out.
    const rows = await tx
      .update(cardCodes)
      .set({ state: VOIDED, sealed: null })
      .where(and(eq(cardCodes.batchSn, batchSn), eq(cardCodes.state, UNUSED)))
      .returning({ codeId: cardCodes.codeId });
    return rows.length;
  });
  if (voided === null) throw conflict(M.voidedAlready);
  return { before, after: await batchView(db, batchSn), voided };
}
