/**
 * The in-memory nonce store (PGlite) keeps fingerprints in per-minute generations (issue 17). Replay protection
 * must stay at least as strict as the exact Map it replaced: refused for NONCE_KEEP_MS, forgotten at most one
 * generation (a minute) later.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoryNonceStore, NONCE_KEEP_MS } from '../../src/services/nonce-store';

const MINUTE = 60_000;
// A fixed clock on a minute boundary, so the generation boundaries below are where the test says they are.
const T0 = Math.floor(Date.UTC(2026, 10, 23, 2, 30) / MINUTE) * MINUTE;
let serial = 0;
const freshNonce = () => `n${(serial += 1).toString(36).padStart(10, '0')}${Math.random().toString(36).slice(2, 10)}`;

describe('memory nonce store', () => {
  it('refuses a replay within the window, also from a later generation', async () => {
    const store = memoryNonceStore();
    const n = freshNonce();
    assert.equal(await store.claim(n, T0 + 5_000), true);
    assert.equal(await store.claim(n, T0 + 6_000), false, 'same generation');
    assert.equal(await store.claim(freshNonce(), T0 + MINUTE + 1), true, 'a fresh nonce opens the next generation');
    assert.equal(await store.claim(n, T0 + MINUTE + 2), false, 'across the generation boundary');
    assert.equal(await store.claim(n, T0 + 5_000 + NONCE_KEEP_MS - 1), false, 'at the end of the window');
    assert.equal(await store.claim(n, T0 + 5_000 + NONCE_KEEP_MS), false, 'the old Map refused up to here too');
  });

  it('refuses a nonce seen just before a generation boundary when replayed just after it', async () => {
    const store = memoryNonceStore();
    const n = freshNonce();
    assert.equal(await store.claim(n, T0 + MINUTE - 1), true);
    assert.equal(await store.claim(n, T0 + MINUTE), false);
    assert.equal(await store.claim(n, T0 + 3 * MINUTE + 7), false, 'generations in between were never created');
  });

  it('accepts a nonce again only after NONCE_KEEP_MS plus at most one generation', async () => {
    const store = memoryNonceStore();
    const early = freshNonce(); // first in its minute
    const late = freshNonce(); // last in the same minute: its generation is dropped with early's
    assert.equal(await store.claim(early, T0), true);
    assert.equal(await store.claim(late, T0 + MINUTE - 1), true);
    // Each step adds a fresh nonce, as real traffic does, so the store moves on through its generations.
    for (let at = T0 + MINUTE; at < T0 + NONCE_KEEP_MS + MINUTE - 1; at += 10_000) {
      assert.equal(await store.claim(freshNonce(), at), true);
      assert.equal(await store.claim(early, at), false, `early refused ${at - T0} ms later`);
    }
    assert.equal(await store.claim(late, T0 + MINUTE - 1 + NONCE_KEEP_MS), false, 'late: the full window');
    assert.equal(await store.claim(early, T0 + NONCE_KEEP_MS + MINUTE - 1), false, 'the generation lives to its last entry');
    assert.equal(await store.claim(early, T0 + NONCE_KEEP_MS + MINUTE), true, 'forgotten one generation after the window');
    assert.equal(await store.claim(early, T0 + NONCE_KEEP_MS + MINUTE + 1), false, 'and remembered again');
  });

  it('refuses an early nonce after the table grew past 100,000 entries', async () => {
    const store = memoryNonceStore();
    const first = freshNonce();
    const sample: string[] = [];
    assert.equal(await store.claim(first, T0), true);
    for (let i = 0; i < 100_000; i += 1) {
      const n = freshNonce();
      if (i % 10_000 === 0) sample.push(n);
      // Spread over three generations, so the growth happens in one and the others are searched as well.
      assert.equal(await store.claim(n, T0 + Math.floor((i * 3 * MINUTE) / 100_000)), true);
    }
    const at = T0 + 3 * MINUTE;
    assert.equal(await store.claim(first, at), false, 'the very first nonce');
    for (const n of sample) assert.equal(await store.claim(n, at), false);
    assert.equal(await store.claim(freshNonce(), at), true);
  });

  it('a clock stepping back keeps the nonce, it does not forget it early', async () => {
    const store = memoryNonceStore();
    const n = freshNonce();
    assert.equal(await store.claim(freshNonce(), T0 + 5 * MINUTE), true);
    assert.equal(await store.claim(n, T0 + 30_000), true, 'claimed at an earlier server time');
    assert.equal(await store.claim(n, T0 + 5 * MINUTE + NONCE_KEEP_MS - 1), false);
  });

  it('a request signed before the process started is refused, even with a fresh nonce', async () => {
    const store = memoryNonceStore(T0);
    const n = freshNonce();
    assert.equal(await store.claim(n, T0 + 10, T0 - 1), false);
    assert.equal(await store.claim(n, T0 + 10, T0), true, 'signed at the start itself passes (the rule is sentAt < startedAt)');
    assert.equal(await store.claim(n, T0 + 20, T0 + 5), false, 'and is then a replay');
    assert.equal(await store.claim(freshNonce(), T0 + 20), true, 'no sentAt: only the nonce is checked');
  });
});
