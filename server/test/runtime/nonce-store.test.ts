/**
 * The nonce stores: one table of cases, run against the memory store (one process, PGlite) and the database store
 * (several processes on PostgreSQL; here on the test database), so both agree on what a replay is. Then what only
 * the memory store does: it keeps nonces by the minute of their signed timestamp and forgets a minute once no
 * request signed in it can pass the timestamp check.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SIGN_WINDOW_MS, makeNonce } from '@contract/signature';
import type { Database } from '../../src/runtime/database/plugin';
import { NONCE_KEEP_MS, databaseNonceStore, memoryNonceStore, type NonceStore } from '../../src/runtime/nonce-store';
import { openTestDatabase } from '../helpers/test-database';

const MINUTE = 60_000;
const W = SIGN_WINDOW_MS;
// A fixed clock on a minute boundary, so the generation boundaries below are where the test says they are.
const T0 = Math.floor(Date.UTC(2026, 10, 23, 2, 30) / MINUTE) * MINUTE;
let serial = 0;
const freshNonce = () => `n${(serial += 1).toString(36).padStart(10, '0')}${Math.random().toString(36).slice(2, 10)}`;

describe('memory nonce store: minutes', () => {
  it('refuses a replay as long as its signed timestamp passes the check, across minutes of the server clock', async () => {
    const store = memoryNonceStore();
    const n = freshNonce();
    const sentAt = T0 + 4_000;
    assert.equal(await store.claim(n, T0 + 5_000, sentAt), true);
    assert.equal(await store.claim(n, T0 + 6_000, sentAt), false, 'same minute');
    assert.equal(await store.claim(freshNonce(), T0 + MINUTE + 1, T0 + MINUTE + 1), true, 'traffic of the next minute');
    assert.equal(await store.claim(n, T0 + MINUTE + 2, sentAt), false, 'the server clock in the next minute');
    for (let at = T0 + 2 * MINUTE; at <= sentAt + W; at += 20_000) {
      assert.equal(await store.claim(freshNonce(), at, at), true);
      assert.equal(await store.claim(n, at, sentAt), false, `replayed ${at - sentAt} ms after it was signed`);
    }
    assert.equal(await store.claim(n, sentAt + W, sentAt), false, 'at the end of the window');
  });

  it('a nonce signed just before a minute boundary is refused when replayed just after it', async () => {
    const store = memoryNonceStore();
    const n = freshNonce();
    assert.equal(await store.claim(n, T0 + MINUTE - 1, T0 + MINUTE - 1), true);
    assert.equal(await store.claim(n, T0 + MINUTE, T0 + MINUTE - 1), false);
    assert.equal(
      await store.claim(n, T0 + 3 * MINUTE + 7, T0 + MINUTE - 1),
      false,
      'minutes in between were never created',
    );
  });

  it('forgets a minute only once no request signed in it can pass the timestamp check', async () => {
    const store = memoryNonceStore();
    const early = freshNonce(); // first of its minute
    const late = freshNonce(); // last of the same minute: its generation is dropped with early's
    assert.equal(await store.claim(early, T0, T0), true);
    assert.equal(await store.claim(late, T0 + MINUTE - 1, T0 + MINUTE - 1), true);
    // Each step adds a fresh nonce, as real traffic does, so the store moves on.
    for (let at = T0 + MINUTE; at < T0 + MINUTE + W; at += 10_000) {
      assert.equal(await store.claim(freshNonce(), at, at), true);
      assert.equal(
        await store.claim(late, at, T0 + MINUTE - 1),
        false,
        `late refused ${at - T0} ms after the minute began`,
      );
    }
    assert.equal(await store.claim(late, T0 + MINUTE - 1 + W, T0 + MINUTE - 1), false, 'late: its full window');
    assert.equal(
      await store.claim(early, T0 + MINUTE + W - 1, T0),
      false,
      'the minute lives until the window after it ends',
    );
    const held = store.minutesHeld();
    assert.equal(await store.claim(freshNonce(), T0 + MINUTE + W, T0 + MINUTE + W), true);
    assert.equal(store.minutesHeld(), held, 'then it is dropped (as the next minute is opened)');
    // A request signed in a dropped minute fails the timestamp check; the store, asked anyway, never takes it.
    assert.equal(await store.claim(freshNonce(), T0 + MINUTE + W, T0), false);
  });

  it('holds the minutes of one window only, however long the traffic runs', async () => {
    const store = memoryNonceStore();
    for (let at = T0; at < T0 + 30 * MINUTE; at += 5_000) assert.equal(await store.claim(freshNonce(), at, at), true);
    // The current minute and the five before it (SIGN_WINDOW_MS), at most one more at a boundary.
    assert.ok(store.minutesHeld() <= W / MINUTE + 2, `${store.minutesHeld()} minutes held`);
  });

  it('a client clock ahead or behind: the nonce is kept for the window after its own timestamp', async () => {
    const store = memoryNonceStore();
    const ahead = freshNonce();
    const behind = freshNonce();
    assert.equal(await store.claim(ahead, T0, T0 + W), true);
    assert.equal(await store.claim(behind, T0, T0 - W), true);
    for (let at = T0; at <= T0 + 2 * W; at += 30_000) {
      assert.equal(await store.claim(freshNonce(), at, at), true);
      assert.equal(await store.claim(ahead, at, T0 + W), false, `ahead, replayed at +${at - T0} ms`);
      if (at <= T0) assert.equal(await store.claim(behind, at, T0 - W), false);
    }
  });

  it('refuses early nonces after holding more than 100,000', async () => {
    const store = memoryNonceStore();
    const first = freshNonce();
    const sample: { n: string; sentAt: number }[] = [];
    assert.equal(await store.claim(first, T0, T0), true);
    for (let i = 0; i < 100_000; i += 1) {
      const n = freshNonce();
      // Spread over three minutes, so two tables grow and each is searched.
      const at = T0 + Math.floor((i * 3 * MINUTE) / 100_000);
      if (i % 10_000 === 0) sample.push({ n, sentAt: at });
      assert.equal(await store.claim(n, at, at), true);
    }
    const at = T0 + 3 * MINUTE;
    assert.equal(await store.claim(first, at, T0), false, 'the very first nonce');
    for (const { n, sentAt } of sample) assert.equal(await store.claim(n, at, sentAt), false);
    assert.equal(await store.claim(freshNonce(), at, at), true);
  });

  it('a server clock stepping back forgets nothing early', async () => {
    const store = memoryNonceStore();
    const n = freshNonce();
    assert.equal(await store.claim(freshNonce(), T0 + 5 * MINUTE, T0 + 5 * MINUTE), true);
    assert.equal(await store.claim(n, T0 + 30_000, T0 + 30_000), true, 'claimed at an earlier server time');
    assert.equal(await store.claim(n, T0 + 30_000 + W, T0 + 30_000), false);
  });

  it('a request signed before the process started is refused, even with a fresh nonce', async () => {
    const store = memoryNonceStore(T0);
    const n = freshNonce();
    assert.equal(await store.claim(n, T0 + 10, T0 - 1), false);
    assert.equal(
      await store.claim(n, T0 + 10, T0),
      true,
      'signed at the start itself passes (the rule is sentAt < startedAt)',
    );
    assert.equal(await store.claim(n, T0 + 20, T0), false, 'and is then a replay');
  });
});

/** [nonce, server time, signed time, expected]: times in ms from the start of a minute; nonces by letter. */
type Claim = [string, number, number, boolean];
const CASES: { name: string; claims: Claim[] }[] = [
  { name: 'a fresh nonce passes', claims: [['a', 0, 0, true]] },
  {
    name: 'the same request again is a replay',
    claims: [
      ['a', 0, 0, true],
      ['a', 1_000, 0, false],
    ],
  },
  {
    name: 'a replay at the very end of the window',
    claims: [
      ['a', 0, 0, true],
      ['a', W, 0, false],
    ],
  },
  {
    name: 'a client clock ahead: refused while its timestamp passes',
    claims: [
      ['a', 0, W, true],
      ['a', NONCE_KEEP_MS - 1, W, false],
    ],
  },
  {
    name: 'a client clock behind',
    claims: [
      ['a', 0, -W, true],
      ['a', 0, -W, false],
    ],
  },
  {
    name: 'the nonce signed again at another time is still a replay',
    claims: [
      ['a', 0, 0, true],
      ['a', 2 * MINUTE, 2 * MINUTE, false],
    ],
  },
  {
    name: 'across a minute boundary',
    claims: [
      ['a', MINUTE - 1, MINUTE - 1, true],
      ['a', MINUTE, MINUTE - 1, false],
      ['a', 3 * MINUTE, MINUTE - 1, false],
    ],
  },
  {
    name: 'a request outside the timestamp check is never fresh, and nothing is kept of it',
    claims: [
      ['a', W + 1, 0, false],
      ['b', 0, W + 1, false],
      ['a', W + 1, W + 1, true],
      ['b', 1, 1, true],
    ],
  },
  {
    name: 'different nonces are independent',
    claims: [
      ['a', 0, 0, true],
      ['b', 0, 0, true],
      ['a', 1, 0, false],
      ['b', 1, 0, false],
    ],
  },
];

describe('both nonce stores agree on what a replay is', () => {
  let database: Database;
  before(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  after(() => database.close());

  const stores: [string, () => NonceStore][] = [
    ['memory', () => memoryNonceStore()],
    ['database', () => databaseNonceStore(database.db)],
  ];
  for (const [kind, makeStore] of stores) {
    for (const { name, claims } of CASES) {
      it(`${kind}: ${name}`, async () => {
        const store = makeStore();
        // A recent minute: the database keeps rows by server time and prunes those past NONCE_KEEP_MS.
        const t0 = Math.floor(Date.now() / MINUTE) * MINUTE;
        const nonces = new Map<string, string>();
        for (const [label, at, sentAt, expected] of claims) {
          if (!nonces.has(label)) nonces.set(label, makeNonce() + makeNonce());
          assert.equal(
            await store.claim(nonces.get(label)!, t0 + at, t0 + sentAt),
            expected,
            `${label} at +${at} signed +${sentAt}`,
          );
        }
      });
    }
    it(`${kind}: after a restart (a new store), a nonce claimed before is still refused`, async () => {
      const n = makeNonce() + makeNonce();
      const sentAt = Date.now() - 1_000;
      assert.equal(await makeStore().claim(n, sentAt + 10, sentAt), true);
      // The memory store forgets at a restart, so it refuses whatever was signed before it began; the database
      // store remembers the nonce itself.
      const restarted = kind === 'memory' ? memoryNonceStore(Date.now()) : databaseNonceStore(database.db);
      assert.equal(await restarted.claim(n, Date.now(), sentAt), false);
    });
    it(`${kind}: of three identical requests at once, exactly one passes`, async () => {
      const store = makeStore();
      const n = makeNonce() + makeNonce();
      const at = Date.now();
      const claimed = await Promise.all([1, 2, 3].map(() => store.claim(n, at, at)));
      assert.deepEqual(claimed.sort(), [false, false, true]);
    });
  }
});
