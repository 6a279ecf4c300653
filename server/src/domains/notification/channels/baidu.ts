/**
 * Baidu smart-program subscribe messages (smartprogram.baidu.com, 订阅消息发送):
 * - the open API's access_token: GET /oauth/2.0/token?grant_type=client_credentials&client_id&client_secret
 *   &scope=smartapp_snsapi_base (as domains/payment/providers/baidu-pay-client.ts gets it), kept until a minute
 *   before expires_in runs out; error_code 110 / 111 (invalid or expired token) fetch it again once.
 * - POST /rest/2.0/smartapp/template/message/subscribe/send?access_token, form-urlencoded template_id,
 *   touser_openId, subscribe_id, data (JSON text {"keyword1": {"value": ...}}), page → {errno, msg, data: {msg_key}}.
 *   errno 2002 (bad parameters), 4001 (bad template id), 4007 (not subscribed, or unsubscribed), 4010 (bad openid)
 *   are permanent; other errors are tried again later.
 * apiBase is NOTIFY_BAIDU_API_BASE (https://openapi.baidu.com; a local fake in tests).
 */
import { ChannelError, platformJson, type NoticeChannel } from './types';

const TOKEN_ERRORS = new Set([110, 111]);
const PERMANENT = new Map<number, string>([
  [2002, '参数错误'],
  [4001, 'template_id 不正确'],
  [4007, '用户未订阅该消息或已取消订阅'],
  [4010, '不合法的 touser_openId'],
]);

export interface BaiduChannelOptions {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export function createBaiduChannel(o: BaiduChannelOptions): NoticeChannel {
  const now = o.now ?? Date.now;
  let token: { value: string; until: number } | null = null;

  async function accessToken(fresh: boolean): Promise<string> {
    if (!fresh && token && token.until > now()) return token.value;
    const q = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: o.clientId,
      client_secret: o.clientSecret,
      scope: 'smartapp_snsapi_base',
    });
    const json = await platformJson('oauth/2.0/token', `${o.apiBase}/oauth/2.0/token?${q}`, { method: 'GET' }, o.fetch);
    if (typeof json.access_token !== 'string' || !json.access_token)
      throw new ChannelError(`百度 token ${String(json.error_description ?? json.error ?? '无法取得')}`, false);
    const ttl = Number(json.expires_in) > 0 ? Number(json.expires_in) : 3600;
    token = { value: json.access_token, until: now() + Math.max(ttl - 60, 1) * 1000 };
    return token.value;
  }

  return {
    name: 'baidu',
    async send(openid, content) {
      if (!content.templateId || !content.data || !content.subscribeId) throw new ChannelError('缺少模板或订阅', true);
      const form = new URLSearchParams({
        template_id: content.templateId,
        touser_openId: openid,
        subscribe_id: content.subscribeId,
        data: JSON.stringify(content.data),
        page: content.page,
      }).toString();
      let json: Record<string, unknown> = {};
      for (const fresh of [false, true]) {
        const t = await accessToken(fresh);
        json = await platformJson(
          'subscribe/send',
          `${o.apiBase}/rest/2.0/smartapp/template/message/subscribe/send?access_token=${encodeURIComponent(t)}`,
          { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form },
          o.fetch,
        );
        if (!TOKEN_ERRORS.has(Number(json.error_code))) break;
      }
      if (json.error_code !== undefined && Number(json.error_code) !== 0)
        throw new ChannelError(`百度 ${String(json.error_code)} ${String(json.error_msg ?? '')}`.trim(), false);
      const errno = Number(json.errno);
      if (errno === 0) return;
      const permanent = PERMANENT.get(errno);
      throw new ChannelError(
        `百度 ${Number.isFinite(errno) ? errno : '?'} ${permanent ?? String(json.msg ?? '发送失败')}`,
        permanent !== undefined,
      );
    },
  };
}
