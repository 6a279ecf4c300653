/**
 * domains/entrance/visitor-tokens.ts mintWith writes a token's payload by hand: it must be exactly the base64url
 * of JSON.stringify of the claims' array, signed as createHmac signs it, with ids of the stored users' forms.
 */
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { mintWith } from '../../../src/domains/entrance/visitor-tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('mintWith', () => {
  const key = randomBytes(32);

  it('signs the base64url of JSON.stringify of the claims, for plain and escaped project sns', () => {
    const sns = ['demo', 'shop-01', 'a"b\\c', '示范商城', 'line\nbreak', 'x'.repeat(400)];
    for (const projectSn of sns) {
      const before = Date.now();
      const { token, claims } = mintWith(key, projectSn, 30);
      const [prefix, payload, mac] = token.split('.');
      assert.equal(prefix, 'v1');
      const expected = JSON.stringify([
        claims.userId,
        claims.projectSn,
        claims.unionId,
        claims.issuedAt,
        claims.expiresAt,
      ]);
      assert.equal(payload, Buffer.from(expected).toString('base64url'), projectSn);
      assert.deepEqual(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')), [
        claims.userId,
        projectSn,
        claims.unionId,
        claims.issuedAt,
        claims.expiresAt,
      ]);
      assert.equal(mac, createHmac('sha256', key).update(`v1.${payload}`).digest('base64url'));
      assert.equal(claims.projectSn, projectSn);
      assert.ok(claims.issuedAt >= before && claims.issuedAt <= Date.now());
      assert.equal(claims.expiresAt, claims.issuedAt + 30 * 24 * 60 * 60 * 1000);
    }
  });

  it('gives each visitor a random user id (UUID v4) and union id (u_ and 24 hex digits)', () => {
    const minted = Array.from({ length: 500 }, () => mintWith(key, 'demo', 7).claims);
    for (const claims of minted) {
      assert.match(claims.userId, UUID);
      assert.match(claims.unionId, /^u_[0-9a-f]{24}$/);
    }
    assert.equal(new Set(minted.map((c) => c.userId)).size, minted.length);
    assert.equal(new Set(minted.map((c) => c.unionId)).size, minted.length);
    // The union id's digits are not the user id's.
    assert.ok(minted.every((c) => !c.userId.replace(/-/g, '').startsWith(c.unionId.slice(2))));
  });
});
