/**
 * WeChat JS-SDK signature (§7 js/getJSSign) by WeChat's published algorithm: sha1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, with the url up to (not including) '#'. The jsapi_ticket comes
 * from a provider: the real one asks WeChat (access_token, then ticket) and caches the ticket in the database
 * until it expires; with no official account configured (demo mode) signing is off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { wechatTickets } from '../db/schema/catalogue';
import type { Db } from '../plugins/db';

export function jsSdkSignature(ticket: string, noncestr: string, timestamp: number, url: string): string {
  const clean = url.split('#')[0];
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${clean}`).digest('hex');
}

export interface WechatTicketProvider {
  readonly appId: string;
  jsapiTicket(): Promise<string>;
}

type Fetch = typeof fetch;

/** Fetches from WeChat's API (or a fake of it in tests); the ticket is cached in the DB for every process. */
export function createWechatTicketProvider(
  db: Db,
  opts: { appId: string; appSecret: string; apiBase: string; fetch?: Fetch; now?: () => number },
): WechatTicketProvider {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  async function getJson(path: string): Promise<Record<string, unknown>> {
    const res = await doFetch(`${opts.apiBase}${path}`);
    const body = (await res.json()) as Record<string, unknown>;
    if (typeof body.errcode === 'number' && body.errcode !== 0) throw new Error(`wechat ${path.split('?')[0]}: ${body.errcode} ${String(body.errmsg)}`);
    return body;
  }
  return {
    appId: opts.appId,
    async jsapiTicket() {
      const [cached] = await db.select().from(wechatTickets).where(eq(wechatTickets.appId, opts.appId)).limit(1);
      if (cached && cached.expiresAt.getTime() > now() + 60_000) return cached.ticket;
      const token = await getJson(`/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(opts.appId)}&secret=${encodeURIComponent(opts.appSecret)}`);
      const ticketBody = await getJson(`/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(String(token.access_token))}&type=jsapi`);
      const ticket = String(ticketBody.ticket);
      const expiresAt = new Date(now() + Number(ticketBody.expires_in ?? 7200) * 1000);
      await db.insert(wechatTickets).values({ appId: opts.appId, ticket, expiresAt }).onConflictDoUpdate({ target: wechatTickets.appId, set: { ticket, expiresAt } });
      return ticket;
    },
  };
}

export async function signJsSdk(provider: WechatTicketProvider, url: string, now = Date.now()) {
  const ticket = await provider.jsapiTicket();
  const timestamp = Math.floor(now / 1000);
  const noncestr = randomBytes(8).toString('hex');
  return { appid: provider.appId, timestamp, noncestr, sign: jsSdkSignature(ticket, noncestr, timestamp, url) };
}
