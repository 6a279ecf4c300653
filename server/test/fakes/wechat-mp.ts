/**
 * A local fake of the WeChat official-account platform, over real HTTP, speaking the published protocol:
 * - the web-authorisation page GET /connect/oauth2/authorize (appid, redirect_uri, response_type=code, scope,
 *   state, #wechat_redirect): the customer "agrees" at once and is sent back to redirect_uri with ?code=&state=,
 *   inserted before the redirect's #fragment as WeChat does;
 * - GET /sns/oauth2/access_token (a code works once, for five minutes: 40029 invalid, 40163 used);
 * - GET /sns/userinfo (only for an access_token of a snsapi_userinfo code: 48001 otherwise);
 * - GET /cgi-bin/token and /cgi-bin/ticket/getticket for the JS-SDK signature.
 * Used by the server tests and the WeChat-browser e2e; the same base URL serves both the page and the API.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatUser {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl: string;
}

interface Grant {
  scope: 'snsapi_base' | 'snsapi_userinfo';
  user: FakeWechatUser;
  issuedAt: number;
  used: boolean;
}

export interface WechatMpFake {
  base: string;
  appId: string;
  appSecret: string;
  /** The customer who "opens" the authorize page next (changeable between tests). */
  user: FakeWechatUser;
  /** The JS-SDK ticket the fake hands out. */
  ticket: string;
  /** Every request path (with query) in order, for assertions. */
  seen: string[];
  /** Issues a code the way the authorize page does, without a browser. */
  issueCode(scope: Grant['scope']): string;
  /** The env that points the server's WeChat official account at this fake. */
  env(): Record<string, string>;
  stop(): Promise<void>;
}

const CODE_TTL_MS = 5 * 60 * 1000;

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** WeChat puts the query before the fragment of redirect_uri (hash-routed pages keep their route). */
export function withCode(redirectUri: string, code: string, state: string): string {
  const hashAt = redirectUri.indexOf('#');
  const head = hashAt < 0 ? redirectUri : redirectUri.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : redirectUri.slice(hashAt);
  return `${head}${head.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${hash}`;
}

export async function startWechatMpFake(
  opts: { appId?: string; appSecret?: string; user?: FakeWechatUser } = {},
): Promise<WechatMpFake> {
  const appId = opts.appId ?? 'wxFAKEOFFICIAL0001';
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  let clientToken = '';

  const fake: WechatMpFake = {
    base: '',
    appId,
    appSecret,
    user: opts.user ?? {
      openid: `o${randomBytes(13).toString('base64url')}`,
      nickname: '微信用户',
      headimgurl: 'https://thirdwx.qlogo.cn/mmopen/fake/132',
    },
    ticket: `ticket-${randomBytes(8).toString('hex')}`,
    seen: [],
    issueCode(scope) {
      const code = randomBytes(16).toString('hex');
      grants.set(code, { scope, user: { ...fake.user }, issuedAt: Date.now(), used: false });
      return code;
    },
    env: () => ({
      WECHAT_APP_ID: appId,
      WECHAT_APP_SECRET: appSecret,
      WECHAT_API_BASE: fake.base,
      WECHAT_OAUTH_AUTHORIZE_URL: `${fake.base}/connect/oauth2/authorize`,
    }),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = (k: string) => url.searchParams.get(k) ?? '';
    fake.seen.push(`${url.pathname}${url.search}`);
    if (req.method !== 'GET') return json(res, { errcode: 43001, errmsg: 'require GET method' });

    if (url.pathname === '/connect/oauth2/authorize') {
      const scope = q('scope');
      // WeChat shows an error page for a wrong appid or scope; the fake says so in plain text.
      if (
        q('appid') !== appId ||
        q('response_type') !== 'code' ||
        (scope !== 'snsapi_base' && scope !== 'snsapi_userinfo') ||
        !/^https?:\/\//.test(q('redirect_uri'))
      ) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('参数错误');
      }
      const code = fake.issueCode(scope);
      res.writeHead(302, { location: withCode(q('redirect_uri'), code, q('state')) });
      return res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q('appid') !== appId || q('secret') !== appSecret)
        return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (q('grant_type') !== 'authorization_code') return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      const grant = grants.get(q('code'));
      if (!grant || Date.now() - grant.issuedAt > CODE_TTL_MS)
        return json(res, { errcode: 40029, errmsg: 'invalid code' });
      if (grant.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
      grant.used = true;
      const accessToken = randomBytes(24).toString('hex');
      tokens.set(accessToken, grant);
      return json(res, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid: grant.user.openid,
        scope: grant.scope,
        ...(grant.user.unionid ? { unionid: grant.user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const grant = tokens.get(q('access_token'));
      if (!grant)
        return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (grant.scope !== 'snsapi_userinfo') return json(res, { errcode: 48001, errmsg: 'api unauthorized' });
      if (q('openid') !== grant.user.openid) return json(res, { errcode: 40003, errmsg: 'invalid openid' });
      const u = grant.user;
      return json(res, {
        openid: u.openid,
        nickname: u.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: u.headimgurl,
        privilege: [],
        ...(u.unionid ? { unionid: u.unionid } : {}),
      });
    }
    if (url.pathname === '/cgi-bin/token') {
      if (q('appid') !== appId || q('secret') !== appSecret || q('grant_type') !== 'client_credential')
        return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      clientToken = randomBytes(16).toString('hex');
      return json(res, { access_token: clientToken, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (!clientToken || q('access_token') !== clientToken || q('type') !== 'jsapi')
        return json(res, { errcode: 40001, errmsg: 'invalid credential' });
      return json(res, { errcode: 0, errmsg: 'ok', ticket: fake.ticket, expires_in: 7200 });
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: 404, errmsg: 'no such API' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
