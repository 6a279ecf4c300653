/** Users of a project: visitors get one at the entrance; phone login gives it a phone (or finds the owner). */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { UserInfo } from '@contract/entrance';
import { preparedStatement } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { timestamptz } from '../db/timestamptz';
import { onEmbeddedStatement, type Db } from '../plugins/db';
import { newSession, type Session } from './sessions';
import { groupPerTurn } from './turn-group';

export type UserRow = typeof users.$inferSelect;

export function toUserInfo(user: UserRow): UserInfo {
  return { userId: user.userId, phone: user.phone, unionId: user.unionId, nickName: user.nickName, avatar: user.avatar };
}

export async function createVisitor(db: Db, projectSn: string, phone: string | null = null): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ userId: randomUUID(), projectSn, phone, unionId: `u_${randomBytes(12).toString('hex')}` })
    .returning();
  return user;
}

/**
 * Users by id remembered in memory (issue 17: the entrance and every customer call read the caller's row), on the
 * embedded database only: every statement that may change a user row there (an update or delete of users, an
 * insert that updates on conflict) is seen through onEmbeddedStatement and empties the cache before it runs; a
 * read issued before such a statement but answered after it is not kept (the generation moved). New rows change
 * no cached row. With PostgreSQL every call reads the database.
 */
interface UserCache {
  rows: Map<string, UserRow>;
  generation: number;
}
const userCaches = new WeakMap<Db, UserCache | null>();
const CHANGES_USERS = /\b(?:update\s+"?users"?\s|delete\s+from\s+"?users"?\b|truncate\b)|\binsert\s+into\s+"?users"?\b[\s\S]*\bdo\s+update\b/i;
const MAX_CACHED_USERS = 100_000;

function userCache(db: Db): UserCache | null {
  let cache = userCaches.get(db);
  if (cache === undefined) {
    const fresh: UserCache = { rows: new Map(), generation: 0 };
    cache = onEmbeddedStatement(db, (text) => {
      if (!CHANGES_USERS.test(text)) return;
      fresh.generation += 1;
      fresh.rows.clear();
    })
      ? fresh
      : null;
    userCaches.set(db, cache);
  }
  return cache;
}

/** Whether findUser answers from memory on this database (the embedded one). */
export const userRowsCached = (db: Db): boolean => userCache(db) !== null;

/** Every customer call on PostgreSQL reads its user row: built once (db/prepared.ts). */
const userById = preparedStatement((db) => db.select().from(users).where(eq(users.userId, sql.placeholder('userId'))).limit(1).prepare('user_by_id'));

/** The user row; callers must not change the object (it may be the cached one). */
export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const cache = userCache(db);
  const hit = cache?.rows.get(userId);
  if (hit) return hit;
  const generation = cache?.generation;
  const [user] = await userById(db).execute({ userId });
  if (user && cache && cache.generation === generation) {
    if (cache.rows.size >= MAX_CACHED_USERS) cache.rows.clear();
    cache.rows.set(userId, user);
  }
  return user ?? null;
}

/** A visitor waiting to be written. */
interface PendingVisitor {
  user: UserRow;
  row: typeof sessions.$inferInsert;
}
/** Rows per statement: nine parameters each, far below PostgreSQL's 65,535. */
const MAX_VISITORS_PER_STATEMENT = 64;

/** One statement for a group of new visitors: their users and, referencing them, their sessions. */
async function insertVisitors(db: Db, group: PendingVisitor[]): Promise<void[]> {
  const userRows = sql.join(
    group.map(({ user }) => sql`(${user.userId}, ${user.projectSn}, ${user.unionId}, ${timestamptz(user.createdAt)})`),
    sql`, `,
  );
  const sessionRows = sql.join(
    group.map(({ row }) => sql`(${row.tokenHash}, ${row.userId}, ${row.projectSn}, ${timestamptz(row.createdAt as Date)}, ${timestamptz(row.expiresAt)})`),
    sql`, `,
  );
  await db.execute(sql`with u as (
      insert into ${users} (user_id, project_sn, union_id, created_at) values ${userRows}
    )
    insert into ${sessions} (token_hash, user_id, project_sn, created_at, expires_at) values ${sessionRows}`);
  return group.map(() => undefined);
}

/**
 * Per database: the visitors who entered in one turn of the event loop are written together (group commit,
 * issue 17: the new-visitor entrance was one statement per visitor, most of its time the embedded database's
 * per-statement work). A group that fails is written again one visitor per statement, so a visitor's error (or
 * success) is only its own.
 */
const visitorWriters = new WeakMap<Db, (visitor: PendingVisitor) => Promise<void>>();
function visitorWriter(db: Db): (visitor: PendingVisitor) => Promise<void> {
  const known = visitorWriters.get(db);
  if (known) return known;
  const write = groupPerTurn((group: PendingVisitor[]) => insertVisitors(db, group), { maxGroup: MAX_VISITORS_PER_STATEMENT, retryAlone: true });
  visitorWriters.set(db, write);
  return write;
}

/**
 * A new visitor and its session, written in one statement with the user and session insert together (the row's
 * foreign key checked at the statement's end as for two inserts), shared with the other visitors entering in the
 * same turn of the event loop (visitorWriter). Resolves once both rows are stored.
 */
export async function createVisitorSession(db: Db, projectSn: string, ttlDays: number): Promise<{ user: UserRow; session: Session }> {
  const user: UserRow = { userId: randomUUID(), projectSn, phone: null, unionId: `u_${randomBytes(12).toString('hex')}`, nickName: null, avatar: null, createdAt: new Date() };
  const { session, row } = newSession({ userId: user.userId, projectSn, ttlDays });
  await visitorWriter(db)({ user, row });
  return { user, session };
}
