/**
 * Card vouchers and card-secret redeem (§2 exchangeCenter / exchangeDetail / couponList / couponDetails, §3 card
 * voucher states, §7 Card). Secrets are stored as HMAC-SHA256(CARD_CODE_KEY, normalised code) and compared in
 * constant time. A code is spent by an UPDATE guarded by `state = 1`, so of any number of concurrent redeems one
 * wins. Wrong codes are counted per customer in card_guards, whose row is locked while a code is checked: after
 * FREE_FAILURES wrong codes each try must wait longer, after LOCK_FAILURES the customer is refused for LOCK_MS.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, type Paged } from '@contract/common';
import { CARD_STATES, type CardEvent, type CardPreview, type CardVoucher } from '@contract/card';
import { CARD_CODE_ALPHABET, CARD_CODE_LENGTH, isCardCodeShape, normalizeCardCode } from '@contract/rules/card-code';
import { couponWindow } from '@contract/rules/coupon-validity';
import { cardBatches, cardCodes, cardGuards, cardVoucherEvents, cardVouchers } from './schema';
import { couponTemplates, userCoupons } from '../coupon/schema';
import { timestamptz } from '../../runtime/database/timestamptz';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { newSn } from '../coupon/claims';
import { grantWelcomeGift } from '../coupon/welcome-gift';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** Wrong codes without any wait; the next ones wait 5 s, 10 s, 20 s ... up to MAX_DELAY_MS. */
export const FREE_FAILURES = 3;
export const LOCK_FAILURES = 10;
export const LOCK_MS = 30 * MINUTE;
const BASE_DELAY_MS = 5 * SECOND;
const MAX_DELAY_MS = 60 * SECOND;
/** Wrong codes are forgotten this long after the last one. */
export const FAILURE_MEMORY_MS = 60 * MINUTE;

export const CARD_MESSAGES = {
  shape: '卡密格式不正确，请核对后重新输入',
  wrong: '卡密错误，请核对后重新输入',
  used: '该卡密已被使用',
  expired: '该卡密已过期',
  invalid: '该卡密已失效',
  slow: (seconds: number) => `卡密错误次数较多，请${seconds}秒后再试`,
  locked: (minutes: number) => `卡密错误次数过多，请${minutes}分钟后再试`,
  notFound: '卡券不存在',
} as const;

export function hashCardCode(key: string, normalised: string): string {
  return createHmac('sha256', key).update(normalised, 'utf8').digest('hex');
}

/** A new secret: CARD_CODE_LENGTH characters of the unambiguous alphabet, uniformly random. */
export function generateCardCode(): string {
  let out = '';
  for (let i = 0; i < CARD_CODE_LENGTH; i += 1) out += CARD_CODE_ALPHABET[randomInt(CARD_CODE_ALPHABET.length)];
  return out;
}

/** How long this customer must wait before another code is checked (0: go ahead). */
export function guardWaitMs(failures: number, lastFailureAt: Date | null, now: Date): { ms: number; locked: boolean } {
  if (!lastFailureAt || failures < FREE_FAILURES) return { ms: 0, locked: false };
  const since = now.getTime() - lastFailureAt.getTime();
  if (failures >= LOCK_FAILURES) return { ms: Math.max(0, LOCK_MS - since), locked: true };
  const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES));
  return { ms: Math.max(0, delay - since), locked: false };
}

type Voucher = typeof cardVouchers.$inferSelect;
type Batch = typeof cardBatches.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function batchCoupons(db: Pick<Db, 'select'>, batches: Batch[]) {
  const sns = [...new Set(batches.flatMap((b) => b.couponSns))];
  if (!sns.length) return new Map<string, typeof couponTemplates.$inferSelect>();
  const rows = await db.select().from(couponTemplates).where(inArray(couponTemplates.couponSn, sns));
  return new Map(rows.map((t) => [t.couponSn, t]));
}

function couponsOf(batch: Batch, templates: Map<string, typeof couponTemplates.$inferSelect>) {
  return batch.couponSns
    .map((sn) => templates.get(sn))
    .filter((t): t is NonNullable<typeof t> => Boolean(t))
    .map((t) => ({
      couponSn: t.couponSn,
      couponName: t.couponName,
      couponType: t.couponType,
      couponAmount: t.couponAmount,
      threshold: t.threshold,
    }));
}

export function previewOf(batch: Batch, templates: Map<string, typeof couponTemplates.$inferSelect>): CardPreview {
  return {
    cardName: batch.cardName,
    faceValue: batch.faceValue,
    description: batch.description,
    instructions: batch.instructions,
    validityDays: batch.validityDays,
    coupons: couponsOf(batch, templates),
  };
}

/** A usable voucher past its end shows as expired (4). */
export function toCardVoucher(
  v: Voucher,
  batch: Batch,
  templates: Map<string, typeof couponTemplates.$inferSelect>,
  now: Date,
): CardVoucher {
  const expired = v.state === CARD_STATES.USABLE && v.endTime.getTime() < now.getTime();
  return {
    voucherSn: v.voucherSn,
    cardName: batch.cardName,
    cardNo: v.cardNo,
    faceValue: batch.faceValue,
    description: batch.description,
    instructions: batch.instructions,
    state: expired ? CARD_STATES.EXPIRED : v.state,
    refundState: v.refundState,
    startTime: v.startTime.toISOString(),
    endTime: v.endTime.toISOString(),
    usedAt: v.usedAt ? v.usedAt.toISOString() : null,
    createdAt: v.createdAt.toISOString(),
    coupons: couponsOf(batch, templates),
  };
}

/** 16 digits, the first not 0: easy to read out at a counter. */
export function newCardNo(): string {
  let out = String(1 + randomInt(9));
  for (let i = 0; i < 15; i += 1) out += String(randomInt(10));
  return out;
}

export async function listCards(
  db: Db,
  user: { userId: string; projectSn: string },
  { page, perSize }: { page: number; perSize: number },
  now = new Date(),
): Promise<Paged<CardVoucher>> {
  await grantWelcomeGift(db, user, now);
  const where = eq(cardVouchers.userId, user.userId);
  // Usable ones first, then newest first.
  const usableFirst = sql`case when ${cardVouchers.state} = 1 and ${cardVouchers.endTime} >= ${timestamptz(now)} then 0 else 1 end`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ v: cardVouchers, b: cardBatches })
      .from(cardVouchers)
      .innerJoin(cardBatches, eq(cardBatches.batchSn, cardVouchers.batchSn))
      .where(where)
      .orderBy(usableFirst, desc(cardVouchers.createdAt), asc(cardVouchers.voucherSn))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db.select({ total: count() }).from(cardVouchers).where(where),
  ]);
  const templates = await batchCoupons(
    db,
    rows.map((r) => r.b),
  );
  return { list: rows.map((r) => toCardVoucher(r.v, r.b, templates, now)), total, page, perSize };
}

/** One voucher of this customer; anyone else's is "not found". */
async function ownVoucher(db: Db, userId: string, voucherSn: string) {
  const [row] = await db
    .select({ v: cardVouchers, b: cardBatches })
    .from(cardVouchers)
    .innerJoin(cardBatches, eq(cardBatches.batchSn, cardVouchers.batchSn))
    .where(and(eq(cardVouchers.voucherSn, voucherSn), eq(cardVouchers.userId, userId)))
    .limit(1);
  if (!row) throw notFound(CARD_MESSAGES.notFound);
  return row;
}

export async function cardDetails(
  db: Db,
  user: { userId: string; projectSn: string },
  voucherSn: string,
  now = new Date(),
): Promise<CardVoucher> {
  // A gift voucher's page may be opened before the list ever was (a shared link of one's own card).
  await grantWelcomeGift(db, user, now);
  const row = await ownVoucher(db, user.userId, voucherSn);
  return toCardVoucher(row.v, row.b, await batchCoupons(db, [row.b]), now);
}

/** What happened to one voucher, newest first. */
export async function cardHistory(
  db: Db,
  userId: string,
  voucherSn: string,
  { page, perSize }: { page: number; perSize: number },
): Promise<Paged<CardEvent>> {
  await ownVoucher(db, userId, voucherSn);
  const where = eq(cardVoucherEvents.voucherSn, voucherSn);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(cardVoucherEvents)
      .where(where)
      .orderBy(desc(cardVoucherEvents.at), desc(cardVoucherEvents.eventId))
      .limit(perSize)
      .offset((page - 1) * perSize),
    db.select({ total: count() }).from(cardVoucherEvents).where(where),
  ]);
  return {
    list: rows.map((e) => ({ eventId: e.eventId, title: e.title, note: e.note, at: e.at.toISOString() })),
    total,
    page,
    perSize,
  };
}

type Outcome =
  | { kind: 'refused'; error: AppError }
  | { kind: 'wrong' }
  | { kind: 'preview'; preview: CardPreview }
  | { kind: 'redeemed'; voucher: CardVoucher };

const tooMany = (message: string) => new AppError(429, ERROR_CODES.CARD_CODE_TOO_MANY, message);
const refused = (code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], message: string): Outcome => ({
  kind: 'refused',
  error: new AppError(409, code, message),
});

/** The guard row of this customer, locked for the transaction, with old failures forgotten. */
async function lockGuard(tx: Tx, userId: string, now: Date) {
  await tx.insert(cardGuards).values({ userId, failures: 0, windowStart: now }).onConflictDoNothing();
  const [g] = await tx.select().from(cardGuards).where(eq(cardGuards.userId, userId)).for('update');
  const stale = !g.lastFailureAt || now.getTime() - g.lastFailureAt.getTime() > FAILURE_MEMORY_MS;
  return stale ? { ...g, failures: 0 } : g;
}

export async function checkCardCode(
  db: Db,
  user: { userId: string; projectSn: string },
  typed: string,
  key: string,
  now = new Date(),
): Promise<CardPreview> {
  const r = await useCardCode(db, user, typed, 'check', key, now);
  if (!('preview' in r)) throw new Error('check answered a voucher');
  return r.preview;
}

export async function redeemCardCode(
  db: Db,
  user: { userId: string; projectSn: string },
  typed: string,
  key: string,
  now = new Date(),
): Promise<CardVoucher> {
  const r = await useCardCode(db, user, typed, 'redeem', key, now);
  if (!('voucher' in r)) throw new Error('redeem answered a preview');
  return r.voucher;
}

/**
 * Checks a typed code (step 'check': what it redeems to) or redeems it (step 'redeem': the voucher and its
 * coupons are the customer's). A wrong code is counted before the error is thrown, outside the transaction, so
 * the count is kept.
 */
export async function useCardCode(
  db: Db,
  user: { userId: string; projectSn: string },
  typed: string,
  step: 'check' | 'redeem',
  key: string,
  now = new Date(),
): Promise<{ preview: CardPreview } | { voucher: CardVoucher }> {
  const code = normalizeCardCode(typed);
  if (!isCardCodeShape(code)) throw badRequest(CARD_MESSAGES.shape);
  const digest = hashCardCode(key, code);

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const guard = await lockGuard(tx, user.userId, now);
    const wait = guardWaitMs(guard.failures, guard.lastFailureAt, now);
    if (wait.ms > 0) {
      const error = wait.locked
        ? tooMany(CARD_MESSAGES.locked(Math.ceil(wait.ms / MINUTE)))
        : tooMany(CARD_MESSAGES.slow(Math.ceil(wait.ms / SECOND)));
      return { kind: 'refused', error };
    }

    const [row] = await tx
      .select({ c: cardCodes, b: cardBatches })
      .from(cardCodes)
      .innerJoin(cardBatches, eq(cardBatches.batchSn, cardCodes.batchSn))
      .where(and(eq(cardCodes.codeHash, digest), eq(cardBatches.projectSn, user.projectSn)))
      .limit(1);
    const matches = row ? timingSafeEqual(Buffer.from(row.c.codeHash, 'hex'), Buffer.from(digest, 'hex')) : false;
    if (!row || !matches) {
      await tx
        .update(cardGuards)
        .set({
          failures: guard.failures + 1,
          lastFailureAt: now,
          windowStart: guard.failures === 0 ? now : guard.windowStart,
        })
        .where(eq(cardGuards.userId, user.userId));
      return { kind: 'wrong' };
    }
    if (row.c.state === 2) return refused(ERROR_CODES.CARD_CODE_USED, CARD_MESSAGES.used);
    if (row.c.state !== 1) return refused(ERROR_CODES.CARD_CODE_INVALID, CARD_MESSAGES.invalid);
    if (row.b.redeemEndAt && row.b.redeemEndAt.getTime() < now.getTime())
      return refused(ERROR_CODES.CARD_CODE_EXPIRED, CARD_MESSAGES.expired);

    const templates = await batchCoupons(tx, [row.b]);
    if (step === 'check') return { kind: 'preview', preview: previewOf(row.b, templates) };

    // Spent here: of concurrent redeems of this code, only the one whose UPDATE finds state 1 goes on.
    const [spent] = await tx
      .update(cardCodes)
      .set({ state: 2, redeemedBy: user.userId, redeemedAt: now })
      .where(and(eq(cardCodes.codeId, row.c.codeId), eq(cardCodes.state, 1)))
      .returning({ codeId: cardCodes.codeId });
    if (!spent) return refused(ERROR_CODES.CARD_CODE_USED, CARD_MESSAGES.used);

    const voucherSn = newSn('cv');
    const [voucher] = await tx
      .insert(cardVouchers)
      .values({
        voucherSn,
        userId: user.userId,
        batchSn: row.b.batchSn,
        codeId: row.c.codeId,
        cardNo: newCardNo(),
        state: CARD_STATES.USABLE,
        startTime: now,
        endTime: new Date(now.getTime() + row.b.validityDays * DAY),
        createdAt: now,
      })
      .returning();
    await tx
      .insert(cardVoucherEvents)
      .values({ eventId: newSn('ev'), voucherSn, title: '兑换成功', note: `卡密尾号${row.c.tail}`, at: now });
    const coupons = row.b.couponSns
      .map((sn) => templates.get(sn))
      .filter((t): t is NonNullable<typeof t> => Boolean(t) && t!.projectSn === user.projectSn);
    if (coupons.length) {
      await tx.insert(userCoupons).values(
        coupons.map((t) => {
          const w = couponWindow(t, now);
          return {
            rcSn: newSn('rc'),
            userId: user.userId,
            couponSn: t.couponSn,
            state: 1,
            startTime: w.start,
            endTime: w.end,
            receivedAt: now,
            source: `card:${voucherSn}`,
          };
        }),
      );
    }
    // A right code forgives earlier typos: the wait only ever slows down guessing.
    await tx.update(cardGuards).set({ failures: 0, lastFailureAt: null }).where(eq(cardGuards.userId, user.userId));
    return { kind: 'redeemed', voucher: toCardVoucher(voucher, row.b, templates, now) };
  });

  switch (outcome.kind) {
    case 'refused':
      throw outcome.error;
    case 'wrong':
      throw new AppError(400, ERROR_CODES.CARD_CODE_WRONG, CARD_MESSAGES.wrong);
    case 'preview':
      return { preview: outcome.preview };
    default:
      return { voucher: outcome.voucher };
  }
}
