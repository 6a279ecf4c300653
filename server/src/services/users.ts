/** Users of a project: visitors get one at the entrance; phone login gives it a phone (or finds the owner). */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { UserInfo } from '@contract/entrance';
import { users } from '../db/schema';
import type { Db } from '../plugins/db';

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

export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return user ?? null;
}
