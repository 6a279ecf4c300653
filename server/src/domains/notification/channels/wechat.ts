/**
 * WeChat mini-program subscribe messages (developers.weixin.qq.com, subscribeMessage.send):
 * - POST /cgi-bin/stable_token {grant_type: client_credential, appid, secret, force_refresh} → access_token,
 *   expires_in; kept until five minutes before it expires (the stable token lets several processes each keep their
 *   own without invalidating the others'), fetched again with force_refresh when WeChat says it is invalid.
 * - POST /cgi-bin/message/subscribe/send?access_token {touser, template_id, page, data: {field: {value}},
 *   miniprogram_state, lang} → {errcode, errmsg}. 43101: the customer refused (or has no grant left); 40003 bad
 *   openid, 40037 bad template id, 47003 bad data, 41030 bad page: permanent. 40001 / 42001 / 40014: the token,
 *   fetched again once. Anything else (-1 busy, 45009 quota, HTTP and network errors) is tried again later.
 * apiBase is WECHAT_API_BASE (https://api.weixin.qq.com; a local fake in tests).
 */
import { ChannelError, platformJson, type NoticeChannel } from './types';

const TOKEN_REFUSED = new Set([40001, 40014, 42001]);
const PERMANENT = new Map<number, string>([
  [43101, '用户拒绝接收或未订阅该消息'],
  [40003, 'openid 不正确'],
  [40037, '模板 id 不正确'],
  [47003, '模板参数不正确'],
  [41030, 'page 路径不正确'],
]);
const RENEW_MARGIN_MS = 5 * 60_000;

export interface WechatChannelOptions {
  appId: string;
  appSecret: string;
  apiBase: string;
  state: 'formal' | 'trial' | 'developer';
  fetch?: typeof fetch;
  now?: () => number;
}

export function createWechatChannel(o: WechatChannelOptions): NoticeChannel {
  const now = o.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  const errcodeOf = (json: Record<string, unknown>) => (typeof json.errcode === 'number' ? json.errcode : 0);

  async function accessToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && token && token.expiresAt - RENEW_MARGIN_MS > now()) return token.value;
    const json = await platformJson(
      'stable_token',
      `${o.apiBase}/cgi-bin/stable_token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: o.appId,
          secret: o.appSecret,
          force_refresh: forceRefresh,
        }),
      },
      o.fetch,
    );
    if (errcodeOf(json) !== 0 || typeof json.access_token !== 'string' || !json.access_token)
      throw new ChannelError(`stable_token ${errcodeOf(json)} ${String(json.errmsg ?? '')}`.trim(), false);
    const expiresIn = Number(json.expires_in);
    token = {
      value: json.access_token,
      expiresAt: now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 7200) * 1000,
    };
    return token.value;
  }

  return {
    name: 'wechat',
    async send(openid, content) {
      if (!content.templateId || !content.data) throw new ChannelError('缺少模板', true);
      const body = JSON.stringify({
        touser: openid,
        template_id: content.templateId,
        page: content.page,
        data: content.data,
        miniprogram_state: o.state,
        lang: 'zh_CN',
      });
      let json: Record<string, unknown> = {};
      for (const force of [false, true]) {
        const t = await accessToken(force);
        json = await platformJson(
          'subscribe/send',
          `${o.apiBase}/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(t)}`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body },
          o.fetch,
        );
        if (!TOKEN_REFUSED.has(errcodeOf(json))) break;
      }
      const errcode = errcodeOf(json);
      if (errcode === 0) return;
      const permanent = PERMANENT.get(errcode);
      throw new ChannelError(
        `微信 ${errcode} ${permanent ?? String(json.errmsg ?? '发送失败')}`,
        permanent !== undefined,
      );
    },
  };
}
