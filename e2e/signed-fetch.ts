/**
 * A signed call as the storefront makes it (src/api/request.ts), for Node-side clients: the e2e harness's API
 * client and `npm run bench` (scripts/bench.ts), which also hands the prepared request to autocannon. One copy,
 * so the two cannot drift apart from the storefront's rules:
 * - timestamp + 8-character nonceStr + sign over method, path and parameters (contract/signature.ts);
 * - a POST carries its parameters (and the token) as a JSON body; a GET carries them in the query and the token in
 *   the X-Token header, never in the URL.
 */
import { createHash } from 'node:crypto';
import { computeSign, DEFAULT_SIGN_KEY, makeNonce } from '../contract/signature';

export type Method = 'GET' | 'POST';

export interface SignedRequest {
  method: Method;
  /** Path plus, for a GET, the signed query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** node:crypto's digest: the same hex as the storefront's pure-JS SHA-256, much cheaper under a load test. */
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The request for one call, freshly signed (a new timestamp and nonce each time). */
export function signedRequest(
  method: Method,
  path: string,
  params: Record<string, unknown> = {},
  token = '',
  signKey = DEFAULT_SIGN_KEY,
): SignedRequest {
  const p: Record<string, unknown> = { ...params, timestamp: Date.now(), nonceStr: makeNonce() };
  if (token && method === 'POST') p.token = token;
  const body = { ...p, sign: computeSign({ method, path }, p, signKey, sha256Hex) };
  if (method === 'GET') {
    return {
      method,
      path: `${path}?${new URLSearchParams(body as Record<string, string>)}`,
      headers: token ? { 'x-token': token } : {},
    };
  }
  return { method, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export interface Envelope<T> {
  state: boolean;
  message: string;
  code?: number;
  info: T;
}

/** Sends one signed call and returns its `info`; a `state: false` answer throws with the server's message. */
export async function signedCall<T>(
  baseUrl: string,
  method: Method,
  path: string,
  params: Record<string, unknown> = {},
  token = '',
  signKey = DEFAULT_SIGN_KEY,
  timeoutMs = 60_000,
): Promise<T> {
  const req = signedRequest(method, path, params, token, signKey);
  // Bounded like the storefront's own 60 s request time-out: a call never answered fails instead of hanging.
  const res = await fetch(`${baseUrl}${req.path}`, {
    method,
    headers: req.headers,
    body: req.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!json.state) throw new Error(`${path}: ${json.message}`);
  return json.info;
}
