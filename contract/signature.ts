/**
 * Request signature shared by the storefront and the server (§7: timestamp, 8-character nonceStr, digest).
 * Pure TypeScript with no imports, so it runs in H5, mini-programs and Node alike.
 *
 * Canonical string: every top-level parameter except `sign` whose value is not undefined, null or '',
 * sorted by key (code-point order), written `key=value` and joined with `&`; objects and arrays are
 * written as JSON. Then `&key=<signing key>` is appended and the SHA-256 hex digest (lower case) is `sign`.
 * The key ships inside the client, so this guards integrity and replay, not identity (DESIGN.md §4).
 */
import { sha256Hex } from './sha256';

export const NONCE_LENGTH = 8;
/** Requests whose timestamp is further than this from the server clock are refused. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;
/** Demo signing key; production builds and servers set SIGN_KEY / TARO_APP_SIGN_KEY. */
export const DEFAULT_SIGN_KEY = 'storefront-demo-sign-key';

export type SignableParams = Record<string, unknown>;

function valueText(value: unknown): string {
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function canonicalString(params: SignableParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign')
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${valueText(params[k])}`)
    .join('&');
}

export function computeSign(params: SignableParams, key: string): string {
  return sha256Hex(`${canonicalString(params)}&key=${key}`);
}

const NONCE_ALPHABET = 'ABCDEFGHJKMNPQRSTWXYZabcdefhijkmnprstwxyz2345678';

/** An 8-character random string; `random` is injectable for tests. */
export function makeNonce(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < NONCE_LENGTH; i += 1) s += NONCE_ALPHABET[Math.floor(random() * NONCE_ALPHABET.length)];
  return s;
}
