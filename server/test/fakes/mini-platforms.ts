/**
 * Local fakes of the mini-program login APIs, over real HTTP, speaking the published shapes:
 * WeChat (api.weixin.qq.com):
 * - GET  /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code → {openid, session_key, unionid?};
 *   a code works once for five minutes: 40029 invalid, 40163 used; a wrong appid/secret is 40013 / 40125;
 * - POST /cgi-bin/stable_token {grant_type, appid, secret, force_refresh} → {access_token, expires_in};
 * - POST /wxa/business/getuserphonenumber?access_token {code} → {errcode: 0, phone_info: {phoneNumber,
 *   purePhoneNumber, countryCode, watermark: {timestamp, appid}}}; 40001 for a token it no longer honours.
 * Baidu (spapi.baidu.com):
 * - POST /oauth/jscode2sessionkey (form code, client_id, sk) → {openid, session_key}; errors
 *   {errno, error, error_description}: invalid_client for a wrong key, invalid_grant for a bad or used code.
 * encryptBaiduPhone frames, pads and encrypts a phone as Baidu does (AES-192-CBC with the session key).
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const CODE_TTL_MS = 5 * 60 * 1000;

interface LoginGrant {
  openid: string;
  unionid?: string;
  issuedAt: number;
  used: boolean;
  sessionKey?: string;
}

export interface MiniPlatformsFake {
  base: string;
  wechat: { appId: string; appSecret: string };
  baidu: { appKey: string; appSecret: string };
  /** Every request path (with query) in order. */
  seen: string[];
  /** A wx.login code for this WeChat customer. */
  wechatCode(user: { openid: string; unionid?: string }): string;
  /** A getPhoneNumber button code; `appid` is the app WeChat says the code was issued to (default ours). */
  wechatPhoneCode(phone: string, opts?: { appid?: string; countryCode?: string }): string;
  /** Makes WeChat stop honouring the access tokens handed out so far (rotated by another process). */
  revokeTokens(): void;
  tokensIssued(): number;
  /** A swan getLoginCode code for this Baidu customer. */
  baiduCode(openid: string): string;
  /** The session key the fake gave with a Baidu code (after it was traded). */
  baiduSessionKey(code: string): string | undefined;
  /** Answer the next calls with HTTP 500 (platform down). */
  failing: boolean;
  env(): Record<string, string>;
  stop(): Promise<void>;
}

function json(res: ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Baidu's framing and padding: 16 random bytes | uint32 BE length | JSON | app key, PKCS#7-padded to 32-byte
 * blocks (1 to 32 bytes of padding, as Baidu's decryption sample strips it), AES-192-CBC, base64. A pad over 16
 * is what Node's default 16-byte unpadding refuses.
 */
export function encryptBaiduPhone(
  sessionKey: string,
  phone: string,
  appKey: string,
): { encryptedData: string; iv: string } {
  const content = Buffer.from(JSON.stringify({ mobile: phone }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(content.length);
  return encryptBaiduFrame(sessionKey, Buffer.concat([randomBytes(16), length, content, Buffer.from(appKey, 'utf8')]));
}

/** Pads a framed plaintext to Baidu's 32-byte blocks and encrypts it with the session key. */
export function encryptBaiduFrame(sessionKey: string, plain: Buffer): { encryptedData: string; iv: string } {
  const pad = 32 - (plain.length % 32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-192-cbc', Buffer.from(sessionKey, 'base64'), iv).setAutoPadding(false);
  const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
  return {
    encryptedData: Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64'),
    iv: iv.toString('base64'),
  };
}

export async function startMiniPlatformsFake(): Promise<MiniPlatformsFake> {
  const wechatCodes = new Map<string, LoginGrant>();
  const phoneCodes = new Map<string, { phone: string; appid: string; countryCode: string; used: boolean }>();
  const baiduCodes = new Map<string, LoginGrant>();
  let tokens = new Set<string>();
  let issued = 0;
  const seen: string[] = [];
  const fake = {} as MiniPlatformsFake;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push(`${url.pathname}${url.search}`);
      if (fake.failing) return json(res, { message: 'down' }, 500);
      const body = req.method === 'POST' ? await readBody(req) : '';

      if (url.pathname === '/sns/jscode2session' && req.method === 'GET') {
        const q = url.searchParams;
        if (q.get('appid') !== fake.wechat.appId) return json(res, { errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== fake.wechat.appSecret)
          return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.get('grant_type') !== 'authorization_code')
          return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
        const grant = wechatCodes.get(q.get('js_code') ?? '');
        if (!grant || Date.now() - grant.issuedAt > CODE_TTL_MS)
          return json(res, { errcode: 40029, errmsg: 'invalid code' });
        if (grant.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
        grant.used = true;
        return json(res, {
          openid: grant.openid,
          session_key: randomBytes(16).toString('base64'),
          ...(grant.unionid ? { unionid: grant.unionid } : {}),
        });
      }

      if (url.pathname === '/cgi-bin/stable_token' && req.method === 'POST') {
        const b = JSON.parse(body || '{}') as Record<string, unknown>;
        if (b.grant_type !== 'client_credential') return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
        if (b.appid !== fake.wechat.appId || b.secret !== fake.wechat.appSecret)
          return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        const token = `tok_${randomBytes(12).toString('hex')}`;
        tokens.add(token);
        issued += 1;
        return json(res, { access_token: token, expires_in: 7200 });
      }

      if (url.pathname === '/wxa/business/getuserphonenumber' && req.method === 'POST') {
        if (!tokens.has(url.searchParams.get('access_token') ?? ''))
          return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        const b = JSON.parse(body || '{}') as Record<string, unknown>;
        const grant = phoneCodes.get(String(b.code ?? ''));
        if (!grant) return json(res, { errcode: 40029, errmsg: 'invalid code' });
        if (grant.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
        grant.used = true;
        return json(res, {
          errcode: 0,
          errmsg: 'ok',
          phone_info: {
            phoneNumber: grant.countryCode === '86' ? grant.phone : `+${grant.countryCode}${grant.phone}`,
            purePhoneNumber: grant.phone,
            countryCode: grant.countryCode,
            watermark: { timestamp: Math.floor(Date.now() / 1000), appid: grant.appid },
          },
        });
      }

      if (url.pathname === '/oauth/jscode2sessionkey' && req.method === 'POST') {
        const f = new URLSearchParams(body);
        if (f.get('client_id') !== fake.baidu.appKey || f.get('sk') !== fake.baidu.appSecret) {
          return json(res, { errno: 40001, error: 'invalid_client', error_description: 'unknown client id' });
        }
        const grant = baiduCodes.get(f.get('code') ?? '');
        if (!grant || grant.used || Date.now() - grant.issuedAt > CODE_TTL_MS) {
          return json(res, { errno: 40002, error: 'invalid_grant', error_description: 'invalid code' });
        }
        grant.used = true;
        grant.sessionKey = randomBytes(24).toString('base64');
        return json(res, { openid: grant.openid, session_key: grant.sessionKey });
      }
      return json(res, { errcode: 404, errmsg: 'not found' }, 404);
    })().catch((err) => json(res, { errmsg: String(err) }, 500));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const code = () => randomBytes(16).toString('hex');

  Object.assign(fake, {
    base,
    wechat: { appId: 'wxfakeminiapp0001', appSecret: 'fake-mini-secret' },
    // 32 characters, as Baidu's App Keys are: a phone frame then ends in more than 16 bytes of padding.
    baidu: { appKey: 'fakeBaiduAppKey0fakeBaiduAppKey1', appSecret: 'fake-baidu-secret' },
    seen,
    failing: false,
    wechatCode(user: { openid: string; unionid?: string }) {
      const c = code();
      wechatCodes.set(c, { ...user, issuedAt: Date.now(), used: false });
      return c;
    },
    wechatPhoneCode(phone: string, opts: { appid?: string; countryCode?: string } = {}) {
      const c = code();
      phoneCodes.set(c, {
        phone,
        appid: opts.appid ?? fake.wechat.appId,
        countryCode: opts.countryCode ?? '86',
        used: false,
      });
      return c;
    },
    revokeTokens() {
      tokens = new Set();
    },
    tokensIssued: () => issued,
    baiduCode(openid: string) {
      const c = code();
      baiduCodes.set(c, { openid, issuedAt: Date.now(), used: false });
      return c;
    },
    baiduSessionKey: (c: string) => baiduCodes.get(c)?.sessionKey,
    env: () => ({
      MINI_LOGIN_PROVIDER: 'live',
      WECHAT_MINI_APP_ID: fake.wechat.appId,
      WECHAT_MINI_APP_SECRET: fake.wechat.appSecret,
      WECHAT_API_BASE: base,
      BAIDU_SWAN_APP_KEY: fake.baidu.appKey,
      BAIDU_SWAN_APP_SECRET: fake.baidu.appSecret,
      BAIDU_SWAN_API_BASE: base,
    }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}
