/** runtime/hmac.ts: node:crypto's HMAC and constant-time comparison, as the tokens use them. */
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { hmacSha256Base64url, sameText } from '../../src/runtime/hmac';

describe('hmacSha256Base64url', () => {
  it('is createHmac over the UTF-8 message, as base64url', () => {
    const key = randomBytes(32);
    for (const message of ['', 'v1.WyJhIiwxXQ', '中文 😀 \u0000', 'y'.repeat(5000)]) {
      assert.equal(
        hmacSha256Base64url(key, message),
        createHmac('sha256', key).update(message, 'utf8').digest('base64url'),
      );
    }
  });
});

describe('sameText', () => {
  it('is equality', () => {
    assert.ok(sameText('abc', 'abc'));
    assert.ok(sameText('', ''));
    assert.ok(!sameText('abc', 'abd'));
    assert.ok(!sameText('abc', 'ab'));
    assert.ok(!sameText('Abc', 'abc'));
    assert.ok(!sameText('é', 'e'));
  });
});
