/**
 * The visitor-access check's manual errors (§2). Operators block a project, a page or a customer; the storefront
 * asks before every navigation. The check is answered from the project's list of blocks, a read model kept in memory
 * until a change here invalidates it (runtime/read-cache.ts, shared with other processes by NOTIFY), so a block or
 * its lifting reaches every visitor on their next navigation. An end time is compared at each check, so a block
 * lifts itself without a write.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  ACCESS_DEFAULT_REASON,
  ACCESS_MESSAGES,
  accessPathOf,
  isPhoneTarget,
  type AccessCheckInfo,
  type OpsAccessBlock,
  type OpsAccessBlockCreate,
} from '@contract/access';
import { formatChinaTime } from '@contract/rules/china-time';
import { badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { invalidateReadModels, readCache } from '../../runtime/read-cache';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';
import { accessBlocks } from './schema';

type BlockRow = typeof accessBlocks.$inferSelect;

const isActive = (b: BlockRow, now: Date) => !b.endsAt || b.endsAt.getTime() > now.getTime();

const toOps = (b: BlockRow, now: Date): OpsAccessBlock => ({
  blockSn: b.blockSn,
  projectSn: b.projectSn,
  kind: b.kind,
  target: b.target,
  reason: b.reason,
  endsAt: b.endsAt ? b.endsAt.toISOString() : null,
  createdBy: b.createdBy,
  createdAt: b.createdAt.toISOString(),
  active: isActive(b, now),
});

/** The project's blocks, cached until a change (the check runs before every navigation of every visitor). */
const projectBlocks = (db: Db, projectSn: string) =>
  readCache(db).get(projectSn, 'accessBlocks', () =>
    db.select().from(accessBlocks).where(eq(accessBlocks.projectSn, projectSn)).orderBy(asc(accessBlocks.createdAt)),
  );

const blocked = (b: BlockRow): AccessCheckInfo => {
  const reason = b.reason || ACCESS_DEFAULT_REASON[b.kind];
  const until = b.endsAt ? `，预计${formatChinaTime(b.endsAt, 'MM月DD日 HH:mm')}恢复` : '';
  return { blocked: true, kind: b.kind, message: reason + until, endsAt: b.endsAt ? b.endsAt.toISOString() : null };
};

const OPEN: AccessCheckInfo = { blocked: false, kind: null, message: null, endsAt: null };

/**
 * Whether the session's visitor may open `path` in the project now: the project first, then the visitor, then the
 * page. The visitor's phone is read only when a block names a phone.
 */
export async function checkAccess(
  db: Db,
  input: { projectSn: string; userId: string; path?: string },
  now = new Date(),
): Promise<AccessCheckInfo> {
  const active = (await projectBlocks(db, input.projectSn)).filter((b) => isActive(b, now));
  if (active.length === 0) return OPEN;
  const project = active.find((b) => b.kind === 'PROJECT');
  if (project) return blocked(project);
  const visitors = active.filter((b) => b.kind === 'VISITOR');
  let visitor = visitors.find((b) => b.target === input.userId);
  if (!visitor && visitors.some((b) => isPhoneTarget(b.target))) {
    const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, input.userId)).limit(1);
    if (u?.phone) visitor = visitors.find((b) => b.target === u.phone);
  }
  if (visitor) return blocked(visitor);
  const path = input.path ? accessPathOf(input.path) : '';
  const page = path ? active.find((b) => b.kind === 'PAGE' && b.target === path) : undefined;
  return page ? blocked(page) : OPEN;
}

export async function listBlocks(db: Db, projectSn: string, now = new Date()): Promise<OpsAccessBlock[]> {
  const rows = await db
    .select()
    .from(accessBlocks)
    .where(eq(accessBlocks.projectSn, projectSn))
    .orderBy(asc(accessBlocks.createdAt));
  return rows.map((r) => toOps(r, now));
}

export async function createBlock(
  db: Db,
  input: OpsAccessBlockCreate & { kind: BlockRow['kind'] },
  by: string,
  now = new Date(),
): Promise<OpsAccessBlock> {
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  const [project] = await db
    .select({ projectSn: projects.projectSn })
    .from(projects)
    .where(eq(projects.projectSn, input.projectSn))
    .limit(1);
  if (!project) throw notFound(ACCESS_MESSAGES.noProject);
  if (endsAt && endsAt.getTime() <= now.getTime()) throw badRequest(ACCESS_MESSAGES.endsInPast);
  const target =
    input.kind === 'PAGE'
      ? accessPathOf(input.target ?? '')
      : input.kind === 'VISITOR'
        ? (input.target ?? '').trim()
        : '';
  const [row] = await db
    .insert(accessBlocks)
    .values({
      blockSn: `AB${now.getTime()}${randomBytes(3).toString('hex').toUpperCase()}`,
      projectSn: input.projectSn,
      kind: input.kind,
      target,
      reason: (input.reason ?? '').trim(),
      endsAt,
      createdBy: by,
      createdAt: now,
    })
    .returning();
  invalidateReadModels(db, input.projectSn);
  return toOps(row, now);
}

export async function findBlock(db: Db, blockSn: string): Promise<BlockRow | null> {
  const [row] = await db.select().from(accessBlocks).where(eq(accessBlocks.blockSn, blockSn)).limit(1);
  return row ?? null;
}

/** Lifts a block at once: the row goes, the project's cached list with it. */
export async function deleteBlock(db: Db, blockSn: string, now = new Date()): Promise<OpsAccessBlock> {
  const row = await findBlock(db, blockSn);
  if (!row) throw notFound(ACCESS_MESSAGES.notFound);
  await db
    .delete(accessBlocks)
    .where(and(eq(accessBlocks.blockSn, blockSn), eq(accessBlocks.projectSn, row.projectSn)));
  invalidateReadModels(db, row.projectSn);
  return toOps(row, now);
}
