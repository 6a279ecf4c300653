/**
 * WeChat JS-SDK signature (§7 js/getJSSign) by WeChat's published algorithm: sha1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, with the url up to (not including) '#'. The jsapi_ticket comes
 * from a provider: the real one asks WeChat (access_token, then ticket) and caches the ticket in the database
 * until it expires, so every server process shares one ticket; with no official account configured (demo mode)
 * there is no provider and signing is off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { Config } from '../../config';
import { projects } from '../entrance/schema';
import { wechatTickets } from './schema';
import { AppError, MESSAGES, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

export function jsSdkSignature(ticket: string, noncestr: string, timestamp: number, url: string): string {
  const clean = url.split('#')[0];
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${clean}`)
    .digest('hex');
}

export interface WechatTicketProvider {
  readonly appId: string;
  jsapiTicket(): Promise<string>;
}

/** WeChat did not answer, or answered an errcode: the route turns it into a clean failure, not a 500. */
export class WechatApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WechatApiError';
  }
}

type Fetch = typeof fetch;

/** A cached ticket is renewed this long before WeChat's expiry, so a page never signs with a dying one. */
const RENEW_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** Fetches from WeChat's API (or a fake of it in tests); the ticket is cached in the DB for every process. */
export function createWechatTicketProvider(
  db: Db,
  opts: { appId: string; appSecret: string; apiBase: string; fetch?: Fetch; now?: () => number },
): WechatTicketProvider {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  async function getJson(path: string): Promise<Record<string, unknown>> {
    const name = path.split('?')[0];
    let body: Record<string, unknown>;
    try {
      const res = await doFetch(`${opts.apiBase}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (!res.ok) throw new WechatApiError(`wechat ${name}: HTTP ${res.status}`);
      body = (await res.json()) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof WechatApiError) throw err;
      throw new WechatApiError(`wechat ${name}: ${(err as Error).message}`);
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0)
      throw new WechatApiError(`wechat ${name}: ${body.errcode} ${String(body.errmsg)}`);
    return body;
  }
  return {
    appId: opts.appId,
    async jsapiTicket() {
      const [cached] = await db.select().from(wechatTickets).where(eq(wechatTickets.appId, opts.appId)).limit(1);
      if (cached && cached.expiresAt.getTime() > now() + RENEW_MARGIN_MS) return cached.ticket;
      const token = await getJson(
        `/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(opts.appId)}&secret=${encodeURIComponent(opts.appSecret)}`,
      );
      if (typeof token.access_token !== 'string' || !token.access_token)
        throw new WechatApiError('wechat /cgi-bin/token: no access_token');
      const answer = await getJson(
        `/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token.access_token)}&type=jsapi`,
      );
      if (typeof answer.ticket !== 'string' || !answer.ticket)
        throw new WechatApiError('wechat /cgi-bin/ticket/getticket: no ticket');
      const ticket = answer.ticket;
      const expiresIn = Number(answer.expires_in);
      const expiresAt = new Date(now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 7200) * 1000);
      await db
        .insert(wechatTickets)
        .values({ appId: opts.appId, ticket, expiresAt })
        .onConflictDoUpdate({ target: wechatTickets.appId, set: { ticket, expiresAt } });
      return ticket;
    },
  };
}

/**
 * Whether an official account is configured: JS-SDK signing (below) and the WeChat browser's OAuth
 * (providers/wechat-oauth.ts) are on exactly then. The entrance tells the storefront, so it skips both calls when not.
 */
export function hasOfficialAccount(mp: Config['wechatMp']): boolean {
  return Boolean(mp.appId && mp.appSecret);
}

/** The provider the configuration asks for: null in demo mode (no official account), so signing is off. */
export function wechatTicketProviderFrom(db: Db, mp: Config['wechatMp']): WechatTicketProvider | null {
  if (!mp.appId || !mp.appSecret) return null;
  return createWechatTicketProvider(db, { appId: mp.appId, appSecret: mp.appSecret, apiBase: mp.apiBase });
}

export const WECHAT_MESSAGES = {
  off: '未配置微信公众号，无法签名',
  failed: '微信签名失败，请稍后再试',
} as const;

/** The JS-SDK signature of a page of an online project; 404 for another project, 400 when no account is set up. */
export async function signProjectPage(db: Db, provider: WechatTicketProvider | null, projectSn: string, url: string) {
  const [project] = await db
    .select({ projectSn: projects.projectSn })
    .from(projects)
    .where(and(eq(projects.projectSn, projectSn), eq(projects.status, 'ONLINE')))
    .limit(1);
  if (!project) throw notFound(MESSAGES.unknownProject, ERROR_CODES.UNKNOWN_PROJECT);
  if (!provider) throw new AppError(400, ERROR_CODES.WECHAT_UNAVAILABLE, WECHAT_MESSAGES.off);
  return signJsSdk(provider, url);
}

export async function signJsSdk(provider: WechatTicketProvider, url: string, now = Date.now()) {
  const ticket = await provider.jsapiTicket();
  const timestamp = Math.floor(now / 1000);
  const noncestr = randomBytes(8).toString('hex');
  return { appid: provider.appId, timestamp, noncestr, sign: jsSdkSignature(ticket, noncestr, timestamp, url) };
}
