import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SIGN_WINDOW_MS, canonicalString, computeSign, makeNonce } from '@contract/signature';
import { sha256Hex } from '@contract/sha256';
import { nonces } from '../../src/runtime/database/schema';
import { databaseNonceStore, memoryNonceStore, NONCE_KEEP_MS, type NonceStore } from '../../src/runtime/nonce-store';
import { buildHarness, sign, type Harness } from '../helpers/app';
import { usingPostgres } from '../helpers/test-database';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('contract sha256', () => {
  it('matches node:crypto on edge lengths, unicode and random input', () => {
    const samples = [
      '',
      'a',
      'abc',
      '中文签名',
      '😀 emoji 𝄞',
      'x'.repeat(55),
      'x'.repeat(56),
      'x'.repeat(64),
      'y'.repeat(1000),
    ];
    for (let i = 0; i < 200; i += 1) {
      const len = Math.floor(Math.random() * 300);
      samples.push(Array.from({ length: len }, () => String.fromCharCode(Math.floor(Math.random() * 0xd7ff))).join(''));
    }
    for (const s of samples) assert.equal(sha256Hex(s), nodeSha(s), `length ${s.length}`);
  });

  it('canonical string: method, decoded path, then every parameter but sign and undefined, sorted, objects as JSON', () => {
    const text = canonicalString(
      { method: 'post', path: 'http://h/front/v1/%E5%9C%B0%E5%9D%80?x=1' },
      { b: 2, a: 'x', sign: 'zzz', empty: '', nil: null, none: undefined, obj: { k: [1] } },
    );
    assert.equal(text, 'POST\n/front/v1/地址\na=x&b=2&empty=&nil=null&obj={"k":[1]}');
    assert.equal(computeSign({ method: 'GET', path: '/p' }, { a: 1 }, 'k'), nodeSha('GET\n/p\na=1&key=k'));
    assert.equal(
      computeSign({ method: 'GET', path: '/p' }, { a: 1 }, 'k', nodeSha),
      computeSign({ method: 'GET', path: '/p' }, { a: 1 }, 'k'),
    );
  });
});

describe('signature check', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  const tips = '/front/v1/entrance/tips';

  it('accepts a correctly signed request without writing a nonce row on the embedded database', async () => {
    const payload = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
    const res = await h.inject({ method: 'POST', url: tips, payload });
    assert.equal(res.status, 200);
    assert.equal(res.body.state, true);
    // A read must not cost a disk write (DESIGN.md §4): on PGlite the nonce lives in memory.
    if (!usingPostgres()) assert.equal((await h.database.db.select().from(nonces)).length, 0);
  });

  it('refuses an unsigned request with 4001', async () => {
    const res = await h.inject({ method: 'POST', url: tips, payload: { enumKey: 'LOGIN' } });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { state: false, message: '请求签名错误', info: null, code: 4001 });
  });

  it('refuses a tampered parameter and a wrong key', async () => {
    const signed = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
    const tampered = await h.inject({ method: 'POST', url: tips, payload: { ...signed, enumKey: 'OTHER' } });
    assert.equal(tampered.status, 400);
    assert.equal(tampered.body.code, 4001);
    const wrongKey = await h.inject({
      method: 'POST',
      url: tips,
      payload: sign('POST', tips, { enumKey: 'LOGIN' }, 'another-key'),
    });
    assert.equal(wrongKey.body.code, 4001);
  });

  it('accepts the sign in upper-case hex, and refuses it changed at any one position', async () => {
    const signed = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
    const upper = await h.inject({
      method: 'POST',
      url: tips,
      payload: { ...signed, sign: String(signed.sign).toUpperCase() },
    });
    assert.equal(upper.status, 200);
    for (const i of [0, 31, 63]) {
      const changed = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
      const digest = String(changed.sign);
      const other = digest[i] === '0' ? '1' : '0';
      const res = await h.inject({
        method: 'POST',
        url: tips,
        payload: { ...changed, sign: digest.slice(0, i) + other + digest.slice(i + 1) },
      });
      assert.equal(res.body.code, 4001, `position ${i}`);
    }
  });

  it('checks GET requests over the query string', async () => {
    const query = sign('GET', '/api/user/phone/verification/code', { phone: '13800000000' }, h.config.signKey);
    const res = await h.inject({
      method: 'GET',
      url: '/api/user/phone/verification/code',
      query: { ...query, phone: '13800000001' } as never,
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 4001);
  });

  it('refuses a timestamp outside the window with 4002', async () => {
    for (const at of [Date.now() - SIGN_WINDOW_MS - 5_000, Date.now() + SIGN_WINDOW_MS + 5_000]) {
      const res = await h.inject({
        method: 'POST',
        url: tips,
        payload: sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey, at),
      });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { state: false, message: '请求已过期，请重试', info: null, code: 4002 });
    }
  });

  it('refuses a replayed nonce with 4002', async () => {
    const payload = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
    const first = await h.inject({ method: 'POST', url: tips, payload });
    assert.equal(first.status, 200);
    const replay = await h.inject({ method: 'POST', url: tips, payload });
    assert.equal(replay.status, 400);
    assert.deepEqual(replay.body, { state: false, message: '重复的请求', info: null, code: 4002 });
  });

  it('lets exactly one of several concurrent identical requests through', async () => {
    const payload = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
    const results = await Promise.all([1, 2, 3].map(() => h.inject({ method: 'POST', url: tips, payload })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400]);
  });

  it('refuses a missing or malformed nonce', async () => {
    const payload: Record<string, unknown> = { enumKey: 'LOGIN', timestamp: Date.now(), nonceStr: 'short' };
    payload.sign = computeSign({ method: 'POST', path: tips }, payload, h.config.signKey);
    const res = await h.inject({ method: 'POST', url: tips, payload });
    assert.equal(res.body.code, 4001);
  });

  it('binds the method and the path: a signed call sent to another route or with another method is refused', async () => {
    const payload = sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey);
    const elsewhere = await h.inject({
      method: 'POST',
      url: '/front/v1/entrance',
      payload: { ...payload, projectSn: undefined },
    });
    assert.equal(elsewhere.body.code, 4001);
    const query = sign('GET', '/api/user/phone/verification/code', { phone: '13800000002' }, h.config.signKey);
    // The same path has GET and DELETE: a signed read cannot be replayed as a delete.
    const read = sign('GET', '/front/v1/address/a1', {}, h.config.signKey) as Record<string, string>;
    const asDelete = await h.inject({ method: 'DELETE', url: '/front/v1/address/a1', query: read });
    assert.equal(asDelete.body.code, 4001);
    const otherGet = await h.inject({ method: 'GET', url: '/front/v1/user/cache', query: query as never });
    assert.equal(otherGet.body.code, 4001);
  });

  it('signs empty values: blanking or adding an empty field without re-signing is refused', async () => {
    const signed = sign('POST', tips, { enumKey: 'LOGIN', projectEnum: 'DEFAULT' }, h.config.signKey);
    const blanked = await h.inject({ method: 'POST', url: tips, payload: { ...signed, projectEnum: '' } });
    assert.equal(blanked.body.code, 4001);
    const added = await h.inject({ method: 'POST', url: tips, payload: { ...signed, extra: '' } });
    assert.equal(added.body.code, 4001);
    const withEmpty = sign('POST', tips, { enumKey: 'LOGIN', extra: '' }, h.config.signKey);
    assert.equal((await h.inject({ method: 'POST', url: tips, payload: withEmpty })).status, 200);
  });

  it('refuses a sign that is not 64 hex digits before hashing anything', async () => {
    const payload = { ...sign('POST', tips, { enumKey: 'LOGIN' }, h.config.signKey), sign: 'garbage' };
    const res = await h.inject({ method: 'POST', url: tips, payload });
    assert.equal(res.body.code, 4001);
  });

  it('does not sign static files or the docs', async () => {
    assert.equal((await h.inject({ method: 'GET', url: '/static/images/banner-1.svg' })).status, 200);
    assert.equal((await h.inject({ method: 'GET', url: '/docs/json' })).status, 200);
  });
});

describe('nonce stores', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  // A replay carries the request's signed timestamp (sentAt) unchanged; the signature check lets it through up to
  // SIGN_WINDOW_MS from it, so the store must refuse it at least that long.
  const replayRules = async (store: NonceStore) => {
    const t0 = Date.now();
    const n = makeNonce() + makeNonce();
    assert.equal(await store.claim(n, t0, t0), true);
    assert.equal(await store.claim(n, t0 + 1000, t0), false, 'a replay inside the window is refused');
    assert.equal(await store.claim(n, t0 + SIGN_WINDOW_MS, t0), false, 'still refused at the end of the window');
    assert.equal(await store.claim(makeNonce() + makeNonce(), t0 + 2000, t0 + 2000), true, 'another nonce passes');
    // A client clock ahead by the whole window: its request passes the check until NONCE_KEEP_MS after the claim.
    const ahead = makeNonce() + makeNonce();
    assert.equal(await store.claim(ahead, t0, t0 + SIGN_WINDOW_MS), true);
    assert.equal(
      await store.claim(ahead, t0 + NONCE_KEEP_MS - 1, t0 + SIGN_WINDOW_MS),
      false,
      'signed ahead: refused to the end',
    );
  };

  it('memory: refuses a replay while its timestamp can pass the check, and forgets its minute after', async () => {
    const store = memoryNonceStore();
    await replayRules(store);
    const t0 = Date.now();
    const old = makeNonce() + makeNonce();
    assert.equal(await store.claim(old, t0, t0), true);
    const held = store.minutesHeld();
    // Past the window (and its minute) the timestamp check refuses the request first; the store forgets the minute
    // and, asked anyway, takes nothing signed in it.
    assert.equal(
      await store.claim(makeNonce() + makeNonce(), t0 + SIGN_WINDOW_MS + 61_000, t0 + SIGN_WINDOW_MS + 61_000),
      true,
    );
    assert.ok(store.minutesHeld() <= held, 'the old minutes are dropped');
    assert.equal(await store.claim(old, t0 + SIGN_WINDOW_MS + 61_000, t0), false);
  });

  it('memory: a request signed before the process started is refused (a restart does not reopen the window)', async () => {
    const startedAt = Date.now();
    const store = memoryNonceStore(startedAt);
    assert.equal(await store.claim(makeNonce() + makeNonce(), startedAt + 10, startedAt - 1), false);
    assert.equal(await store.claim(makeNonce() + makeNonce(), startedAt + 10, startedAt + 5), true);
  });

  it('database: the claims of one turn go in one statement; a nonce twice in it is claimed once', async () => {
    const store = databaseNonceStore(h.database.db);
    const twice = makeNonce() + makeNonce();
    const others = [1, 2, 3].map(() => makeNonce() + makeNonce());
    const at = Date.now();
    const claimed = await Promise.all([
      store.claim(twice, at, at),
      ...others.map((n) => store.claim(n, at, at)),
      store.claim(twice, at, at),
    ]);
    assert.deepEqual(claimed, [true, true, true, true, false]);
    // Stored: a later claim, by this process or another, is a replay.
    assert.equal(await store.claim(others[1], at, at), false);
    assert.equal(await databaseNonceStore(h.database.db).claim(twice, at, at), false);
  });

  it('database (several processes on one PostgreSQL): two stores share nonces and stale rows are pruned', async () => {
    const a = databaseNonceStore(h.database.db);
    const b = databaseNonceStore(h.database.db);
    await replayRules(a);
    const n = makeNonce() + makeNonce();
    const at = Date.now();
    assert.equal(await a.claim(n, at, at), true);
    assert.equal(await b.claim(n, at, at), false, 'the other process refuses the replay');
    const stale = makeNonce() + makeNonce();
    await h.database.db.insert(nonces).values({ nonce: stale, createdAt: new Date(at - 3 * SIGN_WINDOW_MS) });
    await databaseNonceStore(h.database.db).claim(makeNonce() + makeNonce(), at, at);
    const kept = (await h.database.db.select().from(nonces)).map((r) => r.nonce);
    assert.ok(kept.includes(n));
    assert.ok(!kept.includes(stale));
  });
});
