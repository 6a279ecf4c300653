/**
 * Purchase agreements and their e-sign flows (§7 contract details / list / file url, sign link), through the e-sign
 * provider (providers/esign.ts): the sandbox page by default, e签宝 when configured. A flow is created at the
 * provider outside any transaction (a slow provider must not hold the order's row lock), then recorded under it; a
 * flow the provider ends unsigned is closed, and the next tap opens a new one.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { agreements, contracts } from './schema';
import { conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { users } from '../user/schema';
import { findUserOrder, type Executor, type OrderRow } from './state-db';
import { orders } from './schema';
import { readSnapshot } from './view';
import type { EsignProvider, EsignProviders, FlowState, Signer } from './providers/esign';

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
  providerOff: '电子签署服务未开通，无法查看该合同',
  unknownFlow: '签署流程不存在',
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

/** The order's flows, each still open one first asked about at its provider (the customer may be back first). */
export async function listContracts(db: Db, esign: EsignProviders, orderNo: string) {
  const open = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderNo, orderNo), isNull(contracts.signedAt), isNull(contracts.closedAt)));
  for (const row of open) await refreshFlow(db, esign, row);
  const rows = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.orderNo, orderNo), isNull(contracts.closedAt)))
    .orderBy(asc(contracts.createdAt));
  return rows.map(toContractItem);
}

/** Asks the provider about one open flow and applies the answer; a provider that cannot answer changes nothing. */
async function refreshFlow(db: Db, esign: EsignProviders, row: ContractRow): Promise<void> {
  const provider = esign.byName(row.provider);
  if (!provider) return;
  let state: FlowState | null;
  try {
    state = await provider.queryState(row.flowId);
  } catch {
    return;
  }
  if (state) await applyFlowState(db, row.flowId, state);
}

/** A provider's word on a flow (its callback or its detail): signed once, or closed unsigned; never both. */
export async function applyFlowState(db: Db, flowId: string, state: FlowState, now = new Date()) {
  if (state === 'SIGNED') return signContract(db, flowId, now);
  if (state === 'ENDED')
    await db
      .update(contracts)
      .set({ closedAt: now })
      .where(and(eq(contracts.flowId, flowId), isNull(contracts.signedAt), isNull(contracts.closedAt)));
  return findContract(db, flowId);
}

/** Who signs: the customer's phone, and the real name the order's applicant form gave (姓名), if any. */
async function signerOf(db: Executor, order: OrderRow): Promise<Signer> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, order.userId)).limit(1);
  const snap = order.snapshot as Record<string, unknown> | null;
  const rows = Array.isArray(snap?.applicant) ? (snap.applicant as Array<Record<string, unknown>>) : [];
  const named = rows.find(
    (r) => typeof r.label === 'string' && r.label.includes('姓名') && typeof r.value === 'string',
  );
  return { name: named ? String(named.value) : null, phone: user?.phone ?? null };
}

/** Absolute, for a provider on another origin; a same-origin path needs PUBLIC_BASE_URL to become one. */
function absolute(url: string | null, base: string | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  return base ? `${base}${url}` : null;
}

/** Opens (or reopens) the signing flow of the order's purchase agreement. */
export async function createSignLink(
  db: Db,
  esign: EsignProviders,
  input: { userId: string; orderNo: string; redirectUrl?: string; publicBaseUrl?: string; now?: Date },
): Promise<{ signUrl: string; flowId: string }> {
  const now = input.now ?? new Date();
  const order = await findUserOrder(db, input.userId, input.orderNo);
  const snap = readSnapshot(order.snapshot);
  if (!snap.agreementSn) throw conflict(CONTRACT_MESSAGES.noAgreement);
  if (order.status === 'CANCELLED') throw conflict(CONTRACT_MESSAGES.cancelled);
  const agreementSn = snap.agreementSn;
  const provider = esign.active;
  const signer = await signerOf(db, order);

  // An open flow of this provider is reused (the customer left its page and came back).
  let flow = await db.transaction(async (tx) => {
    // The order row lock keeps two taps from recording two flows.
    await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.orderNo, order.orderNo)).for('update');
    const open = await openFlowOf(tx, order.orderNo, agreementSn, provider.name);
    if (!open) return null;
    const [row] = await tx
      .update(contracts)
      .set({ redirectUrl: input.redirectUrl ?? open.redirectUrl })
      .where(eq(contracts.flowId, open.flowId))
      .returning();
    return row;
  });
  if (flow && provider.name !== 'sandbox') {
    // It may have ended at the provider meanwhile (signed, revoked, expired): settle it before sending anyone there.
    await refreshFlow(db, esign, flow);
    const current = await findContract(db, flow.flowId);
    if (current?.signedAt) throw conflict(CONTRACT_MESSAGES.alreadySigned);
    if (current?.closedAt) flow = null;
  }
  if (!flow) {
    const agreement = await findAgreement(db, agreementSn);
    const contractName = agreement?.agreementName ?? snap.agreementName ?? FALLBACK_NAME;
    const redirectUrl = input.redirectUrl ?? null;
    // At the provider first, outside the transaction: a timeout here records nothing, and the customer taps again.
    const flowId = await provider.startFlow({
      contractName,
      agreementText: agreement?.agreementContent ?? '',
      orderNo: order.orderNo,
      signer,
      redirectUrl: absolute(redirectUrl, input.publicBaseUrl),
    });
    flow = await db.transaction(async (tx) => {
      await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.orderNo, order.orderNo)).for('update');
      // A concurrent tap may have recorded one meanwhile: theirs is used (ours stays unused at the provider).
      const open = await openFlowOf(tx, order.orderNo, agreementSn, provider.name);
      if (open) return open;
      const [row] = await tx
        .insert(contracts)
        .values({
          flowId,
          orderNo: order.orderNo,
          agreementSn,
          contractName,
          redirectUrl,
          provider: provider.name,
          createdAt: now,
        })
        .returning();
      return row;
    });
  }
  const signUrl = await provider.signUrl(flow.flowId, {
    signer,
    redirectUrl: provider.name === 'sandbox' ? flow.redirectUrl : absolute(flow.redirectUrl, input.publicBaseUrl),
    publicBaseUrl: input.publicBaseUrl,
  });
  return { signUrl, flowId: flow.flowId };
}

/** Under the order lock: refuses a signed order, answers its open flow of this provider (or null). */
async function openFlowOf(tx: Executor, orderNo: string, agreementSn: string, provider: string) {
  const existing = await tx.select().from(contracts).where(eq(contracts.orderNo, orderNo));
  if (existing.some((c) => c.signedAt !== null)) throw conflict(CONTRACT_MESSAGES.alreadySigned);
  return (
    existing.find(
      (c) => c.agreementSn === agreementSn && c.signedAt === null && c.closedAt === null && c.provider === provider,
    ) ?? null
  );
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

/** Where the signed contract is: the sandbox's page, or the provider's download URL (asked fresh: it expires). */
export async function contractFileUrl(
  db: Db,
  esign: EsignProviders,
  input: { userId: string; flowId: string; publicBaseUrl?: string },
) {
  const contract = await findUserContract(db, input.userId, input.flowId);
  if (!contract.signedAt) throw conflict(CONTRACT_MESSAGES.notSigned);
  const provider: EsignProvider | null = esign.byName(contract.provider);
  if (!provider) throw conflict(CONTRACT_MESSAGES.providerOff);
  return { url: await provider.contractUrl(contract.flowId, input.publicBaseUrl) };
}

export async function findContract(db: Executor, flowId: string): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.flowId, flowId)).limit(1);
  return row ?? null;
}

/** Signs once (a second confirm or callback keeps the first signing time); a closed flow stays closed. */
export async function signContract(db: Db, flowId: string, now: Date = new Date()): Promise<ContractRow | null> {
  await db
    .update(contracts)
    .set({ signedAt: now })
    .where(and(eq(contracts.flowId, flowId), isNull(contracts.signedAt), isNull(contracts.closedAt)));
  return findContract(db, flowId);
}

/** The order a contract belongs to (for the pages). */
export async function contractOrder(db: Executor, contract: ContractRow): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, contract.orderNo)).limit(1);
  return row ?? null;
}
