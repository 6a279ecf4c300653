/** MACs and comparisons for the server's own short tokens and the request signature, through node:crypto. */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` (UTF-8) under `key`, as base64url. */
export const hmacSha256Base64url = (key: Buffer, message: string): string =>
  createHmac('sha256', key).update(message).digest('base64url');

/** Whether two texts are equal, compared in constant time for texts of one length. */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
