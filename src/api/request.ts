/**
 * The one request wrapper of §7. Everything the storefront asks the server goes through `createRequest`:
 * POST/JSON by default, 60 s timeout, token in the payload (GET and DELETE: in the X-Token header, because
 * a query string ends up in server and proxy logs), parameters signed together with the method and the path
 * (contract/signature.ts), optional loading, identical
 * requests within 600 ms answered by one call, the `{ state, message, info, code }` envelope, code 502
 * ending the session, and the §8 texts for offline, time-out and empty responses.
 * It knows no URL in particular.
 */
import { computeSign, makeNonce } from '@contract/signature';
import { MESSAGES } from '../domain/errors';

export const REQUEST_TIMEOUT_MS = 60000;
export const DEDUPE_WINDOW_MS = 600;
export const SESSION_EXPIRED_CODE = 502;
/** The header that carries the session token of body-less requests (the server reads it first). */
export const TOKEN_HEADER = 'X-Token';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Service = 'main' | 'user' | 'auth';

export interface TransportRequest {
  url: string;
  method: Method;
  data: Record<string, unknown>;
  header: Record<string, string>;
  timeout: number;
}
export interface TransportResponse {
  statusCode: number;
  data: unknown;
}
/** Resolves with any HTTP status; rejects only when no response arrived (`errMsg` says why). */
export type Transport = (req: TransportRequest) => Promise<TransportResponse>;

export interface RequestDeps {
  transport: Transport;
  bases: Record<Service, string>;
  signKey: string;
  getToken(): string;
  /** Server-adjusted clock in ms (device time plus the kept server/device difference). */
  now(): number;
  random?: () => number;
  isOnline(): Promise<boolean>;
  /** A session refusal, with the token the refused request carried ('' when it carried none). */
  onSessionExpired(message: string, sentToken: string): void;
  loading: { show(text?: string): void; hide(): void };
}

export interface RequestOptions {
  url: string;
  method?: Method;
  data?: Record<string, unknown>;
  service?: Service;
  /** true for the default text, or the text to show while waiting. */
  loading?: boolean | string;
  timeout?: number;
  /** Always sent, never answered by an identical call of the last 600 ms (§7: the traffic link has no repeat
   * restriction, since each opening of a link counts). */
  repeat?: boolean;
}

export type ApiErrorKind = 'business' | 'session' | 'offline' | 'timeout' | 'empty';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code?: number,
    readonly info?: unknown,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Request = <T>(options: RequestOptions) => Promise<T>;

interface Envelope {
  state?: unknown;
  message?: unknown;
  info?: unknown;
  code?: unknown;
}

/**
 * The signed parameters as a query string. Unlike domain/routes buildQuery, empty strings are kept: they are
 * part of the signed string, so leaving them out would break the signature. Objects are sent as JSON, which is
 * also how they are signed.
 */
function signedQuery(params: Record<string, unknown>): string {
  const parts = Object.keys(params).map((k) => {
    const v = params[k];
    return `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`;
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Two calls are the same call only for the same session: one sent just before a login replaced the token is
 * refused for that token, and a call after the login must not be handed its refusal. */
function stableKey(options: RequestOptions, method: Method, token: string): string {
  const data = options.data || {};
  const sorted = Object.keys(data)
    .sort()
    .map((k) => [k, data[k]]);
  return `${method} ${options.service || 'main'} ${options.url} ${token} ${JSON.stringify(sorted)}`;
}

export function createRequest(deps: RequestDeps): Request {
  const recent = new Map<string, { at: number; promise: Promise<unknown> }>();

  async function send<T>(options: RequestOptions, method: Method): Promise<T> {
    // Undefined and null are left out: a GET would otherwise send the text "undefined" and break the signature.
    const payload: Record<string, unknown> = {};
    const data = options.data || {};
    for (const k of Object.keys(data)) if (data[k] !== undefined && data[k] !== null) payload[k] = data[k];
    // Body-less methods carry the signed parameters in the query string, as the server reads them, and the
    // token in a header so that it never appears in a URL.
    const inQuery = method === 'GET' || method === 'DELETE';
    const header: Record<string, string> = { 'content-type': 'application/json' };
    const token = deps.getToken();
    if (token && inQuery) header[TOKEN_HEADER] = token;
    else if (token && payload.token === undefined) payload.token = token;
    payload.timestamp = Math.round(deps.now());
    payload.nonceStr = makeNonce(deps.random);
    payload.sign = computeSign({ method, path: options.url }, payload, deps.signKey);

    const loadingText = typeof options.loading === 'string' ? options.loading : undefined;
    if (options.loading) deps.loading.show(loadingText);
    let response: TransportResponse;
    try {
      response = await deps.transport({
        url: deps.bases[options.service || 'main'] + options.url + (inQuery ? signedQuery(payload) : ''),
        method,
        data: inQuery ? {} : payload,
        header,
        timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
      });
    } catch (err) {
      const errMsg = String((err as { errMsg?: string })?.errMsg || (err as Error)?.message || '');
      if (/timeout|超时/i.test(errMsg)) throw new ApiError(MESSAGES.timeout, 'timeout');
      if (!(await deps.isOnline())) throw new ApiError(MESSAGES.offline, 'offline');
      throw new ApiError(MESSAGES.emptyResponse, 'empty');
    } finally {
      if (options.loading) deps.loading.hide();
    }

    const body = (response.data && typeof response.data === 'object' ? response.data : null) as Envelope | null;
    const message = body && typeof body.message === 'string' && body.message ? body.message : '';
    const code = body && typeof body.code === 'number' ? body.code : undefined;
    if (response.statusCode === SESSION_EXPIRED_CODE || code === SESSION_EXPIRED_CODE) {
      const text = message || MESSAGES.sessionExpired;
      deps.onSessionExpired(text, token);
      throw new ApiError(text, 'session', SESSION_EXPIRED_CODE, undefined, response.statusCode);
    }
    if (!body || typeof body.state !== 'boolean') {
      throw new ApiError(message || MESSAGES.emptyResponse, 'empty', code, undefined, response.statusCode);
    }
    if (!body.state) {
      throw new ApiError(message || MESSAGES.emptyResponse, 'business', code, body.info, response.statusCode);
    }
    return body.info as T;
  }

  return function request<T>(options: RequestOptions): Promise<T> {
    const method = options.method || 'POST';
    if (options.repeat) return send<T>(options, method);
    const key = stableKey(options, method, deps.getToken());
    const now = Date.now();
    for (const [k, entry] of recent) if (now - entry.at >= DEDUPE_WINDOW_MS) recent.delete(k);
    const hit = recent.get(key);
    if (hit) return hit.promise as Promise<T>;
    // A call that may write (anything but GET) ends the sharing of reads started before it: a page that reloads
    // right after cancelling must see the cancel, not the answer of a read sent just before it.
    if (method !== 'GET') for (const k of recent.keys()) if (k.startsWith('GET ')) recent.delete(k);
    const promise = send<T>(options, method);
    recent.set(key, { at: now, promise });
    // A failed call must not be replayed to a later identical request, but the window still holds.
    promise.catch(() => undefined);
    return promise;
  };
}
