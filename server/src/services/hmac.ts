/**
 * HMAC-SHA256 (RFC 2104) for the server's own short tokens, from two of node:crypto's one-shot `hash` calls:
 * H((K ^ opad) || H((K ^ ipad) || message)). The same bytes as createHmac, without the Hmac object createHmac makes
 * per call (issue 17: a new visitor's entrance signs its token, and each of those C++-backed objects costs the
 * collector more than the hashing; 1.55 -> 0.9 us per MAC in a microbench, and no object left behind). The pads
 * are computed once per key. A message too long for the scratch buffer goes through createHmac.
 */
import { createHmac, hash } from 'node:crypto';

const BLOCK = 64;

export interface HmacKey {
  readonly key: Buffer;
  readonly innerPad: Buffer;
  readonly outerPad: Buffer;
}

const keys = new WeakMap<Buffer, HmacKey>();

/** The pads of a key of at most one block (64 bytes; the server's keys are 32). */
export function hmacKey(key: Buffer): HmacKey {
  let known = keys.get(key);
  if (!known) {
    if (key.length > BLOCK) throw new Error('hmacKey: keys longer than 64 bytes are not supported');
    const innerPad = Buffer.alloc(BLOCK, 0x36);
    const outerPad = Buffer.alloc(BLOCK, 0x5c);
    for (let i = 0; i < key.length; i += 1) {
      innerPad[i] ^= key[i]!;
      outerPad[i] ^= key[i]!;
    }
    known = { key, innerPad, outerPad };
    keys.set(key, known);
  }
  return known;
}

/** One buffer for every MAC: each call is synchronous, so no two calls share it at once. */
const scratch = Buffer.allocUnsafeSlow(4096);

/** HMAC-SHA256 of `message` (UTF-8) as base64url, as createHmac('sha256', key).update(message).digest('base64url'). */
export function hmacSha256Base64url(key: HmacKey, message: string): string {
  // A UTF-16 code unit is at most 3 UTF-8 bytes, so this bound guarantees the message fits.
  if (message.length * 3 > scratch.length - BLOCK) return createHmac('sha256', key.key).update(message).digest('base64url');
  key.innerPad.copy(scratch, 0);
  const length = scratch.write(message, BLOCK, 'utf8');
  const inner = hash('sha256', scratch.subarray(0, BLOCK + length), 'binary');
  key.outerPad.copy(scratch, 0);
  scratch.write(inner, BLOCK, 'latin1');
  return hash('sha256', scratch.subarray(0, BLOCK + 32), 'base64url');
}

/**
 * Whether `given` equals `expected`, comparing every character whatever the others are (no early exit), as
 * timingSafeEqual compares, without the Buffers it needs. `setBits` are set on each of `given`'s characters first:
 * HEX_CASE (0x20) lower-cases the A-F of a hex digest and leaves its digits as they are.
 */
export function sameText(given: string, expected: string, setBits = 0): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < given.length; i += 1) difference |= (given.charCodeAt(i) | setBits) ^ expected.charCodeAt(i);
  return difference === 0;
}

/** For sameText: compares a hex digest in either case with a lower-case one (the caller checked it is hex). */
export const HEX_CASE = 0x20;
