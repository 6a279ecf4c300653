/**
 * The customer's side of notifications: which templates to ask permission for at each moment, and the grants they
 * give (one message each: WeChat's one-time subscription, Baidu's subscribe form).
 */
import { randomBytes } from 'node:crypto';
import type { NotifyTemplatesInfo } from '@contract/notification';
import type { Config } from '../../config';
import type { Db } from '../../runtime/database/plugin';
import { badRequest } from '../../runtime/http';
import type { Session } from '../../runtime/sessions';
import { NOTICE_KINDS, type NoticeKind } from './kinds';
import { openidOf } from './dispatch';
import { notificationGrants } from './schema';

/** What each moment asks for; WeChat shows at most three templates at a time. */
export const MOMENT_KINDS: Record<'afterPay' | 'afterRefundApply', NoticeKind[]> = {
  afterPay: ['paid', 'shipped', 'instalmentDue'],
  afterRefundApply: ['refundResult'],
};

const templatesOf = (notify: Config['notify'], platform: 'WEAPP' | 'SWAN') =>
  platform === 'WEAPP' ? notify.wechat?.templates : notify.baidu?.templates;

export function templatesFor(
  notify: Config['notify'],
  platform: 'WEAPP' | 'SWAN',
  moment: keyof typeof MOMENT_KINDS,
): NotifyTemplatesInfo {
  const templates = templatesOf(notify, platform);
  return { templateIds: templates ? MOMENT_KINDS[moment].map((k) => templates[k].templateId) : [] };
}

export const NOTIFY_TEXTS = {
  noIdentity: '请先在小程序内登录',
  needSubscribeId: '缺少订阅 id',
} as const;

/** Records one grant per accepted, configured template; answers how many were recorded. */
export async function recordGrants(
  db: Db,
  notify: Config['notify'],
  session: Session,
  input: { platform: 'WEAPP' | 'SWAN'; results: Record<string, string>; subscribeId?: string },
): Promise<{ granted: number }> {
  const templates = templatesOf(notify, input.platform);
  if (!templates) return { granted: 0 };
  const accepted = NOTICE_KINDS.filter((k) => input.results[templates[k].templateId] === 'accept');
  if (accepted.length === 0) return { granted: 0 };
  if (input.platform === 'SWAN' && !input.subscribeId) throw badRequest(NOTIFY_TEXTS.needSubscribeId);
  const openid = await openidOf(db, session.userId, input.platform);
  if (!openid) throw badRequest(NOTIFY_TEXTS.noIdentity);
  await db.insert(notificationGrants).values(
    accepted.map((kind) => ({
      id: `G${Date.now().toString(36)}${randomBytes(6).toString('hex')}`,
      userId: session.userId,
      platform: input.platform,
      openid,
      kind,
      templateId: templates[kind].templateId,
      subscribeId: input.subscribeId ?? null,
    })),
  );
  return { granted: accepted.length };
}
