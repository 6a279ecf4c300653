/**
 * Notification routes: the customer's subscribe permission (templates to ask for, grants recorded), the sandbox
 * page that shows every notice (registered only while NOTIFY_PROVIDER=sandbox: it shows customers' messages), and
 * the sweep, when the caller asks for it (main.ts; stopped when the app closes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notifySubscribeBody,
  notifySubscribeInfo,
  notifyTemplatesBody,
  notifyTemplatesInfo,
} from '@contract/notification';
import type { Config } from '../../config';
import { requireSession } from '../../runtime/auth';
import { ok, responses } from '../../runtime/http';
import { escapeHtml, page, sendHtml } from '../../runtime/html-page';
import { formatChinaTime } from '@contract/rules/china-time';
import type { SmsProvider } from '../auth/providers/sms';
import { createNoticeChannels, type NoticeChannels } from './channels';
import type { NoticeContent } from './channels/types';
import { latestDeliveries } from './dispatch';
import { NOTICE_NAMES, type NoticeKind } from './kinds';
import { recordGrants, templatesFor } from './service';
import { startNotificationSweep } from './sweep';

export interface NotificationRoutesOptions {
  config: Config;
  sms: SmsProvider;
  /** Run the sweep in this process (main.ts); tests drive dispatch.ts themselves. */
  sweep?: boolean;
  /** Tests pass channels that talk to local fakes. */
  channels?: NoticeChannels;
}

const STATUS_TEXT: Record<string, string> = { PENDING: '待发送', SENDING: '发送中', SENT: '已发送', FAILED: '已放弃' };
const VIA_TEXT: Record<string, string> = { wechat: '微信订阅消息', baidu: '百度订阅消息', sms: '短信' };

/** 13800138000 -> 138****8000; openids are shown in part. */
const masked = (target: string) =>
  target.replace(/(\d{3})\d{4}(\d{4})$/, '$1****$2').replace(/^(\w+:)?(.{6}).{6,}$/, '$1$2…');

const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, options) => {
  const notify = options.config.notify;
  app.post(
    '/front/v1/notification/templates',
    {
      config: { session: 'required' },
      schema: {
        tags: ['notification'],
        summary: 'Template ids to ask subscribe permission for, after paying or after a refund application',
        body: notifyTemplatesBody,
        response: responses(notifyTemplatesInfo, [400, 401]),
      },
    },
    async (request) => ok(templatesFor(notify, request.body.platform, request.body.moment)),
  );
  app.post(
    '/front/v1/notification/subscribe',
    {
      config: { session: 'required' },
      schema: {
        tags: ['notification'],
        summary: 'Record the templates the customer accepted (each carries one notice)',
        body: notifySubscribeBody,
        response: responses(notifySubscribeInfo, [400, 401]),
      },
    },
    async (request) => ok(await recordGrants(app.db, notify, requireSession(request.session), request.body)),
  );

  if (notify.provider === 'sandbox') {
    app.get('/sandbox/notifications', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await latestDeliveries(app.db);
      const cards = rows.map(({ delivery: d, kind }) => {
        const c = d.content as unknown as NoticeContent;
        const via = c.via ? VIA_TEXT[c.via] : VIA_TEXT[d.channel];
        const target = d.channel === 'sandbox' ? d.target.replace(/^\w+:/, '') : d.target;
        return `<div class="sb-card" data-event="${escapeHtml(d.eventKey)}">
<div class="sb-row"><span>${escapeHtml(NOTICE_NAMES[kind as NoticeKind] ?? kind)}</span><span>${escapeHtml(STATUS_TEXT[d.status] ?? d.status)}</span></div>
<div class="sb-text">${escapeHtml(c.text)}</div>
<div class="sb-note">${escapeHtml(`${via ?? d.channel} → ${masked(target)} · ${formatChinaTime(d.createdAt, 'YYYY-MM-DD HH:mm:ss')}`)}${
          c.templateId ? escapeHtml(` · 模板 ${c.templateId}`) : ''
        }${d.attempts > 1 || d.lastError ? escapeHtml(` · 第 ${d.attempts} 次 ${d.lastError ?? ''}`) : ''}</div>
</div>`;
      });
      const body = `<div class="sb-head">沙箱通知：客户会收到的消息（最近 100 条）</div>${
        cards.join('') ||
        '<div class="sb-card"><div class="sb-msg">还没有通知。支付、退款、发货、提现后会出现在这里。</div></div>'
      }`;
      return sendHtml(reply, 200, page('沙箱通知', body));
    });
  }

  if (options.sweep) {
    const channels = options.channels ?? createNoticeChannels(notify, options.sms);
    const stop = startNotificationSweep(app.db, { notify, channels, log: app.log }, notify.sweepMs);
    app.addHook('onClose', async () => stop());
  }
};

export default notificationRoutes;
