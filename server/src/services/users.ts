/**
 * Users of a project. A visitor's row is stored when it first needs one (services/visitor-tokens.ts: a login);
 * phone login gives it a phone (or finds the owner).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { UserInfo } from '@contract/entrance';
import { preparedStatement } from '../db/prepared';
import { users } from '../db/schema';
import { onEmbeddedStatement, type Db } from '../plugins/db';
import type { Session } from './sessions';

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

/**
 * The user row of a session: the one it brought (read with it on PostgreSQL; a visitor token's own), else findUser.
 * Callers must not change the object.
 */
export async function sessionUser(db: Db, session: Pick<Session, 'userId' | 'user'>): Promise<UserRow | null> {
  return session.user ?? findUser(db, session.userId);
}

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
