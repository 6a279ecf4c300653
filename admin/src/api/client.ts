/**
 * The console's one HTTP wrapper for /ops: JSON, `Authorization: Bearer <session token>`, the common envelope
 * `{ state, message, info, code? }` (contract/common.ts). A refused session (HTTP 401, or code 502) ends the
 * console's session, whatever page asked; every other refusal is thrown with the server's Chinese message.
 */
import type { Envelope } from '@contract/common';

export const SESSION_EXPIRED_MESSAGE = '登录已过期，请重新登录';
export const NETWORK_MESSAGE = '网络异常，请检查网络后重试';

/** The application code that means "this session is gone" (contract/common.ts ERROR_CODES.SESSION_EXPIRED). */
const SESSION_GONE_CODE = 502;

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server was not reached. */
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface SessionBinding {
  token(): string | null;
  /** Called once per refused session; the console goes back to the login page with the notice. */
  expired(): void;
}

let binding: SessionBinding = { token: () => null, expired: () => undefined };

/** The session store hands the wrapper its token and what to do when the server refuses it. */
export function bindSession(next: SessionBinding): void {
  binding = next;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  body?: unknown;
  query?: Query;
  /** Login: a 401 there is a wrong password, not an ended session. */
  anonymous?: boolean;
}

export function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' && 'state' in body ? (body as Envelope<T>) : null;
  } catch {
    return null;
  }
}

export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = {};
  const token = options.anonymous ? null : binding.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  // Fastify refuses an empty body sent as JSON, so the type goes only with a body.
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  const payload = await readEnvelope<T>(res);
  if (!options.anonymous && (res.status === 401 || payload?.code === SESSION_GONE_CODE)) {
    binding.expired();
    throw new ApiError(SESSION_EXPIRED_MESSAGE, res.status, payload?.code);
  }
  if (!payload) {
    throw new ApiError(
      res.ok ? '服务器没有返回结果，请稍后重试' : `服务器出错（${res.status}），请稍后重试`,
      res.status,
    );
  }
  if (!payload.state || !res.ok) {
    throw new ApiError(payload.message || '操作失败，请稍后重试', res.status, payload.code);
  }
  return payload.info;
}

/** The message to show for any failure of a call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return '操作失败，请稍后重试';
}
