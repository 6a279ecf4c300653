/** One interface for every way a notice reaches a customer (sandbox, WeChat, Baidu, SMS). */
import type { NoticeKind } from '../kinds';

/** What a delivery row holds and a channel sends. */
export interface NoticeContent {
  kind: NoticeKind;
  /** The notice as one Chinese line (kinds.ts noticeText). */
  text: string;
  /** The mini-program page the card opens. */
  page: string;
  params: Record<string, string>;
  /** WeChat / Baidu: the template and its fields' values. */
  templateId?: string;
  data?: Record<string, { value: string }>;
  /** Baidu: the subscribe-id its grant came with. */
  subscribeId?: string;
  /** Sandbox: the live channel that would have carried it. */
  via?: 'wechat' | 'baidu' | 'sms';
}

export type ChannelName = 'sandbox' | 'wechat' | 'baidu' | 'sms';

/** A send that failed; permanent ones (the customer refused, a bad template) are not tried again. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

export interface NoticeChannel {
  name: ChannelName;
  /** Resolves once the platform accepted the message; throws a ChannelError (or any error: retried). */
  send(target: string, content: NoticeContent): Promise<void>;
}

export const REQUEST_TIMEOUT_MS = 10_000;

/** JSON from a platform, or a retryable ChannelError naming what went wrong. */
export async function platformJson(
  what: string,
  url: string,
  init: RequestInit,
  doFetch: typeof fetch = fetch,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new ChannelError(`${what} 网络错误`, false);
  }
  if (!res.ok) throw new ChannelError(`${what} HTTP ${res.status}`, false);
  try {
    const json = (await res.json()) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
  } catch {
    // below
  }
  throw new ChannelError(`${what} 应答格式错误`, false);
}
