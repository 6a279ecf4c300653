/**
 * Users of a project. A visitor's row is stored when it first needs one (domains/entrance/visitor-tokens.ts: a login);
 * phone login gives it a phone (or finds the owner).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AuthInfo, UserInfo } from '@contract/entrance';
import { preparedStatement } from '../../runtime/database/prepared';
import { users } from './schema';
import type { Db } from '../../runtime/database/plugin';
import type { Session } from '../../runtime/sessions';

export type UserRow = typeof users.$inferSelect;

export function toUserInfo(user: UserRow): UserInfo {
  return {
    userId: user.userId,
    phone: user.phone,
    unionId: user.unionId,
    nickName: user.nickName,
    avatar: user.avatar,
  };
}

export async function createVisitor(db: Db, projectSn: string, phone: string | null = null): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ userId: randomUUID(), projectSn, phone, unionId: `u_${randomBytes(12).toString('hex')}` })
    .returning();
  return user;
}

/**
 * Every customer call reads its user row (unless its session brought it): built once (runtime/database/prepared.ts).
 */
const userById = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_by_id'),
);

/**
 * The user row of a session: the one it brought (read with it on PostgreSQL; a visitor token's own), else findUser.
 */
export async function sessionUser(db: Db, session: Pick<Session, 'userId' | 'user'>): Promise<UserRow | null> {
  return session.user ?? findUser(db, session.userId);
}

/** The user row, read from the database (a row cached here would go stale when another writer changes it). */
export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [user] = await userById(db).execute({ userId });
  return user ?? null;
}

/** Where the storefront runs, as the prompts care: WECHAT_H5 is H5 inside WeChat with OAuth configured. */
export type PromptSource = 'H5' | 'WECHAT_H5' | 'WEAPP' | 'SWAN';

/**
 * §6 prompts for a user on a platform. needAuthPhone: no phone on file. needAuthUser: the platform can hand us
 * the customer's nickname and avatar and we have none — only WeChat's official-account OAuth (snsapi_userinfo)
 * does; WeChat mini-programs no longer give profiles to code (getUserProfile answers 微信用户 since base
 * library 2.27.1), Baidu's profile button is not offered by this storefront, and a plain browser has nothing.
 */
export function authPrompts(user: Pick<UserRow, 'phone' | 'nickName'>, source: PromptSource): AuthInfo {
  return { needAuthUser: source === 'WECHAT_H5' && !user.nickName, needAuthPhone: !user.phone };
}
