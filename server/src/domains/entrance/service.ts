/** The entrance (§4 login step 1): a project's session, new or kept, with the project's settings; and tips (§7). */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { EntranceInfo, ProjectEnum } from '@contract/entrance';
import { tips } from './schema';
import { MESSAGES, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { RequestLimits } from '../../runtime/limits';
import type { Session } from '../../runtime/sessions';
import { onlineProjects } from '../pages/read-models';
import { sessionUser, toUserInfo, type UserRow } from '../user/service';
import { mintVisitorToken, visitorUserRow } from './visitor-tokens';

/**
 * Enter a project: the caller's live session of this project kept, else a new visitor token.
 * A session of another project is left alone (not revoked): the visitor may switch back to it.
 */
export async function enterProject(
  db: Db,
  limits: RequestLimits,
  input: {
    projectSn: string;
    session: Session | null | undefined;
    ip: string;
    ttlDays: number;
    wechatOfficialAccount: boolean;
  },
): Promise<EntranceInfo> {
  // The online projects are a read model (domains/pages/read-models.ts), shared with the entry page.
  const project = (await onlineProjects(db)).get(input.projectSn);
  if (!project) throw notFound(MESSAGES.unknownProject, ERROR_CODES.UNKNOWN_PROJECT);

  const current = input.session?.projectSn === project.projectSn ? input.session : null;
  let user: UserRow | null = current ? await sessionUser(db, current) : null;
  let token = current?.token ?? '';
  if (!user) {
    // A new visitor is a signed token, no row until it logs in; still bounded per client (runtime/limits.ts).
    await limits.newVisitor(input.ip);
    const entered = await mintVisitorToken(db, project.projectSn, input.ttlDays);
    user = visitorUserRow(entered.claims);
    token = entered.token;
  }
  return {
    token,
    userInfo: toUserInfo(user),
    timestamp: Date.now(),
    needAuth: user.phone === null,
    wechatOfficialAccount: input.wechatOfficialAccount,
    tips: project.tips,
    sceneStyle: project.sceneStyle,
    // A stored type outside the contract's list is refused by the response schema.
    projectEnum: project.projectEnum as ProjectEnum,
    projectParam: { projectSn: project.projectSn, projectName: project.name },
  };
}

/** A notice text by key; the project type's own text wins over the shared one. */
export async function tipsOf(db: Db, enumKey: string, projectEnum: string | undefined): Promise<string | null> {
  const [row] = await db
    .select({ content: tips.content })
    .from(tips)
    .where(
      and(
        eq(tips.enumKey, enumKey),
        projectEnum ? or(eq(tips.projectEnum, projectEnum), isNull(tips.projectEnum)) : isNull(tips.projectEnum),
      ),
    )
    .orderBy(sql`${tips.projectEnum} nulls last`)
    .limit(1);
  return row?.content ?? null;
}
