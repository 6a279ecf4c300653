/**
 * Purchase agreements and their e-sign flows (§7 contract details / list / file url, sign link). Signing runs
 * on the server's sandbox e-sign page, the stand-in for an e-sign provider: the sign link opens it, its confirm
 * marks the flow signed, and the signed contract is a server page too. flowIds are random (the pages need no
 * session, as a provider's would not).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { agreements, contracts } from './schema';
import { conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { findUserOrder, type Executor, type OrderRow } from './state-db';
import { orders } from './schema';
import { readSnapshot } from './view';

export type ContractRow = typeof contracts.$inferSelect;

export const DEMO_AGREEMENT_SN = 'demo-purchase-agreement';
const FALLBACK_NAME = '课程购买协议';

export const CONTRACT_MESSAGES = {
  agreementNotFound: '协议不存在',
  contractNotFound: '合同不存在',
  noAgreement: '该订单无需签署协议',
  alreadySigned: '协议已签署',
  notSigned: '合同尚未签署',
  cancelled: '订单已取消',
} as const;

export async function findAgreement(db: Executor, agreementSn: string) {
  const [row] = await db.select().from(agreements).where(eq(agreements.agreementSn, agreementSn)).limit(1);
  return row ?? null;
}

export async function getAgreement(db: Executor, agreementSn: string) {
  const row = await findAgreement(db, agreementSn);
  if (!row) throw notFound(CONTRACT_MESSAGES.agreementNotFound);
  return { agreementSn: row.agreementSn, agreementName: row.agreementName, agreementContent: row.agreementContent };
}

export const toContractItem = (c: ContractRow) => ({
  flowId: c.flowId,
  contractName: c.contractName,
  signed: c.signedAt !== null,
  signedAt: c.signedAt ? c.signedAt.toISOString() : null,
});

export async function listContracts(db: Executor, orderNo: string) {
  const rows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.orderNo, orderNo))
    .orderBy(asc(contracts.createdAt));
  return rows.map(toContractItem);
}

const withBase = (base: string | undefined, path: string) => `${base ?? ''}${path}`;

/** Opens (or reopens) the signing flow of the order's purchase agreement. */
export async function createSignLink(
  db: Db,
  input: { userId: string; orderNo: string; redirectUrl?: string; publicBaseUrl?: string; now?: Date },
): Promise<{ signUrl: string; flowId: string }> {
  const now = input.now ?? new Date();
  const order = await findUserOrder(db, input.userId, input.orderNo);
  const snap = readSnapshot(order.snapshot);
  if (!snap.agreementSn) throw conflict(CONTRACT_MESSAGES.noAgreement);
  if (order.status === 'CANCELLED') throw conflict(CONTRACT_MESSAGES.cancelled);
  const agreementSn = snap.agreementSn;

  const flow = await db.transaction(async (tx) => {
    // The order row lock keeps two taps from opening two flows.
    await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.orderNo, order.orderNo)).for('update');
    const existing = await tx.select().from(contracts).where(eq(contracts.orderNo, order.orderNo));
    if (existing.some((c) => c.signedAt !== null)) throw conflict(CONTRACT_MESSAGES.alreadySigned);
    const open = existing.find((c) => c.agreementSn === agreementSn && c.signedAt === null);
    if (open) {
      const [row] = await tx
        .update(contracts)
        .set({ redirectUrl: input.redirectUrl ?? open.redirectUrl })
        .where(eq(contracts.flowId, open.flowId))
        .returning();
      return row;
    }
    const agreement = await findAgreement(tx, agreementSn);
    const [row] = await tx
      .insert(contracts)
      .values({
        flowId: `F${now.getTime()}${randomBytes(8).toString('hex')}`,
        orderNo: order.orderNo,
        agreementSn,
        contractName: agreement?.agreementName ?? snap.agreementName ?? FALLBACK_NAME,
        redirectUrl: input.redirectUrl ?? null,
        createdAt: now,
      })
      .returning();
    return row;
  });
  const query = flow.redirectUrl ? `?redirect=${encodeURIComponent(flow.redirectUrl)}` : '';
  return { signUrl: withBase(input.publicBaseUrl, `/sandbox/esign/${flow.flowId}${query}`), flowId: flow.flowId };
}

/** The user's own contract (another user's flowId is "not there"). */
async function findUserContract(db: Db, userId: string, flowId: string): Promise<ContractRow> {
  const [row] = await db
    .select({ contract: contracts })
    .from(contracts)
    .innerJoin(orders, eq(orders.orderNo, contracts.orderNo))
    .where(and(eq(contracts.flowId, flowId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw notFound(CONTRACT_MESSAGES.contractNotFound);
  return row.contract;
}

export async function contractFileUrl(db: Db, input: { userId: string; flowId: string; publicBaseUrl?: string }) {
  const contract = await findUserContract(db, input.userId, input.flowId);
  if (!contract.signedAt) throw conflict(CONTRACT_MESSAGES.notSigned);
  return { url: withBase(input.publicBaseUrl, `/sandbox/contract/${contract.flowId}`) };
}

export async function findContract(db: Executor, flowId: string): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.flowId, flowId)).limit(1);
  return row ?? null;
}

/** The e-sign page's confirm: signs once (a second confirm keeps the first signing time). */
export async function signContract(db: Db, flowId: string, now: Date = new Date()): Promise<ContractRow | null> {
  await db
    .update(contracts)
    .set({ signedAt: now })
    .where(and(eq(contracts.flowId, flowId), isNull(contracts.signedAt)));
  return findContract(db, flowId);
}

/** The order a contract belongs to (for the pages). */
export async function contractOrder(db: Executor, contract: ContractRow): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, contract.orderNo)).limit(1);
  return row ?? null;
}
