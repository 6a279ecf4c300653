/**
 * Platform identities → users. Login providers (mini-program code2Session, WeChat OAuth) hand over
 * an openid; this service finds the customer it belongs to, or makes one, and merges customers by phone: a
 * customer who logs in on two platforms with the same phone is ONE customer, so when a phone that already
 * belongs to another user is bound, the identities move to that user and the session follows.
 *
 * Shared API (the WeChat-browser OAuth uses it too): findOrCreateUserByPlatformIdentity, bindPhone,
 * saveProfile, replaceSession, identitiesOf, claimLoginCode. Keep these signatures stable.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AuthInfo, UserInfo } from '@contract/entrance';
import { users } from '../user/schema';
import { platformIdentities, usedLoginCodes, type Platform } from './schema';
import { badRequest } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { createSession, markRevoked, revokeStoredSession, type Session } from '../../runtime/sessions';
import { sha256Hex } from '../../runtime/sha256';
import { authPrompts, createVisitor, findUser, toUserInfo, type PromptSource, type UserRow } from '../user/service';

export type { Platform } from './schema';
export type PlatformIdentityRow = typeof platformIdentities.$inferSelect;

export const PHONE_BOUND_ELSEWHERE = '当前账号已绑定其他手机号';
export const LOGIN_CODE_USED = '登录凭证已使用，请重新登录';

export interface PlatformIdentityInput {
  projectSn: string;
  platform: Platform;
  /** The app that issued the openid (mini-program AppID, official-account AppID, Baidu AppKey). */
  appId: string;
  openid: string;
  /** WeChat unionid when the platform gave one. */
  unionId?: string | null;
  /** Mini-program session key of this login; stored server-side only. */
  sessionKey?: string | null;
  /**
   * The user of the session that asked (usually the visitor the entrance made on this device): a new
   * identity is given to it, so what the visitor did before logging in stays theirs, unless it already has
   * another openid of the same app (then it is another account on a shared device and gets a user of its own).
   */
  currentUserId?: string;
}

/** Random union ids the entrance gives visitors (users.ts); a platform's real unionid replaces them. */
const isPlaceholderUnionId = (unionId: string) => unionId.startsWith('u_');

/**
 * The user behind a platform identity, creating the identity (and a user when needed). `created` is true
 * when the identity is new.
 */
export async function findOrCreateUserByPlatformIdentity(
  db: Db,
  input: PlatformIdentityInput,
): Promise<{ user: UserRow; identity: PlatformIdentityRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const key = and(
      eq(platformIdentities.projectSn, input.projectSn),
      eq(platformIdentities.platform, input.platform),
      eq(platformIdentities.appId, input.appId),
      eq(platformIdentities.openid, input.openid),
    );
    const [known] = await tx.select().from(platformIdentities).where(key).limit(1);
    if (known) {
      const [identity] = await tx
        .update(platformIdentities)
        .set({
          sessionKey: input.sessionKey ?? known.sessionKey,
          unionId: input.unionId ?? known.unionId,
          updatedAt: new Date(),
        })
        .where(eq(platformIdentities.id, known.id))
        .returning();
      const user = await adoptUnionId(tx, known.userId, input.unionId);
      return { user, identity, created: false };
    }

    const userId = await ownerFor(tx, input);
    const [inserted] = await tx
      .insert(platformIdentities)
      .values({
        id: randomUUID(),
        projectSn: input.projectSn,
        platform: input.platform,
        appId: input.appId,
        openid: input.openid,
        unionId: input.unionId ?? null,
        userId,
        sessionKey: input.sessionKey ?? null,
      })
      .onConflictDoNothing()
      .returning();
    // Another request created it between our select and insert: theirs stands.
    const identity = inserted ?? (await tx.select().from(platformIdentities).where(key).limit(1))[0];
    const user = await adoptUnionId(tx, identity.userId, input.unionId);
    return { user, identity, created: Boolean(inserted) };
  });
}

/** Which user a new identity belongs to: the unionid's, the asking visitor's, or a new one. */
async function ownerFor(tx: Db, input: PlatformIdentityInput): Promise<string> {
  if (input.unionId) {
    const [sibling] = await tx
      .select({ userId: platformIdentities.userId })
      .from(platformIdentities)
      .where(and(eq(platformIdentities.projectSn, input.projectSn), eq(platformIdentities.unionId, input.unionId)))
      .limit(1);
    if (sibling) return sibling.userId;
  }
  if (input.currentUserId) {
    const current = await findUser(tx, input.currentUserId);
    if (current && current.projectSn === input.projectSn) {
      const [sameApp] = await tx
        .select({ id: platformIdentities.id })
        .from(platformIdentities)
        .where(
          and(
            eq(platformIdentities.userId, current.userId),
            eq(platformIdentities.platform, input.platform),
            eq(platformIdentities.appId, input.appId),
          ),
        )
        .limit(1);
      if (!sameApp) return current.userId;
    }
  }
  return (await createVisitor(tx, input.projectSn)).userId;
}

async function adoptUnionId(tx: Db, userId: string, unionId: string | null | undefined): Promise<UserRow> {
  const user = await findUser(tx, userId);
  if (!user) throw new Error(`platform identity points at a missing user ${userId}`);
  if (!unionId || user.unionId === unionId || !isPlaceholderUnionId(user.unionId)) return user;
  const [updated] = await tx.update(users).set({ unionId }).where(eq(users.userId, userId)).returning();
  return updated;
}

/**
 * Gives the user a phone the platform vouched for. When another user of the project already has that phone,
 * that user is the customer: this user's identities move to it (`merged`), and the caller moves the session
 * (replaceSession). A user who already has a different phone is refused (the platform's phone does not
 * silently replace one the customer confirmed by SMS).
 */
export async function bindPhone(
  db: Db,
  input: { projectSn: string; userId: string; phone: string },
): Promise<{ user: UserRow; merged: boolean }> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, input.userId);
    if (!user || user.projectSn !== input.projectSn)
      throw new Error(`bindPhone: no user ${input.userId} in ${input.projectSn}`);
    if (user.phone === input.phone) return { user, merged: false };
    if (user.phone !== null) throw badRequest(PHONE_BOUND_ELSEWHERE);
    const [owner] = await tx
      .select()
      .from(users)
      .where(and(eq(users.projectSn, input.projectSn), eq(users.phone, input.phone)))
      .for('update')
      .limit(1);
    if (!owner) {
      const [updated] = await tx
        .update(users)
        .set({ phone: input.phone })
        .where(eq(users.userId, user.userId))
        .returning();
      return { user: updated, merged: false };
    }
    await tx
      .update(platformIdentities)
      .set({ userId: owner.userId, updatedAt: new Date() })
      .where(eq(platformIdentities.userId, user.userId));
    // The owner may have come from SMS login (random union id) and this user from WeChat (real one).
    const merged =
      isPlaceholderUnionId(owner.unionId) && !isPlaceholderUnionId(user.unionId)
        ? (await tx.update(users).set({ unionId: user.unionId }).where(eq(users.userId, owner.userId)).returning())[0]
        : owner;
    return {
      user: { ...merged, nickName: merged.nickName ?? user.nickName, avatar: merged.avatar ?? user.avatar },
      merged: true,
    };
  });
}

/** Stores the nickname and avatar a platform supplied (WeChat snsapi_userinfo, mini-program profile). */
export async function saveProfile(
  db: Db,
  userId: string,
  profile: { nickName: string | null; avatar: string | null },
): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({
      ...(profile.nickName ? { nickName: profile.nickName } : {}),
      ...(profile.avatar ? { avatar: profile.avatar } : {}),
    })
    .where(eq(users.userId, userId))
    .returning();
  return user;
}

/** Revokes the asking session and opens one for `userId` (login, or a merge moved the customer). */
export async function replaceSession(db: Db, old: Session, userId: string, ttlDays: number): Promise<Session> {
  return db.transaction(async (tx) => {
    await revokeStoredSession(tx, old);
    markRevoked(db, old.token);
    return createSession(tx, { userId, projectSn: old.projectSn, ttlDays });
  });
}

export async function identitiesOf(db: Db, userId: string): Promise<PlatformIdentityRow[]> {
  return db.select().from(platformIdentities).where(eq(platformIdentities.userId, userId));
}

/** The customer's identity with one app of a platform, if they logged in there. */
export async function identityWith(
  db: Db,
  userId: string,
  platform: Platform,
  appId: string,
): Promise<PlatformIdentityRow | undefined> {
  const [identity] = await db
    .select()
    .from(platformIdentities)
    .where(
      and(
        eq(platformIdentities.userId, userId),
        eq(platformIdentities.platform, platform),
        eq(platformIdentities.appId, appId),
      ),
    )
    .limit(1);
  return identity;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records a login code as used; throws 400 LOGIN_CODE_USED when it was used before. Platforms refuse a reused
 * code too (WeChat 40163), but checking first means a replayed code never reaches them and the sandbox, which
 * has no platform behind it, refuses replays the same way.
 */
export async function claimLoginCode(db: Db, platform: Platform, appId: string, code: string): Promise<void> {
  const codeHash = sha256Hex(`${platform}\n${appId}\n${code}`);
  // Codes live five minutes at the platforms; a day of history is plenty and keeps the table small.
  await db.delete(usedLoginCodes).where(lt(usedLoginCodes.createdAt, new Date(Date.now() - DAY_MS)));
  const written = await db.insert(usedLoginCodes).values({ codeHash }).onConflictDoNothing().returning();
  if (written.length === 0) throw badRequest(LOGIN_CODE_USED);
}

/** What every platform login answers: the new token, the customer and the §6 prompts for where it logged in. */
export function loginAnswer(
  token: string,
  user: UserRow,
  source: PromptSource,
): { token: string; userInfo: UserInfo; authInfo: AuthInfo } {
  return { token, userInfo: toUserInfo(user), authInfo: authPrompts(user, source) };
}
