/**
 * Request signature shared by the storefront and the server (§7: timestamp, 8-character nonceStr, digest).
 * Pure TypeScript with no imports but the pure-JS SHA-256, so it runs in H5, mini-programs and Node alike.
 *
 * Canonical string, three lines joined by '\n':
 *   1. the HTTP method in upper case (GET, POST, ...)
 *   2. the request path without query or fragment, percent-decoded (`/front/v1/address/42`)
 *   3. every top-level parameter except `sign`, sorted by key (code-point order), written `key=value` and joined
 *      with `&`; strings as they are (an empty string is `key=`), null as `null`, objects and arrays as JSON.
 *      Only `undefined` is left out (JSON and query strings cannot carry it).
 * Then `&key=<signing key>` is appended and the SHA-256 hex digest (lower case) is `sign`.
 * Binding method and path means a signed call cannot be replayed against another route; keeping empty values
 * means a field cannot be added or blanked without re-signing. The key ships inside the client, so this guards
 * integrity and replay, not identity (DESIGN.md §4).
 */
import { sha256Hex } from './sha256';

export const NONCE_LENGTH = 8;
/** Requests whose timestamp is further than this from the server clock are refused. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;
/** Demo signing key; production builds and servers set SIGN_KEY / TARO_APP_SIGN_KEY. */
export const DEFAULT_SIGN_KEY = 'storefront-demo-sign-key';

export type SignableParams = Record<string, unknown>;

/** Which call is signed: its method and its path (a full URL or a path with a query is accepted). */
export interface SignTarget {
  method: string;
  path: string;
}

/** A hex SHA-256 of a UTF-8 string; the server passes node:crypto's, the storefront uses the pure-JS one. */
export type HashHex = (text: string) => string;

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The path as both sides see it: scheme, host, query and fragment dropped, percent-escapes decoded (a browser
 * sends `/订单` as `/%E8%AE%A2%E5%8D%95`; the server reads the encoded form). Malformed escapes stay as sent.
 */
export function signaturePath(url: string): string {
  // The server's case, once per signed request: a plain path, perhaps with a query. Nothing to strip or
  // decode but the query; the same text as the general way below, in a third of the time.
  if (url.charCodeAt(0) === 47 && url.indexOf('%') < 0 && url.indexOf('#') < 0) {
    const query = url.indexOf('?');
    return query < 0 ? url : url.slice(0, query);
  }
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.split('#')[0].split('?')[0];
  if (!path) path = '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function canonicalString(target: SignTarget, params: SignableParams): string {
  // One loop over the sorted keys rather than filter, map and join (the server builds this for every
  // signed request); sorting before leaving out `sign` and undefined values gives the same order.
  let pairs = '';
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (key === 'sign' || value === undefined) continue;
    pairs += `${pairs === '' ? '' : '&'}${key}=${valueText(value)}`;
  }
  return `${target.method.toUpperCase()}\n${signaturePath(target.path)}\n${pairs}`;
}

export function computeSign(
  target: SignTarget,
  params: SignableParams,
  key: string,
  hash: HashHex = sha256Hex,
): string {
  return hash(`${canonicalString(target, params)}&key=${key}`);
}

const NONCE_ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZabcdefhijkmnprstwxyz2345678';

/** An 8-character random string; `random` is injectable for tests. */
export function makeNonce(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < NONCE_LENGTH; i += 1) s += NONCE_ALPHABET[Math.floor(random() * NONCE_ALPHABET.length)];
  return s;
}
