/** services/hmac.ts gives createHmac's bytes for every key length up to a block and every kind of message. */
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { hmacKey, hmacSha256Base64url, sameText } from '../../src/services/hmac';

describe('hmacSha256Base64url', () => {
  it('equals createHmac for keys of 0-64 bytes and messages of any length, unicode included', () => {
    const messages = ['', 'v1.', 'v1.WyJhIiwxXQ', '中文 😀 \u0000', 'x'.repeat(1000), 'é'.repeat(1400), 'y'.repeat(5000)];
    for (let i = 0; i < 50; i += 1) messages.push(randomBytes(i * 7).toString('base64url'));
    for (const length of [0, 1, 16, 32, 63, 64]) {
      const key = randomBytes(length);
      for (const message of messages) {
        assert.equal(hmacSha256Base64url(hmacKey(key), message), createHmac('sha256', key).update(message).digest('base64url'), `key ${length}, message ${message.length}`);
      }
    }
  });

  it('refuses a key longer than one block rather than answer a wrong MAC', () => {
    assert.throws(() => hmacKey(randomBytes(65)));
  });
});

describe('sameText', () => {
  it('is equality', () => {
    assert.ok(sameText('abc', 'abc'));
    assert.ok(sameText('', ''));
    assert.ok(!sameText('abc', 'abd'));
    assert.ok(!sameText('abc', 'ab'));
    assert.ok(!sameText('Abc', 'abc'));
  });
});
