/**
 * Operator accounts: login with lock-out, the operators an owner manages, password changes, the projects an operator
 * sees and the audit log they read. Roles and what each may do: contract/rules/operator-roles.ts.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import {
  OPS_AUTH_MESSAGES as M,
  type AuditEntry,
  type Operator,
  type OperatorCreateBody,
  type OperatorRole,
  type OperatorUpdateBody,
  type OpsLoginBody,
  type OpsSession,
} from '@contract/operators';
import type { Db } from '../../runtime/database/plugin';
import { AppError, badRequest, conflict, notFound } from '../../runtime/http';
import { recordAudit } from '../../runtime/audit';
import type { OpsActor } from '../../runtime/ops-auth';
import { projects } from '../entrance/schema';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { createSession, endOtherSessions } from './sessions';
import { auditLog, operatorProjects, operators } from './schema';

/** Wrong passwords in a row that lock an account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60 * 1000;

/** The demo owner every demo database has (docs/operators.md); a real deployment disables it. */
export const DEMO_OWNER = { username: 'admin', password: 'storefront-admin', displayName: '演示店主' } as const;

type OperatorRow = typeof operators.$inferSelect;

const normalise = (username: string) => username.trim().toLowerCase();

async function allProjectSns(db: Db): Promise<string[]> {
  const rows = await db.select({ projectSn: projects.projectSn }).from(projects).orderBy(asc(projects.projectSn));
  return rows.map((r) => r.projectSn);
}

async function grantedProjects(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(operatorProjects)
    .where(inArray(operatorProjects.operatorId, ids))
    .orderBy(asc(operatorProjects.projectSn));
  for (const r of rows) out.set(r.operatorId, [...(out.get(r.operatorId) ?? []), r.projectSn]);
  return out;
}

async function views(db: Db, rows: OperatorRow[]): Promise<Operator[]> {
  const granted = await grantedProjects(
    db,
    rows.filter((r) => r.role !== 'owner').map((r) => r.id),
  );
  const all = rows.some((r) => r.role === 'owner') ? await allProjectSns(db) : [];
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    displayName: r.displayName,
    role: r.role,
    projectSns: r.role === 'owner' ? all : (granted.get(r.id) ?? []),
    disabled: r.disabled,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
  }));
}

async function findOperator(db: Db, id: number): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) throw notFound(M.operatorNotFound);
  return row;
}

export async function operatorView(db: Db, id: number): Promise<Operator> {
  const [view] = await views(db, [await findOperator(db, id)]);
  return view;
}

/**
 * Username and password to a session. Five wrong passwords in a row lock the account for 15 minutes (the lock is
 * audited); an unknown username costs the same hashing time as a wrong password. A disabled account is told so only
 * after the right password, so the answer does not help someone guessing.
 */
export async function login(db: Db, body: OpsLoginBody, now = new Date()): Promise<OpsSession> {
  const username = normalise(body.username);
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  if (!row) {
    await verifyPassword(await decoyHash(), body.password);
    throw new AppError(401, ERROR_CODES.OPS_BAD_LOGIN, M.badLogin);
  }
  if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime())
    throw new AppError(429, ERROR_CODES.OPS_ACCOUNT_LOCKED, M.locked);
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    // Counted in the database in one statement, so parallel guesses each count.
    const [after] = await db
      .update(operators)
      .set({ failedLogins: sql`${operators.failedLogins} + 1` })
      .where(eq(operators.id, row.id))
      .returning({ failedLogins: operators.failedLogins });
    if (after.failedLogins >= MAX_FAILED_LOGINS) {
      const lockedUntil = new Date(now.getTime() + LOCK_MS);
      await db.update(operators).set({ failedLogins: 0, lockedUntil }).where(eq(operators.id, row.id));
      await recordAudit(db, {
        operatorId: row.id,
        actor: row.username,
        action: 'operator.lock',
        target: `operator:${row.id}`,
        before: { failedLogins: after.failedLogins - 1, lockedUntil: null },
        after: { failedLogins: after.failedLogins, lockedUntil: lockedUntil.toISOString() },
      });
      throw new AppError(429, ERROR_CODES.OPS_ACCOUNT_LOCKED, M.locked);
    }
    throw new AppError(401, ERROR_CODES.OPS_BAD_LOGIN, M.badLogin);
  }
  if (row.disabled) throw new AppError(403, ERROR_CODES.OPS_ACCOUNT_DISABLED, M.disabled);
  await db
    .update(operators)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now })
    .where(eq(operators.id, row.id));
  const session = await createSession(db, row.id, now);
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), operator: await operatorView(db, row.id) };
}

export async function listOperators(db: Db): Promise<Operator[]> {
  return views(db, await db.select().from(operators).orderBy(asc(operators.id)));
}

async function checkProjects(db: Db, projectSns: readonly string[]): Promise<void> {
  if (projectSns.length === 0) return;
  const known = new Set(
    (
      await db
        .select({ projectSn: projects.projectSn })
        .from(projects)
        .where(inArray(projects.projectSn, [...projectSns]))
    ).map((p) => p.projectSn),
  );
  const unknown = projectSns.find((sn) => !known.has(sn));
  if (unknown !== undefined) throw badRequest(`${M.unknownProject}：${unknown}`);
}

async function setProjects(db: Db, operatorId: number, role: OperatorRole, projectSns: readonly string[]) {
  await db.delete(operatorProjects).where(eq(operatorProjects.operatorId, operatorId));
  // An owner sees every project; a grant list would only mislead.
  const unique = role === 'owner' ? [] : [...new Set(projectSns)];
  if (unique.length) await db.insert(operatorProjects).values(unique.map((projectSn) => ({ operatorId, projectSn })));
}

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

/** A new operator; `by` is who creates it (audited). */
export async function createOperator(db: Db, body: OperatorCreateBody, by: OpsActor): Promise<Operator> {
  await checkProjects(db, body.projectSns);
  const passwordHash = await hashPassword(body.password);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({ username: normalise(body.username), displayName: body.displayName, role: body.role, passwordHash })
        .returning({ id: operators.id });
      await setProjects(tx as unknown as Db, row.id, body.role, body.projectSns);
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.usernameTaken, ERROR_CODES.BAD_INPUT);
    throw err;
  }
  const view = await operatorView(db, id);
  await recordAudit(db, {
    operatorId: by.operatorId,
    actor: by.actor,
    action: 'operator.create',
    target: `operator:${id}`,
    before: null,
    after: view,
  });
  return view;
}

async function enabledOwners(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), eq(operators.disabled, false)));
  return n;
}

/**
 * Changes an operator (an owner's call). The last enabled owner cannot be disabled or demoted; a new password or a
 * disable ends the operator's sessions.
 */
export async function updateOperator(db: Db, id: number, body: OperatorUpdateBody, by: OpsActor): Promise<Operator> {
  const row = await findOperator(db, id);
  const before = await operatorView(db, id);
  const role = body.role ?? row.role;
  const disabled = body.disabled ?? row.disabled;
  const stillOwner = role === 'owner' && !disabled;
  if (row.role === 'owner' && !row.disabled && !stillOwner && (await enabledOwners(db)) <= 1)
    throw conflict(M.lastOwner, ERROR_CODES.OPS_FORBIDDEN);
  if (body.projectSns) await checkProjects(db, body.projectSns);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({
        displayName: body.displayName ?? row.displayName,
        role,
        disabled,
        ...(passwordHash ? { passwordHash, failedLogins: 0, lockedUntil: null } : {}),
      })
      .where(eq(operators.id, id));
    if (body.projectSns || body.role)
      await setProjects(tx as unknown as Db, id, role, body.projectSns ?? before.projectSns);
  });
  if (passwordHash || (disabled && !row.disabled)) await endOtherSessions(db, id);
  const after = await operatorView(db, id);
  await recordAudit(db, {
    operatorId: by.operatorId,
    actor: by.actor,
    action: 'operator.update',
    target: `operator:${id}`,
    before,
    after: { ...after, ...(passwordHash ? { passwordChanged: true } : {}) },
  });
  return after;
}

/** The operator's own password; every other session of theirs ends. */
export async function changePassword(
  db: Db,
  actor: OpsActor & { operatorId: number },
  body: { oldPassword: string; newPassword: string },
  keepToken: string,
): Promise<void> {
  const row = await findOperator(db, actor.operatorId);
  if (!(await verifyPassword(row.passwordHash, body.oldPassword))) throw badRequest(M.wrongOldPassword);
  await db
    .update(operators)
    .set({ passwordHash: await hashPassword(body.newPassword) })
    .where(eq(operators.id, row.id));
  await endOtherSessions(db, row.id, keepToken);
  await recordAudit(db, {
    operatorId: row.id,
    actor: row.username,
    action: 'operator.password.change',
    target: `operator:${row.id}`,
    before: null,
    after: { passwordChanged: true },
  });
}

/** The projects the caller may see, for the console's switcher. */
export async function projectsOf(db: Db, actor: OpsActor) {
  const where = actor.projectSns === 'all' ? undefined : inArray(projects.projectSn, [...actor.projectSns, '']);
  return db
    .select({ projectSn: projects.projectSn, name: projects.name })
    .from(projects)
    .where(where)
    .orderBy(asc(projects.projectSn));
}

/** The audit log, newest first; an operator with some projects reads only the entries of those projects. */
export async function auditPage(
  db: Db,
  actor: OpsActor,
  query: { page: number; size: number; operatorId?: number; projectSn?: string; action?: string },
): Promise<{ list: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.operatorId) conditions.push(eq(auditLog.operatorId, query.operatorId));
  if (query.projectSn) conditions.push(eq(auditLog.projectSn, query.projectSn));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (actor.projectSns !== 'all') conditions.push(inArray(auditLog.projectSn, [...actor.projectSns, '']));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      operatorId: r.operatorId,
      actor: r.actor,
      action: r.action,
      projectSn: r.projectSn,
      target: r.target,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  };
}

/** The first owner, from `npm run ops -- create-owner` (no one can log in to create it yet). */
export async function createOwner(
  db: Db,
  input: { username: string; displayName: string; password: string },
): Promise<Operator> {
  return createOperator(db, { ...input, role: 'owner', projectSns: [] }, { ...SCRIPT, actor: 'ops create-owner' });
}

const SCRIPT: OpsActor = { operatorId: null, actor: 'OPS_KEY', role: 'owner', projectSns: 'all' };

/** The demo owner, when the database has no operator yet (the demo seed). */
export async function ensureDemoOwner(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(operators);
  if (n > 0) return false;
  await db
    .insert(operators)
    .values({
      username: DEMO_OWNER.username,
      displayName: DEMO_OWNER.displayName,
      role: 'owner',
      passwordHash: await hashPassword(DEMO_OWNER.password),
    })
    .onConflictDoNothing();
  return true;
}

/**
 * Disables the demo owner while it still has the demo password (a real owner now exists); returns whether it did.
 */
export async function retireDemoOwner(db: Db): Promise<boolean> {
  const [row] = await db.select().from(operators).where(eq(operators.username, DEMO_OWNER.username));
  if (!row || row.disabled || !(await verifyPassword(row.passwordHash, DEMO_OWNER.password))) return false;
  await db.update(operators).set({ disabled: true }).where(eq(operators.id, row.id));
  await endOtherSessions(db, row.id);
  await recordAudit(db, {
    operatorId: null,
    actor: 'ops create-owner',
    action: 'operator.update',
    target: `operator:${row.id}`,
    before: { disabled: false },
    after: { disabled: true },
  });
  return true;
}
