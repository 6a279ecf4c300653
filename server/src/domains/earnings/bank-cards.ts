/**
 * Promoter bank cards: the bank from the supported list, the number checked by length and Luhn,
 * the holder is the verified real name (a card of someone else cannot receive this promoter's money), the
 * account phone's SMS code proves the request. The number is stored encrypted, found again by its HMAC, shown
 * as its last four digits.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Bank, BankCard } from '@contract/earnings';
import { cardNoError, maskCardNo, normalizeCardNo } from '@contract/rules/luhn';
import { maskRealName } from '@contract/rules/identity';
import { bankCards } from './schema';
import { ERROR_CODES } from '@contract/common';
import { AppError, badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { Vault } from './vault';
import { lockPromoter } from './service';
import { findIdentity } from './identity';
import type { Executor } from '../order/state-db';
import { findUser } from '../user/service';

/** Banks payouts go to (code as the clearing networks name them). */
export const BANKS: readonly Bank[] = [
  { bankCode: 'ICBC', bankName: '中国工商银行' },
  { bankCode: 'ABC', bankName: '中国农业银行' },
  { bankCode: 'BOC', bankName: '中国银行' },
  { bankCode: 'CCB', bankName: '中国建设银行' },
  { bankCode: 'BOCOM', bankName: '交通银行' },
  { bankCode: 'PSBC', bankName: '中国邮政储蓄银行' },
  { bankCode: 'CMB', bankName: '招商银行' },
  { bankCode: 'CITIC', bankName: '中信银行' },
  { bankCode: 'CEB', bankName: '中国光大银行' },
  { bankCode: 'CMBC', bankName: '中国民生银行' },
  { bankCode: 'CIB', bankName: '兴业银行' },
  { bankCode: 'SPDB', bankName: '浦发银行' },
  { bankCode: 'PAB', bankName: '平安银行' },
  { bankCode: 'HXB', bankName: '华夏银行' },
  { bankCode: 'GDB', bankName: '广发银行' },
];

export const MAX_CARDS = 5;

export const CARD_SERVICE_MESSAGES = {
  identityFirst: '请先完成实名认证，银行卡需为本人名下',
  unknownBank: '暂不支持该银行，请重新选择',
  duplicate: '该银行卡已添加',
  tooMany: `最多可添加${MAX_CARDS}张银行卡`,
  missing: '银行卡不存在',
} as const;

export type BankCardRow = typeof bankCards.$inferSelect;

export function cardView(row: BankCardRow): BankCard {
  return {
    cardId: row.cardId,
    bankCode: row.bankCode,
    bankName: row.bankName,
    holderName: maskRealName(row.holderName),
    cardMasked: maskCardNo(row.cardTail),
    cardTail: row.cardTail,
    isDefault: row.isDefault,
  };
}

export async function listCards(db: Executor, userId: string): Promise<BankCardRow[]> {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
    .orderBy(desc(bankCards.isDefault), asc(bankCards.createdAt));
}

export async function findCard(db: Executor, userId: string, cardId: string): Promise<BankCardRow | null> {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.cardId, cardId), eq(bankCards.userId, userId), isNull(bankCards.removedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * What can be checked of a new card before its SMS code is spent (so a typo does not cost a new code): the
 * promoter has a verified name (the card must be theirs), the number passes Luhn, the bank is one we pay to.
 */
export async function checkCardInput(db: Executor, userId: string, input: { bankCode: string; cardNo: string }) {
  const identity = await findIdentity(db, userId);
  if (!identity) throw badRequest(CARD_SERVICE_MESSAGES.identityFirst);
  const bad = cardNoError(input.cardNo);
  if (bad) throw badRequest(bad);
  const bank = BANKS.find((b) => b.bankCode === input.bankCode);
  if (!bank) throw badRequest(CARD_SERVICE_MESSAGES.unknownBank);
  return { bank, identity };
}

/** The phone a card change is confirmed by: the promoter's account phone (403 for an account without one). */
export async function accountPhone(db: Db, userId: string): Promise<string> {
  const user = await findUser(db, userId);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, '请先登录');
  return user.phone;
}

/**
 * Adds a card, or replaces `cardId` (the old one is retired, so past withdrawals keep pointing at it). The
 * newest card becomes the default. The SMS code was checked by the caller (after checkCardInput).
 */
export async function saveCard(
  db: Db,
  vault: Vault,
  userId: string,
  input: { cardId?: string; bankCode: string; cardNo: string },
  now = new Date(),
): Promise<BankCardRow> {
  const { bank, identity } = await checkCardInput(db, userId, input);
  const cardNo = normalizeCardNo(input.cardNo);
  const cardNoHash = vault.hash('card', cardNo);
  return db.transaction(async (tx) => {
    // One card change per promoter at a time: the duplicate and the count checks below then hold.
    await lockPromoter(tx, userId);
    if (input.cardId && !(await findCard(tx, userId, input.cardId))) throw notFound(CARD_SERVICE_MESSAGES.missing);
    const live = await listCards(tx, userId);
    const same = live.find((c) => c.cardNoHash === cardNoHash && c.cardId !== input.cardId);
    if (same) throw conflict(CARD_SERVICE_MESSAGES.duplicate);
    if (!input.cardId && live.length >= MAX_CARDS) throw badRequest(CARD_SERVICE_MESSAGES.tooMany);
    if (input.cardId)
      await tx.update(bankCards).set({ removedAt: now, isDefault: false }).where(eq(bankCards.cardId, input.cardId));
    // A retired row with this number (replaced earlier) would collide with the unique (user, hash): free it.
    await tx
      .update(bankCards)
      .set({ cardNoHash: `retired:${randomBytes(6).toString('hex')}:${cardNoHash}` })
      .where(and(eq(bankCards.userId, userId), eq(bankCards.cardNoHash, cardNoHash)));
    await tx
      .update(bankCards)
      .set({ isDefault: false })
      .where(and(eq(bankCards.userId, userId), ne(bankCards.isDefault, false)));
    const [row] = await tx
      .insert(bankCards)
      .values({
        cardId: `BC${randomBytes(8).toString('hex').toUpperCase()}`,
        userId,
        bankCode: bank.bankCode,
        bankName: bank.bankName,
        holderName: identity.realName,
        cardNoEnc: vault.seal(cardNo),
        cardNoHash,
        cardTail: cardNo.slice(-4),
        isDefault: true,
        createdAt: now,
      })
      .returning();
    return row;
  });
}

export async function cardCount(db: Executor, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.removedAt)));
  return n;
}
