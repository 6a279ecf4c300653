/**
 * Carrier points provider (DESIGN.md §4 providers): the seam between our orders and a carrier's points
 * system (China Mobile, China Unicom). Carrier integrations are contract-specific (no published public protocol),
 * so only the sandbox exists; a real gateway implements this interface and is chosen by configuration.
 *
 * Every call takes the caller's transaction: deduction happens inside the order transaction, so an order that
 * fails leaves the points where they were. A remote carrier cannot join our transaction; its adapter would
 * deduct with the orderNo as its idempotency key and refund on rollback, which is why `ref` is always passed.
 *
 * The sandbox carrier keeps its books in our database (carrier_accounts / carrier_transactions): an account per
 * carrier and phone is opened on first use with a demo balance derived from the phone (demoBalance), deduction
 * is one conditional UPDATE (never below zero, CHECK constraint as a backstop) after a transaction row that is
 * unique per (ref, kind) — a replay or a concurrent duplicate finds the row and takes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { carrierAccounts, carrierAuthTickets, carrierTransactions } from './schema';
import { AppError, badRequest } from '../../runtime/http';
import { ERROR_CODES } from '@contract/common';
import type { Db } from '../../runtime/database/plugin';
import type { Executor } from '../order/state-db';

export type BalanceAnswer = { kind: 'BALANCE'; points: number } | { kind: 'AUTHORISE'; redirectUrl: string };

export interface CarrierPointsProvider {
  readonly name: string;
  /** Whether the subscriber must authorise at the carrier before balance() answers a number. */
  needsAuthorisation(exec: Executor, carrier: string, phone: string): Promise<boolean>;
  /** The balance, or the carrier's page where the subscriber authorises and then returns to callbackUrl. */
  balance(
    exec: Executor,
    q: { carrier: string; phone: string; callbackUrl: string; now: Date },
  ): Promise<BalanceAnswer>;
  /** Takes `points` once per ref; throws 400 积分不足 when the balance is short. Returns the balance after. */
  deduct(
    exec: Executor,
    d: { carrier: string; phone: string; points: number; ref: string },
  ): Promise<{ balance: number; replayed: boolean }>;
  /** Gives back what ref took, once; false when nothing was taken under ref or it was already given back. */
  refund(exec: Executor, r: { carrier: string; phone: string; points: number; ref: string }): Promise<boolean>;
}

export const POINTS_MESSAGES = {
  notEnough: '积分不足',
  authFirst: '请先完成积分授权',
} as const;

/**
 * Sandbox demo balance: the phone's last four digits times three (13800138000 → 24000, 13900001234 → 3702,
 * 13700000000 → 0). Deterministic, so the README can name demo phones and tests can predict them.
 */
export function demoBalance(phone: string): number {
  return Number(phone.slice(-4)) * 3;
}

/** Sandbox: a phone ending in 9 must authorise at the carrier first (e.g. 13800138009). */
export function demoNeedsAuth(phone: string): boolean {
  return phone.endsWith('9');
}

/** Sandbox: the SMS code the authorisation page asks for is the phone's last six digits (nothing is sent). */
export function demoAuthCode(phone: string): string {
  return phone.slice(-6);
}

export const AUTH_TICKET_TTL_MS = 15 * 60 * 1000;
export const SANDBOX_AUTH_PATH = '/sandbox/carrier/authorise';

async function openAccount(exec: Executor, carrier: string, phone: string) {
  await exec
    .insert(carrierAccounts)
    .values({ carrier, phone, balance: demoBalance(phone), authRequired: demoNeedsAuth(phone) })
    .onConflictDoNothing();
  const [row] = await exec
    .select()
    .from(carrierAccounts)
    .where(and(eq(carrierAccounts.carrier, carrier), eq(carrierAccounts.phone, phone)))
    .limit(1);
  return row!;
}

export function createSandboxCarrier(): CarrierPointsProvider {
  return {
    name: 'sandbox',
    async needsAuthorisation(exec, carrier, phone) {
      const acc = await openAccount(exec, carrier, phone);
      return acc.authRequired && !acc.authorisedAt;
    },
    async balance(exec, { carrier, phone, callbackUrl, now }) {
      const acc = await openAccount(exec, carrier, phone);
      if (acc.authRequired && !acc.authorisedAt) {
        const ticket = `ca${randomBytes(16).toString('hex')}`;
        await exec
          .insert(carrierAuthTickets)
          .values({ ticket, carrier, phone, callbackUrl, expiresAt: new Date(now.getTime() + AUTH_TICKET_TTL_MS) });
        return { kind: 'AUTHORISE', redirectUrl: `${SANDBOX_AUTH_PATH}/${ticket}` };
      }
      return { kind: 'BALANCE', points: acc.balance };
    },
    async deduct(exec, { carrier, phone, points, ref }) {
      const acc = await openAccount(exec, carrier, phone);
      if (acc.authRequired && !acc.authorisedAt) throw badRequest(POINTS_MESSAGES.authFirst);
      // The transaction row first: a concurrent duplicate waits on the unique index, then finds it taken.
      const [mine] = await exec
        .insert(carrierTransactions)
        .values({ carrier, phone, kind: 'DEDUCT', ref, points })
        .onConflictDoNothing()
        .returning({ id: carrierTransactions.id });
      if (!mine) {
        const [now] = await exec
          .select({ balance: carrierAccounts.balance })
          .from(carrierAccounts)
          .where(and(eq(carrierAccounts.carrier, carrier), eq(carrierAccounts.phone, phone)));
        return { balance: now?.balance ?? 0, replayed: true };
      }
      const [after] = await exec
        .update(carrierAccounts)
        .set({ balance: sql`${carrierAccounts.balance} - ${points}` })
        .where(
          and(
            eq(carrierAccounts.carrier, carrier),
            eq(carrierAccounts.phone, phone),
            gte(carrierAccounts.balance, points),
          ),
        )
        .returning({ balance: carrierAccounts.balance });
      // The caller's transaction rolls back, taking the transaction row with it.
      if (!after) throw new AppError(400, ERROR_CODES.BAD_INPUT, POINTS_MESSAGES.notEnough);
      return { balance: after.balance, replayed: false };
    },
    async refund(exec, { carrier, phone, ref }) {
      const [taken] = await exec
        .select({ points: carrierTransactions.points })
        .from(carrierTransactions)
        .where(and(eq(carrierTransactions.ref, ref), eq(carrierTransactions.kind, 'DEDUCT')))
        .limit(1);
      if (!taken) return false;
      const [mine] = await exec
        .insert(carrierTransactions)
        .values({ carrier, phone, kind: 'REFUND', ref, points: taken.points })
        .onConflictDoNothing()
        .returning({ id: carrierTransactions.id });
      if (!mine) return false;
      await exec
        .update(carrierAccounts)
        .set({ balance: sql`${carrierAccounts.balance} + ${taken.points}` })
        .where(and(eq(carrierAccounts.carrier, carrier), eq(carrierAccounts.phone, phone)));
      return true;
    },
  };
}

/** The one provider in use: only the sandbox exists (see the header for why no live adapter). */
export const carrierPoints: CarrierPointsProvider = createSandboxCarrier();

/** Wrong codes after which a sandbox authorisation ticket closes. */
export const MAX_AUTH_FAILURES = 5;
export type AuthTicket = typeof carrierAuthTickets.$inferSelect;

/** A sandbox authorisation ticket still open: unused, unexpired, with fewer than MAX_AUTH_FAILURES wrong codes. */
export async function liveAuthTicket(db: Executor, ticket: string, now = new Date()): Promise<AuthTicket | null> {
  const [t] = await db
    .select()
    .from(carrierAuthTickets)
    .where(
      and(
        eq(carrierAuthTickets.ticket, ticket),
        isNull(carrierAuthTickets.usedAt),
        gt(carrierAuthTickets.expiresAt, now),
      ),
    )
    .limit(1);
  return t && t.failures < MAX_AUTH_FAILURES ? t : null;
}

/** The subscriber's code for a live ticket: a right one authorises the account and closes the ticket. */
export async function answerAuthTicket(db: Db, t: AuthTicket, code: string, now = new Date()): Promise<boolean> {
  if (code.trim() !== demoAuthCode(t.phone)) {
    await db
      .update(carrierAuthTickets)
      .set({ failures: t.failures + 1 })
      .where(eq(carrierAuthTickets.ticket, t.ticket));
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.update(carrierAuthTickets).set({ usedAt: now }).where(eq(carrierAuthTickets.ticket, t.ticket));
    await tx
      .update(carrierAccounts)
      .set({ authorisedAt: now })
      .where(and(eq(carrierAccounts.carrier, t.carrier), eq(carrierAccounts.phone, t.phone)));
  });
  return true;
}
