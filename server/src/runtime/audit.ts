/**
 * The audit log of /ops (domains/operators/schema.ts audit_log): every change an operator or a script makes, with who,
 * when, what, and the record before and after. Routes of every domain call `auditOps` after their service changed
 * something; it lives in runtime/ because routes may not import another domain.
 *
 * The entry is written after the change committed, not inside its transaction: the services own their transactions,
 * and a change whose entry failed to write still answers (the failure is logged), rather than being undone.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from './database/plugin';
import { auditLog } from '../domains/operators/schema';
import { opsActor } from './ops-auth';

export interface AuditInput {
  operatorId: number | null;
  /** The username, or `OPS_KEY` for a script. */
  actor: string;
  /** `<feature>.<thing>.<verb>`, e.g. `coupon.template.create`. */
  action: string;
  projectSn?: string | null;
  /** What was changed, e.g. `operator:3`, `coupon-template:CT123`. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy (dates as ISO strings), so jsonb stores what the API showed. */
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value ?? null)));

export async function recordAudit(db: Db, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    actor: entry.actor,
    action: entry.action,
    projectSn: entry.projectSn ?? null,
    target: entry.target,
    before: plain(entry.before),
    after: plain(entry.after),
  });
}

/** Records a change made by the caller of an /ops route (the operator on the request, or `OPS_KEY`). */
export async function auditOps(
  request: FastifyRequest,
  entry: Omit<AuditInput, 'operatorId' | 'actor'>,
): Promise<void> {
  const { operatorId, actor } = opsActor(request);
  try {
    await recordAudit(request.server.db, { operatorId, actor, ...entry });
  } catch (err) {
    request.log.error({ err, action: entry.action, target: entry.target }, 'audit entry not written');
  }
}
