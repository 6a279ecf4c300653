/**
 * Local fakes of the two subscribe-message APIs, over real HTTP, speaking the published shapes:
 * WeChat (api.weixin.qq.com, subscribeMessage.send):
 * - POST /cgi-bin/stable_token {grant_type: client_credential, appid, secret, force_refresh} → {access_token,
 *   expires_in}; a wrong appid/secret is {errcode: 40125};
 * - POST /cgi-bin/message/subscribe/send?access_token {touser, template_id, page, data, miniprogram_state, lang}
 *   → {errcode: 0, errmsg: 'ok', msgid}; 40001 for a token it no longer honours, 43101 when the customer refused
 *   (or has no grant left: each accepted grant carries one message), 40037 for an unknown template, 47003 when a
 *   data value is missing or not {value: string}.
 * Baidu (openapi.baidu.com, 订阅消息发送):
 * - GET /oauth/2.0/token?grant_type=client_credentials&client_id&client_secret&scope=smartapp_snsapi_base →
 *   {access_token, expires_in}; a wrong key is {error: 'invalid_client', error_description};
 * - POST /rest/2.0/smartapp/template/message/subscribe/send?access_token, form template_id, touser_openId,
 *   subscribe_id, data (JSON text), page → {errno: 0, msg: 'success', data: {msg_key}}; an expired token is
 *   {error_code: 111, error_msg}; 4007 when the customer did not subscribe, 4001 an unknown template, 2002 bad
 *   parameters.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  platform: 'wechat' | 'baidu';
  openid: string;
  templateId: string;
  data: Record<string, { value: string }>;
  page: string;
  subscribeId?: string;
  state?: string;
}

export interface NotifyPlatformsFake {
  base: string;
  wechat: { appId: string; appSecret: string };
  baidu: { clientId: string; clientSecret: string };
  /** Template ids each platform knows. */
  templates: Set<string>;
  /** Messages accepted, in order. */
  sent: SentMessage[];
  /** Every request path (with query) in order. */
  seen: string[];
  /** Customers who refused (WeChat 43101) or did not subscribe (Baidu 4007). */
  refusing: Set<string>;
  /** Stops honouring the tokens handed out so far (expired, or rotated by another process). */
  revokeTokens(): void;
  tokensIssued(): number;
  /** Answer the next `n` calls with HTTP 500 (platform down). */
  failNext(n: number): void;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const validData = (data: unknown): data is Record<string, { value: string }> =>
  !!data &&
  typeof data === 'object' &&
  Object.keys(data).length > 0 &&
  Object.values(data as Record<string, unknown>).every(
    (v) => !!v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string',
  );

export async function startNotifyPlatformsFake(): Promise<NotifyPlatformsFake> {
  const wechat = { appId: 'wx-notify-app', appSecret: 'wx-notify-secret' };
  const baidu = { clientId: 'bd-notify-key', clientSecret: 'bd-notify-secret' };
  const valid = new Set<string>();
  let issued = 0;
  let failing = 0;
  const fake: NotifyPlatformsFake = {
    base: '',
    wechat,
    baidu,
    templates: new Set(),
    sent: [],
    seen: [],
    refusing: new Set(),
    revokeTokens: () => valid.clear(),
    tokensIssued: () => issued,
    failNext: (n) => {
      failing = n;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const token = () => {
    issued += 1;
    const t = randomBytes(16).toString('hex');
    valid.add(t);
    return t;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.seen.push(url.pathname + url.search);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (failing > 0) {
      failing -= 1;
      return json(500, { message: 'internal error' });
    }
    const raw = req.method === 'POST' ? await readBody(req) : '';

    if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
      const b = JSON.parse(raw) as Record<string, unknown>;
      if (b.grant_type !== 'client_credential' || b.appid !== wechat.appId || b.secret !== wechat.appSecret)
        return json(200, { errcode: 40125, errmsg: 'invalid appsecret' });
      return json(200, { access_token: token(), expires_in: 7200 });
    }
    if (req.method === 'POST' && url.pathname === '/cgi-bin/message/subscribe/send') {
      if (!valid.has(url.searchParams.get('access_token') ?? ''))
        return json(200, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      const b = JSON.parse(raw) as Record<string, unknown>;
      if (typeof b.touser !== 'string' || !b.touser) return json(200, { errcode: 40003, errmsg: 'invalid openid' });
      if (typeof b.template_id !== 'string' || !fake.templates.has(b.template_id))
        return json(200, { errcode: 40037, errmsg: 'invalid template id' });
      if (!validData(b.data)) return json(200, { errcode: 47003, errmsg: 'argument invalid! data.value invalid' });
      if (fake.refusing.has(b.touser)) return json(200, { errcode: 43101, errmsg: 'user refuse to accept the msg' });
      fake.sent.push({
        platform: 'wechat',
        openid: b.touser,
        templateId: b.template_id,
        data: b.data,
        page: String(b.page ?? ''),
        state: String(b.miniprogram_state ?? ''),
      });
      return json(200, { errcode: 0, errmsg: 'ok', msgid: fake.sent.length });
    }
    if (req.method === 'GET' && url.pathname === '/oauth/2.0/token') {
      const q = url.searchParams;
      if (
        q.get('grant_type') !== 'client_credentials' ||
        q.get('client_id') !== baidu.clientId ||
        q.get('client_secret') !== baidu.clientSecret
      )
        return json(401, { error: 'invalid_client', error_description: 'unknown client id' });
      return json(200, { access_token: token(), expires_in: 2592000, scope: q.get('scope') ?? '' });
    }
    if (req.method === 'POST' && url.pathname === '/rest/2.0/smartapp/template/message/subscribe/send') {
      if (!valid.has(url.searchParams.get('access_token') ?? ''))
        return json(200, { error_code: 111, error_msg: 'Access token expired' });
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return json(200, { errno: 2002, msg: '参数错误' });
      const f = new URLSearchParams(raw);
      const openid = f.get('touser_openId') ?? '';
      const templateId = f.get('template_id') ?? '';
      let data: unknown;
      try {
        data = JSON.parse(f.get('data') ?? '');
      } catch {
        data = null;
      }
      if (!openid) return json(200, { errno: 4010, msg: '不合法的 touser_openId' });
      if (!fake.templates.has(templateId)) return json(200, { errno: 4001, msg: 'template_id 不正确' });
      if (!f.get('subscribe_id') || !validData(data)) return json(200, { errno: 2002, msg: '参数错误' });
      if (fake.refusing.has(openid)) return json(200, { errno: 4007, msg: '用户未订阅该消息' });
      fake.sent.push({
        platform: 'baidu',
        openid,
        templateId,
        data,
        page: f.get('page') ?? '',
        subscribeId: f.get('subscribe_id') ?? '',
      });
      return json(200, { errno: 0, msg: 'success', data: { msg_key: fake.sent.length } });
    }
    json(404, { message: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(400);
      res.end('bad request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
